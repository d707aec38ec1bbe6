/** The same selectable field is listed twice. */
import { defineRule } from "../define-rule.js";
import { KEPT_ON_UPDATE, reportSelectable } from "./evaluate.js";
import { CUSTOM_RESOURCE_FIELD_SELECTORS } from "../../k8s/releases.js";

export default defineRule({
  id: "selectable-field-duplicate",
  category: "selectable-fields",
  severity: "error",
  apiserver: true,
  type: "Duplicate value",
  description: "The same selectable field is listed twice.",
  phase: "crd",
  minMinor: CUSTOM_RESOURCE_FIELD_SELECTORS.alpha,
  messages: {
    duplicate: "",
  },
  docs: {
    why:
      "Each selectable field may be declared once; the apiserver compares the resolved paths and reports every " +
      "repeated occurrence." +
      KEPT_ON_UPDATE,
    fix: "Remove the repeated entry.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {color: {type: string}, size: {type: number}}}}}\nselectableFields: [{jsonPath: .spec.color}, {jsonPath: .spec.color}]\n",
    pass: "openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {color: {type: string}, size: {type: number}}}}}\nselectableFields: [{jsonPath: .spec.color}]\n",
  },
  check(ctx) {
    reportSelectable(ctx, "selectable-field-duplicate");
  },
});
