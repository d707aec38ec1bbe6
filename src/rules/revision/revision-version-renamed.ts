/** A version was renamed (removed, and one with the same schema added): clients of the old name break. */
import { renamedVersions } from "./renames.js";
import { defineRevisionRule } from "./common.js";

export default defineRevisionRule({
  id: "revision-version-renamed",
  severity: "warning",
  description: "A version was renamed: removed, and a version with the same schema added (B3).",
  messages: {
    renamed:
      "version {{from}} was renamed to {{to}}: clients and manifests that use {{from}} get 404; serve both names for " +
      "a release",
  },
  docs: {
    why:
      "A rename is a removal plus an addition: clients of the old name break, and if objects are stored in the old " +
      "name the apiserver refuses the update (revision-stored-version-removed).",
    fix:
      "Add the new version next to the old one (conversion None is enough when the schemas are equal), move storage, " +
      "migrate, then unserve and remove the old name.",
    upstream:
      "kubernetes/website:content/en/docs/tasks/extend-kubernetes/custom-resources/custom-resource-definition-versioning.md",
    fail: "old:\n  versions:\n  - {name: v1beta1, served: true, storage: false, schema: {openAPIV3Schema: {type: object, properties: {spec: {type: object}}}}}\n  - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}\nnew:\n  versions:\n  - {name: v1beta2, served: true, storage: false, schema: {openAPIV3Schema: {type: object, properties: {spec: {type: object}}}}}\n  - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}\n",
    pass: "old:\n  versions:\n  - {name: v1beta1, served: true, storage: false, schema: {openAPIV3Schema: {type: object, properties: {spec: {type: object}}}}}\n  - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}\nnew:\n  versions:\n  - {name: v1beta1, served: true, storage: false, schema: {openAPIV3Schema: {type: object, properties: {spec: {type: object}}}}}\n  - {name: v1beta2, served: true, storage: false, schema: {openAPIV3Schema: {type: object, properties: {spec: {type: object}}}}}\n  - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}\n",
  },
  checkRevision(ctx) {
    for (const [from, to] of renamedVersions(ctx)) {
      const v = ctx.crd.versions.find((x) => x.name === to)!;
      ctx.report({
        path: v.path.child("name"),
        effect: "clients-break",
        messageId: "renamed",
        data: { from, to },
        version: from,
      });
    }
  },
});
