/** multipleOf added or changed (B29). */
import { changeReport, failText, ratchets, schemaChanges, shown } from "./schema-changes.js";
import { defineRevisionRule } from "./common.js";

export default defineRevisionRule({
  id: "revision-multiple-of-changed",
  severity: "error",
  description: "multipleOf was added or changed (B29).",
  messages: {
    tightened: "multipleOf of {{field}} ({{versions}}) {{how}}: {{fail}}",
    loosened:
      "multipleOf of {{field}} ({{versions}}) changed from {{before}} to {{after}}: every multiple of {{before}} is " +
      "a multiple of {{after}}, so no stored value fails",
  },
  docs: {
    why:
      "Stored values that are not a multiple of the new factor fail their next create and any update that changes " +
      "them; ratcheting lets an unchanged value pass an update. A new factor that divides the old one loosens the " +
      "check.",
    fix: "Keep the old factor, or use a divisor of it, until no stored object holds a value the new one refuses.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/validation/ratcheting.go",
    fail: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {size: {type: integer}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {size: {type: integer, multipleOf: 8}}}}}\n",
    pass: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {size: {type: integer, multipleOf: 8}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {size: {type: integer}}}}}\n",
  },
  checkRevision(ctx) {
    for (const c of schemaChanges(ctx, "multiple-of-changed")) {
      const before = typeof c.before === "number" ? c.before : null;
      const after = typeof c.after === "number" ? c.after : null;
      if (before !== null && after !== null && after !== 0 && Number.isInteger(before / after)) {
        ctx.report(
          changeReport(c, "behaviour-changed", {
            messageId: "loosened",
            data: { before: shown(before), after: shown(after) },
          }),
        );
        continue;
      }
      const how = before === null ? `set to ${shown(after)}` : `changed from ${shown(before)} to ${shown(after)}`;
      ctx.report(
        changeReport(c, "objects-fail", { messageId: "tightened", data: { how, fail: failText(ratchets(c)) } }),
      );
    }
  },
});
