/** No storage version ⇒ status.storedVersions is empty on create. */
import { defineRule } from "../define-rule.js";
import { DualPath, FieldPath } from "../../k8s/path.js";

export default defineRule({
  id: "stored-versions-empty",
  category: "versions",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "No version has storage: true, so status.storedVersions would be empty.",
  phase: "crd",
  messages: {
    mustHaveAtLeastOne: "must have at least one stored version",
  },
  docs: {
    why:
      "On create the apiserver discards any status in the manifest and sets status.storedVersions to the first " +
      "`storage: true` version. Without one the list is empty, which is invalid; this error accompanies " +
      "versions-storage-count. It is printed at `status.storedVersions` (the field the apiserver computed), reported " +
      "here at spec.versions where the cause is.",
    fix: "Mark exactly one version `storage: true`.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go " +
      "(ValidateCustomResourceDefinitionStoredVersions); " +
      "kubernetes/apiextensions-apiserver:pkg/registry/customresourcedefinition/strategy.go (PrepareForCreate)",
    fail: "versions:\n- {name: v1, served: true, storage: false, schema: {openAPIV3Schema: {type: object}}}\n",
    pass: "openAPIV3Schema: {type: object}\n",
  },
  check(ctx) {
    if (ctx.crd.versions.some((v) => v.raw.storage === true)) return;
    // On update status.storedVersions is OLD's (PrepareForUpdate), never empty.
    if (ctx.update && ctx.update.storedVersions.versions.length > 0) return;
    ctx.report({
      path: new DualPath(FieldPath.root("spec", "versions"), FieldPath.root("status", "storedVersions")),
      messageId: "mustHaveAtLeastOne",
      value: null,
    });
  },
});
