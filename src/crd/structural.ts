/**
 * The structural-schema analysis shared by the structural rules, computed during the one schema walk with O(1)
 * work per node: what `NewStructural` sees (and whether it fails), which value-validation branches
 * `ValidateStructural` descends into (the int-or-string exceptions, no recursion under a nested
 * additionalProperties), and the structural counterpart of every value-validation node (completeness).
 *
 * Facts the upstream code establishes, reproduced here:
 * - `NewStructural` fails on the first `id`, `$schema`, non-empty `$ref`, non-empty `patternProperties` /
 *   `dependencies` / `definitions`, any `additionalItems`, array-form `items` or
 *   `x-kubernetes-preserve-unknown-fields: false` reachable without passing through definitions/dependencies/
 *   array items; then `ValidateStructural` (and defaults and CEL) do not run at all for the schema.
 * - Completeness is only checked for the value validations of the schema ROOT (its allOf/anyOf/oneOf/not and,
 *   recursively, the properties/items/junctors inside them). Junctors on nested properties are not checked
 *   (`validateStructuralCompleteness` starts at the root and never walks the structural properties).
 * - The NonStructuralSchema condition lists `NewStructural`'s failure or `ValidateStructural`'s errors, which
 *   include the `pattern` compile errors (checked inside ValidateStructural's value-validation pass).
 */
// Upstream: kubernetes/apiextensions-apiserver:pkg/apiserver/schema/convert.go, validation.go, complete.go, pkg/controller/nonstructuralschema/nonstructuralschema_controller.go
import { SCHEMA_PROPS_KEYS } from "./internal-version.js";
import type { DualPath } from "../k8s/path.js";
import { isObject, type JsonObject } from "./model.js";
import type { SchemaNode } from "./schema.js";
import { releaseHas } from "../k8s/releases.js";

export const PRESERVE_UNKNOWN_FIELDS = "x-kubernetes-preserve-unknown-fields";
export const EMBEDDED_RESOURCE = "x-kubernetes-embedded-resource";
export const INT_OR_STRING = "x-kubernetes-int-or-string";
export const LIST_MAP_KEYS = "x-kubernetes-list-map-keys";
export const LIST_TYPE = "x-kubernetes-list-type";
export const MAP_TYPE = "x-kubernetes-map-type";
export const VALIDATIONS = "x-kubernetes-validations";

/**
 * True for the rules whose errors make the apiserver set the NonStructuralSchema condition (and, on create,
 * reject the CRD): `NewStructural`'s failure and every `ValidateStructural` error, which include the pattern
 * compile errors. The text formatter groups them under one `NonStructuralSchema` heading.
 */
export function isNonStructuralRule(ruleId: string): boolean {
  return ruleId.startsWith("structural-") || ruleId === "schema-pattern-invalid";
}

/** The six OpenAPI type names the apiserver accepts. */
export const OPENAPI_TYPES: ReadonlySet<string> = new Set([
  "array",
  "boolean",
  "integer",
  "number",
  "object",
  "string",
]);
export const OPENAPI_TYPES_DETAIL = 'supported values: "array", "boolean", "integer", "number", "object", "string"';

/** Set (not absent, not null: JSON null decodes to the Go zero value). */
export function isSet(v: unknown): boolean {
  return v !== undefined && v !== null;
}

/**
 * `type` as the Go string field sees it: "" when absent or null, undefined when it is not a string (the request
 * would not decode; the decoding rules report that, the schema rules stay silent).
 */
export function typeOf(s: JsonObject): string | undefined {
  const t = s.type;
  if (t === undefined || t === null) return "";
  return typeof t === "string" ? t : undefined;
}

/** Number of entries of a map field (properties, definitions, ...); 0 when absent, null or not an object. */
export function mapSize(v: unknown): number {
  if (!isObject(v)) return 0;
  let n = 0;
  for (const _ in v) n++;
  return n;
}

function nonEmptyString(v: unknown): boolean {
  return typeof v === "string" && v.length > 0;
}

/** The error `NewStructural` returns for this node itself (its children are looked at when they are visited). */
export function conversionErrorOf(s: JsonObject): string | null {
  if (nonEmptyString(s.id)) return "OpenAPIV3Schema 'id' is not supported";
  if (nonEmptyString(s.$schema)) return "OpenAPIV3Schema 'schema' is not supported";
  if (nonEmptyString(s.$ref)) return "OpenAPIV3Schema '$ref' is not supported";
  if (mapSize(s.patternProperties) > 0) return "OpenAPIV3Schema 'patternProperties' is not supported";
  if (mapSize(s.dependencies) > 0) return "OpenAPIV3Schema 'dependencies' is not supported";
  if (isSet(s.additionalItems)) return "OpenAPIV3Schema 'additionalItems' is not supported";
  if (mapSize(s.definitions) > 0) return "OpenAPIV3Schema 'definitions' is not supported";
  if (s[PRESERVE_UNKNOWN_FIELDS] === false)
    return "internal error: 'x-kubernetes-preserve-unknown-fields' must be true or undefined";
  if (Array.isArray(s.items) && s.items.length > 0) return "OpenAPIV3Schema 'items' must be a schema, but is an array";
  return null;
}

/** The v1 JSONSchemaProps fields (anything else is an unknown field: dropped, or rejected by strict decoding). */
const SCHEMA_FIELDS: ReadonlySet<string> = new Set(SCHEMA_PROPS_KEYS);
const STRING_FIELDS = new Set(["id", "$schema", "$ref", "description", "format", "title", "pattern"]);
const BOOL_FIELDS = new Set([
  "exclusiveMaximum",
  "exclusiveMinimum",
  "uniqueItems",
  "nullable",
  EMBEDDED_RESOURCE,
  INT_OR_STRING,
]);
/** Lists the conversion rebuilds element by element (an empty list becomes nil). */
const REBUILT_LISTS = new Set(["enum", "allOf", "anyOf", "oneOf"]);
/** Maps NewStructural does not keep (an empty one converts; a non-empty one fails the conversion). */
const DROPPED_MAPS = new Set(["patternProperties", "dependencies", "definitions"]);

/**
 * Whether field `key` with value `v` leaves the converted structural schema at its zero value, the way
 * `reflect.DeepEqual` compares it upstream. `nested`: the value-validation form (newNestedValueValidation keeps an
 * empty `properties: {}` as a non-nil map; NewStructural drops it).
 */
function isZeroField(key: string, v: unknown, nested: boolean, minor: number): boolean {
  if (v === null || v === undefined) return true;
  if (!SCHEMA_FIELDS.has(key)) return true;
  // NewStructural keeps them (in Generic) from 1.36 on; before, it dropped them.
  if (key === "example" || key === "externalDocs") return !releaseHas(minor, "newStructuralKeepsDocs");
  if (STRING_FIELDS.has(key)) return v === "";
  if (BOOL_FIELDS.has(key)) return v === false;
  if (REBUILT_LISTS.has(key)) return Array.isArray(v) && v.length === 0;
  if (DROPPED_MAPS.has(key)) return isObject(v) && mapSize(v) === 0;
  if (key === "items") return Array.isArray(v) && v.length === 0; // an empty array form converts to no items
  if (key === "properties") return !nested && isObject(v) && mapSize(v) === 0;
  return false;
}

/** A value-validation branch that is exactly `{type: <want>}` after conversion. */
function isBareTypeBranch(b: unknown, want: string, minor: number): boolean {
  if (!isObject(b) || b.type !== want) return false;
  for (const k in b) if (k !== "type" && !isZeroField(k, b[k], true, minor)) return false;
  return true;
}

/** `anyOf: [{type: integer}, {type: string}]`, exactly: ValidateStructural skips the whole anyOf. */
export function isIntOrStringAnyOf(s: JsonObject, minor = Infinity): boolean {
  const a = s.anyOf;
  return (
    Array.isArray(a) &&
    a.length === 2 &&
    isBareTypeBranch(a[0], "integer", minor) &&
    isBareTypeBranch(a[1], "string", minor)
  );
}

/** `allOf[0].anyOf` is exactly the int-or-string pair: that anyOf (only) is skipped. */
export function isIntOrStringAllOf(s: JsonObject, minor = Infinity): boolean {
  const a = s.allOf;
  return Array.isArray(a) && a.length >= 1 && isObject(a[0]) && isIntOrStringAnyOf(a[0], minor);
}

/**
 * Root `properties[metadata]` restricts more than name/generateName: after dropping `type` and `default`, and
 * `properties` when it is exactly {name}, {generateName} or {name, generateName}, anything left makes the
 * converted schema differ from the empty one.
 */
export function metadataIsRestricted(m: JsonObject, minor = Infinity): boolean {
  for (const k in m) {
    const v = m[k];
    if (k === "type" || k === "default") continue;
    if (k === "properties" && isObject(v)) {
      for (const name in v) if (name !== "name" && name !== "generateName") return true;
      continue;
    }
    if (!isZeroField(k, v, false, minor)) return true;
  }
  return false;
}

export const JUNCTOR_VIAS: ReadonlySet<string> = new Set(["allOf", "anyOf", "oneOf", "not"]);

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
  missing: { path: DualPath; definedIn: string } | null;
}

const DEAD: ValueValidationFacts = {
  validated: false,
  skipAnyOf: false,
  counterpart: null,
  counterpartPath: null,
  checked: false,
  missing: null,
};

/** Per-schema state, created by the engine for each schema: the conversion outcome, value-validation facts, deferred structural reports. */
export class StructuralState {
  /** The target Kubernetes minor (what NewStructural keeps changed in 1.36). */
  constructor(readonly minor = Infinity) {}
  /** `NewStructural`'s error for this schema (the first one found), or null. */
  conversionError: string | null = null;
  /**
   * The apiserver does not require this schema to be structural (an update of a CRD whose OLD schema is not, A19):
   * it neither converts nor checks it, so no conversion error is reported.
   */
  notRequired = false;
  /** Set once every node has been observed (after the structural phase). */
  complete = false;
  private last: SchemaNode | null = null;
  private readonly facts = new Map<SchemaNode, ValueValidationFacts>();
  /**
   * Findings queued by the structural rules, by rule: ValidateStructural runs only when NewStructural succeeds,
   * which is known once the whole schema has been observed.
   */
  private readonly deferred = new Map<string, (() => void)[]>();

  /** Queues a rule's finding until the end of the structural phase. */
  defer(ruleId: string, emit: () => void): void {
    const list = this.deferred.get(ruleId);
    if (list) list.push(emit);
    else this.deferred.set(ruleId, [emit]);
  }

  /** Emits what the rule queued, unless the schema does not convert (then ValidateStructural never ran). */
  flush(ruleId: string): void {
    this.complete = true;
    const list = this.deferred.get(ruleId);
    if (!list) return;
    this.deferred.delete(ruleId);
    if (this.conversionError !== null) {
      this.held.push(...list);
      return;
    }
    for (const emit of list) emit();
  }

  /**
   * Findings ValidateStructural would report once the conversion succeeds: queued while it fails. The engine emits
   * them (marked as hidden behind the conversion's error) when it shows what lies behind the apiserver's gates.
   */
  private readonly held: (() => void)[] = [];

  /** Emits the findings held back by a failed conversion (once). */
  releaseHeld(): void {
    const list = this.held.splice(0);
    for (const emit of list) emit();
  }

  /** Called by every structural-phase rule for each node; idempotent across rules (the engine visits node by node). */
  observe(node: SchemaNode): void {
    if (this.complete || node === this.last) return;
    this.last = node;
    if (this.conversionError === null && !node.inUnsupported) {
      this.conversionError = conversionErrorOf(node.schema);
      if (this.conversionError !== null) this.conversionNode = node;
    }
  }

  /** The node whose schema gave conversionError (walk order's first), when observing found it. */
  conversionNode: SchemaNode | null = null;

  /** Facts of a node inside a value validation (memoized; computed from its parent's). */
  valueValidation(node: SchemaNode): ValueValidationFacts {
    if (!node.inJunctor || node.inUnsupported || !node.parent) return DEAD;
    const known = this.facts.get(node);
    if (known) return known;
    const f = this.compute(node, node.parent);
    this.facts.set(node, f);
    return f;
  }

  private compute(node: SchemaNode, p: SchemaNode): ValueValidationFacts {
    const via = node.via;
    if (JUNCTOR_VIAS.has(via)) {
      if (!p.inJunctor) {
        // A value validation of a structural node: ValidateStructural's validateValueValidation.
        return {
          validated: !(via === "anyOf" && isIntOrStringAnyOf(p.schema, this.minor)),
          skipAnyOf:
            via === "allOf" &&
            Array.isArray(p.schema.allOf) &&
            p.schema.allOf[0] === node.schema &&
            isIntOrStringAllOf(p.schema, this.minor),
          counterpart: p.schema,
          counterpartPath: p.path,
          checked: p.parent === null,
          missing: null,
        };
      }
      const pf = this.valueValidation(p);
      return { ...pf, validated: pf.validated && !(via === "anyOf" && pf.skipAnyOf), skipAnyOf: false, missing: null };
    }
    const pf = this.valueValidation(p);
    if (via === "properties" || via === "items") {
      const base = { validated: pf.validated, skipAnyOf: false, checked: pf.checked };
      if (!pf.counterpart || !pf.counterpartPath)
        return { ...base, counterpart: null, counterpartPath: null, missing: null };
      if (via === "properties") {
        const name = node.name ?? "";
        const props = pf.counterpart.properties;
        const path = pf.counterpartPath.child("properties").key(name);
        if (isObject(props) && Object.hasOwn(props, name)) {
          const s = props[name];
          return { ...base, counterpart: isObject(s) ? s : {}, counterpartPath: path, missing: null };
        }
        return {
          ...base,
          counterpart: null,
          counterpartPath: null,
          missing: pf.checked ? { path, definedIn: node.path.apiserver.toString() } : null,
        };
      }
      const items = pf.counterpart.items;
      const path = pf.counterpartPath.child("items");
      if (isObject(items)) return { ...base, counterpart: items, counterpartPath: path, missing: null };
      return {
        ...base,
        counterpart: null,
        counterpartPath: null,
        missing: pf.checked ? { path, definedIn: node.path.apiserver.toString() } : null,
      };
    }
    // additionalProperties inside a value validation: forbidden, and not descended into.
    return DEAD;
  }
}

const RESOURCE_META_FIELDS: ReadonlySet<string> = new Set(["metadata", "kind", "apiVersion"]);

/**
 * Inside the metadata/kind/apiVersion subtree of the CR root or of an embedded resource, as the OpenAPI walk
 * decides it: `properties[metadata|kind|apiVersion]` of the root or of any walked node with
 * `x-kubernetes-embedded-resource: true` (the model's `resourceMeta`), including one reached directly through a
 * junctor, which the model does not treat as a resource root. The extra ancestor walk only happens for nodes
 * with `x-kubernetes-embedded-resource: true`, the only ones the check concerns.
 */
export function isInsideResourceMeta(node: SchemaNode): boolean {
  if (node.resourceMeta !== null) return true;
  for (let n: SchemaNode | null = node; n && n.parent; n = n.parent) {
    const p = n.parent;
    if (
      n.via === "properties" &&
      RESOURCE_META_FIELDS.has(n.name ?? "") &&
      JUNCTOR_VIAS.has(p.via) &&
      p.schema[EMBEDDED_RESOURCE] === true
    )
      return true;
  }
  return false;
}

/** True when ValidateStructural reaches the node: the structural part, and the value validations it descends into. */
export function isValidatedByStructural(state: StructuralState, node: SchemaNode): boolean {
  if (node.inUnsupported) return false;
  if (node.isStructural) return true;
  return node.inJunctor && state.valueValidation(node).validated;
}
