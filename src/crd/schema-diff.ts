/**
 * The structural diff of two schemas of one CRD version (OLD and NEW): one record per change of a kind of
 * ../shared/spec/crd-revisions.md §B.6 (B21–B43), with the node's place in OLD and in NEW. Pure: no CEL, no
 * judgement. The revision rules grade each record by its effect.
 *
 * What it compares, and why:
 * - Properties are matched by name; `items` and an `additionalProperties` schema by position. A node that exists
 *   only in NEW is not descended into: a keyword on a field that did not exist in OLD tightens nothing (the spec's
 *   §B.6 note; crdify and crd-schema-checker judge the same way).
 * - allOf/anyOf/oneOf children are matched by content, never by index (crdify keys them by index, so a reordering
 *   reads as a change: the false positives of crdify PR #40). They are not descended into: a change below a
 *   quantor is one quantor-changed record.
 * - field-renamed is a heuristic: one property removed and one added at the same parent with an identical
 *   subschema. A CRD does not say that a field was renamed; two unrelated `{type: string}` fields swapped in one
 *   release read as a rename too.
 * - An unset `x-kubernetes-list-type` means atomic and an unset `x-kubernetes-map-type` granular, as for SSA and
 *   CEL: writing the default explicitly is no change.
 * - CEL rules are matched as the apiserver's "pre-existing" check matches them (A11): by exact rule text. A rule
 *   whose text moved to another field stays the same rule (moved); an unmatched rule paired with an unmatched one
 *   at the same field is a text change; what is left in NEW is added.
 *
 * The walk (SchemaWalk) visits the nodes both sides have, from the root down; at each it runs the comparators
 * (COMPARATORS), one per keyword, in the order their changes are reported: that order is the order of diagnostics.
 */
// Upstream: kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go (findPreexistingExpressions)
// Upstream: kubernetes/apiextensions-apiserver:pkg/apiserver/validation/ratcheting.go (what is not ratcheted)
import { deepEqual, isPlainObject } from "../k8s/go.js";
import type { DualPath } from "../k8s/path.js";
import type { CrdView, JsonObject, SchemaScope } from "./model.js";
import {
  EMBEDDED_RESOURCE,
  INT_OR_STRING,
  LIST_MAP_KEYS,
  LIST_TYPE,
  MAP_TYPE,
  PRESERVE_UNKNOWN_FIELDS,
  VALIDATIONS,
  typeOf,
} from "./structural.js";

export type SchemaChangeKind =
  | "field-removed"
  | "field-renamed"
  | "field-added"
  | "type-changed"
  | "format-changed"
  | "required-added"
  | "enum-added"
  | "enum-value-removed"
  | "enum-value-added"
  | "bounds-tightened"
  | "bounds-loosened"
  | "exclusive-bound-added"
  | "multiple-of-changed"
  | "pattern-changed"
  | "nullable-changed"
  | "default-changed"
  | "list-type-changed"
  | "map-type-changed"
  | "preserve-unknown-fields-removed"
  | "additional-properties-changed"
  | "int-or-string-changed"
  | "embedded-resource-changed"
  | "quantor-changed"
  | "cel-rule-added"
  | "cel-rule-changed"
  | "description-changed";

/** One x-kubernetes-validations entry as Go decodes it (absent strings are ""). */
export interface CelRuleEntry {
  index: number;
  rule: string;
  message: string;
  messageExpression: string;
  reason: string;
  fieldPath: string;
  optionalOldSelf: boolean;
}

export interface CelRuleChange {
  /** added; text: the rule's text was edited in place; messageExpression; attributes: message, reason, fieldPath or optionalOldSelf; moved: the same text now sits at another field. */
  change: "added" | "text" | "messageExpression" | "attributes" | "moved";
  entry: CelRuleEntry;
  /** The OLD entry it replaces (text, messageExpression, attributes, moved). */
  oldEntry?: CelRuleEntry;
  /** The attributes that changed (attributes), e.g. ["message", "optionalOldSelf"]. */
  attributes?: string[];
  /** For moved: the field the rule sat at in OLD (data path) and its node path in OLD. */
  from?: { field: string; path: DualPath };
}

export interface SchemaChange {
  kind: SchemaChangeKind;
  /** The data path a person reads: `spec.containers[*].name`; "" for the object root. */
  field: string;
  /** The node in OLD (null for what exists only in NEW: field-added, the added side of a rename). */
  oldPath: DualPath | null;
  /** The node in NEW (null for what exists only in OLD: field-removed). */
  newPath: DualPath | null;
  oldNode: JsonObject | null;
  newNode: JsonObject | null;
  /**
   * NEW's schemas from the root down to newNode (for CEL: `self`'s place, cardinality). For field-removed and
   * field-renamed: down to NEW's parent of the field. [] otherwise when newNode is null.
   */
  newChain: JsonObject[];
  /** The keyword that changed (`maxItems`, `enum`, `x-kubernetes-list-type`, ...). */
  keyword?: string;
  /** The keyword's value in OLD and NEW (undefined: absent). For list-type-changed the effective type ("atomic" when unset). */
  before?: unknown;
  after?: unknown;
  /** enum values removed or added; required names added. */
  values?: unknown[];
  /** Inside the top-level `metadata` (B44: the schema may only restrict name and generateName there). */
  underMetadata: boolean;
  /** field-removed: NEW's parent keeps unknown fields (x-kubernetes-preserve-unknown-fields), so nothing is pruned. */
  parentPreservesUnknown?: boolean;
  /** required-added: the field exists in NEW with a default (applied on read when the parent object is present, A31). */
  hasDefault?: boolean;
  /** required-added: the named field is itself new in NEW (existing objects cannot have it: OLD neither declared nor preserved it). */
  newField?: boolean;
  /** field-renamed: the new name and its NEW node path. */
  renamedTo?: { name: string; field: string; path: DualPath };
  /** quantor-changed: how many subschemas of the quantor OLD had that NEW lacks, and the reverse. */
  quantor?: { removed: number; added: number };
  cel?: CelRuleChange;
}

export interface SchemaDiffOptions {
  /**
   * Rule texts anywhere in OLD (every version, as the apiserver collects them): a NEW rule whose text is among them
   * but not at this field of this version is "moved" rather than added. Defaults to the texts of OLD's schema.
   */
  preexistingRules?: ReadonlySet<string>;
}

const BOUNDS: readonly { key: string; tighter: "lower" | "upper" }[] = [
  { key: "minimum", tighter: "lower" },
  { key: "maximum", tighter: "upper" },
  { key: "minLength", tighter: "lower" },
  { key: "maxLength", tighter: "upper" },
  { key: "minItems", tighter: "lower" },
  { key: "maxItems", tighter: "upper" },
  { key: "minProperties", tighter: "lower" },
  { key: "maxProperties", tighter: "upper" },
];

const QUANTORS = ["allOf", "anyOf", "oneOf"] as const;

const has = (s: JsonObject, k: string): boolean => s[k] !== undefined && s[k] !== null;
const str = (v: unknown): string => (typeof v === "string" ? v : "");
const asNumber = (v: unknown): number | null => (typeof v === "number" ? v : typeof v === "bigint" ? Number(v) : null);

/** The list type SSA and CEL use: unset is atomic (only meaningful on arrays). */
export function effectiveListType(s: JsonObject): string {
  const t = s[LIST_TYPE];
  return typeof t === "string" && t !== "" ? t : "atomic";
}

/** The map type SSA and CEL use: unset is granular. */
export function effectiveMapType(s: JsonObject): string {
  const t = s[MAP_TYPE];
  return typeof t === "string" && t !== "" ? t : "granular";
}

function mapKeys(s: JsonObject): string[] {
  const k = s[LIST_MAP_KEYS];
  return Array.isArray(k) ? k.map(String) : [];
}

export function celEntries(s: JsonObject): CelRuleEntry[] {
  const list = s[VALIDATIONS];
  if (!Array.isArray(list)) return [];
  const out: CelRuleEntry[] = [];
  list.forEach((raw, index) => {
    if (!isPlainObject(raw) || typeof raw.rule !== "string") return;
    out.push({
      index,
      rule: raw.rule,
      message: str(raw.message),
      messageExpression: str(raw.messageExpression),
      reason: str(raw.reason),
      fieldPath: str(raw.fieldPath),
      optionalOldSelf: raw.optionalOldSelf === true,
    });
  });
  return out;
}

/** Every rule text of a schema (findPreexistingExpressions collects rules and messageExpressions; rules suffice for matching rules). */
export function ruleTexts(root: JsonObject, into = new Set<string>()): Set<string> {
  const visit = (s: unknown, depth: number): void => {
    if (!isPlainObject(s) || depth > 256) return;
    for (const e of celEntries(s)) into.add(e.rule);
    for (const [k, v] of Object.entries(s)) {
      if (k === VALIDATIONS || k === "enum" || k === "default" || k === "example") continue;
      if (Array.isArray(v)) for (const x of v) visit(x, depth + 1);
      else if (isPlainObject(v)) {
        if (k === "properties" || k === "definitions" || k === "dependencies" || k === "patternProperties")
          for (const c of Object.values(v)) visit(c, depth + 1);
        else visit(v, depth + 1);
      }
    }
  };
  visit(root, 0);
  return into;
}

function childField(field: string, name: string): string {
  return field === "" ? name : `${field}.${name}`;
}

/** A value rendered for a message: strings quoted, everything else as JSON. */
export function showValue(v: unknown): string {
  if (v === undefined) return "(unset)";
  return JSON.stringify(v) ?? String(v);
}

interface CelSite {
  field: string;
  oldPath: DualPath;
  newPath: DualPath;
  oldNode: JsonObject;
  newNode: JsonObject;
  newChain: JsonObject[];
  underMetadata: boolean;
}

/** A comparator's answer that the walk stops at this node: the field is a different thing now. */
const STOP = "stop";

/** One node present on both sides and its place: what the walk is given for each node. */
type NodePair = Pick<NodeComparison, "o" | "n" | "oldPath" | "newPath" | "field" | "chain" | "underMetadata" | "depth">;

/** What a comparator is given: a node present on both sides, its place, its types, and where its changes go. */
class NodeComparison {
  /** OLD's and NEW's schema of the node. */
  readonly o: JsonObject;
  readonly n: JsonObject;
  /** The node's schema path in OLD and in NEW. */
  readonly oldPath: DualPath;
  readonly newPath: DualPath;
  /** The data path a person reads (SchemaChange.field). */
  readonly field: string;
  /** NEW's schemas from the root down to `n`. */
  readonly chain: JsonObject[];
  readonly underMetadata: boolean;
  readonly depth: number;
  /** The nodes' `type` ("" when unset). */
  readonly oType: string;
  readonly nType: string;

  constructor(
    private readonly walk: SchemaWalk,
    pair: NodePair,
  ) {
    ({
      o: this.o,
      n: this.n,
      oldPath: this.oldPath,
      newPath: this.newPath,
      field: this.field,
      chain: this.chain,
      underMetadata: this.underMetadata,
      depth: this.depth,
    } = pair);
    this.oType = typeOf(this.o) ?? "";
    this.nType = typeOf(this.n) ?? "";
  }

  /** A change of this node. */
  record(kind: SchemaChangeKind, extra: Partial<SchemaChange>): void {
    const at = { oldNode: this.o, oldPath: this.oldPath, newNode: this.n, newPath: this.newPath, newChain: this.chain };
    this.walk.out.push({ ...change(kind, this.field, this.underMetadata, at), ...extra });
  }

  /** A change of one keyword of this node, with its value on each side. */
  keyword(kind: SchemaChangeKind, key: string, extra: Partial<SchemaChange> = {}): void {
    this.record(kind, { keyword: key, before: this.o[key] ?? undefined, after: this.n[key] ?? undefined, ...extra });
  }

  /** A change of a field below this node (one side only: field-removed, field-renamed, field-added). */
  push(c: SchemaChange): void {
    this.walk.out.push(c);
  }

  /** This node has CEL rules (on either side): they are matched once the walk has seen every node of the version. */
  celSite(): void {
    this.walk.celSites.push({
      field: this.field,
      oldPath: this.oldPath,
      newPath: this.newPath,
      oldNode: this.o,
      newNode: this.n,
      newChain: this.chain,
      underMetadata: this.underMetadata,
    });
  }

  /** Compares a child present on both sides (`key`: the property's name; none for items and additionalProperties). */
  descend(
    o: JsonObject,
    n: JsonObject,
    keyword: "items" | "additionalProperties" | "properties",
    field: string,
    underMetadata: boolean,
    key?: string,
  ): void {
    const oldPath = key === undefined ? this.oldPath.child(keyword) : this.oldPath.child(keyword).key(key);
    const newPath = key === undefined ? this.newPath.child(keyword) : this.newPath.child(keyword).key(key);
    this.walk.visit({ o, n, oldPath, newPath, field, chain: [...this.chain, n], underMetadata, depth: this.depth + 1 });
  }
}

/** The walk over one pair of schemas: the changes in order, and the nodes with CEL rules. */
class SchemaWalk {
  readonly out: SchemaChange[] = [];
  readonly celSites: CelSite[] = [];

  /** Every comparator on the node pair, in the table's order (the order of the changes). */
  visit(pair: NodePair): void {
    if (pair.depth > 256) return;
    const c = new NodeComparison(this, pair);
    for (const compare of COMPARATORS) if (compare(c) === STOP) return;
  }
}

/** The nodes a change is about, on each side (null where that side has none). */
interface ChangeSides {
  oldNode: JsonObject | null;
  oldPath: DualPath | null;
  newNode: JsonObject | null;
  newPath: DualPath | null;
  /** NEW's schemas down to newNode (kept only where NEW has the node). */
  newChain: JsonObject[];
}

function change(kind: SchemaChangeKind, field: string, underMetadata: boolean, at: ChangeSides): SchemaChange {
  return {
    kind,
    field,
    oldPath: at.oldPath,
    newPath: at.newPath,
    oldNode: at.oldNode,
    newNode: at.newNode,
    newChain: at.newNode ? at.newChain : [],
    underMetadata,
  };
}

/** Compares one keyword (or a few that make one thing) of a node pair; STOP: compare nothing more at or below it. */
type Comparator = (c: NodeComparison) => typeof STOP | void;

/** A boolean keyword that is on only when `true`: whether it is on changed. */
function flag(kind: SchemaChangeKind, key: string): Comparator {
  return (c) => {
    if ((c.o[key] === true) !== (c.n[key] === true))
      c.record(kind, { keyword: key, before: c.o[key] === true, after: c.n[key] === true });
  };
}

/** A string keyword (unset is ""): its text changed. */
function text(kind: SchemaChangeKind, key: string): Comparator {
  return (c) => {
    if (str(c.o[key]) !== str(c.n[key])) c.keyword(kind, key);
  };
}

/** A bound: NEW's is tighter (set where OLD had none, or past OLD's) or looser (unset, or short of OLD's). */
function bound(key: string, tighter: "lower" | "upper"): Comparator {
  return (c) => {
    const ov = asNumber(c.o[key]);
    const nv = asNumber(c.n[key]);
    if (ov === nv) return;
    const tightened = nv !== null && (ov === null || (tighter === "upper" ? nv < ov : nv > ov));
    c.keyword(tightened ? "bounds-tightened" : "bounds-loosened", key);
  };
}

/** exclusiveMinimum/exclusiveMaximum turned on. */
function exclusiveBound(key: string): Comparator {
  return (c) => {
    if (c.n[key] === true && c.o[key] !== true) c.keyword("exclusive-bound-added", key);
  };
}

/** allOf, anyOf or oneOf: subschemas matched by content, never by index; not descended into. */
function quantor(q: (typeof QUANTORS)[number]): Comparator {
  return (c) => {
    const ol = Array.isArray(c.o[q]) ? (c.o[q] as unknown[]) : [];
    const nl = Array.isArray(c.n[q]) ? (c.n[q] as unknown[]) : [];
    const used = new Set<number>();
    let added = 0;
    for (const x of nl) {
      const i = ol.findIndex((y, j) => !used.has(j) && deepEqual(x, y));
      if (i < 0) added++;
      else used.add(i);
    }
    const removed = ol.length - used.size;
    if (added || removed) c.record("quantor-changed", { keyword: q, quantor: { removed, added } });
  };
}

const intOrStringChanged = flag("int-or-string-changed", INT_OR_STRING);

const propertiesOf = (s: JsonObject): JsonObject => (isPlainObject(s.properties) ? s.properties : {});

/** Properties by name: each one on both sides compared, then the removed (or renamed) and the added ones. */
const compareProperties: Comparator = (c) => {
  const { o, n, field, chain, depth } = c;
  const oProps = propertiesOf(o);
  const nProps = propertiesOf(n);
  const underMetadata = (name: string) => c.underMetadata || (depth === 0 && name === "metadata");
  const removed: string[] = [];
  for (const name of Object.keys(oProps).sort()) {
    const oc = oProps[name];
    if (!isPlainObject(oc)) continue;
    const nc = nProps[name];
    if (isPlainObject(nc)) c.descend(oc, nc, "properties", childField(field, name), underMetadata(name), name);
    else removed.push(name);
  }
  const added = Object.keys(nProps)
    .sort()
    .filter((name) => isPlainObject(nProps[name]) && !isPlainObject(oProps[name]));
  const renamedFrom = new Map<string, string>();
  for (const r of removed) {
    const same = added.filter((a) => deepEqual(oProps[r], nProps[a]));
    const sameOld = removed.filter((x) => deepEqual(oProps[x], oProps[r]));
    // Only an unambiguous pairing reads as a rename.
    if (same.length === 1 && sameOld.length === 1 && !renamedFrom.has(same[0]!)) renamedFrom.set(same[0]!, r);
  }
  const renamedTo = new Map([...renamedFrom].map(([a, r]) => [r, a] as const));
  for (const r of removed) {
    const to = renamedTo.get(r);
    const at = {
      oldNode: oProps[r] as JsonObject,
      oldPath: c.oldPath.child("properties").key(r),
      newNode: null,
      newPath: null,
      newChain: [],
    };
    const gone = change(
      to !== undefined ? "field-renamed" : "field-removed",
      childField(field, r),
      underMetadata(r),
      at,
    );
    // The chain down to NEW's parent: the rules above the removed field are the ones that could reference it.
    gone.newChain = chain;
    gone.parentPreservesUnknown = n[PRESERVE_UNKNOWN_FIELDS] === true;
    if (to !== undefined)
      gone.renamedTo = { name: to, field: childField(field, to), path: c.newPath.child("properties").key(to) };
    c.push(gone);
  }
  for (const a of added) {
    if (renamedFrom.has(a)) continue;
    const nc = nProps[a] as JsonObject;
    c.push(
      change("field-added", childField(field, a), underMetadata(a), {
        oldNode: null,
        oldPath: null,
        newNode: nc,
        newPath: c.newPath.child("properties").key(a),
        newChain: [...chain, nc],
      }),
    );
  }
};

/**
 * The comparators, one per keyword, in the order their changes are reported (the order of diagnostics). Peers that
 * judge the same keyword are named: crdify (kubernetes-sigs/crdify:pkg/validations/property/).
 */
const COMPARATORS: readonly Comparator[] = [
  // type (crdify: type.go). An int-or-string field has no type: setting one as it stops being int-or-string is that
  // change, not a type change. Below a type change every comparison is noise: the field is a different thing now.
  (c) => {
    if ((c.o[INT_OR_STRING] === true) !== (c.n[INT_OR_STRING] === true)) intOrStringChanged(c);
    else if (c.oType !== c.nType) {
      c.keyword("type-changed", "type");
      return STOP;
    }
  },
  // format (crdify: format.go)
  text("format-changed", "format"),
  // nullable (crdify: nullable.go)
  flag("nullable-changed", "nullable"),
  // default (crdify: default.go)
  (c) => {
    if (!deepEqual(c.o.default ?? undefined, c.n.default ?? undefined)) c.keyword("default-changed", "default");
  },
  // description (crdify: description.go)
  text("description-changed", "description"),
  flag("embedded-resource-changed", EMBEDDED_RESOURCE),
  (c) => {
    if (c.o[PRESERVE_UNKNOWN_FIELDS] === true && c.n[PRESERVE_UNKNOWN_FIELDS] !== true)
      c.keyword("preserve-unknown-fields-removed", PRESERVE_UNKNOWN_FIELDS);
  },
  // enum (crdify: enum.go): values compared as Go compares them, in NEW's order.
  (c) => {
    const oEnum = Array.isArray(c.o.enum) && c.o.enum.length > 0 ? c.o.enum : null;
    const nEnum = Array.isArray(c.n.enum) && c.n.enum.length > 0 ? c.n.enum : null;
    if (!oEnum && nEnum) c.keyword("enum-added", "enum", { values: nEnum });
    else if (oEnum && nEnum) {
      const removed = oEnum.filter((v) => !nEnum.some((w) => deepEqual(v, w)));
      const added = nEnum.filter((v) => !oEnum.some((w) => deepEqual(v, w)));
      if (removed.length) c.keyword("enum-value-removed", "enum", { values: removed });
      if (added.length) c.keyword("enum-value-added", "enum", { values: added });
    }
  },
  // minimum, maximum, minLength... (crdify: min.go, max.go)
  ...BOUNDS.map((b) => bound(b.key, b.tighter)),
  // crdify: exclusive_maximum.go
  exclusiveBound("exclusiveMinimum"),
  exclusiveBound("exclusiveMaximum"),
  (c) => {
    const om = asNumber(c.o.multipleOf);
    const nm = asNumber(c.n.multipleOf);
    if (nm !== null && om !== nm) c.keyword("multiple-of-changed", "multipleOf");
  },
  // pattern (crdify: pattern.go): a pattern removed loosens, and is no change here.
  (c) => {
    if (str(c.n.pattern) !== "" && str(c.o.pattern) !== str(c.n.pattern)) c.keyword("pattern-changed", "pattern");
  },
  // SSA's list semantics: an unset list type is atomic (kubernetes/kube-openapi:pkg/schemaconv/smd.go).
  (c) => {
    if (!(c.nType === "array" || c.oType === "array" || has(c.o, LIST_TYPE) || has(c.n, LIST_TYPE))) return;
    const ol = effectiveListType(c.o);
    const nl = effectiveListType(c.n);
    if (ol !== nl) c.record("list-type-changed", { keyword: LIST_TYPE, before: ol, after: nl });
    else if (nl === "map" && !deepEqual(mapKeys(c.o), mapKeys(c.n)))
      c.record("list-type-changed", { keyword: LIST_MAP_KEYS, before: mapKeys(c.o), after: mapKeys(c.n) });
  },
  // SSA's map semantics: an unset map type is granular.
  (c) => {
    if (effectiveMapType(c.o) !== effectiveMapType(c.n))
      c.record("map-type-changed", { keyword: MAP_TYPE, before: effectiveMapType(c.o), after: effectiveMapType(c.n) });
  },
  // crdify: allof.go, anyof.go, oneof.go (by index there), not.go
  ...QUANTORS.map(quantor),
  (c) => {
    if (!deepEqual(c.o.not ?? undefined, c.n.not ?? undefined))
      c.record("quantor-changed", {
        keyword: "not",
        quantor: { removed: has(c.o, "not") ? 1 : 0, added: has(c.n, "not") ? 1 : 0 },
      });
  },
  // required (crdify: required.go)
  (c) => {
    const { o } = c;
    const oReq = new Set(Array.isArray(o.required) ? o.required.map(String) : []);
    const nProps = propertiesOf(c.n);
    const oProps = propertiesOf(o);
    for (const name of Array.isArray(c.n.required) ? c.n.required.map(String) : []) {
      if (oReq.has(name)) continue;
      const child = nProps[name];
      const hasDefault = isPlainObject(child) && has(child, "default");
      // New unless OLD declared it, or kept it as an unknown field (preserved, or apiVersion/kind/metadata of an embedded resource).
      const kept =
        o[PRESERVE_UNKNOWN_FIELDS] === true ||
        (o[EMBEDDED_RESOURCE] === true && (name === "apiVersion" || name === "kind" || name === "metadata"));
      c.record("required-added", {
        keyword: "required",
        values: [name],
        hasDefault,
        newField: !Object.hasOwn(oProps, name) && !kept,
      });
    }
  },
  // x-kubernetes-validations (crdify: xvalidations.go): matched after the walk, when every site of the version is known.
  (c) => {
    if (celEntries(c.o).length || celEntries(c.n).length) c.celSite();
  },
  // additionalProperties: a schema on both sides is compared as the map's values (`field[*]`).
  (c) => {
    const oAp = c.o.additionalProperties;
    const nAp = c.n.additionalProperties;
    if (isPlainObject(oAp) && isPlainObject(nAp))
      c.descend(oAp, nAp, "additionalProperties", `${c.field === "" ? "" : c.field}[*]`, c.underMetadata);
    else if (!deepEqual(oAp ?? undefined, nAp ?? undefined))
      c.keyword("additional-properties-changed", "additionalProperties");
  },
  (c) => {
    if (isPlainObject(c.o.items) && isPlainObject(c.n.items))
      c.descend(c.o.items, c.n.items, "items", `${c.field}[*]`, c.underMetadata);
  },
  compareProperties,
];

/** Compares two schemas of one version. `oldPath`/`newPath`: the openAPIV3Schema paths (SchemaScope.path). */
export function diffSchemas(
  oldRoot: JsonObject,
  oldPath: DualPath,
  newRoot: JsonObject,
  newPath: DualPath,
  options: SchemaDiffOptions = {},
): SchemaChange[] {
  const walk = new SchemaWalk();
  walk.visit({ o: oldRoot, n: newRoot, oldPath, newPath, field: "", chain: [newRoot], underMetadata: false, depth: 0 });
  matchCelRules(walk.celSites, options.preexistingRules ?? ruleTexts(oldRoot), walk.out);
  return walk.out;
}

const ATTRIBUTES = ["message", "reason", "fieldPath", "optionalOldSelf"] as const;

function matchCelRules(sites: CelSite[], preexisting: ReadonlySet<string>, out: SchemaChange[]): void {
  const oldLeft = sites.map((s) => celEntries(s.oldNode).map((e) => ({ e, used: false })));
  const newLeft = sites.map((s) => celEntries(s.newNode).map((e) => ({ e, used: false })));
  const rec = (site: CelSite, kind: SchemaChangeKind, cel: CelRuleChange): void => {
    out.push({
      kind,
      field: site.field,
      oldPath: site.oldPath,
      newPath: site.newPath,
      oldNode: site.oldNode,
      newNode: site.newNode,
      newChain: site.newChain,
      keyword: VALIDATIONS,
      underMetadata: site.underMetadata,
      cel,
    });
  };
  // 1. The same text at the same field: the same rule; its other attributes may have changed.
  sites.forEach((site, i) => {
    for (const n of newLeft[i]!) {
      const o = oldLeft[i]!.find((x) => !x.used && x.e.rule === n.e.rule);
      if (!o) continue;
      o.used = n.used = true;
      if (o.e.messageExpression !== n.e.messageExpression)
        rec(site, "cel-rule-changed", { change: "messageExpression", entry: n.e, oldEntry: o.e });
      const attributes = ATTRIBUTES.filter((a) => o.e[a] !== n.e[a]);
      if (attributes.length)
        rec(site, "cel-rule-changed", { change: "attributes", entry: n.e, oldEntry: o.e, attributes });
    }
  });
  // 2. The same text at another field of this version: moved (it stays pre-existing, A11).
  sites.forEach((site, i) => {
    for (const n of newLeft[i]!) {
      if (n.used) continue;
      for (let j = 0; j < sites.length && !n.used; j++) {
        const o = oldLeft[j]!.find((x) => !x.used && x.e.rule === n.e.rule);
        if (!o) continue;
        o.used = n.used = true;
        rec(site, "cel-rule-changed", {
          change: "moved",
          entry: n.e,
          oldEntry: o.e,
          from: { field: sites[j]!.field, path: sites[j]!.oldPath },
        });
      }
    }
  });
  // 3. Left over at one field: an edit of the text, paired in order; then what is left in NEW is new.
  sites.forEach((site, i) => {
    const olds = oldLeft[i]!.filter((x) => !x.used);
    for (const n of newLeft[i]!) {
      if (n.used) continue;
      n.used = true;
      if (preexisting.has(n.e.rule)) {
        // Present elsewhere in OLD (another version, or a field that still has it): pre-existing, so a copy, not new.
        rec(site, "cel-rule-changed", { change: "moved", entry: n.e });
        continue;
      }
      const o = olds.shift();
      if (o) {
        o.used = true;
        rec(site, "cel-rule-changed", { change: "text", entry: n.e, oldEntry: o.e });
      } else rec(site, "cel-rule-added", { change: "added", entry: n.e });
    }
  });
}

export interface VersionSchemaChange extends SchemaChange {
  /** The versions whose schema pair this change was found in (several when a schema is shared by hoisting). */
  versions: string[];
}

/**
 * The schema changes of every version present on both sides. Versions whose OLD and NEW schemas are the same
 * pair of scopes (hoisted on both sides) are diffed once and carry all their names.
 */
export function diffCrdSchemas(oldCrd: CrdView, newCrd: CrdView): VersionSchemaChange[] {
  const scopeOf = (crd: CrdView, version: string): SchemaScope | undefined =>
    crd.schemas.find((s) => s.versions.some((v) => v.name === version));
  const preexisting = new Set<string>();
  for (const s of oldCrd.schemas) ruleTexts(s.root, preexisting);
  const pairs: { o: SchemaScope; n: SchemaScope; versions: string[] }[] = [];
  for (const nv of newCrd.versions) {
    if (!oldCrd.versions.some((ov) => ov.name === nv.name)) continue;
    const o = scopeOf(oldCrd, nv.name);
    const n = scopeOf(newCrd, nv.name);
    if (!o || !n) continue;
    const pair = pairs.find((p) => p.o === o && p.n === n);
    if (pair) pair.versions.push(nv.name);
    else pairs.push({ o, n, versions: [nv.name] });
  }
  const out: VersionSchemaChange[] = [];
  for (const p of pairs)
    for (const c of diffSchemas(p.o.root, p.o.path, p.n.root, p.n.path, { preexistingRules: preexisting }))
      out.push({ ...c, versions: p.versions });
  return out;
}
