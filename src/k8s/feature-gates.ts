/**
 * Feature gates that decide what the apiserver does with a CRD on create, at their default setting per release.
 * crdlint assumes a cluster that runs with default gates: a gate that is off by default at the target release means
 * the field it guards is dropped (or, for ServerSideFieldValidation, that unknown fields are dropped) before
 * validation, so the checks of that field do not run there. docs/feature-gates.md has the whole table.
 */
// Upstream: kubernetes/apiserver:pkg/features/kube_features.go (ServerSideFieldValidation,
//           CustomResourceValidationExpressions), kubernetes/apiextensions-apiserver:pkg/features/kube_features.go
//           (CRDValidationRatcheting, CustomResourceFieldSelectors), and the drop of gated fields in
//           kubernetes/apiextensions-apiserver:pkg/registry/customresourcedefinition/strategy.go (dropDisabledFields).

export interface FeatureGate {
  readonly name: string;
  /** First minor with the gate (alpha, off by default). */
  readonly alpha: number;
  /** First minor where the gate is on by default (beta). */
  readonly onByDefault: number;
  /** First minor where the gate is GA (locked on). */
  readonly ga: number;
}

/** Strict decoding of request bodies (unknown and duplicate fields rejected under kubectl's default `--validate=strict`). */
export const SERVER_SIDE_FIELD_VALIDATION: FeatureGate = { name: "ServerSideFieldValidation", alpha: 23, onByDefault: 25, ga: 27 };

/** `x-kubernetes-validations` (CEL rules): dropped from the structural part of every schema while off. */
export const CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS: FeatureGate = { name: "CustomResourceValidationExpressions", alpha: 23, onByDefault: 25, ga: 29 };

/** `optionalOldSelf` on validation rules: dropped while off. */
export const CRD_VALIDATION_RATCHETING: FeatureGate = { name: "CRDValidationRatcheting", alpha: 28, onByDefault: 30, ga: 33 };

/** `selectableFields` (spec and per version): dropped while off. */
export const CUSTOM_RESOURCE_FIELD_SELECTORS: FeatureGate = { name: "CustomResourceFieldSelectors", alpha: 30, onByDefault: 31, ga: 32 };

/** Whether the gate exists and is on by default in Kubernetes 1.<minor>. */
export function enabledByDefault(gate: FeatureGate, minor: number): boolean {
  return minor >= gate.onByDefault;
}

/** Whether 1.<minor> has the gate, off by default (the field exists in the API type but is dropped on create). */
export function offByDefault(gate: FeatureGate, minor: number): boolean {
  return minor >= gate.alpha && minor < gate.onByDefault;
}
