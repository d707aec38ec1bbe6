/** The list-types rules, in id order. */
import type { Rule } from "../define-rule.js";
import lintListMapKeyNotRequiredButDefaulted from "./lint-list-map-key-not-required-but-defaulted.js";
import lintListTypeMissing from "./lint-list-type-missing.js";
import listMapItemsNotObject from "./list-map-items-not-object.js";
import listMapItemsRequired from "./list-map-items-required.js";
import listMapItemsSingleSchema from "./list-map-items-single-schema.js";
import listMapKeyDefaultOrRequired from "./list-map-key-default-or-required.js";
import listMapKeyNotProperty from "./list-map-key-not-property.js";
import listMapKeyNotScalar from "./list-map-key-not-scalar.js";
import listMapKeyNullable from "./list-map-key-nullable.js";
import listMapKeysDuplicate from "./list-map-keys-duplicate.js";
import listMapKeysRequireMap from "./list-map-keys-require-map.js";
import listMapKeysRequired from "./list-map-keys-required.js";
import listSetItemsNotAtomic from "./list-set-items-not-atomic.js";
import listSetMapItemsNullable from "./list-set-map-items-nullable.js";
import listTypeRequiresArray from "./list-type-requires-array.js";
import listTypeSetNonScalar from "./list-type-set-non-scalar.js";
import listTypeUnsupported from "./list-type-unsupported.js";
import mapTypeRequiresObject from "./map-type-requires-object.js";
import mapTypeUnsupported from "./map-type-unsupported.js";

export default [
  lintListMapKeyNotRequiredButDefaulted,
  lintListTypeMissing,
  listMapItemsNotObject,
  listMapItemsRequired,
  listMapItemsSingleSchema,
  listMapKeyDefaultOrRequired,
  listMapKeyNotProperty,
  listMapKeyNotScalar,
  listMapKeyNullable,
  listMapKeysDuplicate,
  listMapKeysRequireMap,
  listMapKeysRequired,
  listSetItemsNotAtomic,
  listSetMapItemsNullable,
  listTypeRequiresArray,
  listTypeSetNonScalar,
  listTypeUnsupported,
  mapTypeRequiresObject,
  mapTypeUnsupported,
] satisfies Rule[] as Rule[];
