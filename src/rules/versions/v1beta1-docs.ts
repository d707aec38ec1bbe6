/** What both v1beta1 rules (one before 1.22, one from 1.22) tell the author. */
import type { RuleDocs } from "../define-rule.js";

export const V1BETA1_DOCS: RuleDocs = {
  why:
    "Since Kubernetes 1.22 the apiserver no longer serves apiextensions.k8s.io/v1beta1: `kubectl apply` fails with " +
    '`no matches for kind "CustomResourceDefinition" in version "apiextensions.k8s.io/v1beta1"`. From 1.16 to 1.21 ' +
    "it is accepted with a deprecation warning.",
  fix:
    "Move to apiextensions.k8s.io/v1: spec.version/spec.validation/spec.subresources/spec.additionalPrinterColumns " +
    "move into each entry of spec.versions, every version needs schema.openAPIV3Schema (structural), and " +
    "spec.preserveUnknownFields must be false.",
  upstream: "kubernetes/kubernetes:CHANGELOG-1.22.md (removed APIs)",
  fail: "apiVersion: apiextensions.k8s.io/v1beta1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  version: v1\n  scope: Namespaced\n  names: {plural: widgets, kind: Widget}\n",
  pass: "openAPIV3Schema: {type: object}\n",
};

export const V1BETA1_SUGGESTION = "migrate to apiextensions.k8s.io/v1 (served since Kubernetes 1.16)";
