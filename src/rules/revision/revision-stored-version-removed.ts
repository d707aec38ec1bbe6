/** A version in OLD's status.storedVersions left spec.versions: the apiserver rejects the update. */
import { defineRule } from "../define-rule.js";
import { DualPath, FieldPath } from "../../k8s/path.js";
import { migrationPlan, storageName } from "./common.js";
import { releaseHas } from "../../k8s/releases.js";

export default defineRule({
  id: "revision-stored-version-removed",
  category: "revision",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description:
    "A version that objects may still be stored in (status.storedVersions) was removed from spec.versions (B1, A6).",
  phase: "revision",
  messages: {
    missing:
      "missing from spec.versions; {{version}} was previously a storage version, and must remain in spec.versions " +
      "until a storage migration ensures no data remains persisted in {{version}} and removes {{version}} from " +
      "status.storedVersions",
    missingBefore133: "must appear in spec.versions",
  },
  docs: {
    why:
      "The apiserver keeps status.storedVersions from the old object (a status in the applied file is ignored) and " +
      "refuses a spec that drops any of them: objects may still be stored in that version, and nothing could decode " +
      "them. Without a status in OLD, crdlint assumes what the apiserver guarantees: OLD's storage version is listed.",
    fix:
      "Keep the version in spec.versions (served: false is enough) until every object is rewritten in the new " +
      "storage version and status.storedVersions is patched; the diagnostic's detail has the migration plan with " +
      "this CRD's names.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go " +
      "(ValidateCustomResourceDefinitionStoredVersions); " +
      "kubernetes/apiextensions-apiserver:pkg/registry/customresourcedefinition/strategy.go (PrepareForUpdate)",
    fail: "old:\n  versions:\n  - {name: v1alpha1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}\nnew:\n  versions:\n  - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}\n",
    pass: "old:\n  versions:\n  - {name: v1alpha1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}\nnew:\n  versions:\n  - {name: v1alpha1, served: false, storage: false, schema: {openAPIV3Schema: {type: object}}}\n  - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}\n",
  },
  checkRevision(ctx) {
    const stored = ctx.update.storedVersions;
    const present = new Set(ctx.crd.versions.map((v) => v.name));
    const removed = stored.versions.map((name, index) => ({ name, index })).filter((s) => !present.has(s.name));
    if (removed.length === 0) return;
    const plan = migrationPlan(
      ctx.old,
      removed.map((r) => r.name),
      storageName(ctx.crd),
    );
    const explained = releaseHas(ctx.minor, "storedVersionMissingExplained");
    for (const { name, index } of removed) {
      const inOld = ctx.old.versions.find((v) => v.name === name);
      const written = inOld
        ? inOld.path.written.child("name")
        : FieldPath.root("status", "storedVersions").index(index);
      ctx.report({
        path: new DualPath(written, FieldPath.root("status", "storedVersions").index(index)),
        inOld: true,
        effect: "rejected",
        messageId: explained ? "missing" : "missingBefore133",
        data: { version: name },
        value: name,
        detail: plan,
        version: name,
        ...(stored.source === "assumed" ? { assumes: ["storedVersions"] as const } : {}),
      });
    }
  },
});
