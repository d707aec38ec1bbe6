/** The schema-level revision rules (B21–B43: one per kind of change of a version schema, §B.6 names) and the --objects replay, in id order. */
import type { Rule } from "../define-rule.js";
import revisionAdditionalPropertiesChanged from "./revision-additional-properties-changed.js";
import revisionBoundsLoosened from "./revision-bounds-loosened.js";
import revisionBoundsTightened from "./revision-bounds-tightened.js";
import revisionCelRuleAdded from "./revision-cel-rule-added.js";
import revisionCelRuleChanged from "./revision-cel-rule-changed.js";
import revisionDefaultChanged from "./revision-default-changed.js";
import revisionDescriptionChanged from "./revision-description-changed.js";
import revisionEmbeddedResourceChanged from "./revision-embedded-resource-changed.js";
import revisionEnumAdded from "./revision-enum-added.js";
import revisionEnumValueAdded from "./revision-enum-value-added.js";
import revisionEnumValueRemoved from "./revision-enum-value-removed.js";
import revisionExclusiveBoundAdded from "./revision-exclusive-bound-added.js";
import revisionFieldRemoved from "./revision-field-removed.js";
import revisionFieldRenamed from "./revision-field-renamed.js";
import revisionFormatChanged from "./revision-format-changed.js";
import revisionIntOrStringChanged from "./revision-int-or-string-changed.js";
import revisionListTypeChanged from "./revision-list-type-changed.js";
import revisionMapTypeChanged from "./revision-map-type-changed.js";
import revisionMultipleOfChanged from "./revision-multiple-of-changed.js";
import revisionObjectInvalid from "./revision-object-invalid.js";
import revisionObjectReadChanged from "./revision-object-read-changed.js";
import revisionNullableChanged from "./revision-nullable-changed.js";
import revisionPatternChanged from "./revision-pattern-changed.js";
import revisionPreserveUnknownFieldsRemoved from "./revision-preserve-unknown-fields-removed.js";
import revisionQuantorChanged from "./revision-quantor-changed.js";
import revisionRequiredAdded from "./revision-required-added.js";
import revisionTypeChanged from "./revision-type-changed.js";

const rules: Rule[] = [
  revisionAdditionalPropertiesChanged,
  revisionBoundsLoosened,
  revisionBoundsTightened,
  revisionCelRuleAdded,
  revisionCelRuleChanged,
  revisionDefaultChanged,
  revisionDescriptionChanged,
  revisionEmbeddedResourceChanged,
  revisionEnumAdded,
  revisionEnumValueAdded,
  revisionEnumValueRemoved,
  revisionExclusiveBoundAdded,
  revisionFieldRemoved,
  revisionFieldRenamed,
  revisionFormatChanged,
  revisionIntOrStringChanged,
  revisionListTypeChanged,
  revisionMapTypeChanged,
  revisionMultipleOfChanged,
  revisionNullableChanged,
  revisionObjectInvalid,
  revisionObjectReadChanged,
  revisionPatternChanged,
  revisionPreserveUnknownFieldsRemoved,
  revisionQuantorChanged,
  revisionRequiredAdded,
  revisionTypeChanged,
];

export default rules;
