/** apiextensions.k8s.io/v1beta1 CRDs: removed in Kubernetes 1.22, deprecated since 1.16. */
import { defineRule } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";

export default defineRule({
  id: "crd-v1beta1-removed",
  category: "versions",
  severity: "error",
  apiserver: true,
  type: "Not found",
  description: "The CRD uses apiextensions.k8s.io/v1beta1, which Kubernetes 1.22 removed.",
  phase: "crd",
  minMinor: 22,
  docs: {
    why: "Since Kubernetes 1.22 the apiserver no longer serves apiextensions.k8s.io/v1beta1: `kubectl apply` fails with `no matches for kind \"CustomResourceDefinition\" in version \"apiextensions.k8s.io/v1beta1\"`. From 1.16 to 1.21 it is accepted with a deprecation warning.",
    fix: "Move to apiextensions.k8s.io/v1: spec.version/spec.validation/spec.subresources/spec.additionalPrinterColumns move into each entry of spec.versions, every version needs schema.openAPIV3Schema (structural), and spec.preserveUnknownFields must be false.",
    upstream: "kubernetes/kubernetes:CHANGELOG-1.22.md (removed APIs)",
    fail: "apiVersion: apiextensions.k8s.io/v1beta1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  version: v1\n  scope: Namespaced\n  names: {plural: widgets, kind: Widget}\n",
    pass: "openAPIV3Schema: {type: object}\n",
  },
  check(ctx) {
    if (!ctx.crd.apiVersion.endsWith("/v1beta1")) return;
    ctx.report({
      path: DualPath.root("apiVersion"),
      message: 'no matches for kind "CustomResourceDefinition" in version "apiextensions.k8s.io/v1beta1"',
      suggestion: "migrate to apiextensions.k8s.io/v1 (served since Kubernetes 1.16)",
    });
  },
});
