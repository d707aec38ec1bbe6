/** Values were removed from a field's enum (B26). */
import { enumValuesReport, failText, ratchets, schemaChanges } from "./schema-changes.js";
import { defineRevisionRule } from "./common.js";

export default defineRevisionRule({
  id: "revision-enum-value-removed",
  severity: "error",
  description: "Values were removed from a field's enum (B26).",
  messages: { removed: "enum {{noun}} {{values}} removed from {{field}} ({{versions}}): {{fail}}" },
  docs: {
    why:
      "Stored objects that hold a removed value fail their next create (a GitOps re-apply, a restore) and any update " +
      "that changes the value; ratcheting lets an unchanged value pass an update. Clients that still send it are " +
      "refused.",
    fix:
      "Keep the value (document it as deprecated) until no stored object holds it; map it to a new value in the " +
      "controller first.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/validation/ratcheting.go",
    fail: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {mode: {type: string, enum: [Fast, Safe, Legacy]}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {mode: {type: string, enum: [Fast, Safe]}}}}}\n",
    pass: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {mode: {type: string, enum: [Fast, Safe]}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {mode: {type: string, enum: [Safe, Fast, Turbo]}}}}}\n",
  },
  checkRevision(ctx) {
    for (const c of schemaChanges(ctx, "enum-value-removed")) {
      ctx.report(enumValuesReport(c, "objects-fail", { messageId: "removed", data: { fail: failText(ratchets(c)) } }));
    }
  },
});
