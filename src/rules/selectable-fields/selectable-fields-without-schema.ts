/** selectableFields where, after hoisting, no schema is there to resolve them against. */
import { defineRule } from "../define-rule.js";
import { KEPT_ON_UPDATE, reportSelectable } from "./evaluate.js";
import { CUSTOM_RESOURCE_FIELD_SELECTORS } from "../../k8s/releases.js";

export default defineRule({
  id: "selectable-fields-without-schema",
  category: "selectable-fields",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "selectableFields where, after hoisting, no schema is there to resolve them against.",
  phase: "crd",
  minMinor: CUSTOM_RESOURCE_FIELD_SELECTORS.alpha,
  messages: {
    topLevelWithoutSchema: "may only be set when validations.schema is included",
    topLevelWithoutSchemaBefore134: "selectableFields may only be set when validations.schema is included",
    versionWithoutSchema: "may only be set when `version.schema.openAPIV3Schema` is not included",
    versionWithoutSchemaBefore134:
      "selectableFields may only be set when version.schema.openAPIV3Schema is not included",
  },
  docs: {
    why:
      "The v1 to internal conversion hoists identical per-version fields to the top level, deciding separately for " +
      "the schema and for selectableFields. When every version carries the same selectableFields but the schemas " +
      "differ, the list moves to `spec.selectableFields` while the schemas stay per version, and the apiserver " +
      'rejects it once with `spec.selectableFields: Invalid value: "": may only be set when validations.schema is ' +
      "included` (no entry is checked). When the schemas are identical but the lists differ, every version with a " +
      "list is rejected at `spec.versions[i].selectableFields` (verify against a live apiserver: no upstream test " +
      "covers it). A schema that cannot be converted to structural form is reported by this rule too, at the schema " +
      "path." +
      KEPT_ON_UPDATE,
    fix:
      "Declare the selectable fields only on the versions that need them when the schemas differ, or give every " +
      "version the same list when the schemas are identical.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "versions:\n- name: v1\n  served: true\n  storage: true\n  schema: {openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {color: {type: string}, size: {type: integer}}}}}}\n  selectableFields: [{jsonPath: .spec.color}]\n- name: v1beta1\n  served: true\n  storage: false\n  schema: {openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {color: {type: string}}}}}}\n  selectableFields: [{jsonPath: .spec.color}]\n",
    pass: "versions:\n- name: v1\n  served: true\n  storage: true\n  schema: {openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {color: {type: string}, size: {type: integer}}}}}}\n  selectableFields: [{jsonPath: .spec.color}]\n- name: v1beta1\n  served: true\n  storage: false\n  schema: {openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {color: {type: string}}}}}}\n",
  },
  check(ctx) {
    reportSelectable(ctx, "selectable-fields-without-schema");
  },
});
