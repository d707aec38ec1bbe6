/** Values were added to a field's enum (B26): not breaking for the apiserver; configurable for exhaustive clients. */
import { enumValuesReport, schemaChanges } from "./schema-changes.js";
import { defineRevisionRule } from "./common.js";

export default defineRevisionRule({
  id: "revision-enum-value-added",
  severity: "info",
  description:
    "Values were added to a field's enum (B26): nothing fails, but clients that handle every value meet a new one.",
  messages: {
    added:
      "enum {{noun}} {{values}} added to {{field}} ({{versions}}): no object fails, but clients that switch over " +
      "every value meet one they do not know",
  },
  docs: {
    why:
      "Every stored object stays valid. The Kubernetes API conventions still call a new enum value an incompatible " +
      "change for clients that handle each value (an exhaustive switch, an older controller). Reported as " +
      "information; give the rule a severity in the diff section of .crdlint.yaml to make it block.",
    fix: "Nothing to fix for the apiserver. Make sure older controllers and clients tolerate unknown values.",
    upstream:
      "kubernetes/community:contributors/devel/sig-architecture/api_changes.md (adding an enum value is not a " +
      "compatible change)",
    fail: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {mode: {type: string, enum: [Fast, Safe]}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {mode: {type: string, enum: [Fast, Safe, Turbo]}}}}}\n",
    pass: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {mode: {type: string, enum: [Fast, Safe]}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {mode: {type: string, enum: [Fast, Safe]}}}}}\n",
  },
  checkRevision(ctx) {
    for (const c of schemaChanges(ctx, "enum-value-added")) {
      ctx.report(enumValuesReport(c, "behaviour-changed", { messageId: "added" }));
    }
  },
});
