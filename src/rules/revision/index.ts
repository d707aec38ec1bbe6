/** The revision rules (OLD → NEW of one CRD), in id order. */
import type { Rule } from "../define-rule.js";
import revisionCategoriesRemoved from "./revision-categories-removed.js";
import revisionConversionCabundleInvalid from "./revision-conversion-cabundle-invalid.js";
import revisionConversionNoneSchemaMismatch from "./revision-conversion-none-schema-mismatch.js";
import revisionConversionReviewVersionsChanged from "./revision-conversion-review-versions-changed.js";
import revisionConversionWebhookAdded from "./revision-conversion-webhook-added.js";
import revisionConversionWebhookRemoved from "./revision-conversion-webhook-removed.js";
import revisionCrdAdded from "./revision-crd-added.js";
import revisionCrdDuplicate from "./revision-crd-duplicate.js";
import revisionCrdRemoved from "./revision-crd-removed.js";
import revisionOldSkipped from "./revision-old-skipped.js";
import revisionGroupChanged from "./revision-group-changed.js";
import revisionKindChanged from "./revision-kind-changed.js";
import revisionPluralChanged from "./revision-plural-changed.js";
import revisionPreserveUnknownFieldsDisabled from "./revision-preserve-unknown-fields-disabled.js";
import revisionPrinterColumnsChanged from "./revision-printer-columns-changed.js";
import revisionScaleSubresourceChanged from "./revision-scale-subresource-changed.js";
import revisionScopeChanged from "./revision-scope-changed.js";
import revisionSelectableFieldsChanged from "./revision-selectable-fields-changed.js";
import revisionShortNamesRemoved from "./revision-short-names-removed.js";
import revisionSingularChanged from "./revision-singular-changed.js";
import revisionStatusSubresourceChanged from "./revision-status-subresource-changed.js";
import revisionStorageVersionChanged from "./revision-storage-version-changed.js";
import revisionStoredVersionRemoved from "./revision-stored-version-removed.js";
import revisionVersionDeprecated from "./revision-version-deprecated.js";
import revisionVersionPriorityChanged from "./revision-version-priority-changed.js";
import revisionVersionRemoved from "./revision-version-removed.js";
import revisionVersionRenamed from "./revision-version-renamed.js";
import revisionVersionUnserved from "./revision-version-unserved.js";
import schemaRules from "./schema-rules.js";

const rules: Rule[] = [
  revisionCategoriesRemoved,
  revisionConversionCabundleInvalid,
  revisionConversionNoneSchemaMismatch,
  revisionConversionReviewVersionsChanged,
  revisionConversionWebhookAdded,
  revisionConversionWebhookRemoved,
  revisionCrdAdded,
  revisionCrdDuplicate,
  revisionCrdRemoved,
  revisionOldSkipped,
  revisionGroupChanged,
  revisionKindChanged,
  revisionPluralChanged,
  revisionPreserveUnknownFieldsDisabled,
  revisionPrinterColumnsChanged,
  revisionScaleSubresourceChanged,
  revisionScopeChanged,
  revisionSelectableFieldsChanged,
  revisionShortNamesRemoved,
  revisionSingularChanged,
  revisionStatusSubresourceChanged,
  revisionStorageVersionChanged,
  revisionStoredVersionRemoved,
  revisionVersionDeprecated,
  revisionVersionPriorityChanged,
  revisionVersionRemoved,
  revisionVersionRenamed,
  revisionVersionUnserved,
  // The schema-level rules (B21–B43) and the --objects replay are listed in schema-rules.ts.
  ...schemaRules,
].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

export default rules;
