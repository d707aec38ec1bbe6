/** A version went from served: true to served: false: its clients break. */
import { defineRevisionRule } from "./common.js";

export default defineRevisionRule({
  id: "revision-version-unserved",
  severity: "warning",
  description: "A version went from served: true to served: false: requests to it get 404 (B4).",
  messages: {
    unserved:
      "version {{version}} is no longer served: clients and manifests that use it get 404 (its stored objects stay " +
      "readable through the served versions)",
  },
  docs: {
    why:
      "Unserving is the documented step before removal: clients of the version break, so the docs advise watching " +
      "for them and serving it again if some remain.",
    fix:
      "Make sure no client uses the version (apiserver audit logs, deprecated: true and a deprecationWarning for a " +
      "release first).",
    upstream:
      "kubernetes/website:content/en/docs/tasks/extend-kubernetes/custom-resources/custom-resource-definition-versioning.md",
    fail: "old:\n  versions:\n  - {name: v1beta1, served: true, storage: false, schema: {openAPIV3Schema: {type: object}}}\n  - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}\nnew:\n  versions:\n  - {name: v1beta1, served: false, storage: false, schema: {openAPIV3Schema: {type: object}}}\n  - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}\n",
    pass: "old:\n  versions:\n  - {name: v1beta1, served: true, storage: false, schema: {openAPIV3Schema: {type: object}}}\n  - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}\nnew:\n  versions:\n  - {name: v1beta1, served: true, storage: false, schema: {openAPIV3Schema: {type: object}}}\n  - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}\n",
  },
  checkRevision(ctx) {
    for (const p of ctx.versions) {
      if (!p.old || !p.new || p.old.raw.served !== true || p.new.raw.served === true) continue;
      ctx.report({
        path: p.new.path.child("served"),
        effect: "clients-break",
        messageId: "unserved",
        data: { version: p.name },
        version: p.name,
      });
    }
  },
});
