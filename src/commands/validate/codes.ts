/**
 * The rule ids `crdlint validate` emits itself, about the resource's type and its CRD (what the value validator finds
 * is values/resource.ts's RESOURCE_FINDING_CODES): each is a registered engine rule (test/engine/codes.test.mjs).
 */
export const VALIDATE_CODES = [
  "resource-crd-invalid",
  "resource-type-meta-missing",
  "resource-kind-not-found",
  "resource-version-not-served",
  "resource-version-deprecated",
] as const;

export type ValidateCode = (typeof VALIDATE_CODES)[number];
