/** The defaults rules, in id order. */
import type { Rule } from "../define-rule.js";
import defaultCelBudgetExceeded from "./default-cel-budget-exceeded.js";
import defaultCelRuleFailed from "./default-cel-rule-failed.js";
import defaultEmbeddedResourceInvalid from "./default-embedded-resource-invalid.js";
import defaultForbiddenInMetaAdditionalProperties from "./default-forbidden-in-meta-additional-properties.js";
import defaultForbiddenInTopLevelMeta from "./default-forbidden-in-top-level-meta.js";
import defaultInvalidMetadata from "./default-invalid-metadata.js";
import defaultNotPruned from "./default-not-pruned.js";
import defaultSchemaMismatch from "./default-schema-mismatch.js";
import defaultWithPreserveUnknownFields from "./default-with-preserve-unknown-fields.js";
import lintDefaultListDuplicates from "./lint-default-list-duplicates.js";
import lintDefaultNullableNull from "./lint-default-nullable-null.js";
import lintDefaultOnRequired from "./lint-default-on-required.js";
import lintDefaultUnderAdditionalProperties from "./lint-default-under-additional-properties.js";

export default [
  defaultCelBudgetExceeded,
  defaultCelRuleFailed,
  defaultEmbeddedResourceInvalid,
  defaultForbiddenInMetaAdditionalProperties,
  defaultForbiddenInTopLevelMeta,
  defaultInvalidMetadata,
  defaultNotPruned,
  defaultSchemaMismatch,
  defaultWithPreserveUnknownFields,
  lintDefaultListDuplicates,
  lintDefaultNullableNull,
  lintDefaultOnRequired,
  lintDefaultUnderAdditionalProperties,
] satisfies Rule[] as Rule[];
