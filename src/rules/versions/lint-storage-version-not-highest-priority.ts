/** The storage version is not the highest-priority served version. */
import { defineRule } from "../define-rule.js";
import { sortByVersionPriority } from "../../k8s/version.js";
import { gaServedWithPrereleaseStorage, relabelOnly } from "./lint-ga-served-alpha-storage.js";
import { singleStorageVersion } from "./storage-version.js";

export default defineRule({
  id: "lint-storage-version-not-highest-priority",
  category: "versions",
  severity: "warning",
  apiserver: false,
  type: null,
  description: "The storage version is not the highest-priority served version (kube-aware order).",
  preset: "strict",
  presetWhy:
    "Normal during a rollout (the new version is served first and becomes the storage version a release later): a " +
    "reminder, not a fault.",
  phase: "crd",
  messages: {
    storageVersionIsNotThe: 'storage version "{{name}}" is not the highest-priority served version "{{top}}"',
  },
  docs: {
    why:
      "Clients use the preferred version (the highest-priority served one: GA over beta over alpha, then higher " +
      "numbers). When objects are stored in an older version, every request through the preferred version is " +
      "converted, and the older version cannot be retired without a storage migration. Not reported when both " +
      "versions share their schema under strategy None (a pure relabelling). It is normal during a rollout (new " +
      "version served first, storage switched in the next release), so treat it as a reminder.",
    fix: "Once the newest served version is stable, move `storage: true` to it and run a storage migration.",
    upstream: "kubernetes/apimachinery:pkg/version/helpers.go (CompareKubeAwareVersionStrings)",
    fail: "versions:\n- {name: v1beta1, served: true, storage: true, schema: {openAPIV3Schema: {type: object, properties: {size: {type: string}}}}}\n- {name: v1beta2, served: true, storage: false, schema: {openAPIV3Schema: {type: object, properties: {size: {type: integer}}}}}\n",
    pass: "versions:\n- {name: v1beta1, served: true, storage: false, schema: {openAPIV3Schema: {type: object}}}\n- {name: v1beta2, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}\n",
  },
  check(ctx) {
    const s = singleStorageVersion(ctx.crd.versions);
    if (!s || s.raw.served !== true) return;
    // The GA-served / pre-release-storage case has its own, more specific lint.
    if (gaServedWithPrereleaseStorage(ctx.crd)) return;
    const served = ctx.crd.versions.filter((v) => v.raw.served === true && v.name !== "").map((v) => v.name);
    const top = sortByVersionPriority(served)[0];
    if (top === undefined || top === s.name) return;
    // Same schema under strategy None: reading the preferred version is a relabelling, nothing to convert.
    if (
      relabelOnly(
        ctx.crd,
        ctx.crd.versions.find((v) => v.name === top)!,
        s,
      )
    )
      return;
    ctx.report({
      path: s.path.child("storage"),
      messageId: "storageVersionIsNotThe",
      data: { name: s.name, top },
      suggestion: `store objects as ${top} once it is stable`,
    });
  },
});
