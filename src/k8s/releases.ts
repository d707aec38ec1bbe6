/**
 * The release table: every behaviour of the apiserver that changed at a Kubernetes release, by name, with the first
 * minor release that has it. Code asks `releaseHas(minor, "name")` instead of comparing `minor` with a number, so
 * that what changed at a release is read in one place (and a new release is added here); scripts/check-releases.mjs
 * fails on a release literal anywhere else.
 */

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
  ratcheting: {
    since: 30,
    what: "CRDValidationRatcheting on by default: an update's unchanged invalid values pass, and optionalOldSelf is kept",
    upstream: "kubernetes/apiextensions-apiserver:pkg/features/kube_features.go (CRDValidationRatcheting)",
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
  celMessageExpression: {
    since: 27,
    what: "x-kubernetes-validations rules have messageExpression",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/cel/validation.go",
  },
  celFieldErrorValue: {
    since: 35,
    what: "a failed rule's field error carries the value (none for objects and arrays), where it carried the schema type",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/cel/validation.go (fieldErrorForReason)",
  },
} as const satisfies Record<string, ReleaseBehaviour>;

export type ReleaseBehaviourName = keyof typeof RELEASE_BEHAVIOURS;

/** Whether Kubernetes 1.<minor> has the behaviour. */
export function releaseHas(minor: number, name: ReleaseBehaviourName): boolean {
  return minor >= RELEASE_BEHAVIOURS[name].since;
}
