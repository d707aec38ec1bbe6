/**
 * Ratcheting of schema errors on update (CRDValidationRatcheting, beta and on by default from 1.30, GA in 1.33):
 * an error at a node whose value is unchanged from the old object — or below such a node — is dropped. Old and new
 * are correlated from the root: object keys present in both (properties and additionalProperties), and for
 * `x-kubernetes-list-type: map` lists the item with the same key values; items of other lists do not correlate,
 * but an unchanged ancestor still drops their errors. `apiVersion`/`kind` errors are never ratcheted; a `required`
 * error belongs to the object that lacks the property; anyOf/oneOf/allOf/not errors belong to the node that holds
 * them (their path is `<nil>`, so the node is read back from the message, best-effort for keys with dots), and so do
 * the errors raised inside their branches, which kube-openapi validates without ratcheting (ValueError.junctorPath).
 */
// Upstream: kubernetes/apiextensions-apiserver:pkg/apiserver/validation/ratcheting.go (RatchetingSchemaValidator)
// Upstream: kubernetes/kube-openapi:pkg/validation/validate/schema.go, kubernetes/apiserver:pkg/cel/common/equality.go (CorrelatedObject)
import { deepEqual, hasOwn, isPlainObject, type ValueError } from "../k8s/go.js";

type Schema = Record<string, unknown>;

function childSchema(s: Schema | null, key: string): Schema | null {
  if (!s) return null;
  if (isPlainObject(s.properties) && hasOwn(s.properties, key))
    return isPlainObject(s.properties[key]) ? (s.properties[key] as Schema) : {};
  return isPlainObject(s.additionalProperties) ? s.additionalProperties : null;
}

/** The old item of a list-type map list with the same map-key values as `item`, or undefined. */
function correlatedItem(s: Schema | null, item: unknown, oldList: unknown[]): unknown {
  if (!s || s["x-kubernetes-list-type"] !== "map" || !isPlainObject(item)) return undefined;
  const keys = Array.isArray(s["x-kubernetes-list-map-keys"])
    ? (s["x-kubernetes-list-map-keys"] as unknown[]).filter((k): k is string => typeof k === "string")
    : [];
  if (keys.length === 0) return undefined;
  // MapList keys an item only when every key is there with a scalar value (not null): other items correlate with nothing.
  const scalar = (v: unknown): boolean => typeof v === "string" || typeof v === "number" || typeof v === "boolean";
  const keyed = (o: Record<string, unknown>): boolean => keys.every((k) => hasOwn(o, k) && scalar(o[k]));
  if (!keyed(item)) return undefined;
  return oldList.find((o) => isPlainObject(o) && keyed(o) && keys.every((k) => o[k] === item[k]));
}

/**
 * CorrelatedObject.CachedDeepEqual: an object equals its old value only through correlated children (each key in
 * both, with a property or additionalProperties schema: a preserved unknown field makes it unequal), a list-type map
 * list item by item through its keys, other lists and scalars by deep equality.
 */
function correlatedEqual(cur: unknown, prev: unknown, s: Schema | null): boolean {
  if (s === null) return false;
  if ((cur === null || cur === undefined) && (prev === null || prev === undefined)) return true;
  if (cur === null || cur === undefined || prev === null || prev === undefined) return false;
  if (Array.isArray(cur) !== Array.isArray(prev) || isPlainObject(cur) !== isPlainObject(prev)) return false;
  if (Array.isArray(cur) && Array.isArray(prev)) {
    if (cur.length !== prev.length) return false;
    if (s["x-kubernetes-list-type"] !== "map") return deepEqual(cur, prev);
    const items = isPlainObject(s.items) ? s.items : null;
    return cur.every((item) => {
      const oldItem = correlatedItem(s, item, prev);
      return oldItem !== undefined && correlatedEqual(item, oldItem, items);
    });
  }
  if (isPlainObject(cur) && isPlainObject(prev)) {
    const keys = Object.keys(cur);
    if (keys.length !== Object.keys(prev).length) return false;
    return keys.every((k) => hasOwn(prev, k) && correlatedEqual(cur[k], prev[k], childSchema(s, k)));
  }
  return deepEqual(cur, prev);
}

/** Document path of a kube-openapi dotted name, matching keys that contain dots greedily against the object. */
function resolveDotted(obj: unknown, dotted: string): (string | number)[] | null {
  const out: (string | number)[] = [];
  let rest = dotted;
  let cur = obj;
  while (rest !== "") {
    const idx = /^\[(\d+)\]/.exec(rest);
    if (idx) {
      const i = Number(idx[1]);
      if (!Array.isArray(cur)) return null;
      out.push(i);
      cur = cur[i];
      rest = rest.slice(idx[0].length).replace(/^\./, "");
      continue;
    }
    if (!isPlainObject(cur)) return null;
    let matched: string | null = null;
    for (const k of Object.keys(cur))
      if (
        (rest === k || rest.startsWith(k + ".") || rest.startsWith(k + "[")) &&
        (matched === null || k.length > matched.length)
      )
        matched = k;
    if (matched === null) return null;
    out.push(matched);
    cur = cur[matched];
    rest = rest.slice(matched.length).replace(/^\./, "");
  }
  return out;
}

function ownerPath(e: ValueError, obj: unknown): (string | number)[] | null {
  // An error of an allOf/anyOf/oneOf/not branch: kube-openapi validates the branch without ratcheting, so only the
  // node holding it, or an ancestor, can drop it.
  if (e.junctorPath !== undefined) return e.junctorPath.toDocumentPath();
  if (e.path.segments.length === 0) {
    const m = /^"((?:[^"\\]|\\.)*)" must /.exec(e.message) ?? / in ([^ ]+)$/.exec(e.message);
    if (!m) return null;
    return m[1] === "" ? [] : resolveDotted(obj, m[1]!);
  }
  const p = e.path.toDocumentPath();
  return e.type === "Required value" ? p.slice(0, -1) : p;
}

/** Drops the errors that the apiserver's ratcheting validator turns into (unreturned) warnings. */
export function ratchetSchemaErrors(errors: ValueError[], obj: unknown, old: unknown, schema: Schema): ValueError[] {
  if (errors.length === 0) return errors;
  return errors.filter((e) => {
    const path = ownerPath(e, obj);
    if (path === null) return true;
    if (path[0] === "apiVersion" || path[0] === "kind") return true;
    let cur: unknown = obj;
    let prev: unknown = old;
    let s: Schema | null = schema;
    if (correlatedEqual(cur, prev, s)) return false;
    for (const seg of path) {
      if (typeof seg === "number") {
        if (!Array.isArray(cur) || !Array.isArray(prev)) return true;
        const item: unknown = cur[seg];
        const oldItem = correlatedItem(s, item, prev);
        if (oldItem === undefined) return true;
        s = s && isPlainObject(s.items) ? s.items : null;
        cur = item;
        prev = oldItem;
      } else {
        if (!isPlainObject(cur) || !isPlainObject(prev) || !hasOwn(prev, seg) || !hasOwn(cur, seg)) return true;
        s = childSchema(s, seg);
        cur = cur[seg];
        prev = prev[seg];
      }
      if (correlatedEqual(cur, prev, s)) return false;
    }
    return true;
  });
}
