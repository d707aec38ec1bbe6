/** A value validation (allOf/anyOf/oneOf/not) sets x-kubernetes-validations. */
import { defineRule } from "../define-rule.js";
import { nestedKeywordHooks, nonEmptyList } from "./common.js";

export default defineRule({
  id: "structural-nested-validations",
  category: "structural",
  severity: "error",
  apiserver: true,
  type: "Forbidden",
  description: "A value validation (allOf/anyOf/oneOf/not) sets x-kubernetes-validations.",
  minMinor: 23,
  docs: {
    why:
      "CEL rules are compiled against the structural part of the schema; `x-kubernetes-validations` inside `allOf`, " +
      "`anyOf`, `oneOf` or `not` is rejected for CRDs (the option that would allow them under allOf is off). Checked " +
      "since Kubernetes 1.23; even while the CustomResourceValidationExpressions gate was off by default " +
      "(1.23-1.24), the apiserver dropped the field only from the structural part, not from inside junctors, so the " +
      "error already applied then.",
    fix:
      "Move the rule to the node itself, outside the junctor; express alternatives inside the CEL expression " +
      "(`a || b`).",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/validation.go",
    fail: "openAPIV3Schema: {type: object, properties: {a: {type: string, anyOf: [{x-kubernetes-validations: [{rule: \"self != ''\"}]}]}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {a: {type: string, x-kubernetes-validations: [{rule: \"self != ''\"}]}}}\n",
  },
  messages: { nested: "must be empty to be structural" },
  ...nestedKeywordHooks("x-kubernetes-validations", nonEmptyList),
});
