/** The forbidden-field rules, in id order. */
import type { Rule } from "../define-rule.js";
import forbiddenAdditionalPropertiesWithProperties from "./forbidden-additional-properties-with-properties.js";
import forbiddenEmbeddedResourceInMeta from "./forbidden-embedded-resource-in-meta.js";
import forbiddenFieldAdditionalItems from "./forbidden-field-additional-items.js";
import forbiddenFieldDefinitions from "./forbidden-field-definitions.js";
import forbiddenFieldDependencies from "./forbidden-field-dependencies.js";
import forbiddenFieldId from "./forbidden-field-id.js";
import forbiddenFieldPatternProperties from "./forbidden-field-pattern-properties.js";
import forbiddenFieldRef from "./forbidden-field-ref.js";
import forbiddenItemsArray from "./forbidden-items-array.js";
import forbiddenPreserveUnknownFieldsFalse from "./forbidden-preserve-unknown-fields-false.js";
import forbiddenRootNullable from "./forbidden-root-nullable.js";
import forbiddenTypeNull from "./forbidden-type-null.js";
import forbiddenUniqueItems from "./forbidden-unique-items.js";

export default [
  forbiddenAdditionalPropertiesWithProperties,
  forbiddenEmbeddedResourceInMeta,
  forbiddenFieldAdditionalItems,
  forbiddenFieldDefinitions,
  forbiddenFieldDependencies,
  forbiddenFieldId,
  forbiddenFieldPatternProperties,
  forbiddenFieldRef,
  forbiddenItemsArray,
  forbiddenPreserveUnknownFieldsFalse,
  forbiddenRootNullable,
  forbiddenTypeNull,
  forbiddenUniqueItems,
] satisfies Rule[] as Rule[];
