/** storage: true moved to another version: the start of a storage migration, with its plan. */
import { defineRevisionRule, migrationPlan, storageName } from "./common.js";

export default defineRevisionRule({
  id: "revision-storage-version-changed",
  severity: "warning",
  description:
    "The storage version moved (B5): existing objects stay in the old one until rewritten; a version added and made " +
    "storage in one release cannot be rolled back.",
  messages: {
    moved:
      "storage moves from {{from}} to {{to}}: new writes are stored as {{to}}, existing objects stay {{from}} until " +
      "a storage-version migration rewrites them, and {{from}} cannot leave spec.versions (status.storedVersions " +
      "keeps it) until then",
    movedToNew:
      "storage moves from {{from}} to {{to}}, a version added in this same revision: rolling back to the previous " +
      "release is refused (status.storedVersions then lists {{to}}, which it lacks); add {{to}} first and make it " +
      "storage in the next release",
  },
  docs: {
    why:
      "Objects are never converted automatically: after the move, etcd holds objects in both versions, and the old " +
      "one must stay in spec.versions until every object is rewritten and status.storedVersions is patched. Making a " +
      "version storage in the release that adds it breaks rollback (Kubernetes API changes guide). A move in either " +
      "direction (to a newer version or back to an older one) needs the same migration, so both are warnings.",
    fix:
      "Follow the migration plan in the diagnostic's detail; add a new version one release before making it the " +
      "storage version.",
    upstream:
      "kubernetes/website:content/en/docs/tasks/extend-kubernetes/custom-resources/custom-resource-definition-versioning.md " +
      "(Upgrade existing objects to a new stored version); " +
      "kubernetes/community:contributors/devel/sig-architecture/api_changes.md",
    fail: "old:\n  versions:\n  - {name: v1beta1, served: true, storage: false, schema: {openAPIV3Schema: {type: object}}}\n  - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}\nnew:\n  versions:\n  - {name: v1beta1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}\n  - {name: v1, served: true, storage: false, schema: {openAPIV3Schema: {type: object}}}\n",
    pass: "old:\n  versions:\n  - {name: v1beta1, served: true, storage: false, schema: {openAPIV3Schema: {type: object}}}\n  - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}\nnew:\n  versions:\n  - {name: v1beta1, served: true, storage: false, schema: {openAPIV3Schema: {type: object}}}\n  - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}\n",
  },
  checkRevision(ctx) {
    const from = storageName(ctx.old);
    const to = storageName(ctx.crd);
    if (!from || !to || from === to) return;
    // The old storage version removed as well: revision-stored-version-removed reports it, with the plan.
    if (!ctx.crd.versions.some((v) => v.name === from)) return;
    const target = ctx.crd.versions.find((v) => v.name === to)!;
    const added = !ctx.old.versions.some((v) => v.name === to);
    ctx.report({
      path: target.path.child("storage"),
      // Forward or back (v1 → v1beta1), the objects written before stay in the old version: the same migration either way.
      effect: added ? "clients-break" : "migration-needed",
      messageId: added ? "movedToNew" : "moved",
      data: { from, to },
      detail: migrationPlan(ctx.crd, [from], to),
      version: to,
    });
  },
});
