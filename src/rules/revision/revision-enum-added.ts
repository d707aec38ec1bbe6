/** An enum was put on a field that had none (B26). */
import { enumValuesReport, failText, ratchets, schemaChanges } from "./schema-changes.js";
import { defineRevisionRule } from "./common.js";

export default defineRevisionRule({
  id: "revision-enum-added",
  severity: "error",
  description: "A field that took any value is now restricted to an enum (B26).",
  messages: { added: "{{field}} ({{versions}}) is now restricted to {{values}}: {{fail}}" },
  docs: {
    why:
      "Stored values outside the enum fail their next create (a GitOps re-apply, a restore, a fresh install) and any " +
      "update that changes them; ratcheting lets an unchanged value pass an update.",
    fix:
      "List every value existing objects may hold, or validate new values only (a CEL transition rule), or restrict " +
      "the field in a new version.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/validation/ratcheting.go",
    fail: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {mode: {type: string}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {mode: {type: string, enum: [Fast, Safe]}}}}}\n",
    pass: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {mode: {type: string, enum: [Fast, Safe]}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {mode: {type: string, enum: [Safe, Fast]}}}}}\n",
  },
  checkRevision(ctx) {
    for (const c of schemaChanges(ctx, "enum-added")) {
      ctx.report(enumValuesReport(c, "objects-fail", { messageId: "added", data: { fail: failText(ratchets(c)) } }));
    }
  },
});
