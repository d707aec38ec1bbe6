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

/** Compares two schemas of one version. `oldPath`/`newPath`: the openAPIV3Schema paths (SchemaScope.path). */
export function diffSchemas(oldRoot: JsonObject, oldPath: DualPath, newRoot: JsonObject, newPath: DualPath, options: SchemaDiffOptions = {}): SchemaChange[] {
  const out: SchemaChange[] = [];
  const celSites: CelSite[] = [];

  const base = (kind: SchemaChangeKind, field: string, o: JsonObject | null, op: DualPath | null, n: JsonObject | null, np: DualPath | null, chain: JsonObject[], underMetadata: boolean): SchemaChange => ({
    kind,
    field,
    oldPath: op,
    newPath: np,
    oldNode: o,
    newNode: n,
    newChain: n ? chain : [],
    underMetadata,
  });

  const compare = (o: JsonObject, op: DualPath, n: JsonObject, np: DualPath, field: string, chain: JsonObject[], underMetadata: boolean, depth: number): void => {
    if (depth > 256) return;
    const rec = (kind: SchemaChangeKind, extra: Partial<SchemaChange>): void => {
      out.push({ ...base(kind, field, o, op, n, np, chain, underMetadata), ...extra });
    };
    const keyword = (kind: SchemaChangeKind, key: string, extra: Partial<SchemaChange> = {}): void => rec(kind, { keyword: key, before: o[key] ?? undefined, after: n[key] ?? undefined, ...extra });

    const oType = typeOf(o) ?? "";
    const nType = typeOf(n) ?? "";
    if ((o[INT_OR_STRING] === true) !== (n[INT_OR_STRING] === true))
      // An int-or-string field has no type: setting one as it stops being int-or-string is this change, not a type change.
      rec("int-or-string-changed", { keyword: INT_OR_STRING, before: o[INT_OR_STRING] === true, after: n[INT_OR_STRING] === true });
    else if (oType !== nType) {
      // Below a type change every comparison is noise: the field is a different thing now.
      keyword("type-changed", "type");
      return;
    }
    if (str(o.format) !== str(n.format)) keyword("format-changed", "format");
    if ((o.nullable === true) !== (n.nullable === true)) rec("nullable-changed", { keyword: "nullable", before: o.nullable === true, after: n.nullable === true });
    if (!deepEqual(o.default ?? undefined, n.default ?? undefined)) keyword("default-changed", "default");
    if (str(o.description) !== str(n.description)) keyword("description-changed", "description");
    if ((o[EMBEDDED_RESOURCE] === true) !== (n[EMBEDDED_RESOURCE] === true))
      rec("embedded-resource-changed", { keyword: EMBEDDED_RESOURCE, before: o[EMBEDDED_RESOURCE] === true, after: n[EMBEDDED_RESOURCE] === true });
    if (o[PRESERVE_UNKNOWN_FIELDS] === true && n[PRESERVE_UNKNOWN_FIELDS] !== true) keyword("preserve-unknown-fields-removed", PRESERVE_UNKNOWN_FIELDS);

    // enum
    const oEnum = Array.isArray(o.enum) && o.enum.length > 0 ? o.enum : null;
    const nEnum = Array.isArray(n.enum) && n.enum.length > 0 ? n.enum : null;
    if (!oEnum && nEnum) keyword("enum-added", "enum", { values: nEnum });
    else if (oEnum && nEnum) {
      const removed = oEnum.filter((v) => !nEnum.some((w) => deepEqual(v, w)));
      const added = nEnum.filter((v) => !oEnum.some((w) => deepEqual(v, w)));
      if (removed.length) keyword("enum-value-removed", "enum", { values: removed });
      if (added.length) keyword("enum-value-added", "enum", { values: added });
    }

    // bounds
    for (const b of BOUNDS) {
      const ov = asNumber(o[b.key]);
      const nv = asNumber(n[b.key]);
      if (ov === nv) continue;
      const tighter = nv !== null && (ov === null || (b.tighter === "upper" ? nv < ov : nv > ov));
      keyword(tighter ? "bounds-tightened" : "bounds-loosened", b.key);
    }
    for (const key of ["exclusiveMinimum", "exclusiveMaximum"]) {
      if (n[key] === true && o[key] !== true) keyword("exclusive-bound-added", key);
    }
    const om = asNumber(o.multipleOf);
    const nm = asNumber(n.multipleOf);
    if (nm !== null && om !== nm) keyword("multiple-of-changed", "multipleOf");
    if (str(n.pattern) !== "" && str(o.pattern) !== str(n.pattern)) keyword("pattern-changed", "pattern");

    // SSA list and map semantics
    if (nType === "array" || oType === "array" || has(o, LIST_TYPE) || has(n, LIST_TYPE)) {
      const ol = effectiveListType(o);
      const nl = effectiveListType(n);
      if (ol !== nl) rec("list-type-changed", { keyword: LIST_TYPE, before: ol, after: nl });
      else if (nl === "map" && !deepEqual(mapKeys(o), mapKeys(n))) rec("list-type-changed", { keyword: LIST_MAP_KEYS, before: mapKeys(o), after: mapKeys(n) });
    }
    if (effectiveMapType(o) !== effectiveMapType(n)) rec("map-type-changed", { keyword: MAP_TYPE, before: effectiveMapType(o), after: effectiveMapType(n) });

    // quantors, matched by content
    for (const q of QUANTORS) {
      const ol = Array.isArray(o[q]) ? (o[q] as unknown[]) : [];
      const nl = Array.isArray(n[q]) ? (n[q] as unknown[]) : [];
      const used = new Set<number>();
      let added = 0;
      for (const x of nl) {
        const i = ol.findIndex((y, j) => !used.has(j) && deepEqual(x, y));
        if (i < 0) added++;
        else used.add(i);
      }
      const removed = ol.length - used.size;
      if (added || removed) rec("quantor-changed", { keyword: q, quantor: { removed, added } });
    }
    if (!deepEqual(o.not ?? undefined, n.not ?? undefined)) rec("quantor-changed", { keyword: "not", quantor: { removed: has(o, "not") ? 1 : 0, added: has(n, "not") ? 1 : 0 } });

    // required
    const oReq = new Set(Array.isArray(o.required) ? o.required.map(String) : []);
    const nProps = isPlainObject(n.properties) ? n.properties : {};
    const oProps = isPlainObject(o.properties) ? o.properties : {};
    for (const name of Array.isArray(n.required) ? n.required.map(String) : []) {
      if (oReq.has(name)) continue;
      const child = nProps[name];
      const hasDefault = isPlainObject(child) && has(child, "default");
      // New unless OLD declared it, or kept it as an unknown field (preserved, or apiVersion/kind/metadata of an embedded resource).
      const kept = o[PRESERVE_UNKNOWN_FIELDS] === true || (o[EMBEDDED_RESOURCE] === true && (name === "apiVersion" || name === "kind" || name === "metadata"));
      rec("required-added", { keyword: "required", values: [name], hasDefault, newField: !Object.hasOwn(oProps, name) && !kept });
    }

    // CEL rules: matched after the walk, when every site of this version is known.
    if (celEntries(o).length || celEntries(n).length) celSites.push({ field, oldPath: op, newPath: np, oldNode: o, newNode: n, newChain: chain, underMetadata });

    // additionalProperties
    const oAp = o.additionalProperties;
    const nAp = n.additionalProperties;
    if (isPlainObject(oAp) && isPlainObject(nAp)) {
      const f = `${field === "" ? "" : field}[*]`;
      compare(oAp, op.child("additionalProperties"), nAp, np.child("additionalProperties"), f, [...chain, nAp], underMetadata, depth + 1);
    } else if (!deepEqual(oAp ?? undefined, nAp ?? undefined)) keyword("additional-properties-changed", "additionalProperties");

    // items
    if (isPlainObject(o.items) && isPlainObject(n.items))
      compare(o.items, op.child("items"), n.items, np.child("items"), `${field}[*]`, [...chain, n.items], underMetadata, depth + 1);

    // properties, by name
    const removed: string[] = [];
    for (const name of Object.keys(oProps).sort()) {
      const oc = oProps[name];
      if (!isPlainObject(oc)) continue;
      const nc = nProps[name];
      const meta = underMetadata || (depth === 0 && name === "metadata");
      if (isPlainObject(nc)) compare(oc, op.child("properties").key(name), nc, np.child("properties").key(name), childField(field, name), [...chain, nc], meta, depth + 1);
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
      const oc = oProps[r] as JsonObject;
      const meta = underMetadata || (depth === 0 && r === "metadata");
      const to = renamedTo.get(r);
      const c = base(to !== undefined ? "field-renamed" : "field-removed", childField(field, r), oc, op.child("properties").key(r), null, null, [], meta);
      // The chain down to NEW's parent: the rules above the removed field are the ones that could reference it.
      c.newChain = chain;
      c.parentPreservesUnknown = n[PRESERVE_UNKNOWN_FIELDS] === true;
      if (to !== undefined) c.renamedTo = { name: to, field: childField(field, to), path: np.child("properties").key(to) };
      out.push(c);
    }
    for (const a of added) {
      if (renamedFrom.has(a)) continue;
      const nc = nProps[a] as JsonObject;
      out.push(base("field-added", childField(field, a), null, null, nc, np.child("properties").key(a), [...chain, nc], underMetadata || (depth === 0 && a === "metadata")));
    }
  };

  compare(oldRoot, oldPath, newRoot, newPath, "", [newRoot], false, 0);
  matchCelRules(celSites, options.preexistingRules ?? ruleTexts(oldRoot), out);
  return out;
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
      if (o.e.messageExpression !== n.e.messageExpression) rec(site, "cel-rule-changed", { change: "messageExpression", entry: n.e, oldEntry: o.e });
      const attributes = ATTRIBUTES.filter((a) => o.e[a] !== n.e[a]);
      if (attributes.length) rec(site, "cel-rule-changed", { change: "attributes", entry: n.e, oldEntry: o.e, attributes });
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
        rec(site, "cel-rule-changed", { change: "moved", entry: n.e, oldEntry: o.e, from: { field: sites[j]!.field, path: sites[j]!.oldPath } });
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
  const scopeOf = (crd: CrdView, version: string): SchemaScope | undefined => crd.schemas.find((s) => s.versions.some((v) => v.name === version));
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
  for (const p of pairs) for (const c of diffSchemas(p.o.root, p.o.path, p.n.root, p.n.path, { preexistingRules: preexisting })) out.push({ ...c, versions: p.versions });
  return out;
}
