/** At most 8 selectable fields per version. */
import { defineRule } from "../define-rule.js";
import { KEPT_ON_UPDATE, reportSelectable } from "./evaluate.js";
import { CUSTOM_RESOURCE_FIELD_SELECTORS } from "../../k8s/releases.js";

export default defineRule({
  id: "selectable-fields-too-many",
  category: "selectable-fields",
  severity: "error",
  apiserver: true,
  type: "Too many",
  description: "At most 8 selectable fields per version.",
  phase: "crd",
  minMinor: CUSTOM_RESOURCE_FIELD_SELECTORS.alpha,
  messages: {
    tooMany: "must have at most {{max}} items",
  },
  docs: {
    why:
      "Every selectable field adds work to each list/watch with a field selector; the apiserver caps them at 8 " +
      "distinct valid paths per version." +
      KEPT_ON_UPDATE,
    fix: "Keep the 8 fields that are really filtered on.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {a: {type: string}, b: {type: string}, c: {type: string}, d: {type: string}, e: {type: string}, f: {type: string}, g: {type: string}, h: {type: string}, i: {type: string}}}}}\nselectableFields: [{jsonPath: .spec.a}, {jsonPath: .spec.b}, {jsonPath: .spec.c}, {jsonPath: .spec.d}, {jsonPath: .spec.e}, {jsonPath: .spec.f}, {jsonPath: .spec.g}, {jsonPath: .spec.h}, {jsonPath: .spec.i}]\n",
    pass: "openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {a: {type: string}, b: {type: string}}}}}\nselectableFields: [{jsonPath: .spec.a}, {jsonPath: .spec.b}]\n",
  },
  check(ctx) {
    reportSelectable(ctx, "selectable-fields-too-many");
  },
});
