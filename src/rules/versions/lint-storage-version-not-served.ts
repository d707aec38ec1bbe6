/** The storage version has served: false. */
import { defineRule } from "../define-rule.js";
import { singleStorageVersion } from "./storage-version.js";

export default defineRule({
  id: "lint-storage-version-not-served",
  category: "versions",
  severity: "warning",
  apiserver: false,
  type: null,
  description: "The storage version is not served.",
  preset: "strict",
  presetWhy: "Legal and working: objects are converted on the way in and out; usually a leftover of a migration.",
  phase: "crd",
  messages: {
    storageVersionIsNotServed: 'storage version "{{name}}" is not served',
  },
  docs: {
    why:
      "Objects are persisted in the storage version even when it is not served (they are converted on the way in and " +
      "out), so this is legal — but it is usually a leftover of a migration, and with strategy None every read " +
      "converts by relabelling only.",
    fix:
      "Serve the storage version, or move `storage: true` to a served version (after a storage migration of existing " +
      "objects).",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/customresource_handler.go",
    fail: "versions:\n- {name: v1, served: false, storage: true, schema: {openAPIV3Schema: {type: object}}}\n- {name: v2, served: true, storage: false, schema: {openAPIV3Schema: {type: object}}}\n",
    pass: "openAPIV3Schema: {type: object}\n",
  },
  check(ctx) {
    const s = singleStorageVersion(ctx.crd.versions);
    if (!s || s.raw.served === true) return;
    // Without any served version lint-no-served-version says it all.
    if (!ctx.crd.versions.some((v) => v.raw.served === true)) return;
    ctx.report({ path: s.path.child("served"), messageId: "storageVersionIsNotServed", data: { name: s.name } });
  },
});
