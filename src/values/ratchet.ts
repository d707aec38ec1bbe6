/**
 * Ratcheting of schema errors on update (CRDValidationRatcheting, beta and on by default from 1.30, GA in 1.33):
 * an error at a node whose value is unchanged from the old object — or below such a node — is dropped. Old and new
 * are correlated from the root: object keys present in both (properties and additionalProperties), and for
 * `x-kubernetes-list-type: map` lists the item with the same key values; items of other lists do not correlate,
 * but an unchanged ancestor still drops their errors. `apiVersion`/`kind` errors are never ratcheted; a `required`
 * error belongs to the object that lacks the property; anyOf/oneOf/allOf/not errors belong to the node that holds
 * them (their path is `<nil>`, so the node is read back from the message, best-effort for keys with dots).
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
  return oldList.find((o) => isPlainObject(o) && keys.every((k) => deepEqual(o[k], item[k])));
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
    if (deepEqual(cur, prev)) return false;
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
      if (deepEqual(cur, prev)) return false;
    }
    return true;
  });
}
