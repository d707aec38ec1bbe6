/**
 * The apiserver's pruning of unknown fields, on a copy: what a custom resource loses when it is decoded, and the
 * "defaults must be pruned" check of CRD creation (a default that loses anything is rejected).
 *
 * - a key is kept (and pruned further) when it is in `properties`, or when `additionalProperties` is present — with a
 *   schema it is pruned against that schema; `additionalProperties: true` has no schema, so an object under such a
 *   key loses all its keys; otherwise the key is deleted and recorded;
 * - at a node with `x-kubernetes-preserve-unknown-fields: true` unknown keys stay (unrecorded) but the properties and
 *   additionalProperties it does describe are pruned; list items under such a node are treated the same way;
 * - at an `x-kubernetes-embedded-resource` node (and at the resource root) `apiVersion`, `kind`, `metadata` are
 *   skipped entirely: kept, not pruned inside;
 * - list items are pruned against `items`; with no schema at all (below a preserving node) nothing is pruned.
 *
 * Recorded paths are the apiserver's strings (keys joined by `.`, indices `[i]`, keys raw), sorted in byte order.
 */
// Upstream: kubernetes/apiextensions-apiserver:pkg/apiserver/schema/pruning/algorithm.go (PruneWithOptions, prune, skipPrune)
// Upstream: kubernetes/apiextensions-apiserver:pkg/apiserver/schema/options.go (UnknownFieldPathOptions)
import { FieldPath, type PathSegment } from "../k8s/path.js";
import { compareBytes, deepCopy, isPlainObject } from "../k8s/go.js";

export interface PruneOptions {
  /** Treat the value as a resource root: its apiVersion/kind/metadata are never pruned (PruneWithOptions' isResourceRoot). */
  isResourceRoot?: boolean;
  /** Prefix for the returned FieldPaths (the recorded strings never carry it, as upstream). */
  rootPath?: FieldPath;
}

export interface PruneResult {
  /** The pruned copy (the input is not modified). */
  pruned: unknown;
  /** The recorded unknown-field paths as the apiserver prints them (`spec.foo`, `spec.list[0].x`), sorted. */
  paths: string[];
  /** The same fields as FieldPaths (for locating them), in the order of `paths`. */
  fieldPaths: FieldPath[];
  /** True when anything was deleted (a deletion is not always recorded: top-level metadata/kind/apiVersion). */
  changed: boolean;
}

type Schema = Record<string, unknown>;

const META = new Set(["apiVersion", "kind", "metadata"]);

interface State {
  parent: PathSegment[];
  recorded: { text: string; segs: PathSegment[] }[];
  changed: boolean;
}

const preserves = (s: Schema | null): boolean => s !== null && s["x-kubernetes-preserve-unknown-fields"] === true;
const isEmbedded = (s: Schema): boolean => s["x-kubernetes-embedded-resource"] === true;
const propOf = (s: Schema, k: string): Schema | null => {
  const props = s.properties;
  if (!isPlainObject(props) || !Object.prototype.hasOwnProperty.call(props, k)) return null;
  const p = props[k];
  return isPlainObject(p) ? p : {};
};
const hasAdditional = (s: Schema): boolean => s.additionalProperties !== undefined && s.additionalProperties !== null;
const additionalSchema = (s: Schema): Schema | null =>
  isPlainObject(s.additionalProperties) ? s.additionalProperties : null;
const itemsOf = (s: Schema): Schema | null => (isPlainObject(s.items) ? s.items : null);

function text(segs: PathSegment[]): string {
  let out = "";
  for (const s of segs) {
    if (s.kind === "index") out += "[" + s.index + "]";
    else {
      const name = s.kind === "field" ? s.name : s.key;
      out += out === "" ? name : "." + name;
    }
  }
  return out;
}

function record(st: State, key: string): void {
  const segs = [...st.parent, { kind: "field", name: key } as PathSegment];
  st.recorded.push({ text: text(segs), segs });
}

function prune(x: unknown, s: Schema | null, st: State): void {
  if (preserves(s)) {
    skipPrune(x, s!, st);
    return;
  }
  if (isPlainObject(x)) {
    if (s === null) {
      for (const k of Object.keys(x)) {
        record(st, k);
        delete x[k];
        st.changed = true;
      }
      return;
    }
    for (const k of Object.keys(x)) {
      if (isEmbedded(s) && META.has(k)) continue;
      const prop = propOf(s, k);
      if (prop !== null) descend(st, k, () => prune(x[k], prop, st));
      else if (hasAdditional(s)) descend(st, k, () => prune(x[k], additionalSchema(s), st));
      else {
        if (!META.has(k) || st.parent.length > 0) record(st, k);
        delete x[k];
        st.changed = true;
      }
    }
  } else if (Array.isArray(x)) {
    const items = s === null ? null : itemsOf(s);
    x.forEach((v, i) => {
      st.parent.push({ kind: "index", index: i });
      prune(v, items, st);
      st.parent.pop();
    });
  }
}

function skipPrune(x: unknown, s: Schema | null, st: State): void {
  if (s === null) return;
  if (isPlainObject(x)) {
    for (const k of Object.keys(x)) {
      if (isEmbedded(s) && META.has(k)) continue;
      const prop = propOf(s, k);
      if (prop !== null) descend(st, k, () => prune(x[k], prop, st));
      else if (hasAdditional(s)) descend(st, k, () => prune(x[k], additionalSchema(s), st));
    }
  } else if (Array.isArray(x)) {
    const items = itemsOf(s);
    x.forEach((v, i) => {
      st.parent.push({ kind: "index", index: i });
      skipPrune(v, items, st);
      st.parent.pop();
    });
  }
}

function descend(st: State, key: string, fn: () => void): void {
  st.parent.push({ kind: "field", name: key });
  fn();
  st.parent.pop();
}

/** Prunes a copy of `value` against `schema` (a structural openAPIV3Schema node). */
export function pruneValue(value: unknown, schema: unknown, options: PruneOptions = {}): PruneResult {
  const pruned = deepCopy(value);
  let s: Schema = isPlainObject(schema) ? schema : {};
  if (options.isResourceRoot && !isEmbedded(s)) s = { ...s, "x-kubernetes-embedded-resource": true };
  const st: State = { parent: [], recorded: [], changed: false };
  prune(pruned, s, st);
  st.recorded.sort((a, b) => compareBytes(a.text, b.text));
  const root = options.rootPath?.segments ?? [];
  return {
    pruned,
    paths: st.recorded.map((r) => r.text),
    fieldPaths: st.recorded.map((r) => FieldPath.from([...root, ...r.segs])),
    changed: st.changed,
  };
}
