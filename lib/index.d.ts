import { Expr, SourceInfo } from '@bufbuild/cel-spec/cel/expr/syntax_pb.js';

/**
 * Reads standard input for the path `-`. Standard input can be endless (`< /dev/zero`, `yes |`): a reader stops
 * once it has read more than `maxBytes` bytes (readStdin does), and crdlint reports the input as too large without
 * parsing it. A reader that ignores the limit (`async () => text`) is read whole, then checked the same way.
 */
export type StdinReader = (maxBytes: number) => Promise<string | Uint8Array>;
declare const APPLY_METHODS: readonly [
	"client-side",
	"server-side",
	"helm"
];
export type ApplyMethod = (typeof APPLY_METHODS)[number];
/** The Diagnostic type and its vocabulary: the leaf every other module builds on (mirrors output-contract.md). */
export type Severity = "error" | "warning" | "info";
export type ConfiguredSeverity = Severity | "off";
/** The apiserver's field.ErrorType strings, plus the strict-decoding types kubectl prints. */
export type ErrorType = "Required value" | "Invalid value" | "Forbidden" | "Unsupported value" | "Duplicate value" | "Too many" | "Too few" | "Too long" | "Internal error" | "Not found" | "Unknown field" | "Duplicate field";
export type Category = "yaml" | "decoding" | "structural" | "forbidden-field" | "versions" | "names" | "subresources" | "printer-columns" | "selectable-fields" | "conversion" | "schema-values" | "defaults" | "list-types" | "cel-compile" | "cel-cost" | "size" | "conventions" | "resource" | "revision";
export interface Diagnostic {
	file: string;
	document: number;
	object: string | null;
	line: number;
	column: number;
	endLine: number;
	endColumn: number;
	rule: string;
	category: Category;
	severity: Severity;
	apiserver: boolean;
	field: string | null;
	apiserverField?: string;
	type: ErrorType | null;
	message: string;
	/** The offending value as the apiserver prints it after the type (`Invalid value: "foo"`); absent for Required/Forbidden. */
	value?: string;
	detail?: string;
	suggestion?: string;
	/** `update`: the apiserver's verdict on updating OLD to NEW (crdlint diff, lint --against), not on a create. */
	operation?: "update";
	/** What a revision change does (rejected, data-lost, objects-fail, clients-break, migration-needed, behaviour-changed, none). */
	effect?: string;
	/** Facts of OLD the verdict rests on that crdlint assumed, OLD having no status (storedVersions, established). */
	assumes?: string[];
	/** The CRD version a revision finding is about. */
	version?: string;
	/**
	 * Set on a problem the apiserver would report only once another one is fixed (it stops at that one, as at an
	 * invalid pattern before defaults and CEL): where that hiding diagnostic is. Such a diagnostic has `apiserver:
	 * false` (the apiserver does not report it now) and is not counted in `summary.errors`, `warnings` or `infos`.
	 */
	hiddenBy?: HiddenBy;
	/**
	 * The n-th (2, 3, …) identical error the apiserver lists at this place: it runs some checks once per entry of a
	 * list (a list-map key named twice is checked twice). Absent for the first.
	 */
	occurrence?: number;
	/** The apiserver accepts the object and sends this warning itself (`apiserver` is false: not a rejection). */
	apiserverWarning?: boolean;
	/**
	 * A run over several releases (`-k 1.28..1.37`, `-k supported`): the releases at which the diagnostic holds,
	 * oldest first (a diagnostic alike at several releases is one). Absent in a run at one release.
	 */
	releases?: string[];
}
/** The diagnostic that hides another one (the apiserver stops at it). */
export interface HiddenBy {
	rule: string;
	file: string;
	line: number;
	column: number;
	field: string | null;
}
export interface Summary {
	files: number;
	documents: number;
	crds: number;
	resources: number;
	skipped: number;
	errors: number;
	warnings: number;
	infos: number;
	/** apiserver errors hidden by a disable comment or annotation: the cluster still rejects those CRDs. */
	suppressedApiserverErrors?: number;
	/** Diagnostics behind another problem (`hiddenBy`), by severity; present only when there are some. */
	hidden?: {
		errors: number;
		warnings: number;
		infos: number;
	};
}
export interface LintResult {
	diagnostics: Diagnostic[];
	summary: Summary;
	kubernetesVersion: string;
	/** The files read, in order (`-` for stdin), whether or not they have diagnostics (JUnit lists each). */
	files?: string[];
	/** The files that hold several CRDs (set by diff and lint --against): their findings name their CRD in text. */
	bundles?: string[];
	/** A run over several releases: the releases, oldest first (`kubernetesVersion` then writes them as a range). */
	releases?: string[];
	/** A run over several releases: each CRD's verdict at each of them, in input order. */
	crdReleases?: CrdReleases[];
}
/** One CRD's verdict at each release of a run over several (accepted: no apiserver error there). */
export interface CrdReleases {
	file: string;
	document: number;
	object: string | null;
	/** The verdict at each release of the run, by release (`"1.28": "rejected"`). */
	verdicts: Record<string, "accepted" | "rejected">;
	/** The releases that accept it, oldest first. */
	accepted: string[];
	/** The oldest release of the run that accepts it; null when none does. */
	firstAccepted: string | null;
	/** The releases the project claims for the CRD's file, and where it says so (a Chart.yaml, .crdlint.yaml). */
	claimed?: {
		source: string;
		releases: string[];
	};
}
declare class GoRegexpSyntaxCache {
	private readonly errors;
	/** goRegexpError(pattern), computed once per pattern text. */
	error(pattern: string): string | null;
}
/** field.Path as apimachinery renders it: `a.b[key][0].c`; map keys and property names unquoted, unescaped. */
export type PathSegment = {
	kind: "field";
	name: string;
} | {
	kind: "key";
	key: string;
} | {
	kind: "index";
	index: number;
};
declare class FieldPath {
	private readonly parent;
	private readonly lastKind;
	private readonly lastName;
	private cachedSegments;
	private rendered;
	private constructor();
	static root(...names: string[]): FieldPath;
	static from(segments: readonly PathSegment[]): FieldPath;
	get segments(): readonly PathSegment[];
	child(...names: string[]): FieldPath;
	/** child(name) for one name, without the rest parameter's array (schema walks make one per node). */
	field(name: string): FieldPath;
	key(key: string): FieldPath;
	index(index: number): FieldPath;
	concat(other: FieldPath): FieldPath;
	/** The YAML/JSON path of the written document: field names and map keys become keys, indices stay numbers. */
	toDocumentPath(): (string | number)[];
	toString(): string;
}
declare class DualPath {
	readonly written: FieldPath;
	readonly apiserver: FieldPath;
	constructor(written: FieldPath, apiserver?: FieldPath);
	static root(...names: string[]): DualPath;
	child(...names: string[]): DualPath;
	/** child(name) for one name, without the rest parameter's array (schema walks make one per node). */
	field(name: string): DualPath;
	key(key: string): DualPath;
	index(index: number): DualPath;
	/** A child whose apiserver name differs from the written one (internal Go names leak: `JSONPath`). */
	renamed(writtenName: string, apiserverName: string): DualPath;
	toString(): string;
}
declare const RELEASE_BEHAVIOURS: {
	readonly statusRootAllowsValidations: {
		readonly since: number;
		readonly what: "the status subresource's root schema may also have x-kubernetes-validations (the message lists XValidations among the allowed fields)";
		readonly upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go (ValidateCustomResourceDefinitionSpec)";
	};
	readonly v1beta1Removed: {
		readonly since: 22;
		readonly what: "apiextensions.k8s.io/v1beta1 is no longer served; before, an update of a v1beta1 CRD is judged in the v1 form it converts to";
	};
	readonly clusterNameRemoved: {
		readonly since: 25;
		readonly what: "ObjectMeta has no clusterName field: a custom resource's metadata.clusterName is an unknown field";
		readonly upstream: "kubernetes/apimachinery:pkg/apis/meta/v1/types.go (ObjectMeta)";
	};
	readonly preserveUnknownFieldsMessageNamesExtension: {
		readonly since: 25;
		readonly what: "spec.preserveUnknownFields: true is refused with a message naming x-kubernetes-preserve-unknown-fields (was x-preserve-unknown-fields)";
		readonly upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go (validatePreserveUnknownFields)";
	};
	readonly messageExpression: {
		readonly since: 27;
		readonly what: "a validation rule's messageExpression is compiled (and judged) after a rule that compiles to a bool";
		readonly upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/cel/compilation.go (compileRule)";
	};
	readonly propertyCountGoesOn: {
		readonly since: 28;
		readonly what: "an object under minProperties or over maxProperties still has its properties and required fields validated (kube-openapi no longer returns at the count error)";
		readonly upstream: "kubernetes/kube-openapi:pkg/validation/validate/object_validator.go (Validate; kube-openapi#412, 2023-07, picked up by 1.28)";
	};
	readonly ratcheting: {
		readonly since: number;
		readonly what: "CRDValidationRatcheting on by default: an update's unchanged invalid values pass, and optionalOldSelf is kept";
		readonly upstream: "kubernetes/apiextensions-apiserver:pkg/features/kube_features.go (CRDValidationRatcheting)";
	};
	readonly celBlockedByUnsupportedValue: {
		readonly since: 29;
		readonly what: "an Unsupported value (enum) error blocks a custom resource's CEL rules, as Required, Too long, Too many and a wrong type do (before: the rules ran)";
		readonly upstream: "kubernetes/apiextensions-apiserver:pkg/registry/customresource/strategy.go (hasBlockingErr)";
	};
	readonly customResourceFinalizerWarnings: {
		readonly since: 29;
		readonly what: "a custom resource's create or update warns about the finalizer names it adds that are not domain-qualified (1.28's strategy warns about nothing)";
		readonly upstream: "kubernetes/apiextensions-apiserver:pkg/registry/customresource/strategy.go (WarningsOnCreate, generateWarningsFromObj)";
	};
	readonly validationRuleSixFields: {
		readonly since: 30;
		readonly what: "apiextensions.ValidationRule has its six fields (Rule to OptionalOldSelf), so a field error's %#v of one is written out whole (the oracle checks it at 1.33)";
		readonly upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/types_jsonschema.go (ValidationRule)";
	};
	readonly tooLongReworded: {
		readonly since: 32;
		readonly what: "field.TooLong says \"may not be more than N bytes\" (was \"must have at most N bytes\"; a value validator's \"may not be longer than N\")";
		readonly upstream: "kubernetes/apimachinery:pkg/util/validation/field/errors.go (TooLong)";
	};
	readonly storedVersionMissingExplained: {
		readonly since: 33;
		readonly what: "a stored version missing from spec.versions is reported with why it must stay (was \"must appear in spec.versions\")";
		readonly upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go (ValidateCustomResourceDefinitionStoredVersions)";
	};
	readonly tooManySelectableFieldsKept: {
		readonly since: 35;
		readonly what: "an update may keep more than 8 selectableFields when OLD had them, unchanged (before, the list is rejected as on create)";
		readonly upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go (findTooManySelectableFieldsAllowed)";
	};
	readonly nestedAdditionalPropertiesFalseDropped: {
		readonly since: 31;
		readonly what: "`additionalProperties: false` inside allOf/anyOf/oneOf/not is dropped by NewStructural, so it is not forbidden (a schema or `true` still is) and a default is validated as if it were absent";
		readonly upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/convert.go (newNestedValueValidation)";
	};
	readonly celNullFieldsSkippedInEquality: {
		readonly since: 34;
		readonly what: "CEL equality of two objects skips a field both hold as null (before, a null field of the other object was a missing one: the objects were unequal, even an object compared with itself)";
		readonly upstream: "kubernetes/apiserver:pkg/cel/common/valuesunstructured.go (unstructuredMap.Equal)";
	};
	readonly celFieldPathPerRule: {
		readonly since: 30;
		readonly what: "a failed validation rule's fieldPath locates that rule's error only (before, it was appended to the node's path, so the rules after it reported under it too)";
		readonly upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/cel/validation.go (validateExpressions)";
	};
	readonly finalizerPathHint: {
		readonly since: 32;
		readonly what: "a finalizer name without a path but with a dot is warned about \"including a path (/)\" (before, one wording for every finalizer without a path)";
		readonly upstream: "kubernetes/apiextensions-apiserver:pkg/registry/customresource/validator.go (validateKubeFinalizerName)";
	};
	readonly ownerReferenceEmptyReworded: {
		readonly since: 34;
		readonly what: "an owner reference's empty kind, name or uid is \"must not be empty\" (was \"kind must not be empty\", ...)";
		readonly upstream: "kubernetes/apimachinery:pkg/api/validation/objectmeta.go (validateOwnerReference)";
	};
	readonly ownerReferenceIndexed: {
		readonly since: 37;
		readonly what: "owner reference errors name the entry (ownerReferences[0]); an empty apiVersion, kind, name or uid is a Required error, an apiVersion that does not parse \"must be <group>/<version> or <version>\"";
		readonly upstream: "kubernetes/apimachinery:pkg/api/validation/objectmeta.go (validateOwnerReference, ValidateOwnerReferences)";
	};
	readonly fieldValueRendered: {
		readonly since: 34;
		readonly what: "a field error prints its value with the field package's own rendering; up to 1.33 a composite value printed with %#v";
		readonly upstream: "kubernetes/apimachinery:pkg/util/validation/field/errors.go (Error.ErrorBody)";
	};
	readonly requiredWithoutDetail: {
		readonly since: 34;
		readonly what: "a Required field error carries no detail (was \"\u2026 is required\" / \"must not be empty\")";
		readonly upstream: "kubernetes/apimachinery:pkg/util/validation/field/errors.go (Required)";
	};
	readonly tooLongTooManySingular: {
		readonly since: 34;
		readonly what: "field.TooLong and field.TooMany say \"1 byte\" and \"1 item\" (was \"1 bytes\", \"1 items\")";
		readonly upstream: "kubernetes/apimachinery:pkg/util/validation/field/errors.go (TooLong, TooMany)";
	};
	readonly validationRuleMessagesUnprefixed: {
		readonly since: 34;
		readonly what: "the errors of a validation rule's message and fieldPath no longer repeat the field's name (\"must be non-empty if specified\")";
		readonly upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go (ValidateCustomResourceDefinitionOpenAPISchema)";
	};
	readonly selectableFieldsWithoutSchemaReworded: {
		readonly since: 34;
		readonly what: "selectableFields without a schema is refused with a message that does not repeat the field's name";
		readonly upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go (validateSelectableFields)";
	};
	readonly registryK8sFormats: {
		readonly since: 34;
		readonly what: "kube-openapi's format registry knows k8s-short-name, k8s-long-name and k8s-ip-sloppy (defaults at CRD creation are checked against them)";
		readonly upstream: "kubernetes/kube-openapi:pkg/validation/strfmt/kubernetes-extensions.go";
	};
	readonly k8sNameFormats: {
		readonly since: 35;
		readonly what: "k8s-short-name and k8s-long-name are recognized formats (compatibility version 1.34 = minor - 1): kept and checked in custom resources, not warned about in CRDs";
		readonly upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/validation/formats.go (supportedVersionedFormats)";
	};
	readonly messageWordsBytes: {
		readonly since: 35;
		readonly what: "label keys and values are checked by apimachinery's content package, whose length message says \"bytes\" (was \"characters\")";
		readonly upstream: "kubernetes/apimachinery:pkg/api/validate/content";
	};
	readonly validLabelKeyWording: {
		readonly since: 35;
		readonly what: "an invalid label key's message says \"a valid label key\" (content.IsLabelKey; was \"a qualified name\")";
		readonly upstream: "kubernetes/apimachinery:pkg/api/validate/content (IsLabelKey)";
	};
	readonly numericFormats: {
		readonly since: 36;
		readonly what: "integer and number formats are kept (int32/int64, float/double; any other is stripped before validating) and range-checked";
		readonly upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/validation/formats.go (StripUnsupportedFormatsPostProcessorForVersion)";
	};
	readonly registryQuantitySemverFormats: {
		readonly since: 36;
		readonly what: "kube-openapi's format registry knows quantity and semver";
		readonly upstream: "kubernetes/kube-openapi:pkg/validation/strfmt/kubernetes-extensions.go";
	};
	readonly unrecognizedFormatsOfAllTypes: {
		readonly since: 36;
		readonly what: "GetUnrecognizedFormats judges the format of every type (1.34 and 1.35 look at `type: string` properties only)";
		readonly upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/validation/formats.go (GetUnrecognizedFormats)";
	};
	readonly newStructuralKeepsDocs: {
		readonly since: 36;
		readonly what: "NewStructural keeps `example` and `externalDocs` (in Generic), so reflect.DeepEqual sees them";
		readonly upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/convert.go (newGenerics)";
	};
	readonly celAuthzLibrary: {
		readonly since: 27;
		readonly what: "the CRD-rule environment has the authz library (authorizer, path, group, resource, check)";
		readonly upstream: "kubernetes/apiserver:pkg/cel/environment/base.go (library.Authz)";
	};
	readonly celOptionalTypes: {
		readonly since: 28;
		readonly what: "optional types and their syntax (`.?`, `[?`, `{?k: v}`, optional.of\u2026) in the CRD-rule environment";
		readonly upstream: "kubernetes/apiserver:pkg/cel/environment/base.go (cel.OptionalTypes)";
	};
	readonly celCrossTypeNumericComparisons: {
		readonly since: 28;
		readonly what: "int, uint and double compare with each other (cel.CrossTypeNumericComparisons)";
		readonly upstream: "kubernetes/apiserver:pkg/cel/environment/base.go (cel.CrossTypeNumericComparisons)";
	};
	readonly celQuantityLibrary: {
		readonly since: 28;
		readonly what: "the CRD-rule environment has the quantity library";
		readonly upstream: "kubernetes/apiserver:pkg/cel/environment/base.go (library.Quantity)";
	};
	readonly celStringsV2: {
		readonly since: 29;
		readonly what: "cel-go's strings extension at version 2 (was version 0)";
		readonly upstream: "kubernetes/apiserver:pkg/cel/environment/base.go (ext.Strings(ext.StringsVersion(2)))";
	};
	readonly celSetsLibrary: {
		readonly since: 29;
		readonly what: "the CRD-rule environment has cel-go's sets extension";
		readonly upstream: "kubernetes/apiserver:pkg/cel/environment/base.go (ext.Sets)";
	};
	readonly celLiteralValidators: {
		readonly since: 29;
		readonly what: "duration, timestamp and regex literals are validated at compile time";
		readonly upstream: "kubernetes/apiserver:pkg/cel/environment/base.go (cel.ASTValidators)";
	};
	readonly celCidrIsMask: {
		readonly since: 38;
		readonly what: "the CIDR library at version 1 (cidr(...).isMask()), for expressions of compatibility version 1.38: at 1.38 only those an update leaves as stored, new ones are compiled at 1.37";
		readonly upstream: "kubernetes/apiserver:pkg/cel/environment/base.go (library.CIDR(library.CIDRVersion(1)))";
	};
	readonly celIpCidrLibraries: {
		readonly since: 30;
		readonly what: "the CRD-rule environment has the ip and cidr libraries";
		readonly upstream: "kubernetes/apiserver:pkg/cel/environment/base.go (library.IP, library.CIDR)";
	};
	readonly celFormatLibrary: {
		readonly since: 31;
		readonly what: "the CRD-rule environment has the format library";
		readonly upstream: "kubernetes/apiserver:pkg/cel/environment/base.go (library.Format)";
	};
	readonly celAuthzSelectorsLibrary: {
		readonly since: 31;
		readonly what: "the authz library has field and label selectors (behind AuthorizeWithSelectors)";
		readonly upstream: "kubernetes/apiserver:pkg/cel/environment/base.go (library.AuthzSelectors)";
	};
	readonly celAuthorizeWithSelectors: {
		readonly since: 32;
		readonly what: "AuthorizeWithSelectors on by default: new expressions may use the authz selectors";
		readonly upstream: "kubernetes/apiserver:pkg/features/kube_features.go (AuthorizeWithSelectors)";
	};
	readonly celRecognizeKeywordAsFieldName: {
		readonly since: 31;
		readonly what: "schema fields named like CEL reserved words may be selected by their plain name";
		readonly upstream: "kubernetes/apiserver:pkg/cel/environment/base.go (DeclTypeProvider.SetRecognizeKeywordAsFieldName)";
	};
	readonly celTwoVarComprehensions: {
		readonly since: 32;
		readonly what: "the CRD-rule environment has two-variable comprehensions (all(i, v, \u2026), transformList\u2026)";
		readonly upstream: "kubernetes/apiserver:pkg/cel/environment/base.go (ext.TwoVarComprehensions)";
	};
	readonly celSemverLibrary: {
		readonly since: 33;
		readonly what: "the CRD-rule environment has the semver library";
		readonly upstream: "kubernetes/apiserver:pkg/cel/environment/base.go (library.SemverLib)";
	};
	readonly celListsV3: {
		readonly since: 34;
		readonly what: "cel-go's lists extension at version 3 in the CRD-rule environment";
		readonly upstream: "kubernetes/apiserver:pkg/cel/environment/base.go (ext.Lists(ext.ListsVersion(3)))";
	};
	readonly celKubernetesListsV1: {
		readonly since: 37;
		readonly what: "the Kubernetes lists library at version 1 (includes)";
		readonly upstream: "kubernetes/apiserver:pkg/cel/environment/base.go (library.Lists)";
	};
	readonly celExistsOneMacro: {
		readonly since: 32;
		readonly what: "cel-go v0.22: the existsOne spelling of the exists_one macro";
		readonly upstream: "google/cel-go:parser/macro.go (ExistsOneMacroNew)";
	};
	readonly celResultAccumulator: {
		readonly since: 32;
		readonly what: "cel-go v0.22: comprehension macros accumulate in @result (was __result__)";
		readonly upstream: "google/cel-go:parser/macro.go (HiddenAccumulatorName)";
	};
	readonly celCostSizeEstimates: {
		readonly since: 33;
		readonly what: "cel-go v0.23's estimator: sizes follow variables, comprehensions and calls (before: the legacy estimator)";
		readonly upstream: "google/cel-go:checker/cost.go";
	};
	readonly celCostKubernetesEquality: {
		readonly since: 32;
		readonly what: "the Kubernetes estimator prices == on its own types (IP, CIDR, Quantity, Semver, URL, format, authz)";
		readonly upstream: "kubernetes/apiserver:pkg/cel/library/cost.go (EstimateCallCost)";
	};
	readonly celCostExtSets: {
		readonly since: 29;
		readonly what: "cel-go's sets extension has its own overload estimators";
		readonly upstream: "google/cel-go:ext/sets.go";
	};
	readonly celCostExtLists: {
		readonly since: 34;
		readonly what: "cel-go's lists extension has its own overload estimators";
		readonly upstream: "google/cel-go:ext/lists.go";
	};
	readonly celCostRefinedReplace: {
		readonly since: 29;
		readonly what: "replace's result size is estimated from the pattern's and the replacement's sizes";
		readonly upstream: "kubernetes/apiserver:pkg/cel/library/cost.go (replace)";
	};
	readonly celFreePresenceTest: {
		readonly since: 29;
		readonly what: "a presence test (has(x.f)) costs nothing of its own, estimated and at run time (before: 1, cel-go's default)";
		readonly upstream: "kubernetes/apiserver:pkg/cel/environment/base.go (checker.PresenceTestHasCost(false), interpreter.PresenceTestHasCost(false))";
	};
	readonly celCostComprehensionSizes: {
		readonly since: 30;
		readonly what: "cel-go v0.17.8: a comprehension's result (filter, map) is sized by its range (before: no size, so a macro over it was priced as over the largest list)";
		readonly upstream: "google/cel-go:checker/cost.go (costComprehension)";
	};
	readonly celCostUnchangedSchemaRatchet: {
		readonly since: 29;
		readonly what: "an update does not hold a version whose schema is unchanged to the per-expression cost limit (versionsWithUnchangedSchemas, suppressPerExpressionCost)";
		readonly upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go (suppressExpressionCostForUnchangedSchema)";
	};
	readonly celCostQuantityParse: {
		readonly since: 30;
		readonly what: "the Kubernetes estimator prices quantity() and isQuantity() by their argument's size (before: it had no case for them, so cel-go's default, 1 plus the arguments)";
		readonly upstream: "kubernetes/apiserver:pkg/cel/library/cost.go (EstimateCallCost)";
	};
	readonly celEmptyObjectValues: {
		readonly since: 29;
		readonly what: "a value of an object schema without properties or additionalProperties converts to an empty object for CEL (before: the error `invalid object type, expected either Properties or AdditionalProperties with Allows=true and non-empty Schema`)";
		readonly upstream: "kubernetes/apiserver:pkg/cel/common/values.go (UnstructuredToVal)";
	};
	readonly celEscapedIdentGrammar: {
		readonly since: 33;
		readonly what: "cel-go v0.23's grammar: escaped identifiers (ESC_IDENTIFIER) in its expected-token sets and field names read by an escapeIdent rule, and a syntax error's message formatted once (before: a field name is a plain IDENTIFIER matched with inline recovery, a backtick is no token, and a `%` in a syntax error is read as a format verb)";
		readonly upstream: "google/cel-go:parser/gen/CEL.g4 (escapeIdent), parser/parser.go (parseErrors.syntaxError)";
	};
	readonly celIdentEscapeSyntax: {
		readonly since: 37;
		readonly what: "cel-go v0.29's parser accepts backtick-escaped field names (self.`f`) by default (before: unsupported syntax: '`')";
		readonly upstream: "google/cel-go:parser/parser.go (NewParser: enableIdentEscapeSyntax = true)";
	};
	readonly celCheckerNativeTypes: {
		readonly since: 29;
		readonly what: "cel-go v0.17's checker types its own way: an undeclared member call is typed error (before: no type, `<nil>` in the overload errors after it), `does not support field selection` names the type as elsewhere (before: its protobuf text, `primitive:STRING`), and an argument of `&&` or `||` that is not a bool is an `expected type 'bool'` error of its own (before: no matching overload for the operator)";
		readonly upstream: "google/cel-go:checker/checker.go (checkCall, resolveOverload), checker/errors.go (typeDoesNotSupportFieldSelection)";
	};
	readonly celOptionalTypeNamed: {
		readonly since: 31;
		readonly what: "cel-go v0.20: type-check errors name the optional type optional_type (before: optional)";
		readonly upstream: "google/cel-go:common/types/types.go (NewOptionalType)";
	};
	readonly celCostGlobalMatches: {
		readonly since: 37;
		readonly what: "cel-go v0.29: the global matches(s, re) is estimated like s.matches(re) (was 1)";
		readonly upstream: "google/cel-go:checker/cost.go";
	};
	readonly celBytesMaxLength: {
		readonly since: 27;
		readonly what: "a bytes field's maxLength bounds its size as is (before: times 4, as a string's)";
		readonly upstream: "kubernetes/apiserver:pkg/cel/common/schemas.go (SchemaDeclType)";
	};
	readonly celEnumBoundsStrings: {
		readonly since: 29;
		readonly what: "a string without maxLength is sized by its longest enum value";
		readonly upstream: "kubernetes/apiserver:pkg/cel/common/schemas.go (SchemaDeclType)";
	};
	readonly celIntOrStringMaxLength: {
		readonly since: 34;
		readonly what: "an int-or-string field's maxLength bounds its size";
		readonly upstream: "kubernetes/apiserver:pkg/cel/common/schemas.go (SchemaDeclType)";
	};
	readonly celMetadataNameCap: {
		readonly since: 37;
		readonly what: "resource-root metadata.name/generateName are capped at 253/252 characters, and set lists lose the legacy set equality";
		readonly upstream: "kubernetes/apiserver:pkg/cel/common/schemas.go";
	};
	readonly tooFewFieldErrors: {
		readonly since: 38;
		readonly what: "a failed minItems or minProperties is a Too few error (`must have at least N items`, the count as value), where it was Invalid value with kube-openapi's `should have at least N items|properties`";
		readonly upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/validation/validation.go (kubeOpenAPIResultToFieldErrors)";
	};
	readonly celMessageExpression: {
		readonly since: 27;
		readonly what: "x-kubernetes-validations rules have messageExpression";
		readonly upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/cel/validation.go";
	};
	readonly celCostUrlAccessorSizes: {
		readonly since: 38;
		readonly what: "a URL accessor (getScheme, getHost, getHostname, getPort, getQuery, getEscapedPath) passes on its URL's size estimate as its result's, getEscapedPath three times it (before: an unbounded result, so a matches() on it was priced at the largest string)";
		readonly upstream: "kubernetes/apiserver:pkg/cel/library/cost.go (EstimateCallCost, kubernetes/kubernetes#141984)";
	};
	readonly celFieldErrorValue: {
		readonly since: 35;
		readonly what: "a failed rule's field error carries the value (none for objects and arrays), where it carried the schema type";
		readonly upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/cel/validation.go (fieldErrorForReason)";
	};
};
export type ReleaseBehaviourName = keyof typeof RELEASE_BEHAVIOURS;
declare class ReleaseReads {
	readonly minor: number;
	/** The oldest release that answers every question asked so far alike. */
	private oldest;
	/** The newest such release. */
	private newest;
	constructor(minor: number);
	has(name: ReleaseBehaviourName): boolean;
	/** Notes the answers another computation got at this release: the releases from `oldest` to `newest` share them. */
	narrow(oldest: number, newest: number): void;
	/** Whether 1.`minor` answers every question asked so far as this release did. */
	holdsAt(minor: number): boolean;
	/** The interval, oldest first. */
	interval(): readonly [
		number,
		number
	];
}
/** A release as code that depends on it is given one: its minor, or the reads of one computation at it. */
export type Release = number | ReleaseReads;
export type FormatCheck = (s: string) => boolean;
export type CompiledPattern = {
	ok: true;
	test(s: string): boolean;
} | {
	ok: false;
	error: string;
};
declare class RegexCache {
	private readonly patterns;
	compile(pattern: string): CompiledPattern;
}
/**
 * `crdlint test`'s result model: what a run of CRD validation test suites found, case by case, in the terms the
 * reporters (src/report/test.ts; this module sits in the lowest layer so that they can read it) and the library API use. A case is one request sequence against one CRD (an
 * openshift/api suite runs its cases once per CRD manifest its feature gates select: each run is a case result).
 */
/** How a case ended. `errored`: the case could not run as written (its object does not parse, its CRD is rejected). */
export type CaseStatus = "passed" | "failed" | "errored";
/** The request a step sends, as the apiserver names the operation. */
export type TestStep = "install CRD" | "create" | "initial status update" | "patch CRD" | "restore CRD" | "update" | "status update" | "read back";
export interface CaseFailure {
	/** One line: what did not hold. */
	message: string;
	/** The step that did not do what the case expects. */
	step: TestStep;
	/** The error the case expects (a substring of the apiserver's error, or one per field), as written. */
	expectedError?: string;
	/** The error the apiserver would return at this step; null when the request would succeed. */
	actualError?: string | null;
	/** Expected and actual objects (YAML) and a unified diff of the two, when the object comparison failed. */
	expectedObject?: string;
	actualObject?: string;
	objectDiff?: string;
	/**
	 * The releases at which the case passes, when it fails at the run's release but passes at others (error texts and
	 * behaviours change between releases): "1.25–1.36". Absent when it fails at every release tried.
	 */
	passesAt?: string;
}
export interface CaseResult {
	/** The suite file, as given on the command line (relative to the working directory). */
	file: string;
	/** Where the case starts in the suite file (1-based line and column). */
	line: number;
	column: number;
	/** The suite's name (openshift/api: `name`; native: `name`, else the file name). */
	suite: string;
	/** The case's name. */
	name: string;
	/** The CRD the case ran against: its file (relative) and, when the suite runs against several, which one. */
	crdFile: string;
	/** create, update (onUpdate), or status (an update through /status only). */
	operation: "create" | "update" | "status";
	status: CaseStatus;
	failure?: CaseFailure;
	/** Warnings the apiserver would return to the client across the case's requests (unknown fields pruned, …). */
	warnings: string[];
	durationMs: number;
	/**
	 * A run over several releases only: the case's result at each release, merged where the releases agree (oldest
	 * first). `status` is then the worst of them (errored, failed, passed: it passes only if it passes at every
	 * release), `failure` the oldest failing release's, `warnings` those of every release.
	 */
	byRelease?: CaseReleaseResult[];
}
/** A case's result at the releases (oldest first, "1.28") that agree on all of it. */
export interface CaseReleaseResult {
	releases: string[];
	status: CaseStatus;
	failure?: CaseFailure;
	warnings: string[];
}
/** A suite file that cannot run (unreadable, no CRD found, a feature gate unknown): exit code 2. */
export interface SuiteProblem {
	file: string;
	line: number;
	column: number;
	message: string;
}
/** One check a case can exercise: a CEL rule, or a `required`, `enum`, `pattern`, bound … of one schema node. */
export interface CoverageItem {
	/** The CRD's metadata.name and version. */
	crd: string;
	version: string;
	/** The schema node's field path (`spec.ports[*].name`, `<root>` for the root). */
	path: string;
	/** `rule[0]` (x-kubernetes-validations[0]), `required:name`, `enum`, `pattern`, `maxLength`, `minimum`, … */
	check: string;
	/** For a CEL rule, its expression. */
	rule?: string;
	/** Where the check is written in the CRD file, when known. */
	file?: string;
	line?: number;
	/** Some case makes it fail. */
	failed: boolean;
	/** Some case passes through it (evaluated, held). */
	passed: boolean;
}
export interface CoverageReport {
	items: CoverageItem[];
	summary: {
		checks: number;
		failedBySome: number;
		passedBySome: number;
		both: number;
		neither: number;
	};
}
export interface TestRunResult {
	/** The release the run targets, "1.N" (a run over several releases: "1.28..1.37"). */
	kubernetesVersion: string;
	/** Suite files read (problems included). */
	suites: number;
	cases: CaseResult[];
	problems: SuiteProblem[];
	summary: {
		passed: number;
		failed: number;
		errored: number;
		durationMs: number;
	};
	coverage?: CoverageReport;
	/** A run over several releases only: its releases (oldest first), and at each how many cases pass, fail, err. */
	releases?: string[];
	summaryByRelease?: Record<string, {
		passed: number;
		failed: number;
		errored: number;
	}>;
}
/** The exit code a run earns: 2 when a suite cannot run, else 1 when a case fails or errs, else 0. */
export declare function testExitCode(r: TestRunResult): 0 | 1 | 2;
declare class SchemaValidatorCache {
	readonly regex: RegexCache;
	readonly nodes: WeakMap<object, Map<string, CNode>>;
	/**
	 * What a version's schema holds that decides which of a resource validator's stages run (resource.ts): one walk
	 * per schema object, whatever the release.
	 */
	readonly stageFacts: WeakMap<object, {
		embedded: boolean;
		listTypes: boolean;
	}>;
	private readonly profiles;
	/**
	 * What a compiled node holds of its release (the formats kept and checked, the numeric formats), as a key: the
	 * releases that agree on it share compiled nodes (a run over several releases shares this cache).
	 */
	profileOf(minor: number): string;
}
export interface CNode {
	/** The schema object compiled (coverage names a check by it). */
	src: Record<string, unknown>;
	types: string[];
	typeJoined: string;
	hasInteger: boolean;
	hasNumber: boolean;
	typeApplies: boolean;
	nullable: boolean;
	format: string;
	formatCheck: FormatCheck | null;
	maxLength?: number;
	minLength?: number;
	pattern?: string;
	re?: CompiledPattern;
	multipleOf?: number;
	maximum?: number;
	exclusiveMaximum: boolean;
	minimum?: number;
	exclusiveMinimum: boolean;
	/** 1.36+: the numeric type/format the number validator range-checks against ("" = none). */
	numType: string;
	numFormat: string;
	/** What numType and numFormat are from 1.36 on, whatever the release ("": not a number's node). */
	rangedType: string;
	rangedFormat: string;
	/** Whether multipleOf, minimum and maximum are all in rangedType's range (or absent). */
	boundsRanged: boolean;
	items: Record<string, unknown> | null;
	minItems?: number;
	maxItems?: number;
	uniqueItems: boolean;
	enumVals: unknown[] | null;
	minProps?: number;
	maxProps?: number;
	required: string[];
	/** `required:<name>` for each of them (coverage's check names). */
	requiredChecks: string[];
	propNames: string[];
	props: Record<string, unknown>;
	addl: Record<string, unknown> | null;
	addlFalse: boolean;
	allOf: Record<string, unknown>[];
	anyOf: Record<string, unknown>[];
	oneOf: Record<string, unknown>[];
	not: Record<string, unknown> | null;
	hasJunctors: boolean;
	/** The releases that answer what the compilation asked of its release alike; absent: it asked nothing. */
	releases?: {
		oldest: number;
		newest: number;
	};
}
export type JsonObject = Record<string, unknown>;
export interface VersionView {
	index: number;
	name: string;
	raw: JsonObject;
	path: DualPath;
}
/** One schema the apiserver validates: either the hoisted `spec.validation` or one version's own. */
export interface SchemaScope {
	/** The openAPIV3Schema object (non-null object). */
	root: JsonObject;
	/** Written path of the root (spec.versions[i].schema.openAPIV3Schema) and the apiserver's (spec.validation.openAPIV3Schema when hoisted). */
	path: DualPath;
	/** Parent path `<V>`: spec.versions[i].schema / spec.validation. */
	parentPath: DualPath;
	/** Versions that carry this schema (all of them when hoisted). */
	versions: VersionView[];
	hoisted: boolean;
	/** "Status enabled" for this schema: its version's status subresource, or any version's when hoisted. */
	statusEnabled: boolean;
}
export interface HoistedField<T> {
	/** True when every version carries the same value (always for one version): the apiserver reports under the top-level path. */
	hoisted: boolean;
	/** One entry per place the apiserver validates: the hoisted value once (at the first version), or each version's own. */
	scopes: {
		value: T | undefined;
		path: DualPath;
		versions: VersionView[];
	}[];
}
export interface CrdView {
	raw: JsonObject;
	apiVersion: string;
	name: string | null;
	spec: JsonObject;
	group: string;
	versions: VersionView[];
	schemas: SchemaScope[];
	/** Versions that lack schema.openAPIV3Schema (the `schema-required` error), when the schema is not hoisted non-nil. */
	versionsWithoutSchema: VersionView[];
	subresources: HoistedField<unknown>;
	printerColumns: HoistedField<unknown>;
	selectableFields: HoistedField<unknown>;
	schemaHoisted: boolean;
}
declare class LastingKey<T> {
	readonly name: string;
	readonly make: () => T;
	/** Only carries T for the type checker. */
	readonly valueType?: T;
	constructor(name: string, make: () => T);
}
declare class ContentStore {
	private readonly slots;
	/** The cache of a slot (made on first use). */
	get<T>(key: LastingKey<T>): T;
}
declare class MemoKey<T> {
	readonly name: string;
	/** Only carries T for the type checker. */
	readonly valueType?: T;
	constructor(name: string);
}
/**
 * Whether what runs now has read something that depends on the target release (the engine's contexts set it when a
 * rule reads the release, the services, the structural state or the gates' state): a run over several releases
 * (src/engine/range.ts) replays at the other releases what a rule found without reading any of it.
 */
export interface ReleaseTouch {
	touched: boolean;
}
declare class Memo {
	private readonly touch?;
	readonly lasting?: ContentStore | undefined;
	private readonly values;
	private readonly perObject;
	/** The entries whose value was made after reading something release-dependent: reading them is reading that. */
	private readonly releaseBound;
	private readonly releaseBoundFor;
	/**
	 * `touch`: the run's release-dependence flag (none: nothing is tracked). `lasting`: the engine's content-keyed
	 * caches when it keeps them between texts (src/crd/content-store.ts); what they hold depends on no release.
	 */
	constructor(touch?: ReleaseTouch | undefined, lasting?: ContentStore | undefined);
	private read;
	/** The entries set by the running invocation: a value set first and filled after (an array) is judged at its end. */
	private readonly pending;
	private readonly pendingFor;
	private wrote;
	/**
	 * The end of a rule's invocation: what it set is release-dependent when it read anything of its release, before
	 * or after setting it.
	 */
	settle(): void;
	/**
	 * The values of the release this memo is a copy of (releaseIndependentCopy), read through: only the entries made
	 * without reading anything of that release. That memo is not written any more once it is copied.
	 */
	private inheritedValues;
	private inheritedBound;
	/** Whether the memo holds `k`, its own or inherited. */
	private holds;
	private inherits;
	private valueOf;
	has<T>(key: MemoKey<T>, sub?: string): boolean;
	get<T>(key: MemoKey<T>, sub?: string): T | undefined;
	set<T>(key: MemoKey<T>, value: T, sub?: string): void;
	/** The stored value, or the one `make` computes (stored, including null), once per CRD. */
	compute<T>(key: MemoKey<T>, make: () => T, sub?: string): T;
	/**
	 * A memo for the same CRD at another release: what this one holds that was made without reading anything of its
	 * release (the schema objects the per-owner values hang on are the same, shared by the releases' runs).
	 */
	releaseIndependentCopy(touch: ReleaseTouch, lasting?: ContentStore): Memo;
	/** Per-owner values of the release that recorded them (releaseIndependentCopy). */
	private readonly inherited;
	/** The value stored for `owner` (a schema node, a schema object) under the key. */
	getFor<T>(key: MemoKey<T>, owner: object): T | undefined;
	/**
	 * The value stored for `owner`, or the one `make` computes (stored), as compute() does for the CRD: what `make`
	 * reads decides the entry's dependence on the release, whatever the asker read before.
	 */
	computeFor<T>(key: MemoKey<T>, owner: object, make: () => T): T;
	setFor<T>(key: MemoKey<T>, owner: object, value: T): void;
	/** Files a per-owner value in this memo's own map of the key. */
	private store;
}
export type Junctor = "allOf" | "anyOf" | "oneOf" | "not";
/** How a node was reached from its parent. */
export type Via = "root" | "properties" | "additionalProperties" | "items" | "itemsArray" | Junctor | "definitions" | "dependencies";
export type ResourceMetaField = "metadata" | "kind" | "apiVersion";
export interface SchemaNode {
	schema: JsonObject;
	path: DualPath;
	parent: SchemaNode | null;
	via: Via;
	/** Property name / map key under which it was reached (properties, definitions, dependencies). */
	name: string | null;
	/** root / item / field, as the structural rules name levels (junctor branches keep their parent's level). */
	level: "root" | "item" | "field";
	/** Reachable from the root through properties, additionalProperties (schema) and items (schema) only. */
	isStructural: boolean;
	/** Inside a value validation (allOf/anyOf/oneOf/not) at any depth. */
	inJunctor: boolean;
	/** Under definitions / dependencies / array-form items: walked for forbidden fields only. */
	inUnsupported: boolean;
	depth: number;
	/** The resource root this node belongs to: the schema root or the nearest x-kubernetes-embedded-resource ancestor-or-self. */
	isResourceRoot: boolean;
	/** Set under root (or embedded resource) properties metadata/kind/apiVersion: which one, and whether of the top-level root. */
	resourceMeta: {
		field: ResourceMetaField;
		topLevel: boolean;
	} | null;
	/** Under an additionalProperties schema somewhere above (or at) this node. */
	underAdditionalProperties: boolean;
	scope: SchemaScope;
}
/** What ValidateStructural knows about a node inside a value validation (allOf/anyOf/oneOf/not). */
export interface ValueValidationFacts {
	/** ValidateStructural's recursion reaches this node (not a skipped int-or-string anyOf, not under a nested additionalProperties). */
	validated: boolean;
	/** This node's own anyOf branches are skipped (it is allOf[0] of a node with the int-or-string allOf pattern). */
	skipAnyOf: boolean;
	/** The structural schema this value validation applies to; null when unknown or missing. */
	counterpart: JsonObject | null;
	counterpartPath: DualPath | null;
	/** Completeness is checked along this chain (it starts at a root value validation). */
	checked: boolean;
	/** The completeness error at this node: its structural counterpart is missing (`definedIn`: the path of this node). */
	missing: {
		path: DualPath;
		definedIn: string;
	} | null;
}
declare class StructuralState {
	readonly minor: number;
	/** The target Kubernetes minor (what NewStructural keeps changed in 1.36). */
	constructor(minor?: number);
	/** `NewStructural`'s error for this schema (the first one found), or null. */
	conversionError: string | null;
	/**
	 * The apiserver does not require this schema to be structural (an update of a CRD whose OLD schema is not, A19):
	 * it neither converts nor checks it, so no conversion error is reported.
	 */
	notRequired: boolean;
	/** Set once every node has been observed (after the structural phase). */
	complete: boolean;
	private last;
	private readonly facts;
	/**
	 * Findings queued by the structural rules, by rule: ValidateStructural runs only when NewStructural succeeds,
	 * which is known once the whole schema has been observed.
	 */
	private readonly deferred;
	/** Queues a rule's finding until the end of the structural phase. */
	defer(ruleId: string, emit: () => void): void;
	/** Emits what the rule queued, unless the schema does not convert (then ValidateStructural never ran). */
	flush(ruleId: string): void;
	/**
	 * Findings ValidateStructural would report once the conversion succeeds: queued while it fails. The engine emits
	 * them (marked as hidden behind the conversion's error) when it shows what lies behind the apiserver's gates.
	 */
	private readonly held;
	/** Emits the findings held back by a failed conversion (once). */
	releaseHeld(): void;
	/** Called by every structural-phase rule for each node; idempotent across rules (the engine visits node by node). */
	observe(node: SchemaNode): void;
	/** The node whose schema gave conversionError (walk order's first), when observing found it. */
	conversionNode: SchemaNode | null;
	/** Facts of a node inside a value validation (memoized; computed from its parent's). */
	valueValidation(node: SchemaNode): ValueValidationFacts;
	private compute;
}
export type CelType = {
	kind: "int" | "uint" | "double" | "bool" | "string" | "bytes" | "null_type" | "duration" | "timestamp" | "dyn" | "error";
} | {
	kind: "list";
	elem: CelType;
} | {
	kind: "map";
	key: CelType;
	value: CelType;
}
/** A schema object (struct-like node); `decl` gives its fields. */
 | {
	kind: "object";
	name: string;
	decl: DeclType;
} | {
	kind: "optional";
	elem: CelType;
} | {
	kind: "type";
	of: CelType;
}
/** Library types: `kubernetes.Quantity`, `net.URL`, `net.IP`, `net.CIDR`, `kubernetes.Semver`, `kubernetes.NamedFormat`, `kubernetes.authorization...` */
 | {
	kind: "opaque";
	name: string;
	params: CelType[];
} | {
	kind: "typeParam";
	name: string;
};
/** A schema node as CEL sees it (kubernetes/apiserver:pkg/cel/types.go DeclType): type plus the size facts the estimator needs. */
export interface DeclType {
	cel: CelType;
	/** Upper bound of size() for strings/bytes/lists/maps of this node; 0 for scalars and objects. Unsigned 64-bit. */
	maxElements: bigint;
	/** Smallest JSON serialization of a value of this node, in bytes. */
	minSize: bigint;
	/** Struct fields by CEL-escaped name (objects only). */
	fields?: Map<string, DeclField>;
	/** List element / map value type. */
	elem?: DeclType;
	/** Map key type (always plain string with maxElements 0 for schema maps). */
	key?: DeclType;
	/** The schema node it came from (null for implicit resource-root fields). */
	schema: Record<string, unknown> | null;
	/**
	 * Lists up to 1.36: a list-type set list compares its raw elements with the other list's CEL values as Go map keys
	 * (so an integral number, decoded as int64, never equals the other side's double).
	 */
	legacySetEquality?: boolean;
	/** Up to 1.28: a value of this object type does not convert (no properties, additionalProperties or preserve). */
	unconvertibleObject?: boolean;
	/**
	 * Objects up to 1.33: in an equality, a declared field the other object holds as null counts as missing there
	 * (unstructuredMap.Find treats null like absent), so the objects are unequal.
	 */
	legacyNullFieldUnequal?: boolean;
}
export interface DeclField {
	name: string;
	escapedName: string;
	type: DeclType;
	required: boolean;
}
/** A reference the checker resolved at an AST node: an identifier or the overloads a call may bind to. */
export interface Reference {
	name?: string;
	overloadIds?: string[];
}
/** The output of the checker, the input of the cost estimator. Node ids are the parser's (bigint). */
export interface CheckedAst {
	expr: Expr;
	sourceInfo: SourceInfo;
	types: Map<bigint, CelType>;
	references: Map<bigint, Reference>;
}
/** Which estimator: what changed between the cel-go releases (and their Kubernetes library), by behaviour. */
export interface Flags {
	/** The estimator before cel-go v0.23 (sizes not followed through variables, comprehensions and calls). */
	legacy: boolean;
	/** The library estimator prices == on the library's types. */
	k8sEquality: boolean;
	/** ext.Sets' overload estimators. */
	extSets: boolean;
	/** ext.Lists' overload estimators. */
	extLists: boolean;
	/** replace's result size from the pattern's and the replacement's sizes. */
	refinedReplace: boolean;
	/** cel-go ≥ v0.29: the global `matches(s, re)` is costed like `s.matches(re)`. */
	globalMatches: boolean;
	/** The URL accessors pass on their URL's size estimate (kubernetes/kubernetes#141984). */
	urlAccessorSizes?: boolean;
	/** A presence test (`has(x.f)`) costs 1 on top of its operand: cel-go's default, before Kubernetes set PresenceTestHasCost(false). */
	presenceTestHasCost?: boolean;
	/** cel-go before v0.17.8: a comprehension's result has no size estimate of its own (a macro's list is unbounded). */
	unsizedComprehensions?: boolean;
	/** The Kubernetes estimator prices quantity() and isQuantity() by their argument's size (1.30; before, cel-go's default). */
	quantityParseCost?: boolean;
}
/**
 * Constructs whose estimate changed with a Kubernetes release (cel-cost.md §11, docs/cel-cost.md):
 * - "global-matches" (1.37, cel-go v0.29.0): `matches(s, re)` costs like `s.matches(re)` instead of 1 + args.
 * - "url-accessor-sizes" (1.38, kubernetes/kubernetes#141984): a URL accessor's result is sized by its URL.
 */
export type ReleaseCostChange = "global-matches" | "url-accessor-sizes";
export interface CostEstimate {
	min: bigint;
	max: bigint;
}
/**
 * The estimates of a run over several releases, by checked expression and root type: each with the estimator flags
 * it read (the estimator reads nothing else of the release), so that a release whose flags agree on those takes it.
 */
export interface EstimateShare {
	/**
	 * Per checked expression and root type's schema node (`nodeOf`): the root types of one node at other releases differ
	 * in sizes alone, and an estimate notes the sizes it read (all it reads of the root type).
	 */
	readonly byAst: WeakMap<CheckedAst, Map<object, SharedEstimate[]>>;
	readonly nodeOf: (decl: DeclType) => object;
}
export interface SharedEstimate {
	readonly flip: ReleaseCostChange | undefined;
	readonly reads: readonly (readonly [
		keyof Flags,
		Flags[keyof Flags]
	])[];
	/** The sizes the estimate read: each path from the root type and its maxElements. */
	readonly sizes: readonly (readonly [
		readonly string[],
		bigint
	])[];
	/** The release changes the estimate noted (onReleaseChange), said again to each release that takes it. */
	readonly changes: readonly ReleaseCostChange[];
	readonly estimate: CostEstimate;
}
/**
 * DeclTypes memoised per schema object and release profile, and the schemas synthesised for the implicit
 * resource-root fields (their DeclTypes carry schema: null). One per compiler, so a run shares it across CRDs.
 */
export interface DeclMemo {
	readonly bySchema: WeakMap<object, Map<number, DeclType | null>>;
	readonly implicit: WeakSet<object>;
	/**
	 * The schema node (and its place as a resource root) each DeclType is of, as one token per node and place. The
	 * DeclTypes of one node at different releases differ only in sizes and in flags the runtime reads (never in CEL
	 * types or fields): a type check does not tell them apart.
	 */
	readonly nodeOf: WeakMap<DeclType, object>;
	readonly tokens: WeakMap<object, [
		object | undefined,
		object | undefined
	]>;
}
export interface OverloadDecl {
	readonly id: string;
	/** Receiver-style (member) overload: args[0] is the receiver. */
	readonly member: boolean;
	readonly args: readonly CelType[];
	readonly result: CelType;
	/** Names of the type parameters used by args/result (empty for monomorphic overloads). */
	readonly typeParams: readonly string[];
}
export interface FunctionDecl {
	readonly name: string;
	readonly overloads: readonly OverloadDecl[];
}
/** Macro keys: `name:argCount:member` (member = "m", global = "g"). */
export type MacroKey = string;
export interface CelEnv {
	/** Kubernetes minor release of the server (e.g. 37 for 1.37). */
	readonly minor: number;
	/** Compatibility version minor used for new expressions (minor - 1). */
	readonly compat: number;
	readonly functions: ReadonlyMap<string, FunctionDecl>;
	/** Global identifiers (type names); rule variables are supplied separately to the checker. */
	readonly idents: ReadonlyMap<string, CelType>;
	readonly macros: ReadonlySet<MacroKey>;
	/** `.?`, `[?`, `{?k: v}`, `[?e]` syntax (cel.OptionalTypes). */
	readonly optionalSyntax: boolean;
	/** Cross-type numeric comparison overloads (cel.CrossTypeNumericComparisons). */
	readonly crossTypeNumericComparisons: boolean;
	/** AST validators for duration/timestamp/regex literals (1.29). */
	readonly literalValidators: boolean;
	/** cel.HomogeneousAggregateLiterals (an AST validator; always on in Kubernetes). */
	readonly homogeneousAggregateLiterals: boolean;
	/**
	 * Schema fields named like CEL reserved words (`namespace`, ...) are stored escaped (`__namespace__`)
	 * but may be selected by their plain name (DeclTypeProvider.SetRecognizeKeywordAsFieldName), 1.31.
	 */
	readonly recognizeKeywordAsFieldName: boolean;
	/** A presence test costs 1 at run time (cel-go's default; Kubernetes sets PresenceTestHasCost(false) from 1.29). */
	readonly presenceTestHasCost: boolean;
	/** The optional type's name in type-check errors: `optional` before cel-go v0.20 (Kubernetes 1.31), then `optional_type`. */
	readonly optionalTypeName: string;
	/** cel-go before v0.17 (Kubernetes 1.28): an undeclared member call has no type (`<nil>` in later overload errors). */
	readonly untypedUndeclaredMemberCalls: boolean;
	/** cel-go before v0.17: `does not support field selection` prints the type's protobuf text (`primitive:STRING`). */
	readonly protoTypeTexts: boolean;
	/**
	 * cel-go before v0.17: `_&&_` and `_||_` resolve as any overload (`found no matching overload for '_||_' applied to
	 * '(bool, int)'`); from v0.17 each argument that is not a bool is its own `expected type 'bool' but found ...`.
	 */
	readonly logicalOperatorsAsOverloads: boolean;
	/** The comprehension accumulator's name macros expand to: `@result` from cel-go v0.22 (Kubernetes 1.32), `__result__` before. */
	readonly accumulatorName: string;
	/** cel-go before v0.23 (Kubernetes 1.33): its older grammar and syntax-error formatting (see ParseOptions.legacyParser). */
	readonly legacyParser: boolean;
	/** Backtick-escaped field names parse (cel-go v0.29, Kubernetes 1.37, enables them by default). */
	readonly identEscapeSyntax: boolean;
	/** Names of functions that exist in some supported release (for diagnostics/tests). */
	readonly libraries: ReadonlySet<string>;
}
declare class CelErr {
	readonly message: string;
	constructor(message: string);
}
declare class UintV {
	readonly v: bigint;
	constructor(v: bigint);
}
declare class TimestampV {
	readonly ns: bigint;
	constructor(ns: bigint);
}
declare class DurationV {
	readonly ns: bigint;
	constructor(ns: bigint);
}
declare class TypeV {
	readonly name: string;
	constructor(name: string);
}
declare class OptionalV {
	readonly value: Val | undefined;
	constructor(value: Val | undefined);
	get hasValue(): boolean;
}
declare class OpaqueV {
	readonly typeName: string;
	readonly data: unknown;
	readonly equals: (other: OpaqueV) => boolean;
	readonly size?: number | undefined;
	constructor(typeName: string, data: unknown, equals: (other: OpaqueV) => boolean, size?: number | undefined);
}
export type Val = null | boolean | bigint | number | string | Uint8Array | UintV | TimestampV | DurationV | TypeV | OptionalV | OpaqueV | ListV | MapV | ObjectV;
export type Result = Val | CelErr;
export type ListSemantics = "atomic" | "set" | "map";
declare class ListV {
	private readonly raw;
	private readonly elems;
	private readonly itemDecl;
	readonly semantics: ListSemantics;
	readonly mapKeys: readonly string[];
	/** cel-go literal lists report "index 'i' out of range in list size 'n'"; unstructured lists "index out of bounds: i". */
	readonly literal: boolean;
	private cache;
	/** See DeclType.legacySetEquality. */
	legacySetEquality: boolean;
	constructor(raw: readonly unknown[] | null, elems: readonly Result[] | null, itemDecl: DeclType | null, semantics?: ListSemantics, mapKeys?: readonly string[], 
	/** cel-go literal lists report "index 'i' out of range in list size 'n'"; unstructured lists "index out of bounds: i". */
	literal?: boolean);
	static of(elems: readonly Val[]): ListV;
	get size(): number;
	get(i: number): Result;
	[Symbol.iterator](): IterableIterator<Result>;
	/** The decoded JSON elements of an unstructured list (null for a literal list). */
	get rawElements(): readonly unknown[] | null;
}
declare class MapV {
	/** Unstructured map (string keys) with its value DeclType, or null for a map built by an expression. */
	private readonly raw;
	private readonly valueDecl;
	private readonly entries;
	private conv;
	constructor(
	/** Unstructured map (string keys) with its value DeclType, or null for a map built by an expression. */
	raw: Readonly<Record<string, unknown>> | null, valueDecl: DeclType | null, entries: Map<string, [
		Val,
		Result
	]> | null);
	static of(entries: Map<string, [
		Val,
		Result
	]>): MapV;
	get size(): number;
	keys(): Val[];
	has(k: Val): boolean;
	/** The value, or undefined when the key is absent. */
	get(k: Val): Result | undefined;
}
declare class ObjectV {
	readonly decl: DeclType;
	private readonly raw;
	private conv;
	constructor(decl: DeclType, raw: Readonly<Record<string, unknown>>);
	/** The schema field of a CEL field name (escaped or, since 1.31, the plain property name). */
	private field;
	has(name: string): boolean;
	get(name: string): Result | undefined;
	/** Present fields (raw property names), for equality and traversal cost. */
	presentFields(): {
		name: string;
		value: Result;
	}[];
	get size(): number;
	/** Every key of the stored map, those without a property schema (kept by x-kubernetes-preserve-unknown-fields) too. */
	rawKeys(): string[];
	/** Whether the stored key has a property schema (a declared field, as unstructuredMap.propSchema finds it). */
	declares(key: string): boolean;
	hasRawKey(key: string): boolean;
	rawValue(key: string): unknown;
}
declare function toVal(raw: unknown, decl: DeclType | null): Result;
declare function fromJson(raw: unknown): Result;
export type Impl = (args: Val[]) => Result;
export interface FunctionRegistry {
	/** The implementation of an overload when the runtime arguments match its declared types. */
	resolve(overloadId: string, args: Val[]): Impl | undefined;
	callCost(fn: string, overloadId: string, args: Val[], result: Result): number;
}
/**
 * `new`: NewExpressionsEnv, the libraries of the compatibility version (n-1), for expressions a create or update
 * introduces. `stored`: StoredExpressionsEnv, every library the server has, feature gates ignored, for expressions
 * an update leaves as OLD had them (the apiserver matches them by exact text).
 */
export type CelEnvMode = "new" | "stored";
declare class ReferenceInterner {
	private readonly singleOverload;
	private readonly idents;
	overload(ov: OverloadDecl): Reference;
	ident(name: string): Reference;
}
export interface CompileInput {
	schema: Record<string, unknown>;
	isResourceRoot: boolean;
	expression: string;
	kind: "rule" | "messageExpression";
	optionalOldSelf?: boolean;
	/**
	 * The declaration type to compile against instead of the schema's own: the apiserver types a node's rules from its
	 * ancestors' types when they carry rules too (CELSchemaContext.TypeInfo), which differs under a resource root's
	 * metadata, kind and apiVersion.
	 */
	rootDecl?: DeclType;
}
export interface CompileError {
	/** First line, e.g. `ERROR: <input>:1:6: found no matching overload for '_==_' applied to '(int, bool)'`. */
	message: string;
	/** The caret snippet lines (` | <source line>\n | ....^`), empty when the issue has no location. */
	detail: string;
	/** 0-based UTF-16 offset of the issue in the expression (-1 when it has no location). */
	offset: number;
}
export interface CompileResult {
	ok: boolean;
	/** Issues in cel-go display order (by line, then column). */
	errors: CompileError[];
	/** Type of the whole expression (when it type-checked). */
	outputType?: CelType;
	/** Whether the checked expression references `oldSelf` (a transition rule). */
	usesOldSelf: boolean;
	ast?: CheckedAst;
	rootDecl?: DeclType;
	/**
	 * The expression type-checks, but cel-go's program cannot be built from it (`program instantiation failed: <this>`):
	 * a constant pattern of matches(), find() or findAll() that Go's regexp rejects (the OptOptimize regex precompile).
	 * compileRule stops there: no cost, no messageExpression.
	 */
	programError?: string;
	/**
	 * The node's schema has no CEL declaration type: cel.Compile fails before any rule (the runtime validator's
	 * "rule compiler initialization error", once for the node; the CRD's validation says it per rule).
	 */
	declTypeFailed?: true;
}
export interface CelCompiler {
	readonly kubernetesMinor: number;
	readonly env: CelEnv;
	/** A run over several releases: the estimates its releases share (src/cel/k8s/cost.ts). */
	readonly estimates?: EstimateShare;
	declType(schema: Record<string, unknown>, isResourceRoot: boolean): DeclType | null;
	compileRule(input: CompileInput): CompileResult;
}
export interface RuleScope {
	variables: ReadonlyMap<string, CelType>;
	objectNamer: (decl: DeclType) => string;
	references: ReferenceInterner;
}
/** Checker options per root DeclType (without and with optionalOldSelf), and the interned references. */
export interface ScopeCache {
	byDecl: WeakMap<DeclType, [
		RuleScope | null,
		RuleScope | null
	]>;
	references: ReferenceInterner;
}
/**
 * One read a compilation made of its environment: `f:<name>` a function's declaration, `i:<name>` a global
 * identifier, `m:<key>` whether a macro is on, `o:<field>` any other field; `<kind>:*` all of a collection.
 */
export type EnvRead = string;
/** A compilation filed for the other releases: each read it made, with its environment's answer. */
export interface SharedCompilation {
	readonly reads: readonly (readonly [
		EnvRead,
		string
	])[];
	readonly result: CompileResult;
}
/**
 * What the compilers of a run over several releases share (src/engine/services.ts): the declaration types, one
 * object per schema and release profile, with their rule scopes; and each compilation with what it read of its
 * environment. A release whose environment answers every one of those reads alike compiles the rule alike (the
 * parser and the checker read nothing else of the release), so it takes the compilation as it is.
 */
export interface CompileShare {
	readonly decls: DeclMemo;
	readonly scopes: ScopeCache;
	/**
	 * Per root type's schema node (DeclMemo.nodeOf; the type itself when it has none) and `<optionalOldSelf
	 * 0|1><expression>`: each compilation, with its reads and their answers.
	 */
	readonly compiled: WeakMap<object, Map<string, SharedCompilation[]>>;
	/** Rules on types without schema objects, by the compiler's type key (`<0|1><type>\0<expression>`). */
	readonly byType: Map<string, SharedCompilation[]>;
	readonly answers: WeakMap<CelEnv, Map<EnvRead, string>>;
	readonly estimates: EstimateShare;
	readonly envIds: {
		get(env: CelEnv): number;
	};
}
declare function createCelCompiler(kubernetesMinor: number, mode?: CelEnvMode, share?: CompileShare): CelCompiler;
declare const PER_CALL_LIMIT = 1000000;
declare const RUNTIME_CEL_COST_BUDGET = 10000000;
export interface CelValidatorOptions {
	/** Target Kubernetes minor (1.N): libraries and their error texts. */
	minor: number;
	perCallLimit?: number;
	budget?: number;
	/** The run's compiler (it must be for `minor`), so that validators share its caches; a new one otherwise. */
	compiler?: CelCompiler;
	/** The run's function registry over that compiler's environment (building one per validator was measurable). */
	registry?: FunctionRegistry;
	/**
	 * The schema keeps optionalOldSelf although CRDValidationRatcheting is off: an update whose OLD sets it
	 * (dropDisabledFields keeps NEW's then).
	 */
	keepsOptionalOldSelf?: boolean;
	/**
	 * Which schema nodes have rules at or below them (rulesBelow), for validators built from the same schema objects:
	 * the releases of a range run share it, so the schema is walked once, not once per release.
	 */
	ruleNodes?: WeakMap<object, boolean>;
	/** The signatures of checked ASTs (astSignature), for validators whose rules share compilations. */
	signatures?: WeakMap<object, string>;
}
export interface CelFieldError {
	path: (string | number)[];
	/** The same path with its segment kinds (field, map key, index), relative to basePath's root. */
	fieldPath: FieldPath;
	/** The value before rendering (present when `value` is not null). */
	rawValue?: unknown;
	field: string;
	type: "Invalid" | "Forbidden" | "Required" | "Duplicate" | "InternalError" | string;
	value: string | null;
	detail: string;
	message: string;
	rule?: string;
}
export interface CelValidateResult {
	errors: CelFieldError[];
	/** Errors ratcheted on update (the apiserver returns them as warnings). */
	warnings: CelFieldError[];
	remainingBudget: number;
}
/** Where each rule evaluated is reported (values/coverage.ts's CoverageSink; src/cel does not import upward). */
export interface RuleCoverageSink {
	/** `node`: the schema object the rule is written on; `check`: `rule[<index in x-kubernetes-validations>]`. */
	record(node: object, check: string, failed: boolean): void;
}
export interface CelValidator {
	validate(obj: unknown, oldObj: unknown | undefined, opts?: {
		basePath?: (string | number)[];
		budget?: number;
		ratcheting?: boolean;
		/**
		 * A rule that held passed; one that was false or failed to evaluate (no overload, an evaluation error, the
		 * per-call cost limit) failed. A failure ratcheting turns into a warning, a transition rule without an old value,
		 * a rule that does not compile, and a rule the budget stops record nothing.
		 */
		coverage?: RuleCoverageSink;
		/** The release as this validation asks it (a ReleaseReads notes what it asks); absent: the validator's own. */
		release?: Release;
	}): CelValidateResult;
	/**
	 * What the validator's answers take from its release beyond what a validation asks of `release`: each rule's
	 * compilation and the release's settings its evaluation can meet. Validators whose keys are equal item by item
	 * answer alike (src/values/resource.ts's ReleaseResultShare).
	 */
	readonly releaseKey: readonly unknown[];
}
export type Schema = Record<string, unknown>;
declare function normalizeFieldPath(jsonPath: string, schema: Schema): FieldPath | null;
declare function findOldItem(schema: Schema, oldList: unknown, item: unknown): unknown;
declare function createCelValidator(schema: Schema, isResourceRoot: boolean, options: CelValidatorOptions): CelValidator;
export interface Activation {
	lookup(name: string): Result | undefined;
}
export interface EvalOutcome {
	value: Result;
	cost: number;
	/** The per-call limit was exceeded (value is then the cancellation error). */
	cancelled: boolean;
	/** How many presence tests ran (their cost is the release's: a caller may need to know what it would be else). */
	presenceTests: number;
	/** A crdlint runtime defect (an unexpected exception), not an apiserver outcome. */
	internal?: string;
}
declare class Interpreter {
	private readonly ast;
	private readonly env;
	private readonly fns;
	private readonly limit;
	/** cel.OptOptimize (the apiserver's setting): constant folding of literals, conversions and `in` constant lists. */
	private readonly optimize;
	private cost;
	private presenceTests;
	constructor(ast: CheckedAst, env: CelEnv, fns: FunctionRegistry, limit: number, 
	/** cel.OptOptimize (the apiserver's setting): constant folding of literals, conversions and `in` constant lists. */
	optimize?: boolean);
	run(act: Activation): EvalOutcome;
	private charge;
	/** An expression cel-go plans as an attribute (identifier, select/index chains, conditionals). */
	private isAttribute;
	private isTypeIdent;
	eval(e: Expr, act: Activation): Result;
	private constant;
	/** Whether an expression is a constant after OptOptimize folding (constants, literal lists/maps of constants). */
	private isConstant;
	/**
	 * An attribute: its base (identifier, or a relative operand) and its qualifiers. `chargeBase` is false when the
	 * attribute is used as an index qualifier or as a presence test's operand (cel-go resolves it without Eval).
	 */
	private attribute;
	/** The operand of a qualifier: an attribute continues the chain; any other expression becomes a relative attribute. */
	private operandOf;
	private presence;
	private list;
	private map;
	private fold;
	private call;
	/**
	 * Calls the overload that matches the arguments. Unary and binary calls are charged even when an argument is an
	 * error (cel-go evaluates both operands, then returns the error; the observer still costs the call with the error
	 * as a size-1 argument). A call the checker bound to several overloads has no single overload id at runtime.
	 */
	private invoke;
	private logical;
	get environment(): CelEnv;
}
/** One evaluation: the value (or the CEL error it ended in) and what it cost. */
export interface ExpressionEvaluation {
	/** The value as JSON (absent when the evaluation ended in an error). */
	value?: unknown;
	/** The value written as a CEL literal (absent when the evaluation ended in an error). */
	text?: string;
	/** The CEL error the evaluation ended in (cel-go's text, as the apiserver quotes it). */
	error?: string;
	/** cel-go's runtime cost of this evaluation (what the apiserver charges to the request's budget). */
	cost: number;
	/** The per-call limit stopped the evaluation. */
	cancelled: boolean;
}
export interface ExpressionEvaluator {
	/** `self` and `oldSelf` as unstructured values; undefined leaves the variable unbound (compile.ts referencesVariable tells whether it is read). */
	evaluate(self: unknown, oldSelf: unknown): ExpressionEvaluation;
}
declare function createExpressionEvaluator(compiler: CelCompiler, compiled: CompileResult, options: {
	optionalOldSelf?: boolean;
	perCallLimit: number;
}): ExpressionEvaluator;
declare function celValueText(v: Result): string;
declare function celValueJson(v: Result): unknown;
declare function createKubernetesFunctionRegistry(env: CelEnv): FunctionRegistry;
export type DecodeIssueKind = "unknown-field" | "type-mismatch" | "dropped-field";
export interface DecodeIssue {
	/** The field as the apiserver's field.Path renders it (map keys in brackets): `spec.versions[0].schema.openAPIV3Schema.properties[spec].x-kubernetes-validation`. */
	path: FieldPath;
	/**
	 * `unknown-field`: rejected under strict field validation; `type-mismatch`: the request cannot be decoded at all;
	 * `dropped-field`: an unknown field below items/additionalProperties/additionalItems/dependencies, which the
	 * apiserver decodes without strict checks and silently drops.
	 */
	kind: DecodeIssueKind;
	/** The decoder's text: `unknown field "spec.verisons"` (sigs.k8s.io/json path notation) or Go's `json: cannot unmarshal …`. */
	message: string;
	/** The offending JSON value (type mismatches). */
	value?: unknown;
	/** A likely intended field name (`versions` for `verisons`). */
	suggestion?: string;
	/** Extra explanation (a field newer than the target Kubernetes version). */
	detail?: string;
}
export interface Decoder {
	/** The Kubernetes minor whose decoder this is. */
	readonly minor: number;
	/** Problems Kubernetes 1.<minor>'s decoder finds in the CRD object. */
	decode(crd: unknown): DecodeIssue[];
}
/** Where a fact about the cluster comes from: OLD's `status`, a command-line override, or the apiserver's guarantee. */
export type FactSource = "status" | "option" | "assumed";
/** OLD's `status.storedVersions` (PrepareForUpdate copies OLD's status onto NEW, then appends NEW's storage version). */
export interface StoredVersions {
	readonly versions: readonly string[];
	/**
	 * `assumed`: OLD has no status; the apiserver guarantees OLD's storage version is listed (A27), so the list is
	 * [OLD's storage version] — versions stored before it are unknown.
	 */
	readonly source: FactSource;
}
/** OLD's `Established` condition: scope and kind are immutable once it is True (requireImmutableNames). */
export interface Established {
	readonly value: boolean;
	/** `assumed`: OLD has no conditions; a CRD that was applied and served is established. */
	readonly source: FactSource;
}
/** A version name and where it is on each side (null: absent on that side). */
export interface VersionPair {
	readonly name: string;
	readonly old: VersionView | null;
	readonly new: VersionView | null;
}
/** The facts of OLD a verdict may rest on; a report names the ones it used (`assumes`). */
export type Assumption = "storedVersions" | "established";
/**
 * The apiserver's `validationOptions` for an update, from OLD (and NEW, for the per-version comparisons). Options that
 * need OLD's own findings (is OLD non-structural? does it have unpruned defaults?) are answered by `oldFires`, which
 * lints OLD as a create with the same rules, once and only when a rule asks: the apiserver's helpers
 * (specHasNonStructuralSchema, schemaHasUnprunedDefaults, hasNonAtomicSetType, hasInvalidMapListKeysMapSet,
 * specHasInvalidTypes) are the create-time checks run on OLD.
 */
export interface UpdateOptions {
	readonly old: CrdView;
	readonly storedVersions: StoredVersions;
	readonly established: Established;
	/** Scope and kind are immutable (OLD is Established). */
	readonly requireImmutableNames: boolean;
	readonly requireOpenAPISchema: boolean;
	readonly requireValidPropertyType: boolean;
	readonly requireStructuralSchema: boolean;
	readonly requirePrunedDefaults: boolean;
	readonly requireAtomicSetType: boolean;
	readonly requireMapListKeysMapSetValidation: boolean;
	readonly requireRecognizedConversionReviewVersion: boolean;
	readonly allowInvalidCABundle: boolean;
	/** The ≤8 limit is skipped for this version ("" = the top-level list): OLD had more and the list is unchanged. */
	allowTooManySelectableFields(version: string): boolean;
	/** Rule texts found in OLD: compiled in the stored-expressions environment. */
	readonly preexistingRules: ReadonlySet<string>;
	readonly preexistingMessageExpressions: ReadonlySet<string>;
	/** The per-expression cost limit is suppressed for these versions (schema unchanged). */
	readonly versionsWithUnchangedSchemas: ReadonlySet<string>;
	/** OLD sets optionalOldSelf somewhere: dropDisabledFields keeps NEW's even with CRDValidationRatcheting off (A16). */
	readonly oldUsesOptionalOldSelf: boolean;
	/** OLD sets selectableFields: dropDisabledFields keeps NEW's even with CustomResourceFieldSelectors off (1.30). */
	readonly oldHasSelectableFields: boolean;
}
/**
 * The requirements of `validationOptions` that an update drops when OLD already fails their create-time check: each
 * with the ids of the rules of that check (the engine gathers them from the rules' metadata), whose findings on OLD
 * relax the same check on NEW.
 */
export type OldFindingRequirement = "requireStructuralSchema" | "requirePrunedDefaults";
export interface RuleDocs {
	/** Why it matters, in Kubernetes terms. */
	why?: string;
	/** How to fix it. */
	fix?: string;
	/** owner/repo:path of the apiserver check reproduced. */
	upstream?: string;
	/**
	 * A failing and a passing example. Either a whole YAML document, or a delta on the baseline CRD of the
	 * catalog (keys openAPIV3Schema, subresources, additionalPrinterColumns, selectableFields, webhook, versions,
	 * spec, metadata; see src/rules/examples.ts).
	 */
	fail: string;
	pass: string;
}
/**
 * Phases, in the apiserver's order inside one schema: `structural` and `walk` always run; `defaults` only when
 * the schema has no structural error; `cel` only when defaults are clean too (and, per node, when the walk found
 * nothing at or below the node); `final` last, seeing how many errors the schema produced. `crd` rules run once per CRD.
 * `revision` rules run once per pair of revisions of one CRD (OLD and NEW), after NEW's own rules (docs/revisions.md).
 */
export type Phase = "crd" | "structural" | "walk" | "defaults" | "cel" | "final" | "revision";
/** Values a message template interpolates (`{{name}}`), printed as a template literal prints them. */
export type MessageData = Readonly<Record<string, string | number | bigint | boolean | null | undefined | readonly unknown[]>>;
/**
 * A report. `M` is the union of the reporting rule's message ids (`keyof messages`, see `defineRule`), so that a
 * misspelt `messageId` fails to compile instead of failing at run time; code outside one rule sees `string`.
 */
export interface Report<M extends string = string> {
	path: DualPath;
	/**
	 * The schema node whose validation raises the error, when it is not the node at `path`: the array checks of
	 * x-kubernetes-list-type report at `items...` paths but belong to the array's level, so they do not keep the CEL
	 * rules of the items from being compiled ("schema errors at this level or deeper" skip CEL).
	 */
	level?: DualPath;
	/** One of the rule's `messages` (the text is data that docs and tests can see); `data` fills its `{{placeholders}}`. */
	messageId?: M;
	data?: MessageData;
	/**
	 * A message computed whole by a shared evaluator (a Kubernetes validation function's text, a decoder's text),
	 * for rules whose text is not the rule's own; a rule's own texts go in `messages`.
	 */
	message?: string;
	/** Overrides the rule's error type (rules whose type depends on the case, e.g. Required vs Invalid). */
	type?: ErrorType | null;
	/** The value the apiserver prints after the type (`Invalid value: "foo"`); omitted for Required/Forbidden. */
	value?: unknown;
	detail?: string;
	suggestion?: string;
	/** Character offset inside the string at `path` (a CEL expression), for a precise line/column. */
	offset?: number;
	/**
	 * The n-th (2, 3, …) identical error at this place: the apiserver runs some checks once per entry of a list (a
	 * list-map key named twice is checked twice) and lists each error; identical reports are otherwise one.
	 */
	occurrence?: number;
}
/**
 * Heavy helpers the engine loads once (dynamic import) before linting, so that `crdlint rules` and
 * `crdlint --version` import neither CEL nor ajv (the imports above are types only).
 */
export interface EngineServices {
	/** `createCelCompiler(minor)` of src/cel/schema/compile.ts, built for the target minor; null when CEL is not loaded. */
	readonly cel: CelCompiler | null;
	/** The compiler of the stored-expressions environment (A11: expressions an update keeps from OLD); built on first use. */
	readonly celStored?: CelCompiler | null;
	/** The strict decoder of src/crd/decode.ts (ajv-compiled JSON schema of the v1 CRD type); null when not loaded. */
	readonly decoder: Decoder | null;
	/** The CEL runtime module src/cel/schema/runtime.ts (createCelValidator, ...), or null when absent. */
	readonly celRuntime?: typeof CelRuntime | null;
	/** Go regexp syntax verdicts by pattern, shared by every CRD of the run. */
	readonly regexSyntax: GoRegexpSyntaxCache;
	/** Compiled kube-openapi schema validators (and their patterns), shared by every CRD of the run. */
	readonly schemaValidators: SchemaValidatorCache;
}
/** The context of a `crd` rule; `M` are the rule's message ids (see `Report`). */
export interface RuleContext<M extends string = string> {
	crd: CrdView;
	/** Target Kubernetes minor version (1.N). */
	minor: number;
	report(r: Report<M>): void;
	services: EngineServices;
	/** Per-CRD memo shared between rules (e.g. CEL compile results keyed by rule path). */
	memo: Memo;
	/**
	 * Set when the CRD is an update of an OLD revision (`crdlint diff`, `lint --against`): the apiserver's
	 * validationOptions derived from OLD. A create-time rule whose check the apiserver relaxes on update reads its
	 * option here (`if (ctx.update && !ctx.update.requirePrunedDefaults) return;`). Undefined on create.
	 */
	update?: UpdateOptions;
	/**
	 * How the CRD reaches the cluster (src/load/layout.ts): `client-side` (kubectl apply, the default), `server-side`
	 * or `helm` (a chart's crds/). A rule about what the apply itself adds (the last-applied annotation) reads it.
	 */
	applyMethod: ApplyMethod;
}
/**
 * What a change does, worst first; the engine grades severity by it (docs/revisions.md):
 * `rejected` the apiserver refuses the update (error, apiserver: true, operation: "update");
 * `data-lost` stored objects lose or change data on read (pruning, defaulting) (error);
 * `objects-fail` existing objects fail their next write (error; warning when `ratcheted`: only creates and writes
 * that change the value fail);
 * `clients-break` clients, manifests or kubectl usage break (warning);
 * `migration-needed` existing objects stay in a version until a storage-version migration rewrites them, and that
 * version cannot leave the CRD before (warning);
 * `behaviour-changed` a visible change that breaks nothing by itself (info);
 * `none` an event worth listing (an added CRD, an added version) (info).
 */
export type Effect = "rejected" | "data-lost" | "objects-fail" | "clients-break" | "migration-needed" | "behaviour-changed" | "none";
export interface RevisionReport<M extends string = string> extends Report<M> {
	effect: Effect;
	/** The position is in OLD (what was removed) instead of NEW. `path` is then a path in OLD. */
	inOld?: boolean;
	/** For `objects-fail`: CR validation ratcheting lets unchanged values pass on update (A32, A33, A35). */
	ratcheted?: boolean;
	/** The facts of OLD the verdict rests on (assumed when OLD has no status). */
	assumes?: readonly Assumption[];
	/** The version the change is about (the lenient policy for unstable versions matches it). */
	version?: string;
}
/** The context of a `revision` rule: one CRD's OLD and NEW revisions. */
export interface RevisionContext<M extends string = string> {
	/** NEW (as `crd` in every other rule context). */
	readonly crd: CrdView;
	readonly old: CrdView;
	/** The apiserver's view of the update: validationOptions, storedVersions, Established. */
	readonly update: UpdateOptions;
	/** Versions by name, with their view on each side. */
	readonly versions: readonly VersionPair[];
	readonly minor: number;
	readonly services: EngineServices;
	/** NEW's per-CRD memo (the one NEW's own rules filled); `oldMemo` is OLD's. */
	readonly memo: Memo;
	readonly oldMemo: Memo;
	report(r: RevisionReport<M>): void;
}
export interface SchemaContext<M extends string = string> extends RuleContext<M> {
	/** The id of the rule this context reports for. */
	readonly ruleId: string;
	scope: SchemaScope;
	/** The schema's structural state (NewStructural outcome, value-validation facts), created by the engine per schema. */
	readonly structural: StructuralState;
	/** Every node of the schema, in walk order (shared by all rules; walked once). */
	nodes: readonly SchemaNode[];
	/** False when a `walk`-phase apiserver error was reported at this node or below (the apiserver's per-node CEL gate). */
	isNodeClean(node: SchemaNode): boolean;
	/** apiserver errors reported so far for this schema (for `final` rules). */
	readonly errorCount: number;
}
/**
 * Rule sets in the ESLint manner, each holding the one before it: `apiserver` (what the apiserver, or kubectl reading
 * the file, rejects or warns about, and problems with crdlint's own input), `recommended` (the default: that plus what
 * makes a CRD malfunction although the apiserver accepts it), `strict` (every rule, conventions and style included).
 */
export declare const PRESETS: readonly [
	"apiserver",
	"recommended",
	"strict"
];
export type Preset = (typeof PRESETS)[number];
export declare const DEFAULT_PRESET: Preset;
/**
 * Where a rule belongs: the smallest preset holding it, or `opt-in` for a rule no preset holds, which runs only when
 * the configuration gives it a severity (a lint that fires on nearly every node of a real CRD).
 */
export type RulePreset = Preset | "opt-in";
export interface RuleMeta {
	id: string;
	category: Category;
	severity: Severity;
	/** True when the apiserver rejects the CRD for this reason. */
	apiserver: boolean;
	/**
	 * The apiserver accepts the object but sends this warning itself (in the response's Warning headers): the
	 * diagnostic says so with `apiserverWarning: true` (`apiserver` stays false: it is not a rejection).
	 */
	apiserverWarning?: boolean;
	/** The apiserver's error type, when `apiserver`. */
	type: ErrorType | null;
	description: string;
	docs: RuleDocs;
	/**
	 * The rule's message texts by id, as in typescript-eslint: `{ mustBeString: "must be {{expected}}" }`; a report
	 * names one (`messageId`) and gives the placeholders' values (`data`).
	 */
	messages?: Readonly<Record<string, string>>;
	phase: Phase;
	/**
	 * The smallest preset that holds the rule (`apiserver` ⊂ `recommended` ⊂ `strict`). apiserver rules are always in
	 * `apiserver` and need not say so; every other rule names its preset (or `opt-in`) and says why in `presetWhy`.
	 */
	preset?: RulePreset;
	/** Why the rule is in its preset: what breaks when it fires (recommended), or why nothing does (strict). */
	presetWhy?: string;
	/**
	 * The check runs outside the apiserver's recursive OpenAPI walk (the status-root restriction): its errors count
	 * for the schema but do not stop CEL compilation of the node they are reported on.
	 */
	outsideWalk?: boolean;
	/** Kubernetes minor range where the rule applies (inclusive). */
	minMinor?: number;
	maxMinor?: number;
	/** What the rule means when the apiserver judges an update of the CRD rather than its creation. */
	update?: RuleOnUpdate;
}
/** A rule's part in the apiserver's judgement of an update (read by the engine and by `crdlint diff`). */
export interface RuleOnUpdate {
	/**
	 * The apiserver returns the rule's finding as a warning on an update too (the CRD strategy's WarningsOnUpdate,
	 * 1.34+), ratcheted against OLD: `crdlint diff` keeps it, as kubectl prints it when it applies NEW.
	 */
	readonly warns?: true;
	/**
	 * The rule is a create-time check that the apiserver runs on OLD to decide an update's validationOptions: when OLD
	 * already fails it, this requirement is dropped and NEW may keep failing it. (requireStructuralSchema is the
	 * structural phase's apiserver rules, by their phase.)
	 */
	readonly oldFindingLifts?: Exclude<OldFindingRequirement, "requireStructuralSchema">;
}
/** The hooks the engine calls; `M` are the rule's message ids, which its contexts' `report` accepts. */
export interface RuleHooks<M extends string = string> {
	/** `crd` phase: once per CRD. */
	check?(ctx: RuleContext<M>): void;
	/** Schema phases: once per schema, after the per-node visits of the same phase. */
	checkSchema?(ctx: SchemaContext<M>): void;
	/** Schema phases: once per schema node. */
	visitNode?(node: SchemaNode, ctx: SchemaContext<M>): void;
	/**
	 * The schema keys visitNode looks for: at a node whose schema has none of them (each undefined), it finds nothing
	 * and reads nothing, so the engine does not call it there (the rules of a phase share one walk; most nodes concern
	 * a few of them). Absent: every node.
	 */
	readonly visitKeys?: readonly string[];
	/** `revision` phase: once per pair of revisions of a CRD. */
	checkRevision?(ctx: RevisionContext<M>): void;
}
export interface Rule extends RuleMeta, RuleHooks {
}
export type FieldValidation = "strict" | "warn" | "ignore";
declare const RESOURCE_FINDING_CODES: readonly [
	"resource-unknown-field",
	"resource-decode-failed",
	"resource-metadata-invalid",
	"resource-schema-invalid",
	"resource-scale-invalid",
	"resource-embedded-invalid",
	"resource-list-type-duplicate",
	"resource-finalizer-name",
	"resource-cel-not-checked",
	"resource-cel-rule-failed",
	"resource-cel-cost-exceeded",
	"resource-cel-ratcheted"
];
export type ResourceFindingCode = (typeof RESOURCE_FINDING_CODES)[number];
/** One finding, already in the apiserver's words; `docPath` locates it in the written document. */
export interface ResourceFinding {
	rule: ResourceFindingCode;
	severity: "error" | "warning";
	/** The path as the apiserver prints it; null for the apiserver's `<nil>`. */
	field: string | null;
	docPath: (string | number)[];
	type: ErrorType | null;
	/** The value as the apiserver prints it, when the error type carries one. */
	value?: string;
	message: string;
	detail?: string;
	/** The apiserver reports this only once that finding is fixed (it stops there): shown marked, not counted. */
	hiddenBy?: ResourceFinding;
}
/** crdlint could not do its job (bad path, bad option): the CLI prints the message and exits 2. */
export declare class UsageError extends Error {
	name: string;
}
export interface LintOptions {
	/**
	 * Target Kubernetes release, `1.N` (default: the newest crdlint knows, or the claimed releases); for lint also a
	 * range, `1.28..1.37`, or `supported` (the minors upstream supports on the run's date): one run judges every
	 * release, each diagnostic names the releases it holds for, and the result has each CRD's verdict per release.
	 */
	kubernetesVersion?: string;
	/**
	 * The releases the project claims to support (`kubernetesVersions` of .crdlint.yaml): a range, `supported` or one
	 * release. A CRD rejected at a claimed release of the run is an error (crd-rejected-in-claimed-range); a chart's
	 * kubeVersion (Chart.yaml above a file) claims for its own files. With no kubernetesVersion, the claims are the run's.
	 */
	claimedKubernetesVersions?: string;
	/**
	 * The rule set: `recommended` (default: what the apiserver rejects or warns about, and what makes a CRD malfunction),
	 * `strict` (every rule, conventions and style too) or `apiserver` (only what the apiserver rejects or warns about).
	 */
	preset?: Preset;
	/** Per-rule severity (`off` disables), over the preset's. */
	rules?: Record<string, ConfiguredSeverity>;
	/** Globs of files to skip, relative to `ignoreBase` (the config file's directory; default cwd). */
	ignore?: string[];
	ignoreBase?: string;
	/** What standard input stands for (--stdin-filename), for the ignore patterns. */
	stdinFilename?: string;
	maxFileSizeBytes?: number;
	cwd?: string;
	/**
	 * Reads standard input for the path `-` (default: process.stdin). It is given --max-file-size and may stop
	 * reading past it: an input over the limit is reported (size-file-too-large), not parsed.
	 */
	stdin?: StdinReader;
	/**
	 * How the CRDs are applied (src/load/layout.ts): `client-side` (kubectl apply, the default), `server-side` (kubectl
	 * apply --server-side, create, replace) or `helm`. A Helm chart's crds/ files are `helm` whatever this says.
	 */
	applyMethod?: ApplyMethod;
	/**
	 * Worker threads for many files (default 1: this thread only; the CLI's default is one per core but one). Small inputs
	 * stay on this thread whatever the number, since starting a worker costs more than they take to lint.
	 */
	jobs?: number;
	/**
	 * Report only what the apiserver reports now, stopping where it stops (a non-structural schema hides defaults and
	 * CEL, a default error hides CEL; in validate an unknown field hides the rest, a type error the CEL rules). Without
	 * it (the default) crdlint also reports what it finds behind those gates, each with `hiddenBy`.
	 */
	apiserverGates?: boolean;
	/**
	 * A cache directory shared across runs (src/engine/lint-cache.ts) and crdlint's build (part of every key): a file
	 * linted before with the same bytes, layout and options gets that lint's diagnostics without being linted. Absent
	 * or false (the library's default): no cache. The CLI's lint keeps one in the user's cache directory (--no-cache:
	 * none).
	 */
	cache?: {
		dir: string;
		version: string;
	} | false;
}
export interface ExpressionCostReport {
	file: string;
	document: number;
	object: string | null;
	version: string;
	/** Every version that carries the schema (more than one when the schema is shared). */
	versions: string[];
	field: string;
	apiserverField?: string;
	line: number;
	column: number;
	kind: "rule" | "messageExpression";
	expression: string;
	estimatedCost: bigint;
	maxCardinality: bigint;
	cardinalityUnbounded: boolean;
	totalCost: bigint;
	exceedsLimit: boolean;
	percentOfLimit: number;
	drivers?: string[];
	suggestion?: string;
	/** The estimate differs between 1.36 and 1.37 because the apiserver's estimator changed (docs/cel-cost.md). */
	releaseChange?: {
		release: string;
		estimatedCostBefore: bigint;
		estimatedCostAfter: bigint;
		text: string;
	};
	/**
	 * A run over several releases only: the releases at which the expression is estimated (its schema compiled
	 * there), and the estimate at each, merged where releases agree. The fields above are then the estimate at the
	 * release where its total is highest (the newest of those), so `exceedsLimit` means over the limit at some release.
	 */
	releases?: string[];
	byRelease?: ExpressionReleaseCost[];
}
/** An expression's estimate at the releases (oldest first) that agree on every part of it. */
export interface ExpressionReleaseCost extends Pick<ExpressionCostReport, "estimatedCost" | "maxCardinality" | "cardinalityUnbounded" | "totalCost" | "exceedsLimit" | "percentOfLimit" | "drivers" | "suggestion" | "releaseChange"> {
	releases: string[];
}
/** A schema's total at the releases (oldest first) that agree on it. */
export interface SchemaReleaseCost {
	releases: string[];
	totalCost: bigint;
	exceedsLimit: boolean;
	percentOfLimit: number;
}
/** A run over several releases: what is over a limit at one release of it. */
export interface CostReleaseVerdict {
	withinLimits: boolean;
	expressionsOverLimit: number;
	schemasOverLimit: number;
}
export interface SchemaCostReport {
	file: string;
	document: number;
	object: string | null;
	version: string;
	versions: string[];
	totalCost: bigint;
	limit: bigint;
	exceedsLimit: boolean;
	percentOfLimit: number;
	/** A run over several releases only (as ExpressionCostReport's): where it is estimated, and its total at each. */
	releases?: string[];
	byRelease?: SchemaReleaseCost[];
}
/** A schema whose CEL rules the apiserver would not compile (structural or default errors): no cost to show. */
export interface UnestimatedSchemaReport {
	file: string;
	document: number;
	object: string | null;
	version: string;
	versions: string[];
	/** x-kubernetes-validations rules in the schema. */
	rules: number;
	apiserverErrors: number;
	reason: string;
	/** A run over several releases only: the releases at which it is not estimated, for this reason. */
	releases?: string[];
}
export interface CostReport {
	kubernetesVersion: string;
	limits: {
		perExpression: bigint;
		perCRD: bigint;
	};
	expressions: ExpressionCostReport[];
	crds: SchemaCostReport[];
	/** Schemas whose rules were not estimated, and why. */
	unestimated: UnestimatedSchemaReport[];
	/** The lint result of the same run (CEL compile errors explain why an expression has no cost). */
	lint: LintResult;
	/** A run over several releases only: its releases (oldest first), and the verdict at each. */
	releases?: string[];
	verdicts?: Record<string, CostReleaseVerdict>;
}
export interface LintSession {
	/**
	 * Lints the document's whole current text (YAML or JSON, one or more documents), named `file` (default the
	 * session's `options.file`, else `<text>`): the same LintResult as `lintText(text, { ...options, file })`.
	 * Calls are answered in order; the one before need not be awaited.
	 */
	lint(text: string, file?: string): Promise<LintResult>;
	/** Drops what the session holds; a lint after it is a UsageError. */
	dispose(): void;
}
export interface DiffIgnore {
	rule: string;
	/** metadata.name of the CRD (a glob: `*` matches any run of characters). */
	crd?: string;
	/** The diagnostic's field (a glob: `*` matches any run of characters). */
	path?: string;
	/** Why the change is accepted: required, so that every exception has its justification beside it. */
	reason: string;
}
export interface DiffPolicy {
	rules: Record<string, ConfiguredSeverity>;
	/** `lenient`: findings about a version whose name contains alpha or beta are info (the apiserver's rejections stay errors). */
	unstableVersions: "strict" | "lenient";
	ignore: DiffIgnore[];
}
export interface RevisionOptions extends LintOptions {
	/** --stored-versions v1alpha1,v1: OLD's status.storedVersions for every CRD (overrides OLD's status and the A27 assumption). */
	storedVersions?: string[];
	/** --stored-versions NAME=v1alpha1,v1: OLD's status.storedVersions of one CRD (overrides the list for every CRD). */
	storedVersionsByCrd?: Readonly<Record<string, readonly string[]>>;
	/**
	 * --stored-versions-from FILE: CRDs as the cluster returns them (`kubectl get crd -o yaml`, a `kind: List` too);
	 * each one's status.storedVersions is OLD's list for the CRD of its name (NAME=... still wins).
	 */
	storedVersionsFrom?: readonly string[];
	/** The `diff` section of .crdlint.yaml. */
	diffPolicy?: DiffPolicy;
	/** --objects: example or exported custom resources replayed against NEW (src/commands/diff/replay.ts). */
	objects?: readonly string[];
	/**
	 * The paths as the user named them when NEW's paths are a narrowed list of files (--crd-files-only, or no path at
	 * all: the files holding a CRD under "."): with `against`, OLD is these paths at the ref, and CRDs pair within them,
	 * so a CRD file deleted or moved since the ref is still seen.
	 */
	namedPaths?: readonly string[];
}
export interface ValidateOptions extends LintOptions {
	/** CRD files, directories, globs or `-` (stdin). */
	crds?: readonly string[];
	/** A file with the objects as they are stored: the manifests are then validated as updates of them. */
	old?: string;
	/** The field validation directive (kubectl's --validate): strict (default), warn or ignore. */
	fieldValidation?: FieldValidation;
	/** Skip resources whose kind no CRD defines instead of reporting kubectl's "no matches for kind". */
	ignoreMissingSchemas?: boolean;
	/**
	 * A cache directory shared across runs (content-addressed; src/load/content-cache.ts) and crdlint's version (part of
	 * every key): CRD chunks it knows are not parsed until a resource needs their CRD. Absent or false: no cache.
	 */
	cache?: {
		dir: string;
		version: string;
	} | false;
	/** Receives every object as the apiserver would store it (pruned, defaulted), in input order. */
	onDefaulted?: (object: unknown) => void;
}
/** One evaluation of the expression: `self` at one field of the object. */
export interface CelEvalEvaluation {
	/** Where `self` is in the object, as the apiserver writes a field path (`spec.ports[1]`; "" for the root). */
	field: string;
	/** The value as JSON (absent when the evaluation ended in an error or did not run). */
	value?: unknown;
	/** The value written as a CEL literal. */
	text?: string;
	/** The CEL error the evaluation ended in, as cel-go words it. */
	error?: string;
	/** The runtime cost of this evaluation (cel-go's cost tracking, as the apiserver charges it). */
	cost: number;
	/** The per-call cost limit stopped the evaluation. */
	cancelled?: boolean;
	/** Why the apiserver would not run the expression here (a transition rule where no old value pairs with this one). */
	skipped?: string;
}
/** The estimator's worst case for the expression as a rule at the node, as `crdlint cost` shows a rule's. */
export interface CelEvalEstimate {
	/** One evaluation's estimated cost. */
	estimatedCost: bigint;
	/** Evaluations per object: the product of maxItems/maxProperties above, or the apiserver's unbounded figure. */
	maxCardinality: bigint;
	cardinalityUnbounded: boolean;
	/** estimatedCost × maxCardinality: what the apiserver compares with the per-rule limit. */
	totalCost: bigint;
	limit: bigint;
	exceedsLimit: boolean;
	percentOfLimit: number;
	/** The estimate differs from another release's because the estimator changed (docs/cel-cost.md). */
	releaseChange?: string;
	/** What drives the estimate, and the smallest bound that brings it under the limit (over half the limit). */
	drivers?: string[];
	suggestion?: string;
}
export interface CelEvalResult {
	kubernetesVersion: string;
	/** The CRD's metadata.name, and the version whose schema types `self`. */
	crd: {
		name: string | null;
		version: string;
	};
	/** The schema path `self` is at, in one spelling (`spec.ports[*]`; "" for the root). */
	path: string;
	/** Where the apiserver would report the expression as the next rule of that node. */
	ruleField: string;
	expression: string;
	/** Whether it compiled (parsed and type-checked) as a rule at the node. */
	compiled: boolean;
	/** The apiserver's error when it did not: `compilation failed: ERROR: <input>:1:6: ...` with the caret lines. */
	compileError?: string;
	/** The expression's type, as cel-go writes it (`bool`, `list(string)`, `selfType.spec`). */
	type?: string;
	/** It reads oldSelf: a transition rule, run on updates only. */
	usesOldSelf: boolean;
	optionalOldSelf: boolean;
	evaluations: CelEvalEvaluation[];
	/** The runtime cost of every evaluation together, against the per-call limit and the request's budget. */
	runtime: {
		cost: number;
		perCallLimit: number;
		budget: number;
		exceedsBudget: boolean;
	};
	estimate?: CelEvalEstimate;
	/** The apiserver's reasons to reject the expression as a rule at this node (a CRD create or update would fail). */
	rejected: string[];
	/** It compiled, the apiserver accepts it as a rule here, and every evaluation that ran gave a value within the budget. */
	ok: boolean;
	/** What to know about the answer (a value that is not a bool, an --old that was not read, ...). */
	notes: string[];
}
/** A file (`-`: standard input), a text, or a value already read. */
export type CelEvalInput = string | {
	text: string;
	file?: string;
} | {
	value: unknown;
};
export interface CelEvalOptions {
	/** The CRD: a file holding it (among other documents), its text, or the object. */
	crd: CelEvalInput;
	/** metadata.name of the CRD, when the input holds several. */
	crdName?: string;
	/** The version whose schema types `self` (default: the storage version). */
	version?: string;
	/** Where in the schema `self` is: `spec.ports[*]`, `spec.ports[0]`, `spec.labels['app']` (default: the root). */
	path?: string;
	/** A custom resource: `self` is its value at the path (each value, for `[*]`). */
	object?: CelEvalInput;
	/** The object before the update: `oldSelf`, paired with `self` as the apiserver pairs them. */
	oldObject?: CelEvalInput;
	/** Evaluate as a rule with optionalOldSelf: true (`oldSelf` is an optional; optional.none() without an old value). */
	optionalOldSelf?: boolean;
	/** Target Kubernetes release, `1.N` (default: the newest crdlint knows). */
	kubernetesVersion?: string;
	cwd?: string;
	stdin?: StdinReader;
	maxFileSizeBytes?: number;
}
export interface RuleSummary {
	id: string;
	category: Category;
	severity: Severity;
	apiserver: boolean;
	description: string;
	/** Its errors make the apiserver set the NonStructuralSchema condition (grouped in text output). */
	nonStructural?: boolean;
}
export interface FormatContext {
	cwd: string;
	color: boolean;
	toolVersion: string;
	rules: readonly RuleSummary[];
	/** Diagnostics at or above this severity fail the run (JUnit failures). */
	failOn: Severity;
	/**
	 * The report judges an update of OLD revisions (`crdlint diff`, `lint --against`): human-readable formats end it
	 * with a summary per CRD and a verdict line (src/report/revision-summary.ts).
	 */
	revision?: boolean;
	/** Only errors are shown (-q): a summary must not read the absence of warnings as "nothing breaks". */
	errorsOnly?: boolean;
}
export type Formatter = (result: LintResult, ctx: FormatContext) => string;
/** What one request gets back. */
export interface Answer {
	/** The error's text as the client's err.Error() gives it; null when the request succeeds. */
	error: string | null;
	/** The field errors behind `error` (the Status causes), each as field.Error.Error() prints it. */
	causes: ResourceFinding[];
	warnings: string[];
	/** The object as the response carries it (as persisted), on success. */
	object: JsonObject | null;
}
/** A create (no old) or update as sent (through /status with `subresource`), with the CRD installed and the answer given. */
export interface ObservedRequest {
	crd: JsonObject;
	object: JsonObject;
	old?: JsonObject;
	subresource?: "status";
	answer: Answer;
}
export interface TestOptions {
	/**
	 * The release the apiserver runs, "1.N" (default: crdlint's default release); or a range, "1.28..1.37", or
	 * "supported": every case runs at each release, and passes only if it passes at every one.
	 */
	kubernetesVersion?: string;
	/** CRD files or directories, for native suites that name their CRD by metadata.name. */
	crds?: readonly string[];
	/** Fill each `TODO` (expected, expectedError) in the suite files with the apiserver's answer. */
	update?: boolean;
	/** Record which checks (CEL rules, required, enum, pattern, bounds) some case makes fail or passes through. */
	coverage?: boolean;
	/**
	 * What `expected` is compared with: the whole object as openshift/api's harness compares it (default), or only
	 * spec and status, as harnesses copied from it in other projects do.
	 */
	compare?: "object" | "spec-status";
	/** For a failing case, try the other releases and say at which it passes (default true). */
	releaseHints?: boolean;
	cwd?: string;
	/** Sees every create and update request a case sends at the run's release, with the answer crdlint gives. */
	onRequest?: (request: ObservedRequest) => void;
}
export type TestReportFormat = "text" | "json" | "junit" | "tap" | "github";
export type CoverageFormat = "text" | "json";
export interface TestReportContext {
	color: boolean;
	/** text: a line per passing case too. */
	verbose?: boolean;
	/** json: the crdlint version written as `version` (as the other commands' JSON carries it). */
	toolVersion?: string;
}
export declare function formatTestResult(result: TestRunResult, format: TestReportFormat, ctx: TestReportContext): string;
export declare function formatCoverage(report: CoverageReport, format: CoverageFormat, ctx?: {
	color?: boolean;
	toolVersion?: string;
}): string;
export declare const formatters: Readonly<Record<string, Formatter>>;
export declare function getFormatter(name: string): {
	ok: true;
	formatter: Formatter;
} | {
	ok: false;
	error: string;
};
declare const allRules: readonly Rule[];
/** Kubernetes releases crdlint knows, and the kube-aware version order of apimachinery's version helpers. */
export declare const DEFAULT_KUBERNETES_VERSION = "1.37";
/**
 * The pre-release module version a release text ("1.38") was read from, or undefined for a released minor (and for a
 * text that is no release): outputs add it beside `kubernetesVersion`.
 */
export declare function kubernetesPrerelease(release: string): string | undefined;
/**
 * Lints files, directories and globs (`-` reads stdin). Throws UsageError when a path matches nothing, or for an
 * option crdlint does not know (a misspelt name, rule id or severity, an unknown Kubernetes version). With
 * `against` (a git ref or a directory), each CRD is linted as an update of its revision there (docs/revisions.md).
 */
export declare function lint(paths: readonly string[], options?: LintOptions & RevisionOptions & {
	against?: string;
}): Promise<LintResult>;
/**
 * What changes from OLD to NEW (files, directories, globs, `-`; CRDs paired by metadata.name): the apiserver's
 * verdict on the update and the revision findings. Throws UsageError on unreadable or ambiguous input.
 */
export declare function diff(oldPaths: readonly string[], newPaths: readonly string[], options?: RevisionOptions): Promise<LintResult>;
/** `diff` with OLD = the same paths at a git ref (or under a directory). */
export declare function diffAgainst(against: string, newPaths: readonly string[], options?: RevisionOptions): Promise<LintResult>;
/** `diff` on two texts (each one or more YAML documents). */
export declare function diffText(oldText: string, newText: string, options?: RevisionOptions & {
	file?: string;
	oldFile?: string;
}): Promise<LintResult>;
/** Lints YAML or JSON text (one or more documents). */
export declare function lintText(text: string, options?: LintOptions & {
	file?: string;
}): Promise<LintResult>;
/**
 * Opens a lint session for one document an editor keeps open: `session.lint(text)` with each whole new text gives
 * what `lintText(text, options)` gives, re-checking mostly what the edit changed (docs/library.md). Options are
 * fixed for the session (a configuration change is a new session). Throws UsageError for an unknown option.
 */
export declare function openLintSession(options?: LintOptions & {
	file?: string;
}): LintSession;
/** Estimates the CEL cost of every x-kubernetes-validations rule in files, directories and globs, per CRD version. Throws UsageError when a path matches nothing. */
export declare function cost(paths: readonly string[], options?: LintOptions): Promise<CostReport>;
/** Validates custom resources (files, directories, globs, `-`) against CRDs (options.crds and CRDs among the inputs) as the apiserver would. */
export declare function validate(paths: readonly string[], options?: ValidateOptions): Promise<LintResult>;
/**
 * Runs CRD validation test suites (files or directories; default the working directory): openshift/api's suites
 * and crdlint's native `*.crdtest.yaml`, each case answered as the apiserver would at the release asked
 * (docs/testing.md). Throws UsageError for a path that does not exist or an unknown option.
 */
export declare function runTests(paths: readonly string[], options?: TestOptions): Promise<TestRunResult>;
/**
 * Evaluates one CEL expression as an x-kubernetes-validations rule at a node of a CRD's schema (options.path) would
 * run: compiled for the release asked, on a custom resource's value there (and an old one's, for oldSelf), with the
 * runtime cost and the estimated cost against the limits. Throws UsageError for what cannot be answered.
 */
export declare function celEval(expression: string, options: CelEvalOptions): Promise<CelEvalResult>;

declare namespace CelRuntime {
	export { Activation, CelErr, CelFieldError, CelValidateResult, CelValidator, CelValidatorOptions, EvalOutcome, ExpressionEvaluation, ExpressionEvaluator, FunctionRegistry, Interpreter, ListV, MapV, ObjectV, OptionalV, PER_CALL_LIMIT, RUNTIME_CEL_COST_BUDGET, Result, Val, celValueJson, celValueText, createCelCompiler, createCelValidator, createExpressionEvaluator, createKubernetesFunctionRegistry as createFunctionRegistry, findOldItem, fromJson, normalizeFieldPath, toVal };
}

export {
	allRules as rules,
};

export {};
