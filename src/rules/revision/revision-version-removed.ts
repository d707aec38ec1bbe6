/** A version of OLD is gone from NEW (one the cluster never stored: else the apiserver rejects it, revision-stored-version-removed). */
import { defineRevisionRule, resourceName } from "./common.js";
import { renamedVersions } from "./renames.js";

export default defineRevisionRule({
  id: "revision-version-removed",
  severity: "warning",
  description: "A version that was never a storage version left spec.versions: its clients get 404 (B2).",
  messages: {
    removedServed:
      "version {{version}} was removed: clients and manifests that use {{group}}/{{version}} get 404 (kubectl: no " +
      "matches for kind)",
    removedUnserved:
      "version {{version}} was removed; it was not served, but objects written through it while it was served keep " +
      "{{group}}/{{version}} in metadata.managedFields, and server-side apply on them now fails (request to convert " +
      "CR to an invalid group/version: {{group}}/{{version}}) until those entries are dropped",
  },
  docs: {
    why:
      "Requests to a removed version fail, and manifests pinned to it stop applying. The Kubernetes docs' procedure: " +
      "unserve the version first (served: false) and watch for clients, then remove it. A version in " +
      "status.storedVersions cannot be removed at all (revision-stored-version-removed); without OLD's status " +
      "crdlint knows only that OLD's storage version is stored, so this verdict assumes the others never were. " +
      "Unserving first does not make removal free: the apiserver keeps each object's managedFields entries in the " +
      "apiVersion they were written in, and once that version leaves spec.versions every server-side apply to such " +
      "an object fails converting them (kubernetes/kubernetes#111937; Cluster API had to restore v1alpha3 in v1.6.2 " +
      "for it, kubernetes-sigs/cluster-api#10051).",
    fix:
      "Keep the version with served: false for a release, then remove it; before removing it, drop the managedFields " +
      "entries that still name it (an update whose metadata.managedFields leaves them out), or keep it in " +
      "spec.versions, unserved.",
    upstream:
      "kubernetes/website:content/en/docs/tasks/extend-kubernetes/custom-resources/custom-resource-definition-versioning.md " +
      "(Version removal)",
    fail: "old:\n  versions:\n  - {name: v1beta1, served: true, storage: false, schema: {openAPIV3Schema: {type: object}}}\n  - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}\nnew: {}\n",
    pass: "old:\n  versions:\n  - {name: v1beta1, served: true, storage: false, schema: {openAPIV3Schema: {type: object}}}\n  - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}\nnew:\n  versions:\n  - {name: v1beta1, served: false, storage: false, schema: {openAPIV3Schema: {type: object}}}\n  - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}\n",
  },
  checkRevision(ctx) {
    const stored = new Set(ctx.update.storedVersions.versions);
    const renamed = renamedVersions(ctx);
    for (const pair of ctx.versions) {
      if (pair.new || !pair.old || stored.has(pair.name) || renamed.has(pair.name)) continue;
      const served = pair.old.raw.served === true;
      ctx.report({
        path: pair.old.path.child("name"),
        inOld: true,
        effect: "clients-break",
        messageId: served ? "removedServed" : "removedUnserved",
        data: { version: pair.name, group: ctx.crd.group || resourceName(ctx.crd) },
        version: pair.name,
        ...(ctx.update.storedVersions.source === "assumed" ? { assumes: ["storedVersions"] as const } : {}),
      });
    }
  },
});
