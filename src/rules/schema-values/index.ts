/** The schema-values rules, in id order. */
import type { Rule } from "../define-rule.js";
import lintBoundsInverted from "./lint-bounds-inverted.js";
import lintEnumTypeMismatch from "./lint-enum-type-mismatch.js";
import lintExclusiveBoundWithoutBound from "./lint-exclusive-bound-without-bound.js";
import lintFormatOnNonString from "./lint-format-on-non-string.js";
import lintIntOrStringWithType from "./lint-int-or-string-with-type.js";
import lintMissingDescription from "./lint-missing-description.js";
import lintPreserveUnknownFieldsRoot from "./lint-preserve-unknown-fields-root.js";
import lintRequiredNotInProperties from "./lint-required-not-in-properties.js";
import schemaFormatUnrecognized from "./schema-format-unrecognized.js";
import schemaPatternInvalid from "./schema-pattern-invalid.js";
import schemaTypeUnsupported from "./schema-type-unsupported.js";

export default [
  lintBoundsInverted,
  lintEnumTypeMismatch,
  lintExclusiveBoundWithoutBound,
  lintFormatOnNonString,
  lintIntOrStringWithType,
  lintMissingDescription,
  lintPreserveUnknownFieldsRoot,
  lintRequiredNotInProperties,
  schemaFormatUnrecognized,
  schemaPatternInvalid,
  schemaTypeUnsupported,
] satisfies Rule[] as Rule[];
