/** An unknown field under items / additionalProperties / additionalItems / dependencies: the apiserver drops it without a word. */
import { defineRule } from "../define-rule.js";
import { reportIssues } from "./issues.js";

export default defineRule({
  id: "decode-unknown-field-dropped",
  category: "decoding",
  severity: "warning",
  apiserver: false,
  type: null,
  description:
    "An unknown schema field below items, additionalProperties, additionalItems or dependencies, which the apiserver " +
    "silently drops even under strict field validation.",
  preset: "recommended",
  presetWhy:
    "A constraint lost without a word: the apiserver drops the field below items or additionalProperties even under " +
    "strict field validation, so it validates nothing.",
  phase: "crd",
  docs: {
    why:
      "`items`, `additionalProperties`, `additionalItems` and the values of `dependencies` are decoded by their own " +
      "UnmarshalJSON, which uses the non-strict JSON decoder: an unknown or misspelled keyword below them (`enums`, " +
      "`propertyNames`, `x-kubernetes-validation`, `Type`) is dropped without any error or warning, even with " +
      "`kubectl apply --validate=strict` (kubernetes/kubernetes#128033). The CRD is accepted, but the constraint you " +
      "wrote does not exist: the published schema and the validation of custom resources ignore it. Wrong value " +
      "types below them still fail the request (decode-type-mismatch).",
    fix: "Fix the keyword's spelling, or remove a keyword that Kubernetes structural schemas do not support.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/v1/marshal.go",
    fail: "openAPIV3Schema:\n  type: object\n  properties:\n    sizes:\n      type: array\n      items:\n        type: string\n        enums: [small, large]\n",
    pass: "openAPIV3Schema:\n  type: object\n  properties:\n    sizes:\n      type: array\n      items:\n        type: string\n        enum: [small, large]\n",
  },
  check(ctx) {
    reportIssues(ctx, "dropped-field", false);
  },
});
