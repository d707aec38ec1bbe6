/** The selectable-fields rules, in id order. */
import type { Rule } from "../define-rule.js";
import selectableFieldDuplicate from "./selectable-field-duplicate.js";
import selectableFieldJsonpathInvalid from "./selectable-field-jsonpath-invalid.js";
import selectableFieldJsonpathRequired from "./selectable-field-jsonpath-required.js";
import selectableFieldMetadata from "./selectable-field-metadata.js";
import selectableFieldType from "./selectable-field-type.js";
import selectableFieldsTooMany from "./selectable-fields-too-many.js";
import selectableFieldsWithoutSchema from "./selectable-fields-without-schema.js";
import lintSelectableFieldsDropped from "./lint-selectable-fields-dropped.js";
export default [
  lintSelectableFieldsDropped,
  selectableFieldDuplicate,
  selectableFieldJsonpathInvalid,
  selectableFieldJsonpathRequired,
  selectableFieldMetadata,
  selectableFieldType,
  selectableFieldsTooMany,
  selectableFieldsWithoutSchema,
] satisfies Rule[] as Rule[];
