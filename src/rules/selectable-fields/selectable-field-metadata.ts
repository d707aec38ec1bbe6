/** A selectableFields jsonPath must not point into metadata. */
import { defineRule } from "../define-rule.js";
import { KEPT_ON_UPDATE, reportSelectable } from "./evaluate.js";
import { CUSTOM_RESOURCE_FIELD_SELECTORS } from "../../k8s/releases.js";

export default defineRule({
  id: "selectable-field-metadata",
  category: "selectable-fields",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "A selectableFields jsonPath must not point into metadata.",
  phase: "crd",
  minMinor: CUSTOM_RESOURCE_FIELD_SELECTORS.alpha,
  messages: {
    inMetadata: "must not point to fields in metadata",
  },
  docs: {
    why:
      "Field selectors on `metadata.name` and `metadata.namespace` are built in; the apiserver rejects selectable " +
      "fields under `metadata`. This is only reachable when the schema declares the metadata field, since undeclared " +
      "paths fail as invalid paths first." +
      KEPT_ON_UPDATE,
    fix:
      "Remove the entry (`metadata.name` and `metadata.namespace` are always selectable), or select a field under " +
      "`spec` or `status`.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema: {type: object, properties: {metadata: {type: object, properties: {name: {type: string}}}, spec: {type: object, properties: {color: {type: string}}}}}\nselectableFields: [{jsonPath: .metadata.name}]\n",
    pass: "openAPIV3Schema: {type: object, properties: {metadata: {type: object, properties: {name: {type: string}}}, spec: {type: object, properties: {color: {type: string}}}}}\nselectableFields: [{jsonPath: .spec.color}]\n",
  },
  check(ctx) {
    reportSelectable(ctx, "selectable-field-metadata");
  },
});
