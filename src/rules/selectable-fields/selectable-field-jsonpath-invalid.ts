/** A selectableFields jsonPath must be a dotted path to a field declared in the schema. */
import { defineRule } from "../define-rule.js";
import { KEPT_ON_UPDATE, reportSelectable } from "./evaluate.js";
import { CUSTOM_RESOURCE_FIELD_SELECTORS } from "../../k8s/releases.js";

export default defineRule({
  id: "selectable-field-jsonpath-invalid",
  category: "selectable-fields",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "A selectableFields jsonPath must be a dotted path to a field declared in the schema.",
  phase: "crd",
  minMinor: CUSTOM_RESOURCE_FIELD_SELECTORS.alpha,
  messages: {
    invalidPath: "is an invalid path: {{error}}",
  },
  docs: {
    why:
      "The apiserver resolves each selectable field with its CEL field-path parser, without bracket notation, " +
      "against the structural schema: the path must start with `.`, must not contain `[`, must not end with `.`, and " +
      "every step must be a declared property (or a key of an `additionalProperties` map). It reports " +
      "`is an invalid path: <reason>`." +
      KEPT_ON_UPDATE,
    fix: "Write a dotted path to a declared property, e.g. `.spec.color`; list elements cannot be selected.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {color: {type: string}, size: {type: number}}}}}\nselectableFields: [{jsonPath: .spec.nope}]\n",
    pass: "openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {color: {type: string}, size: {type: number}}}}}\nselectableFields: [{jsonPath: .spec.color}]\n",
  },
  check(ctx) {
    reportSelectable(ctx, "selectable-field-jsonpath-invalid");
  },
});
