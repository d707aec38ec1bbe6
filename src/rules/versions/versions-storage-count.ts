/** Exactly one version must have storage: true. */
import { defineRule } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";
import { internalVersionsValue } from "../../crd/internal-version.js";

export default defineRule({
  id: "versions-storage-count",
  category: "versions",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "Not exactly one version is marked storage: true.",
  phase: "crd",
  messages: {
    mustHaveExactlyOneVersion: "must have exactly one version marked as storage version",
  },
  docs: {
    why:
      "Objects are persisted in etcd in one version; the apiserver needs exactly one `storage: true` entry in " +
      "spec.versions (none, or two, is rejected — also for an empty versions list). The error, at spec.versions, " +
      "carries the whole internal versions list as its value, as versions-duplicate-name does.",
    fix: "Mark exactly one version `storage: true` (usually the newest stable one) and all others `storage: false`.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go " +
      "(validateCustomResourceDefinitionSpec)",
    fail: "versions:\n- {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}\n- {name: v2, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}\n",
    pass: "openAPIV3Schema: {type: object}\n",
  },
  check(ctx) {
    const versions = ctx.crd.versions;
    const count = versions.filter((v) => v.raw.storage === true).length;
    if (count === 1) return;
    ctx.report({
      path: DualPath.root("spec", "versions"),
      messageId: "mustHaveExactlyOneVersion",
      // The apiserver prints the whole internal versions list (every field of every version), as it holds it.
      value: internalVersionsValue(ctx.crd.spec),
      detail:
        count === 0
          ? "no version has storage: true"
          : `${count} versions have storage: true: ${versions
              .filter((v) => v.raw.storage === true)
              .map((v) => v.name)
              .join(", ")}`,
    });
  },
});
