/** The names rules, in id order. */
import type { Rule } from "../define-rule.js";
import apiApprovalInvalid from "./api-approval-invalid.js";
import apiApprovalMissing from "./api-approval-missing.js";
import crdGenerateNameUsed from "./crd-generate-name-used.js";
import crdMetadataInvalid from "./crd-metadata-invalid.js";
import crdNameMismatch from "./crd-name-mismatch.js";
import crdNameNotDnsSubdomain from "./crd-name-not-dns-subdomain.js";
import crdNameRequired from "./crd-name-required.js";
import groupNeedsDot from "./group-needs-dot.js";
import groupNotDnsSubdomain from "./group-not-dns-subdomain.js";
import groupRequired from "./group-required.js";
import infoCrdNamespaceCleared from "./info-crd-namespace-cleared.js";
import lintNamesCategoryAll from "./lint-names-category-all.js";
import lintNamesDuplicateShortname from "./lint-names-duplicate-shortname.js";
import lintNamesListkindNotKindList from "./lint-names-listkind-not-kind-list.js";
import lintNamesShadowBuiltin from "./lint-names-shadow-builtin.js";
import lintNamesSingularNotLowerKind from "./lint-names-singular-not-lower-kind.js";
import namesCategoryInvalid from "./names-category-invalid.js";
import namesKindEqualsListkind from "./names-kind-equals-listkind.js";
import namesKindInvalid from "./names-kind-invalid.js";
import namesKindRequired from "./names-kind-required.js";
import namesListkindInvalid from "./names-listkind-invalid.js";
import namesListkindRequired from "./names-listkind-required.js";
import namesPluralInvalid from "./names-plural-invalid.js";
import namesPluralRequired from "./names-plural-required.js";
import namesShortnameInvalid from "./names-shortname-invalid.js";
import namesSingularInvalid from "./names-singular-invalid.js";
import namesSingularRequired from "./names-singular-required.js";
import scopeRequired from "./scope-required.js";
import scopeUnsupported from "./scope-unsupported.js";

export default [
  apiApprovalInvalid,
  apiApprovalMissing,
  crdGenerateNameUsed,
  crdMetadataInvalid,
  crdNameMismatch,
  crdNameNotDnsSubdomain,
  crdNameRequired,
  groupNeedsDot,
  groupNotDnsSubdomain,
  groupRequired,
  infoCrdNamespaceCleared,
  lintNamesCategoryAll,
  lintNamesDuplicateShortname,
  lintNamesListkindNotKindList,
  lintNamesShadowBuiltin,
  lintNamesSingularNotLowerKind,
  namesCategoryInvalid,
  namesKindEqualsListkind,
  namesKindInvalid,
  namesKindRequired,
  namesListkindInvalid,
  namesListkindRequired,
  namesPluralInvalid,
  namesPluralRequired,
  namesShortnameInvalid,
  namesSingularInvalid,
  namesSingularRequired,
  scopeRequired,
  scopeUnsupported,
] satisfies Rule[] as Rule[];
