/** apiextensions.k8s.io/v1beta1 CRDs: deprecated since Kubernetes 1.16: the apiserver accepts it with a warning until 1.21. */
import { defineRule } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";
import { V1BETA1_DOCS, V1BETA1_SUGGESTION } from "./v1beta1-docs.js";
import { RELEASE_BEHAVIOURS } from "../../k8s/releases.js";

export default defineRule({
  id: "crd-v1beta1-deprecated",
  category: "versions",
  severity: "warning",
  apiserver: false,
  type: null,
  description: "The CRD uses apiextensions.k8s.io/v1beta1, deprecated since Kubernetes 1.16 and removed in 1.22.",
  preset: "apiserver",
  presetWhy:
    "The apiserver's own deprecation warning (1.16 to 1.21), and from 1.22 a failed apply: the API is no longer " +
    "served.",
  phase: "crd",
  maxMinor: RELEASE_BEHAVIOURS.v1beta1Removed.since - 1,
  messages: {
    deprecated:
      "apiextensions.k8s.io/v1beta1 CustomResourceDefinition is deprecated in v1.16+, unavailable in v1.22+; use " +
      "apiextensions.k8s.io/v1 CustomResourceDefinition",
  },
  docs: V1BETA1_DOCS,
  check(ctx) {
    if (!ctx.crd.apiVersion.endsWith("/v1beta1")) return;
    ctx.report({
      path: DualPath.root("apiVersion"),
      messageId: "deprecated",
      suggestion: V1BETA1_SUGGESTION,
    });
  },
});
