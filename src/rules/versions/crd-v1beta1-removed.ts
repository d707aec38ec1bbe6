/** apiextensions.k8s.io/v1beta1 CRDs: removed in Kubernetes 1.22, deprecated since 1.16. */
import { defineRule } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";
import { V1BETA1_DOCS, V1BETA1_SUGGESTION } from "./v1beta1-docs.js";
import { RELEASE_BEHAVIOURS } from "../../k8s/releases.js";

export default defineRule({
  id: "crd-v1beta1-removed",
  category: "versions",
  severity: "error",
  apiserver: true,
  type: "Not found",
  description: "The CRD uses apiextensions.k8s.io/v1beta1, which Kubernetes 1.22 removed.",
  phase: "crd",
  minMinor: RELEASE_BEHAVIOURS.v1beta1Removed.since,
  messages: {
    removed: 'no matches for kind "CustomResourceDefinition" in version "apiextensions.k8s.io/v1beta1"',
  },
  docs: V1BETA1_DOCS,
  check(ctx) {
    if (!ctx.crd.apiVersion.endsWith("/v1beta1")) return;
    ctx.report({
      path: DualPath.root("apiVersion"),
      messageId: "removed",
      suggestion: V1BETA1_SUGGESTION,
    });
  },
});
