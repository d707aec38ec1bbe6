/** The storage version is deprecated. */
import { defineRule } from "../define-rule.js";
import { singleStorageVersion } from "./storage-version.js";

export default defineRule({
  id: "lint-deprecated-storage-version",
  category: "versions",
  severity: "warning",
  apiserver: false,
  type: null,
  description: "The storage version is marked deprecated: true.",
  preset: "strict",
  presetWhy: "A migration reminder: the CRD works while objects are stored in the deprecated version.",
  phase: "crd",
  messages: {
    storageVersionIsDeprecated: 'storage version "{{name}}" is deprecated',
  },
  docs: {
    why:
      "A deprecated version is on its way out, yet every object is still persisted in it: removing it later requires " +
      "a storage migration first (status.storedVersions keeps it until then).",
    fix: "Move `storage: true` to the version that replaces the deprecated one, and migrate stored objects.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/v1/types.go (deprecated, storage)",
    fail: "versions:\n- {name: v1, served: true, storage: true, deprecated: true, schema: {openAPIV3Schema: {type: object}}}\n- {name: v2, served: true, storage: false, schema: {openAPIV3Schema: {type: object}}}\n",
    pass: "openAPIV3Schema: {type: object}\n",
  },
  check(ctx) {
    const s = singleStorageVersion(ctx.crd.versions);
    if (!s || s.raw.deprecated !== true) return;
    ctx.report({ path: s.path.child("deprecated"), messageId: "storageVersionIsDeprecated", data: { name: s.name } });
  },
});
