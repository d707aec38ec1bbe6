/** Extra storage: true versions are missing from the computed status.storedVersions. */
import { defineRule } from "../define-rule.js";
import { DualPath, FieldPath } from "../../k8s/path.js";

export default defineRule({
  id: "stored-versions-missing-storage-version",
  category: "versions",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "A storage: true version other than the first is not in status.storedVersions.",
  phase: "crd",
  messages: {
    missingStorage: "must have the storage version {{version}}",
  },
  docs: {
    why:
      "On create status.storedVersions becomes `[<first storage: true version>]`. Every further `storage: true` " +
      "version is then missing from it and reported at `status.storedVersions` (in addition to " +
      "versions-storage-count). Reported here at that version's `storage` field.",
    fix: "Keep `storage: true` on one version only.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go " +
      "(ValidateCustomResourceDefinitionStoredVersions); " +
      "kubernetes/apiextensions-apiserver:pkg/registry/customresourcedefinition/strategy.go (PrepareForCreate)",
    fail: "versions:\n- {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}\n- {name: v2, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}\n",
    pass: "openAPIV3Schema: {type: object}\n",
  },
  check(ctx) {
    const first = ctx.crd.versions.find((v) => v.raw.storage === true);
    if (!first) return;
    // On create the list is [the first storage version]; on update OLD's list, with that version appended (PrepareForUpdate).
    const storedVersions = ctx.update ? [...ctx.update.storedVersions.versions] : [];
    if (!storedVersions.includes(first.name)) storedVersions.push(first.name);
    const pending = new Set(storedVersions);
    for (const v of ctx.crd.versions) {
      const ok = pending.has(v.name);
      if (v.raw.storage === true && !ok)
        ctx.report({
          path: new DualPath(v.path.written.child("storage"), FieldPath.root("status", "storedVersions")),
          messageId: "missingStorage",
          data: { version: v.name },
          value: storedVersions,
        });
      if (ok) pending.delete(v.name);
    }
  },
});
