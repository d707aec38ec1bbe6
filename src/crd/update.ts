/**
 * Two revisions of one CRD, OLD (what the cluster holds) and NEW (what is applied): what the apiserver derives from
 * OLD when it validates the update (the `validationOptions` of ValidateCustomResourceDefinitionUpdate), the status
 * it carries over (storedVersions, Established), and the pairing of versions that revision rules compare.
 */
// Upstream: kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go (ValidateCustomResourceDefinitionUpdate, validationOptions)
// Upstream: kubernetes/apiextensions-apiserver:pkg/registry/customresourcedefinition/strategy.go (PrepareForUpdate)
import { isObject, type CrdView, type JsonObject, type VersionView } from "./model.js";
import { internalSchemaProps } from "./internal-version.js";
import { goSemanticEqual } from "../k8s/go.js";
import { walkSchema } from "./schema.js";
import { conversionErrorOf, OPENAPI_TYPES } from "./structural.js";

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

/** The name of the version marked `storage: true` (the first, when several are: create-time rules report that). */
export function storageVersion(view: CrdView): VersionView | null {
  return view.versions.find((v) => v.raw.storage === true) ?? null;
}

export function storedVersionsOf(old: CrdView, override?: readonly string[]): StoredVersions {
  if (override && override.length > 0) return { versions: [...override], source: "option" };
  const status = isObject(old.raw.status) ? old.raw.status : null;
  const listed =
    status && Array.isArray(status.storedVersions)
      ? status.storedVersions.filter((v): v is string => typeof v === "string")
      : [];
  if (listed.length > 0) return { versions: listed, source: "status" };
  const storage = storageVersion(old);
  return { versions: storage ? [storage.name] : [], source: "assumed" };
}

export function establishedOf(old: CrdView): Established {
  const status = isObject(old.raw.status) ? old.raw.status : null;
  const conditions = status && Array.isArray(status.conditions) ? status.conditions : null;
  if (!conditions || conditions.length === 0) return { value: true, source: "assumed" };
  const c: unknown = conditions.find((x) => isObject(x) && x.type === "Established");
  return { value: isObject(c) && c.status === "True", source: "status" };
}

/** Versions by name, OLD's order first, then those only NEW has. */
export function pairVersions(old: CrdView, next: CrdView): VersionPair[] {
  const out: VersionPair[] = [];
  const seen = new Set<string>();
  const firstNamed = (view: CrdView, name: string) => view.versions.find((v) => v.name === name) ?? null;
  for (const v of old.versions) {
    if (seen.has(v.name)) continue;
    seen.add(v.name);
    out.push({ name: v.name, old: v, new: firstNamed(next, v.name) });
  }
  for (const v of next.versions) {
    if (seen.has(v.name)) continue;
    seen.add(v.name);
    out.push({ name: v.name, old: null, new: v });
  }
  return out;
}

/**
 * GetSchemaForVersion: the openAPIV3Schema a version is validated with (its own, or the hoisted one when every
 * version carries the same), or null.
 */
export function versionSchema(view: CrdView, name: string): JsonObject | null {
  for (const scope of view.schemas) if (scope.versions.some((v) => v.name === name)) return scope.root;
  return null;
}

/**
 * Two schemas equal but for their `description` texts (a property named "description" is a schema, not a text, and
 * counts): what pruning, defaulting and conversion None see, which never read descriptions.
 */
export function sameIgnoringDescriptions(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameIgnoringDescriptions(a[i], b[i])) return false;
    return true;
  }
  if (!isObject(a) || !isObject(b)) return false;
  let na = 0;
  for (const k in a) {
    if (k === "description" && typeof a[k] === "string") continue;
    na++;
    if (!(k in b) || !sameIgnoringDescriptions(a[k], b[k])) return false;
  }
  let nb = 0;
  for (const k in b) if (!(k === "description" && typeof b[k] === "string")) nb++;
  return na === nb;
}

/**
 * apiextensions.GetSchemaForVersion: a CRD without per-version schemas (identical ones are hoisted to spec.validation)
 * answers its one schema for any version name, even one it does not have; otherwise the named version's.
 */
function schemaForVersion(view: CrdView, name: string): JsonObject | null {
  if (view.schemaHoisted) return view.schemas[0]?.root ?? null;
  return versionSchema(view, name);
}

/** findVersionsWithUnchangedSchemas: versions of NEW whose schema equals OLD's (apiequality.Semantic.DeepEqual of the internal values). */
export function versionsWithUnchangedSchemas(next: CrdView, old: CrdView): Set<string> {
  const out = new Set<string>();
  for (const v of next.versions) {
    const n = schemaForVersion(next, v.name);
    const o = schemaForVersion(old, v.name);
    if (n === null || o === null) continue;
    if (n === o || goSemanticEqual(internalSchemaProps(n), internalSchemaProps(o))) out.add(v.name);
  }
  return out;
}

/** findPreexistingExpressions: every rule and non-empty messageExpression text anywhere in OLD (matched by exact string). */
export function preexistingExpressions(old: CrdView): { rules: Set<string>; messageExpressions: Set<string> } {
  const rules = new Set<string>();
  const messageExpressions = new Set<string>();
  const visit = (s: unknown, depth: number): void => {
    if (depth > 500) return;
    if (Array.isArray(s)) {
      for (const x of s) visit(x, depth + 1);
      return;
    }
    if (!isObject(s)) return;
    const xv = s["x-kubernetes-validations"];
    if (Array.isArray(xv))
      for (const e of xv) {
        if (!isObject(e)) continue;
        if (typeof e.rule === "string") rules.add(e.rule);
        if (typeof e.messageExpression === "string" && e.messageExpression.length > 0)
          messageExpressions.add(e.messageExpression);
      }
    for (const [k, v] of Object.entries(s))
      if (k !== "x-kubernetes-validations" && k !== "default" && k !== "enum" && k !== "example") visit(v, depth + 1);
  };
  for (const scope of old.schemas) visit(scope.root, 0);
  return { rules, messageExpressions };
}

/** specHasOptionalOldSelf: any x-kubernetes-validations entry of the CRD sets optionalOldSelf (false too: a non-nil pointer). */
export function usesOptionalOldSelf(view: CrdView): boolean {
  const visit = (s: unknown, depth: number): boolean => {
    if (depth > 500 || s === null || typeof s !== "object") return false;
    if (Array.isArray(s)) return s.some((x) => visit(x, depth + 1));
    const xv = (s as Record<string, unknown>)["x-kubernetes-validations"];
    if (Array.isArray(xv) && xv.some((e) => isObject(e) && typeof e.optionalOldSelf === "boolean")) return true;
    return Object.entries(s as Record<string, unknown>).some(
      ([k, v]) => k !== "default" && k !== "enum" && k !== "example" && visit(v, depth + 1),
    );
  };
  return view.schemas.some((scope) => visit(scope.root, 0));
}

/** specHasSelectableFields: OLD sets selectableFields (an empty list too), at the top level or in a version. */
export function hasSelectableFields(view: CrdView): boolean {
  const set = (v: unknown): boolean => v !== undefined && v !== null;
  return set(view.spec.selectableFields) || view.versions.some((v) => set(v.raw.selectableFields));
}

/** allVersionsSpecifyOpenAPISchema of OLD: requireOpenAPISchema stays true only then. */
export function allVersionsSpecifyOpenAPISchema(old: CrdView): boolean {
  // A hoisted schema (every version's the same, held as spec.validation) counts only with an openAPIV3Schema: the
  // versions' own are cleared then, so an empty `schema: {}` everywhere specifies none.
  return old.versions.every((v) => isObject(v.raw.schema) && isObject(v.raw.schema.openAPIV3Schema));
}

/** hasValidConversionReviewVersionOrEmpty of OLD's conversion (requireRecognizedConversionReviewVersion). */
export function requireRecognizedConversionReviewVersion(old: CrdView): boolean {
  const conversion = old.spec.conversion;
  if (!isObject(conversion)) return true;
  const webhook = isObject(conversion.webhook) ? conversion.webhook : null;
  const versions = webhook && Array.isArray(webhook.conversionReviewVersions) ? webhook.conversionReviewVersions : [];
  return versions.length === 0 || versions.some((v) => v === "v1" || v === "v1beta1");
}

/** The selectable fields the apiserver compares per version (a version's own) or at the top level (hoisted, key ""). */
export function selectableFieldsByScope(view: CrdView): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const sf = view.selectableFields;
  if (sf.hoisted) out.set("", sf.scopes[0]?.value);
  else for (const s of sf.scopes) out.set(s.versions[0]!.name, s.value);
  return out;
}

/** `spec.preserveUnknownFields: true` (absent and false are both false in v1). */
export function preservesUnknownFields(view: CrdView): boolean {
  return view.spec.preserveUnknownFields === true;
}

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

export interface UpdateOptionsInput {
  old: CrdView;
  next: CrdView;
  storedVersions?: readonly string[];
  /** The rule ids that fire when OLD is linted as a create (computed once, on first use). */
  oldFires(ruleIds: readonly string[]): boolean;
  /** Whether a caBundle is invalid (webhook.ValidateCABundle), for allowInvalidCABundle. */
  caBundleInvalid(bundle: string): boolean;
  /**
   * Whether PruneDefaults changes a default of OLD's schemas (schemaHasUnprunedDefaults), asked only of a structural
   * OLD: it also counts what the create-time check does not see (defaults in a resource's metadata, kind and
   * apiVersion, which ObjectMeta coercion may drop, and under additionalProperties).
   */
  oldHasUnprunedDefaults?(): boolean;
}

/**
 * The requirements of `validationOptions` that an update drops when OLD already fails their create-time check: each
 * with the ids of the rules of that check (the engine gathers them from the rules' metadata), whose findings on OLD
 * relax the same check on NEW.
 */
export type OldFindingRequirement = "requireStructuralSchema" | "requirePrunedDefaults";
export type OldFindingRules = Readonly<Record<OldFindingRequirement, readonly string[]>>;

export function updateOptions(input: UpdateOptionsInput, oldFindingRules: OldFindingRules): UpdateOptions {
  const { old, next } = input;
  const established = establishedOf(old);
  const lazy = <T>(f: () => T): (() => T) => {
    let done = false;
    let v: T;
    return () => {
      if (!done) {
        v = f();
        done = true;
      }
      return v;
    };
  };
  // specHasNonStructuralSchema: NewStructural fails on an OLD schema, or ValidateStructural finds errors in it.
  const structural = lazy(
    () => !schemaConversionFails(old) && !input.oldFires(oldFindingRules.requireStructuralSchema),
  );
  const pruned = lazy(
    () =>
      !input.oldFires(oldFindingRules.requirePrunedDefaults) &&
      !(structural() && input.oldHasUnprunedDefaults?.() === true),
  );
  // HasSchemaWith (specHasInvalidTypes too) walks every schema of OLD as SchemaHas does, deeper than the create-time
  // checks whose findings would say the same (a list without a type, additionalItems, definitions, ...): these are
  // asked of OLD's schemas, not of OLD's findings.
  const atomicSet = lazy(() => !hasSchemaWith(old, hasNonAtomicSetType));
  const mapList = lazy(() => !hasSchemaWith(old, hasInvalidMapListKeysMapSet));
  const propertyType = lazy(() => !hasSchemaWith(old, hasInvalidType));
  const caBundle = lazy(() => {
    if (!established.value) return true;
    const conversion = isObject(old.spec.conversion) ? old.spec.conversion : null;
    const webhook = conversion && isObject(conversion.webhook) ? conversion.webhook : null;
    const cc = webhook && isObject(webhook.clientConfig) ? webhook.clientConfig : null;
    const bundle = cc && typeof cc.caBundle === "string" ? cc.caBundle : "";
    return bundle.length > 0 && input.caBundleInvalid(bundle);
  });
  const oldSelectable = selectableFieldsByScope(old);
  const newSelectable = selectableFieldsByScope(next);
  const expressions = lazy(() => preexistingExpressions(old));
  const unchanged = lazy(() => versionsWithUnchangedSchemas(next, old));
  const optionalOldSelf = lazy(() => usesOptionalOldSelf(old));
  return {
    old,
    storedVersions: storedVersionsOf(old, input.storedVersions),
    established,
    requireImmutableNames: established.value,
    requireOpenAPISchema: allVersionsSpecifyOpenAPISchema(old),
    get requireValidPropertyType() {
      return propertyType();
    },
    get requireStructuralSchema() {
      return structural();
    },
    get requirePrunedDefaults() {
      return pruned();
    },
    get requireAtomicSetType() {
      return atomicSet();
    },
    get requireMapListKeysMapSetValidation() {
      return mapList();
    },
    requireRecognizedConversionReviewVersion: requireRecognizedConversionReviewVersion(old),
    get allowInvalidCABundle() {
      return caBundle();
    },
    allowTooManySelectableFields(version: string): boolean {
      const o = oldSelectable.get(version);
      return (
        Array.isArray(o) && o.length > 8 && newSelectable.has(version) && goSemanticEqual(o, newSelectable.get(version))
      );
    },
    get preexistingRules() {
      return expressions().rules;
    },
    get preexistingMessageExpressions() {
      return expressions().messageExpressions;
    },
    get versionsWithUnchangedSchemas() {
      return unchanged();
    },
    get oldHasSelectableFields() {
      return hasSelectableFields(old);
    },
    get oldUsesOptionalOldSelf() {
      return optionalOldSelf();
    },
  };
}

/** Whether NewStructural fails on one of the view's schemas (a node it cannot convert: $schema, $ref, definitions...). */
function schemaConversionFails(view: CrdView): boolean {
  let fails = false;
  for (const scope of view.schemas)
    walkSchema(scope, (node) => {
      if (!fails && !node.inUnsupported && conversionErrorOf(node.schema) !== null) fails = true;
    });
  return fails;
}

/** HasSchemaWith (validation.go): `pred` holds somewhere in one of the CRD's schemas (SchemaHas from each root). */
function hasSchemaWith(view: CrdView, pred: (s: JsonObject) => boolean): boolean {
  return view.schemas.some((scope) => schemaHas(scope.root, pred));
}

/** SchemaHas (validation.go): `pred` holds for the schema or one below it, walked through the children the apiserver walks. */
function schemaHas(s: unknown, pred: (s: JsonObject) => boolean, depth = 0): boolean {
  if (!isObject(s) || depth > 1000) return false;
  if (pred(s)) return true;
  const kids: unknown[] = [s.not, s.additionalProperties, s.additionalItems];
  if (Array.isArray(s.items)) kids.push(...(s.items as unknown[]));
  else kids.push(s.items);
  for (const list of [s.allOf, s.anyOf, s.oneOf]) if (Array.isArray(list)) kids.push(...(list as unknown[]));
  for (const map of [s.properties, s.patternProperties, s.definitions, s.dependencies])
    if (isObject(map)) kids.push(...Object.values(map));
  return kids.some((k) => schemaHas(k, pred, depth + 1));
}

/** The single-schema form of `items` (the array form is JSONSchemas, which these predicates skip), or null. */
const itemsSchema = (s: JsonObject): JsonObject | null => (isObject(s.items) ? s.items : null);

/** hasNonAtomicSetType's predicate: a set whose items are a list or map that is not atomic. */
function hasNonAtomicSetType(s: JsonObject): boolean {
  const items = itemsSchema(s);
  if (s["x-kubernetes-list-type"] !== "set" || !items) return false;
  switch (items.type) {
    case "array":
      return present(items["x-kubernetes-list-type"]) && items["x-kubernetes-list-type"] !== "atomic";
    case "object":
      return !present(items["x-kubernetes-map-type"]) || items["x-kubernetes-map-type"] !== "atomic";
    default:
      return false;
  }
}

/** hasInvalidMapListKeysMapSet's predicate: validateMapListKeysMapSet finds something (nullable items or map keys). */
function hasInvalidMapListKeysMapSet(s: JsonObject): boolean {
  const items = itemsSchema(s);
  const listType = s["x-kubernetes-list-type"];
  if (!items || (listType !== "set" && listType !== "map")) return false;
  if (items.nullable === true) return true;
  if (listType !== "map" || !Array.isArray(s["x-kubernetes-list-map-keys"])) return false;
  const required = new Set(Array.isArray(items.required) ? items.required : []);
  const props = isObject(items.properties) ? items.properties : {};
  return (s["x-kubernetes-list-map-keys"] as unknown[]).some((k) => {
    const prop = typeof k === "string" && Object.hasOwn(props, k) ? props[k] : undefined;
    if (!isObject(prop)) return false;
    return (!required.has(k) && !present(prop.default)) || prop.nullable === true;
  });
}

/** SchemaHasInvalidTypes' predicate: a type that is not one of the six OpenAPI v3 types. */
const hasInvalidType = (s: JsonObject): boolean =>
  typeof s.type === "string" && s.type.length > 0 && !OPENAPI_TYPES.has(s.type);

const present = (v: unknown): boolean => v !== undefined && v !== null;
const nonEmptyList = (v: unknown): boolean => Array.isArray(v) && v.length > 0;

/** specHasKubernetesExtensions' predicate: any x-kubernetes-* extension that needs a structural schema. */
function hasKubernetesExtensions(s: JsonObject): boolean {
  return (
    s["x-kubernetes-embedded-resource"] === true ||
    present(s["x-kubernetes-preserve-unknown-fields"]) ||
    s["x-kubernetes-int-or-string"] === true ||
    nonEmptyList(s["x-kubernetes-list-map-keys"]) ||
    present(s["x-kubernetes-list-type"]) ||
    nonEmptyList(s["x-kubernetes-validations"])
  );
}

/**
 * validateCustomResourceDefinitionSpec's opts.requireStructuralSchema for NEW: always on create; on update it starts
 * from OLD (false when OLD has a non-structural schema, A19) and is forced back on when NEW prunes (preserveUnknownFields
 * not true), has a default, or uses an x-kubernetes-* extension (A8). When it is off the apiserver neither converts
 * nor checks NEW's schemas as structural, and validates no defaults and no CEL rules (there are none then).
 */
export function structuralSchemaRequired(update: UpdateOptions | undefined, next: CrdView): boolean {
  // The cheap test first: requireStructuralSchema lints OLD (is its schema structural?), needed only when NEW keeps
  // unknown fields.
  if (!update || !preservesUnknownFields(next) || update.requireStructuralSchema) return true;
  return hasSchemaWith(next, (s) => present(s.default) || hasKubernetesExtensions(s));
}
