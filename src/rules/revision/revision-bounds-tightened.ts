/** A minimum, maximum, minLength, maxLength, minItems, maxItems, minProperties or maxProperties bound was added or tightened (B27). */
import { changeReport, failText, ratchets, schemaChanges, shown } from "./schema-changes.js";
import { defineRevisionRule } from "./common.js";

export default defineRevisionRule({
  id: "revision-bounds-tightened",
  severity: "error",
  description:
    "A bound (minimum, maximum, minLength, maxLength, minItems, maxItems, minProperties, maxProperties) was added or " +
    "tightened (B27).",
  messages: { tightened: "{{keyword}} of {{field}} ({{versions}}) {{how}}: {{fail}}" },
  docs: {
    why:
      "Stored values outside the new bound fail their next create and any update that changes them; ratcheting lets " +
      "an unchanged value pass an update.",
    fix:
      "Keep the old bound, or check the new bound on new values only (a CEL transition rule), until no stored object " +
      "exceeds it.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/validation/ratcheting.go",
    fail: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {name: {type: string, maxLength: 63}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {name: {type: string, maxLength: 32}}}}}\n",
    pass: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {name: {type: string, maxLength: 32}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {name: {type: string, maxLength: 63}}}}}\n",
  },
  checkRevision(ctx) {
    for (const c of schemaChanges(ctx, "bounds-tightened")) {
      const how =
        c.before === undefined ? `set to ${shown(c.after)}` : `tightened from ${shown(c.before)} to ${shown(c.after)}`;
      ctx.report(
        changeReport(c, "objects-fail", {
          messageId: "tightened",
          data: { keyword: c.keyword, how, fail: failText(ratchets(c)) },
        }),
      );
    }
  },
});
