/** A GA version is served while an alpha/beta version is the storage version. */
import { defineRule } from "../define-rule.js";
import { deepEqual } from "../../k8s/go.js";
import { isObject, type CrdView, type VersionView } from "../../crd/model.js";
import { isKubeLikeVersion } from "../../k8s/version.js";
import { singleStorageVersion } from "./storage-version.js";

const GA = /^v\d+$/;
const PRERELEASE = /^v\d+(alpha|beta)\d+$/;

/**
 * True when serving `a` from objects stored as `b` is a pure relabelling: strategy None (or no conversion) and the
 * same schema. Then storing in either version costs nothing and migrating later is trivial.
 */
export function relabelOnly(crd: CrdView, a: VersionView, b: VersionView): boolean {
  const conv = crd.spec.conversion;
  const strategy = isObject(conv) ? conv.strategy : "None";
  if (strategy !== "None") return false;
  return crd.schemaHoisted || deepEqual(a.raw.schema, b.raw.schema);
}

export function gaServedWithPrereleaseStorage(crd: CrdView): { storage: VersionView; ga: VersionView } | null {
  const versions = crd.versions;
  const s = singleStorageVersion(versions);
  if (!s || !PRERELEASE.test(s.name) || !isKubeLikeVersion(s.name)) return null;
  const ga = versions.find(
    (v) => v.raw.served === true && GA.test(v.name) && isKubeLikeVersion(v.name) && !relabelOnly(crd, v, s),
  );
  return ga ? { storage: s, ga } : null;
}

export default defineRule({
  id: "lint-ga-served-alpha-storage",
  category: "versions",
  severity: "warning",
  apiserver: false,
  type: null,
  description: "A GA version is served but an alpha/beta version is the storage version (and reading it converts).",
  preset: "strict",
  presetWhy:
    "A migration reminder: conversion keeps the GA version working while storage stays on the pre-release version.",
  phase: "crd",
  messages: {
    gaVersionIsServedBut: 'GA version "{{name}}" is served but objects are stored as pre-release "{{name2}}"',
  },
  docs: {
    why:
      "Once a stable version (`v1`) is served, objects should be persisted in it: keeping an alpha or beta storage " +
      "version ties every stored object to the pre-release schema, so that version can never be removed without a " +
      "storage migration, and conversion runs on every read and write of the GA version. Not reported when the two " +
      "versions share their schema under strategy None (a pure relabelling, as in the documentation's multi-version " +
      "CronTab).",
    fix:
      "Move `storage: true` to the GA version (with a conversion webhook if the schemas differ), then migrate stored " +
      "objects and drop the old version from status.storedVersions.",
    upstream:
      "kubernetes/apimachinery:pkg/version/helpers.go (version stability); kubernetes/website: Versions in " +
      "CustomResourceDefinitions",
    fail: "versions:\n- {name: v1, served: true, storage: false, schema: {openAPIV3Schema: {type: object, properties: {size: {type: integer}}}}}\n- {name: v1beta1, served: true, storage: true, schema: {openAPIV3Schema: {type: object, properties: {size: {type: string}}}}}\n",
    pass: "versions:\n- {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}\n- {name: v1beta1, served: true, storage: false, schema: {openAPIV3Schema: {type: object}}}\n",
  },
  check(ctx) {
    const hit = gaServedWithPrereleaseStorage(ctx.crd);
    if (!hit) return;
    ctx.report({
      path: hit.storage.path.child("storage"),
      messageId: "gaVersionIsServedBut",
      data: { name: hit.ga.name, name2: hit.storage.name },
      suggestion: `make ${hit.ga.name} the storage version`,
    });
  },
});
