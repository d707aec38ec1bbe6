/** The versions rules, in id order. */
import type { Rule } from "../define-rule.js";
import crdRejectedInClaimedRange from "./crd-rejected-in-claimed-range.js";
import crdV1beta1Deprecated from "./crd-v1beta1-deprecated.js";
import crdV1beta1Removed from "./crd-v1beta1-removed.js";
import deprecationWarningEmpty from "./deprecation-warning-empty.js";
import deprecationWarningNotDeprecated from "./deprecation-warning-not-deprecated.js";
import deprecationWarningNotPrintable from "./deprecation-warning-not-printable.js";
import deprecationWarningTooLong from "./deprecation-warning-too-long.js";
import lintDeprecatedStorageVersion from "./lint-deprecated-storage-version.js";
import lintDeprecationWarningRedundant from "./lint-deprecation-warning-redundant.js";
import lintGaServedAlphaStorage from "./lint-ga-served-alpha-storage.js";
import lintNoServedVersion from "./lint-no-served-version.js";
import lintPreferredVersionDeprecated from "./lint-preferred-version-deprecated.js";
import lintStorageVersionNotHighestPriority from "./lint-storage-version-not-highest-priority.js";
import lintStorageVersionNotServed from "./lint-storage-version-not-served.js";
import lintVersionNotKubeLike from "./lint-version-not-kube-like.js";
import preserveUnknownFieldsTrue from "./preserve-unknown-fields-true.js";
import schemaRequired from "./schema-required.js";
import storedVersionsEmpty from "./stored-versions-empty.js";
import storedVersionsMissingStorageVersion from "./stored-versions-missing-storage-version.js";
import versionNameInvalid from "./version-name-invalid.js";
import versionNameInvalidSpecVersion from "./version-name-invalid-spec-version.js";
import versionsDuplicateName from "./versions-duplicate-name.js";
import versionsStorageCount from "./versions-storage-count.js";

export default [
  crdRejectedInClaimedRange,
  crdV1beta1Deprecated,
  crdV1beta1Removed,
  deprecationWarningEmpty,
  deprecationWarningNotDeprecated,
  deprecationWarningNotPrintable,
  deprecationWarningTooLong,
  lintDeprecatedStorageVersion,
  lintDeprecationWarningRedundant,
  lintGaServedAlphaStorage,
  lintNoServedVersion,
  lintPreferredVersionDeprecated,
  lintStorageVersionNotHighestPriority,
  lintStorageVersionNotServed,
  lintVersionNotKubeLike,
  preserveUnknownFieldsTrue,
  schemaRequired,
  storedVersionsEmpty,
  storedVersionsMissingStorageVersion,
  versionNameInvalid,
  versionNameInvalidSpecVersion,
  versionsDuplicateName,
  versionsStorageCount,
] satisfies Rule[] as Rule[];
