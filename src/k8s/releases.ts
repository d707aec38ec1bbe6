/**
 * The release table: every behaviour of the apiserver that changed at a Kubernetes release, by name, with the first
 * minor release that has it, and the feature gates whose default decides what the apiserver does with a CRD. Code asks
 * `releaseHas(minor, "name")` (or `enabledByDefault(gate, minor)`) instead of comparing `minor` with a number, so that
 * what changed at a release is read in one place (and a new release is added here); scripts/check-releases.mjs fails
 * on a release literal anywhere else.
 *
 * Two kinds of release data stay beside what they describe, because each is one number of one thing rather than a
 * behaviour code branches on: a rule's `minMinor`/`maxMinor` (its metadata, shown in its docs; a rule whose range is a
 * behaviour or a gate of this table names it there), and a field's `since`/`until` in src/crd/crd-v1.schema.ts (the
 * history of the Go API type, from which the decoders are generated). Both are judged by `inReleaseRange` here.
 */

/** The releases crdlint knows: the table's bounds (`--kubernetes-version` outside them is refused). */
export const OLDEST_KUBERNETES_MINOR = 16;
export const NEWEST_KUBERNETES_MINOR = 37;

/**
 * The next release, before it ships: `--kubernetes-version 1.38` is accepted and its behaviours below were read from
 * the pre-release modules named here (k8s.io/apiextensions-apiserver, apiserver, apimachinery at that version), which
 * every output names. It is no default and no member of knownReleases(): what it does can still change before 1.38.0.
 * v0.38.0-beta.0 is newer, but the module proxy does not serve all of its dependencies (k8s.io/apiextensions-api,
 * sigs.k8s.io/structured-merge-diff/v7 v7.0.1), so the oracle cannot be built from it; alpha.2 is the newest that builds.
 */
export const PRERELEASE_KUBERNETES_MINOR = 38;
export const PRERELEASE_MODULE_VERSION = "v0.38.0-alpha.2";

/** The pre-release module version Kubernetes 1.<minor> was read from, or undefined for a released minor. */
export function prereleaseOf(minor: number): string | undefined {
  return minor === PRERELEASE_KUBERNETES_MINOR ? PRERELEASE_MODULE_VERSION : undefined;
}

/** Whether crdlint knows Kubernetes 1.<minor> (a released minor or the pre-release). */
export function isKnownRelease(minor: number): boolean {
  return inReleaseRange(minor, OLDEST_KUBERNETES_MINOR, NEWEST_KUBERNETES_MINOR) || prereleaseOf(minor) !== undefined;
}

/** Every release crdlint knows, oldest first. */
export function knownReleases(): number[] {
  const out: number[] = [];
  for (let minor = OLDEST_KUBERNETES_MINOR; minor <= NEWEST_KUBERNETES_MINOR; minor++) out.push(minor);
  return out;
}

/** Whether 1.<minor> is in the range `since` to `until` (both inclusive; an end left undefined is open). */
export function inReleaseRange(minor: number, since: number | undefined, until?: number): boolean {
  return (since === undefined || minor >= since) && (until === undefined || minor <= until);
}

// ---- Upstream support
// `-k supported` means the minors the Kubernetes project still patches on the run's date: a minor is supported from
// its release day until its end of life (about fourteen months later), both days included. The dates are upstream's
// (kubernetes.io/releases and kubernetes/website:data/releases/schedule.yaml, "endOfLifeDate"); the last two are the
// schedule's planned dates, which upstream has kept for every minor since 1.19. A minor without dates here is out
// of support on any date a run can have (crdlint's older releases).

interface SupportWindow {
  /** The day 1.<minor>.0 was released (YYYY-MM-DD, UTC). */
  readonly released: string;
  /** The last day upstream patches the minor. */
  readonly endOfLife: string;
}

export const RELEASE_SUPPORT: Readonly<Record<number, SupportWindow>> = {
  28: { released: "2023-08-15", endOfLife: "2024-10-28" },
  29: { released: "2023-12-13", endOfLife: "2025-02-28" },
  30: { released: "2024-04-17", endOfLife: "2025-06-28" },
  31: { released: "2024-08-13", endOfLife: "2025-10-28" },
  32: { released: "2024-12-11", endOfLife: "2026-02-28" },
  33: { released: "2025-04-23", endOfLife: "2026-06-28" },
  34: { released: "2025-08-27", endOfLife: "2026-10-27" },
  35: { released: "2025-12-17", endOfLife: "2027-02-28" },
  36: { released: "2026-04-22", endOfLife: "2027-06-28" },
  37: { released: "2026-08-19", endOfLife: "2027-10-28" },
};

/** The minors crdlint knows that upstream supports on `date` (its UTC day), oldest first. */
export function supportedReleases(date: Date): number[] {
  const day = date.toISOString().slice(0, 10);
  return knownReleases().filter((minor) => {
    const w = RELEASE_SUPPORT[minor];
    return w !== undefined && w.released <= day && day <= w.endOfLife;
  });
}

// ---- Feature gates
// crdlint assumes a cluster that runs with default gates: a gate that is off by default at the target release means
// the field it guards is dropped (or, for ServerSideFieldValidation, that unknown fields are dropped) before
// validation, so the checks of that field do not run there. docs/feature-gates.md has the whole table.
// Upstream: kubernetes/apiserver:pkg/features/kube_features.go (ServerSideFieldValidation,
//           CustomResourceValidationExpressions), kubernetes/apiextensions-apiserver:pkg/features/kube_features.go
//           (CRDValidationRatcheting, CustomResourceFieldSelectors), and the drop of gated fields in
//           kubernetes/apiextensions-apiserver:pkg/registry/customresourcedefinition/strategy.go (dropDisabledFields).

export interface FeatureGate {
  readonly name: string;
  /** First minor with the gate (alpha, off by default). */
  readonly alpha: number;
  /** First minor where the gate is on by default (beta). */
  readonly onByDefault: number;
  /** First minor where the gate is GA (locked on). */
  readonly ga: number;
}

/** Strict decoding of request bodies (unknown and duplicate fields rejected under kubectl's default `--validate=strict`). */
export const SERVER_SIDE_FIELD_VALIDATION: FeatureGate = {
  name: "ServerSideFieldValidation",
  alpha: 23,
  onByDefault: 25,
  ga: 27,
};

/** `x-kubernetes-validations` (CEL rules): dropped from the structural part of every schema while off. */
export const CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS: FeatureGate = {
  name: "CustomResourceValidationExpressions",
  alpha: 23,
  onByDefault: 25,
  ga: 29,
};

/** `optionalOldSelf` on validation rules: dropped while off. */
export const CRD_VALIDATION_RATCHETING: FeatureGate = {
  name: "CRDValidationRatcheting",
  alpha: 28,
  onByDefault: 30,
  ga: 33,
};

/** `selectableFields` (spec and per version): dropped while off. */
export const CUSTOM_RESOURCE_FIELD_SELECTORS: FeatureGate = {
  name: "CustomResourceFieldSelectors",
  alpha: 30,
  onByDefault: 31,
  ga: 32,
};

/** Whether the gate exists and is on by default in Kubernetes 1.<minor>. */
export function enabledByDefault(gate: FeatureGate, minor: number): boolean {
  return minor >= gate.onByDefault;
}

// ---- Behaviours

interface ReleaseBehaviour {
  /** The first minor release (1.N) that behaves so. */
  readonly since: number;
  /** What changes, in the apiserver's terms. */
  readonly what: string;
  /** owner/repo:path (function) of the upstream change, where one place says it. */
  readonly upstream?: string;
}

export const RELEASE_BEHAVIOURS = {
  // ---- CRD validation, values, objectmeta, decoding (src/k8s, src/load, src/crd, src/values, src/rules, src/engine)
  statusRootAllowsValidations: {
    since: CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS.alpha,
    what: "the status subresource's root schema may also have x-kubernetes-validations (the message lists XValidations among the allowed fields)",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go (ValidateCustomResourceDefinitionSpec)",
  },
  v1beta1Removed: {
    since: 22,
    what: "apiextensions.k8s.io/v1beta1 is no longer served; before, an update of a v1beta1 CRD is judged in the v1 form it converts to",
  },
  clusterNameRemoved: {
    since: 25,
    what: "ObjectMeta has no clusterName field: a custom resource's metadata.clusterName is an unknown field",
    upstream: "kubernetes/apimachinery:pkg/apis/meta/v1/types.go (ObjectMeta)",
  },
  preserveUnknownFieldsMessageNamesExtension: {
    since: 25,
    what: "spec.preserveUnknownFields: true is refused with a message naming x-kubernetes-preserve-unknown-fields (was x-preserve-unknown-fields)",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go (validatePreserveUnknownFields)",
  },
  messageExpression: {
    since: 27,
    what: "a validation rule's messageExpression is compiled (and judged) after a rule that compiles to a bool",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/cel/compilation.go (compileRule)",
  },
  propertyCountGoesOn: {
    since: 28,
    what: "an object under minProperties or over maxProperties still has its properties and required fields validated (kube-openapi no longer returns at the count error)",
    upstream:
      "kubernetes/kube-openapi:pkg/validation/validate/object_validator.go (Validate; kube-openapi#412, 2023-07, picked up by 1.28)",
  },
  ratcheting: {
    since: CRD_VALIDATION_RATCHETING.onByDefault,
    what: "CRDValidationRatcheting on by default: an update's unchanged invalid values pass, and optionalOldSelf is kept",
    upstream: "kubernetes/apiextensions-apiserver:pkg/features/kube_features.go (CRDValidationRatcheting)",
  },
  celBlockedByUnsupportedValue: {
    since: 29,
    what: "an Unsupported value (enum) error blocks a custom resource's CEL rules, as Required, Too long, Too many and a wrong type do (before: the rules ran)",
    upstream: "kubernetes/apiextensions-apiserver:pkg/registry/customresource/strategy.go (hasBlockingErr)",
  },
  customResourceFinalizerWarnings: {
    since: 29,
    what: "a custom resource's create or update warns about the finalizer names it adds that are not domain-qualified (1.28's strategy warns about nothing)",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/registry/customresource/strategy.go (WarningsOnCreate, generateWarningsFromObj)",
  },
  validationRuleSixFields: {
    since: 30,
    what: "apiextensions.ValidationRule has its six fields (Rule to OptionalOldSelf), so a field error's %#v of one is written out whole (the oracle checks it at 1.33)",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/types_jsonschema.go (ValidationRule)",
  },
  tooLongReworded: {
    since: 32,
    what: 'field.TooLong says "may not be more than N bytes" (was "must have at most N bytes"; a value validator\'s "may not be longer than N")',
    upstream: "kubernetes/apimachinery:pkg/util/validation/field/errors.go (TooLong)",
  },
  storedVersionMissingExplained: {
    since: 33,
    what: 'a stored version missing from spec.versions is reported with why it must stay (was "must appear in spec.versions")',
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go (ValidateCustomResourceDefinitionStoredVersions)",
  },
  tooManySelectableFieldsKept: {
    since: 35,
    what: "an update may keep more than 8 selectableFields when OLD had them, unchanged (before, the list is rejected as on create)",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go (findTooManySelectableFieldsAllowed)",
  },
  nestedAdditionalPropertiesFalseDropped: {
    since: 31,
    what: "`additionalProperties: false` inside allOf/anyOf/oneOf/not is dropped by NewStructural, so it is not forbidden (a schema or `true` still is) and a default is validated as if it were absent",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/convert.go (newNestedValueValidation)",
  },
  celNullFieldsSkippedInEquality: {
    since: 34,
    what: "CEL equality of two objects skips a field both hold as null (before, a null field of the other object was a missing one: the objects were unequal, even an object compared with itself)",
    upstream: "kubernetes/apiserver:pkg/cel/common/valuesunstructured.go (unstructuredMap.Equal)",
  },
  celFieldPathPerRule: {
    since: 30,
    what: "a failed validation rule's fieldPath locates that rule's error only (before, it was appended to the node's path, so the rules after it reported under it too)",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/cel/validation.go (validateExpressions)",
  },
  finalizerPathHint: {
    since: 32,
    what: 'a finalizer name without a path but with a dot is warned about "including a path (/)" (before, one wording for every finalizer without a path)',
    upstream: "kubernetes/apiextensions-apiserver:pkg/registry/customresource/validator.go (validateKubeFinalizerName)",
  },
  ownerReferenceEmptyReworded: {
    since: 34,
    what: 'an owner reference\'s empty kind, name or uid is "must not be empty" (was "kind must not be empty", ...)',
    upstream: "kubernetes/apimachinery:pkg/api/validation/objectmeta.go (validateOwnerReference)",
  },
  ownerReferenceIndexed: {
    since: 37,
    what: 'owner reference errors name the entry (ownerReferences[0]); an empty apiVersion, kind, name or uid is a Required error, an apiVersion that does not parse "must be <group>/<version> or <version>"',
    upstream:
      "kubernetes/apimachinery:pkg/api/validation/objectmeta.go (validateOwnerReference, ValidateOwnerReferences)",
  },
  fieldValueRendered: {
    since: 34,
    what: "a field error prints its value with the field package's own rendering; up to 1.33 a composite value printed with %#v",
    upstream: "kubernetes/apimachinery:pkg/util/validation/field/errors.go (Error.ErrorBody)",
  },
  requiredWithoutDetail: {
    since: 34,
    what: 'a Required field error carries no detail (was "… is required" / "must not be empty")',
    upstream: "kubernetes/apimachinery:pkg/util/validation/field/errors.go (Required)",
  },
  tooLongTooManySingular: {
    since: 34,
    what: 'field.TooLong and field.TooMany say "1 byte" and "1 item" (was "1 bytes", "1 items")',
    upstream: "kubernetes/apimachinery:pkg/util/validation/field/errors.go (TooLong, TooMany)",
  },
  validationRuleMessagesUnprefixed: {
    since: 34,
    what: "the errors of a validation rule's message and fieldPath no longer repeat the field's name (\"must be non-empty if specified\")",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go (ValidateCustomResourceDefinitionOpenAPISchema)",
  },
  selectableFieldsWithoutSchemaReworded: {
    since: 34,
    what: "selectableFields without a schema is refused with a message that does not repeat the field's name",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go (validateSelectableFields)",
  },
  registryK8sFormats: {
    since: 34,
    what: "kube-openapi's format registry knows k8s-short-name, k8s-long-name and k8s-ip-sloppy (defaults at CRD creation are checked against them)",
    upstream: "kubernetes/kube-openapi:pkg/validation/strfmt/kubernetes-extensions.go",
  },
  k8sNameFormats: {
    since: 35,
    what: "k8s-short-name and k8s-long-name are recognized formats (compatibility version 1.34 = minor - 1): kept and checked in custom resources, not warned about in CRDs",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/validation/formats.go (supportedVersionedFormats)",
  },
  messageWordsBytes: {
    since: 35,
    what: 'label keys and values are checked by apimachinery\'s content package, whose length message says "bytes" (was "characters")',
    upstream: "kubernetes/apimachinery:pkg/api/validate/content",
  },
  validLabelKeyWording: {
    since: 35,
    what: 'an invalid label key\'s message says "a valid label key" (content.IsLabelKey; was "a qualified name")',
    upstream: "kubernetes/apimachinery:pkg/api/validate/content (IsLabelKey)",
  },
  numericFormats: {
    since: 36,
    what: "integer and number formats are kept (int32/int64, float/double; any other is stripped before validating) and range-checked",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apiserver/validation/formats.go (StripUnsupportedFormatsPostProcessorForVersion)",
  },
  registryQuantitySemverFormats: {
    since: 36,
    what: "kube-openapi's format registry knows quantity and semver",
    upstream: "kubernetes/kube-openapi:pkg/validation/strfmt/kubernetes-extensions.go",
  },
  unrecognizedFormatsOfAllTypes: {
    since: 36,
    what: "GetUnrecognizedFormats judges the format of every type (1.34 and 1.35 look at `type: string` properties only)",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/validation/formats.go (GetUnrecognizedFormats)",
  },
  newStructuralKeepsDocs: {
    since: 36,
    what: "NewStructural keeps `example` and `externalDocs` (in Generic), so reflect.DeepEqual sees them",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/convert.go (newGenerics)",
  },

  // ---- CEL (src/cel)
  celAuthzLibrary: {
    since: 27,
    what: "the CRD-rule environment has the authz library (authorizer, path, group, resource, check)",
    upstream: "kubernetes/apiserver:pkg/cel/environment/base.go (library.Authz)",
  },
  celOptionalTypes: {
    since: 28,
    what: "optional types and their syntax (`.?`, `[?`, `{?k: v}`, optional.of…) in the CRD-rule environment",
    upstream: "kubernetes/apiserver:pkg/cel/environment/base.go (cel.OptionalTypes)",
  },
  celCrossTypeNumericComparisons: {
    since: 28,
    what: "int, uint and double compare with each other (cel.CrossTypeNumericComparisons)",
    upstream: "kubernetes/apiserver:pkg/cel/environment/base.go (cel.CrossTypeNumericComparisons)",
  },
  celQuantityLibrary: {
    since: 28,
    what: "the CRD-rule environment has the quantity library",
    upstream: "kubernetes/apiserver:pkg/cel/environment/base.go (library.Quantity)",
  },
  celStringsV2: {
    since: 29,
    what: "cel-go's strings extension at version 2 (was version 0)",
    upstream: "kubernetes/apiserver:pkg/cel/environment/base.go (ext.Strings(ext.StringsVersion(2)))",
  },
  celSetsLibrary: {
    since: 29,
    what: "the CRD-rule environment has cel-go's sets extension",
    upstream: "kubernetes/apiserver:pkg/cel/environment/base.go (ext.Sets)",
  },
  celLiteralValidators: {
    since: 29,
    what: "duration, timestamp and regex literals are validated at compile time",
    upstream: "kubernetes/apiserver:pkg/cel/environment/base.go (cel.ASTValidators)",
  },
  celCidrIsMask: {
    since: PRERELEASE_KUBERNETES_MINOR,
    what: "the CIDR library at version 1 (cidr(...).isMask()), for expressions of compatibility version 1.38: at 1.38 only those an update leaves as stored, new ones are compiled at 1.37",
    upstream: "kubernetes/apiserver:pkg/cel/environment/base.go (library.CIDR(library.CIDRVersion(1)))",
  },
  celIpCidrLibraries: {
    since: 30,
    what: "the CRD-rule environment has the ip and cidr libraries",
    upstream: "kubernetes/apiserver:pkg/cel/environment/base.go (library.IP, library.CIDR)",
  },
  celFormatLibrary: {
    since: 31,
    what: "the CRD-rule environment has the format library",
    upstream: "kubernetes/apiserver:pkg/cel/environment/base.go (library.Format)",
  },
  celAuthzSelectorsLibrary: {
    since: 31,
    what: "the authz library has field and label selectors (behind AuthorizeWithSelectors)",
    upstream: "kubernetes/apiserver:pkg/cel/environment/base.go (library.AuthzSelectors)",
  },
  celAuthorizeWithSelectors: {
    since: 32,
    what: "AuthorizeWithSelectors on by default: new expressions may use the authz selectors",
    upstream: "kubernetes/apiserver:pkg/features/kube_features.go (AuthorizeWithSelectors)",
  },
  celRecognizeKeywordAsFieldName: {
    since: 31,
    what: "schema fields named like CEL reserved words may be selected by their plain name",
    upstream: "kubernetes/apiserver:pkg/cel/environment/base.go (DeclTypeProvider.SetRecognizeKeywordAsFieldName)",
  },
  celTwoVarComprehensions: {
    since: 32,
    what: "the CRD-rule environment has two-variable comprehensions (all(i, v, …), transformList…)",
    upstream: "kubernetes/apiserver:pkg/cel/environment/base.go (ext.TwoVarComprehensions)",
  },
  celSemverLibrary: {
    since: 33,
    what: "the CRD-rule environment has the semver library",
    upstream: "kubernetes/apiserver:pkg/cel/environment/base.go (library.SemverLib)",
  },
  celListsV3: {
    since: 34,
    what: "cel-go's lists extension at version 3 in the CRD-rule environment",
    upstream: "kubernetes/apiserver:pkg/cel/environment/base.go (ext.Lists(ext.ListsVersion(3)))",
  },
  celKubernetesListsV1: {
    since: 37,
    what: "the Kubernetes lists library at version 1 (includes)",
    upstream: "kubernetes/apiserver:pkg/cel/environment/base.go (library.Lists)",
  },
  celExistsOneMacro: {
    since: 32,
    what: "cel-go v0.22: the existsOne spelling of the exists_one macro",
    upstream: "google/cel-go:parser/macro.go (ExistsOneMacroNew)",
  },
  celResultAccumulator: {
    since: 32,
    what: "cel-go v0.22: comprehension macros accumulate in @result (was __result__)",
    upstream: "google/cel-go:parser/macro.go (HiddenAccumulatorName)",
  },
  celCostSizeEstimates: {
    since: 33,
    what: "cel-go v0.23's estimator: sizes follow variables, comprehensions and calls (before: the legacy estimator)",
    upstream: "google/cel-go:checker/cost.go",
  },
  celCostKubernetesEquality: {
    since: 32,
    what: "the Kubernetes estimator prices == on its own types (IP, CIDR, Quantity, Semver, URL, format, authz)",
    upstream: "kubernetes/apiserver:pkg/cel/library/cost.go (EstimateCallCost)",
  },
  celCostExtSets: {
    since: 29,
    what: "cel-go's sets extension has its own overload estimators",
    upstream: "google/cel-go:ext/sets.go",
  },
  celCostExtLists: {
    since: 34,
    what: "cel-go's lists extension has its own overload estimators",
    upstream: "google/cel-go:ext/lists.go",
  },
  celCostRefinedReplace: {
    since: 29,
    what: "replace's result size is estimated from the pattern's and the replacement's sizes",
    upstream: "kubernetes/apiserver:pkg/cel/library/cost.go (replace)",
  },
  celFreePresenceTest: {
    since: 29,
    what: "a presence test (has(x.f)) costs nothing of its own, estimated and at run time (before: 1, cel-go's default)",
    upstream:
      "kubernetes/apiserver:pkg/cel/environment/base.go (checker.PresenceTestHasCost(false), interpreter.PresenceTestHasCost(false))",
  },
  celCostComprehensionSizes: {
    since: 30,
    what: "cel-go v0.17.8: a comprehension's result (filter, map) is sized by its range (before: no size, so a macro over it was priced as over the largest list)",
    upstream: "google/cel-go:checker/cost.go (costComprehension)",
  },
  celCostUnchangedSchemaRatchet: {
    since: 29,
    what: "an update does not hold a version whose schema is unchanged to the per-expression cost limit (versionsWithUnchangedSchemas, suppressPerExpressionCost)",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go (suppressExpressionCostForUnchangedSchema)",
  },
  celCostQuantityParse: {
    since: 30,
    what: "the Kubernetes estimator prices quantity() and isQuantity() by their argument's size (before: it had no case for them, so cel-go's default, 1 plus the arguments)",
    upstream: "kubernetes/apiserver:pkg/cel/library/cost.go (EstimateCallCost)",
  },
  celEmptyObjectValues: {
    since: 29,
    what: "a value of an object schema without properties or additionalProperties converts to an empty object for CEL (before: the error `invalid object type, expected either Properties or AdditionalProperties with Allows=true and non-empty Schema`)",
    upstream: "kubernetes/apiserver:pkg/cel/common/values.go (UnstructuredToVal)",
  },
  celEscapedIdentGrammar: {
    since: 33,
    what: "cel-go v0.23's grammar: escaped identifiers (ESC_IDENTIFIER) in its expected-token sets and field names read by an escapeIdent rule, and a syntax error's message formatted once (before: a field name is a plain IDENTIFIER matched with inline recovery, a backtick is no token, and a `%` in a syntax error is read as a format verb)",
    upstream: "google/cel-go:parser/gen/CEL.g4 (escapeIdent), parser/parser.go (parseErrors.syntaxError)",
  },
  celIdentEscapeSyntax: {
    since: 37,
    what: "cel-go v0.29's parser accepts backtick-escaped field names (self.`f`) by default (before: unsupported syntax: '`')",
    upstream: "google/cel-go:parser/parser.go (NewParser: enableIdentEscapeSyntax = true)",
  },
  celCheckerNativeTypes: {
    since: 29,
    what: "cel-go v0.17's checker types its own way: an undeclared member call is typed error (before: no type, `<nil>` in the overload errors after it), `does not support field selection` names the type as elsewhere (before: its protobuf text, `primitive:STRING`), and an argument of `&&` or `||` that is not a bool is an `expected type 'bool'` error of its own (before: no matching overload for the operator)",
    upstream:
      "google/cel-go:checker/checker.go (checkCall, resolveOverload), checker/errors.go (typeDoesNotSupportFieldSelection)",
  },
  celOptionalTypeNamed: {
    since: 31,
    what: "cel-go v0.20: type-check errors name the optional type optional_type (before: optional)",
    upstream: "google/cel-go:common/types/types.go (NewOptionalType)",
  },
  celCostGlobalMatches: {
    since: 37,
    what: "cel-go v0.29: the global matches(s, re) is estimated like s.matches(re) (was 1)",
    upstream: "google/cel-go:checker/cost.go",
  },
  celBytesMaxLength: {
    since: 27,
    what: "a bytes field's maxLength bounds its size as is (before: times 4, as a string's)",
    upstream: "kubernetes/apiserver:pkg/cel/common/schemas.go (SchemaDeclType)",
  },
  celEnumBoundsStrings: {
    since: 29,
    what: "a string without maxLength is sized by its longest enum value",
    upstream: "kubernetes/apiserver:pkg/cel/common/schemas.go (SchemaDeclType)",
  },
  celIntOrStringMaxLength: {
    since: 34,
    what: "an int-or-string field's maxLength bounds its size",
    upstream: "kubernetes/apiserver:pkg/cel/common/schemas.go (SchemaDeclType)",
  },
  celMetadataNameCap: {
    since: 37,
    what: "resource-root metadata.name/generateName are capped at 253/252 characters, and set lists lose the legacy set equality",
    upstream: "kubernetes/apiserver:pkg/cel/common/schemas.go",
  },
  tooFewFieldErrors: {
    since: PRERELEASE_KUBERNETES_MINOR,
    what: "a failed minItems or minProperties is a Too few error (`must have at least N items`, the count as value), where it was Invalid value with kube-openapi's `should have at least N items|properties`",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apiserver/validation/validation.go (kubeOpenAPIResultToFieldErrors)",
  },
  celMessageExpression: {
    since: 27,
    what: "x-kubernetes-validations rules have messageExpression",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/cel/validation.go",
  },
  celCostUrlAccessorSizes: {
    since: PRERELEASE_KUBERNETES_MINOR,
    what: "a URL accessor (getScheme, getHost, getHostname, getPort, getQuery, getEscapedPath) passes on its URL's size estimate as its result's, getEscapedPath three times it (before: an unbounded result, so a matches() on it was priced at the largest string)",
    upstream: "kubernetes/apiserver:pkg/cel/library/cost.go (EstimateCallCost, kubernetes/kubernetes#141984)",
  },
  celFieldErrorValue: {
    since: 35,
    what: "a failed rule's field error carries the value (none for objects and arrays), where it carried the schema type",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/cel/validation.go (fieldErrorForReason)",
  },
} as const satisfies Record<string, ReleaseBehaviour>;

export type ReleaseBehaviourName = keyof typeof RELEASE_BEHAVIOURS;

/**
 * A release as one computation asks it about its behaviours, noting the releases that answer every question asked so
 * far as it does. Each behaviour holds from its release on, so those releases are one interval around it: a result
 * computed from nothing but the input and these answers is the result at every release of the interval. A run over
 * several releases validates a resource at one of them and keeps the result for the others the interval holds.
 */
export class ReleaseReads {
  /** The oldest release that answers every question asked so far alike. */
  private oldest = 0;
  /** The newest such release. */
  private newest = Number.MAX_SAFE_INTEGER;

  constructor(readonly minor: number) {}

  has(name: ReleaseBehaviourName): boolean {
    const since = RELEASE_BEHAVIOURS[name].since;
    if (this.minor >= since) {
      if (since > this.oldest) this.oldest = since;
      return true;
    }
    if (since - 1 < this.newest) this.newest = since - 1;
    return false;
  }

  /** Notes the answers another computation got at this release: the releases from `oldest` to `newest` share them. */
  narrow(oldest: number, newest: number): void {
    if (oldest > this.oldest) this.oldest = oldest;
    if (newest < this.newest) this.newest = newest;
  }

  /** Whether 1.`minor` answers every question asked so far as this release did. */
  holdsAt(minor: number): boolean {
    return minor >= this.oldest && minor <= this.newest;
  }

  /** The interval, oldest first. */
  interval(): readonly [number, number] {
    return [this.oldest, this.newest];
  }
}

/** A release as code that depends on it is given one: its minor, or the reads of one computation at it. */
export type Release = number | ReleaseReads;

/** The minor of a release. */
export function minorOf(release: Release): number {
  return typeof release === "number" ? release : release.minor;
}

/** Whether Kubernetes 1.<minor> has the behaviour (noted, when the release is a computation's ReleaseReads). */
export function releaseHas(release: Release, name: ReleaseBehaviourName): boolean {
  return typeof release === "number" ? release >= RELEASE_BEHAVIOURS[name].since : release.has(name);
}
