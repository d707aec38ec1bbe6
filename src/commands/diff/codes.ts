/**
 * The rule ids `crdlint diff` emits itself, about CRDs and files added or removed between the revisions and about
 * the objects it replays: each is a registered engine rule (test/engine/codes.test.mjs).
 */
export const DIFF_CODES = [
  "revision-crd-added",
  "revision-crd-removed",
  "revision-crd-duplicate",
  "revision-old-skipped",
  "revision-object-read-changed",
  "revision-object-invalid",
] as const;

export type DiffCode = (typeof DIFF_CODES)[number];
