/** apiextensions.k8s.io/v1beta1 CRDs: deprecated since Kubernetes 1.16: the apiserver accepts it with a warning until 1.21. */
import { defineRule } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";

export default defineRule({
  id: "crd-v1beta1-deprecated",
  category: "versions",
  severity: "warning",
  apiserver: false,
  type: null,
  description: "The CRD uses apiextensions.k8s.io/v1beta1, deprecated since Kubernetes 1.16 and removed in 1.22.",
  phase: "crd",
  maxMinor: 21,
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
      message:
        "apiextensions.k8s.io/v1beta1 CustomResourceDefinition is deprecated in v1.16+, unavailable in v1.22+; use apiextensions.k8s.io/v1 CustomResourceDefinition",
      suggestion: "migrate to apiextensions.k8s.io/v1 (served since Kubernetes 1.16)",
    });
  },
});
