/** The structural rules, in id order. */
import type { Rule } from "../define-rule.js";
import schemaNotChecked from "./schema-not-checked.js";
import structuralAdditionalPropertiesAtRoot from "./structural-additional-properties-at-root.js";
import structuralApiversionType from "./structural-apiversion-type.js";
import structuralConversionFailed from "./structural-conversion-failed.js";
import structuralEmbeddedResourceAdditionalProperties from "./structural-embedded-resource-additional-properties.js";
import structuralEmbeddedResourceProperties from "./structural-embedded-resource-properties.js";
import structuralEmbeddedResourceType from "./structural-embedded-resource-type.js";
import structuralIntOrStringEmbedded from "./structural-int-or-string-embedded.js";
import structuralIntOrStringPreserveUnknown from "./structural-int-or-string-preserve-unknown.js";
import structuralItemsMissing from "./structural-items-missing.js";
import structuralKindType from "./structural-kind-type.js";
import structuralMetadataRestricted from "./structural-metadata-restricted.js";
import structuralMetadataType from "./structural-metadata-type.js";
import structuralNestedAdditionalProperties from "./structural-nested-additional-properties.js";
import structuralNestedDefault from "./structural-nested-default.js";
import structuralNestedDescription from "./structural-nested-description.js";
import structuralNestedEmbeddedResource from "./structural-nested-embedded-resource.js";
import structuralNestedIntOrString from "./structural-nested-int-or-string.js";
import structuralNestedListMapKeys from "./structural-nested-list-map-keys.js";
import structuralNestedListType from "./structural-nested-list-type.js";
import structuralNestedMapType from "./structural-nested-map-type.js";
import structuralNestedMetadata from "./structural-nested-metadata.js";
import structuralNestedNullable from "./structural-nested-nullable.js";
import structuralNestedPreserveUnknownFields from "./structural-nested-preserve-unknown-fields.js";
import structuralNestedTitle from "./structural-nested-title.js";
import structuralNestedType from "./structural-nested-type.js";
import structuralNestedValidations from "./structural-nested-validations.js";
import structuralRootTypeNotObject from "./structural-root-type-not-object.js";
import structuralTypeMissing from "./structural-type-missing.js";
import structuralValueValidationIncomplete from "./structural-value-validation-incomplete.js";

export default [
  schemaNotChecked,
  structuralAdditionalPropertiesAtRoot,
  structuralApiversionType,
  structuralConversionFailed,
  structuralEmbeddedResourceAdditionalProperties,
  structuralEmbeddedResourceProperties,
  structuralEmbeddedResourceType,
  structuralIntOrStringEmbedded,
  structuralIntOrStringPreserveUnknown,
  structuralItemsMissing,
  structuralKindType,
  structuralMetadataRestricted,
  structuralMetadataType,
  structuralNestedAdditionalProperties,
  structuralNestedDefault,
  structuralNestedDescription,
  structuralNestedEmbeddedResource,
  structuralNestedIntOrString,
  structuralNestedListMapKeys,
  structuralNestedListType,
  structuralNestedMapType,
  structuralNestedMetadata,
  structuralNestedNullable,
  structuralNestedPreserveUnknownFields,
  structuralNestedTitle,
  structuralNestedType,
  structuralNestedValidations,
  structuralRootTypeNotObject,
  structuralTypeMissing,
  structuralValueValidationIncomplete,
] satisfies Rule[] as Rule[];
