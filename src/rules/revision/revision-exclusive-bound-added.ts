/** exclusiveMinimum / exclusiveMaximum turned on (B28). */
import { changeReport, failText, ratchets, schemaChanges, shown } from "./schema-changes.js";
import { defineRevisionRule } from "./common.js";

export default defineRevisionRule({
  id: "revision-exclusive-bound-added",
  severity: "error",
  description: "exclusiveMinimum or exclusiveMaximum was turned on (B28): the bound itself is no longer allowed.",
  messages: {
    exclusive: "{{keyword}} set on {{field}} ({{versions}}): the value {{bound}} itself is no longer allowed; {{fail}}",
  },
  docs: {
    why:
      "Stored objects that hold exactly the bound fail their next create and any update that changes the value; " +
      "ratcheting lets an unchanged value pass an update.",
    fix: "Keep the bound inclusive, or move the bound by one step and keep it inclusive, until no stored object holds it.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/validation/ratcheting.go",
    fail: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {ratio: {type: number, minimum: 0}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {ratio: {type: number, minimum: 0, exclusiveMinimum: true}}}}}\n",
    pass: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {ratio: {type: number, minimum: 0, exclusiveMinimum: true}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {ratio: {type: number, minimum: 0}}}}}\n",
  },
  checkRevision(ctx) {
    for (const c of schemaChanges(ctx, "exclusive-bound-added")) {
      const bound = c.newNode![c.keyword === "exclusiveMinimum" ? "minimum" : "maximum"];
      ctx.report(
        changeReport(c, "objects-fail", {
          messageId: "exclusive",
          data: {
            keyword: c.keyword,
            bound: bound === undefined ? "(no bound set)" : shown(bound),
            fail: failText(ratchets(c)),
          },
        }),
      );
    }
  },
});
