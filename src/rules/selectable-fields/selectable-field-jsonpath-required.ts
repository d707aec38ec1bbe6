/** Every selectableFields entry needs a jsonPath. */
import { defineRule } from "../define-rule.js";
import { KEPT_ON_UPDATE, reportSelectable } from "./evaluate.js";
import { CUSTOM_RESOURCE_FIELD_SELECTORS } from "../../k8s/releases.js";

export default defineRule({
  id: "selectable-field-jsonpath-required",
  category: "selectable-fields",
  severity: "error",
  apiserver: true,
  type: "Required value",
  description: "Every selectableFields entry needs a jsonPath.",
  phase: "crd",
  minMinor: CUSTOM_RESOURCE_FIELD_SELECTORS.alpha,
  messages: {
    required: "",
  },
  docs: {
    why:
      "A selectable field names the JSON path whose value `kubectl get --field-selector` filters on; the apiserver " +
      "rejects an entry with an empty `jsonPath`." +
      KEPT_ON_UPDATE,
    fix: "Set `jsonPath` to a dotted path to a string, boolean or integer field, e.g. `.spec.color`.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: 'openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {color: {type: string}, size: {type: number}}}}}\nselectableFields: [{jsonPath: ""}]\n',
    pass: "openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {color: {type: string}, size: {type: number}}}}}\nselectableFields: [{jsonPath: .spec.color}]\n",
  },
  check(ctx) {
    reportSelectable(ctx, "selectable-field-jsonpath-required");
  },
});
