/**
 * kustomize patches of CRDs (kubebuilder's `config/crd/patches/webhook_in_*.yaml`, `cainjection_in_*.yaml`): a
 * document of kind CustomResourceDefinition that carries only the fields it changes. kustomize merges it into the
 * CRD of the same name; on its own it is no revision of that CRD, so pairing OLD and NEW by name must not see it.
 */
import { isPlainObject } from "../k8s/go.js";

/**
 * A CustomResourceDefinition document that cannot be a whole CRD: the apiserver requires `spec.group` and
 * `spec.names`, and a patch leaves out what it does not change (usually both).
 */
export function isPartialCrd(value: unknown): boolean {
  if (!isPlainObject(value) || value.kind !== "CustomResourceDefinition") return false;
  const spec = value.spec;
  return !isPlainObject(spec) || (spec.group === undefined && spec.names === undefined);
}
