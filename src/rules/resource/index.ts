/** The resource rules (emitted by `crdlint validate`), in id order. */
import type { Rule } from "../define-rule.js";
import resourceCelCostExceeded from "./resource-cel-cost-exceeded.js";
import resourceCelNotChecked from "./resource-cel-not-checked.js";
import resourceCelRatcheted from "./resource-cel-ratcheted.js";
import resourceCelRuleFailed from "./resource-cel-rule-failed.js";
import resourceCrdInvalid from "./resource-crd-invalid.js";
import resourceDecodeFailed from "./resource-decode-failed.js";
import resourceEmbeddedInvalid from "./resource-embedded-invalid.js";
import resourceFinalizerName from "./resource-finalizer-name.js";
import resourceKindNotFound from "./resource-kind-not-found.js";
import resourceListTypeDuplicate from "./resource-list-type-duplicate.js";
import resourceMetadataInvalid from "./resource-metadata-invalid.js";
import resourceScaleInvalid from "./resource-scale-invalid.js";
import resourceSchemaInvalid from "./resource-schema-invalid.js";
import resourceTypeMetaMissing from "./resource-type-meta-missing.js";
import resourceUnknownField from "./resource-unknown-field.js";
import resourceVersionDeprecated from "./resource-version-deprecated.js";
import resourceVersionNotServed from "./resource-version-not-served.js";

export default [
  resourceCelCostExceeded,
  resourceCelNotChecked,
  resourceCelRatcheted,
  resourceCelRuleFailed,
  resourceCrdInvalid,
  resourceDecodeFailed,
  resourceEmbeddedInvalid,
  resourceFinalizerName,
  resourceKindNotFound,
  resourceListTypeDuplicate,
  resourceMetadataInvalid,
  resourceScaleInvalid,
  resourceSchemaInvalid,
  resourceTypeMetaMissing,
  resourceUnknownField,
  resourceVersionDeprecated,
  resourceVersionNotServed,
] satisfies Rule[] as Rule[];
