/** A selectableFields jsonPath must point to a string, boolean or integer field. */
import { defineRule } from "../define-rule.js";
import { KEPT_ON_UPDATE, reportSelectable } from "./evaluate.js";
import { CUSTOM_RESOURCE_FIELD_SELECTORS } from "../../k8s/releases.js";

export default defineRule({
  id: "selectable-field-type",
  category: "selectable-fields",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "A selectableFields jsonPath must point to a string, boolean or integer field.",
  phase: "crd",
  minMinor: CUSTOM_RESOURCE_FIELD_SELECTORS.alpha,
  messages: {
    wrongType:
      "must point to a field of type string, boolean or integer. Enum string fields and strings with formats are " +
      "allowed.",
  },
  docs: {
    why:
      "Field selector values are compared as strings, so the apiserver only accepts selectable fields of type " +
      "string, boolean or integer (enums and formats allowed); numbers, objects, arrays and int-or-string fields are " +
      "rejected." +
      KEPT_ON_UPDATE,
    fix: "Select a scalar field of type string, boolean or integer.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {color: {type: string}, size: {type: number}}}}}\nselectableFields: [{jsonPath: .spec.size}]\n",
    pass: "openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {color: {type: string}, size: {type: number}}}}}\nselectableFields: [{jsonPath: .spec.color}]\n",
  },
  check(ctx) {
    reportSelectable(ctx, "selectable-field-type");
  },
});
