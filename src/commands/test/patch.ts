/**
 * openshift/api's initialCRDPatches: JSON Patch operations (RFC 6902) applied to the CRD file's object, as the
 * harness applies them with vmware-archive/yaml-patch (add, remove, replace, move, copy, test; `-` appends to a
 * list; `~1` and `~0` escape `/` and `~`).
 */
// Upstream: openshift/api:tests/generator.go (getPatchedCRD)
import { deepCopy, hasOwn, isPlainObject } from "../../k8s/go.js";
import type { JsonObject } from "../../crd/model.js";
import { sameValue } from "./compare.js";
import type { CrdPatch } from "./suite.js";

/** The patched copy, or why a patch does not apply. */
export function applyPatches(crd: JsonObject, patches: readonly CrdPatch[]): JsonObject | string {
  let doc: unknown = deepCopy(crd);
  for (const p of patches) {
    const r = applyOne(doc, p);
    if (typeof r === "string") return `${p.op} ${p.path}: ${r}`;
    doc = r.doc;
  }
  return isPlainObject(doc) ? doc : "the patched document is not an object";
}

function tokens(path: string): string[] | null {
  if (path === "") return [];
  if (!path.startsWith("/")) return null;
  return path
    .slice(1)
    .split("/")
    .map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
}

type Container = Record<string, unknown> | unknown[];

/** The parent of the path's last token, and that token. */
function parentOf(doc: unknown, path: string): { parent: Container; key: string } | string {
  const t = tokens(path);
  if (t === null) return "not a JSON pointer";
  if (t.length === 0) return "the root cannot be the target";
  let cur: unknown = doc;
  for (const k of t.slice(0, -1)) {
    if (Array.isArray(cur)) cur = /^\d+$/.test(k) ? cur[Number(k)] : undefined;
    else if (isPlainObject(cur)) cur = cur[k];
    else cur = undefined;
    if (cur === undefined) return `no ${k} on the path`;
  }
  if (!Array.isArray(cur) && !isPlainObject(cur)) return "the parent is not a mapping or a list";
  return { parent: cur, key: t[t.length - 1]! };
}

function get(doc: unknown, path: string): { value: unknown } | string {
  const t = tokens(path);
  if (t === null) return "not a JSON pointer";
  let cur: unknown = doc;
  for (const k of t) {
    if (Array.isArray(cur)) cur = /^\d+$/.test(k) ? cur[Number(k)] : undefined;
    else if (isPlainObject(cur)) cur = hasOwn(cur, k) ? cur[k] : undefined;
    else cur = undefined;
    if (cur === undefined) return `nothing at ${path}`;
  }
  return { value: cur };
}

function add(doc: unknown, path: string, value: unknown): { doc: unknown } | string {
  if (path === "") return { doc: value };
  const at = parentOf(doc, path);
  if (typeof at === "string") return at;
  const { parent, key } = at;
  if (Array.isArray(parent)) {
    const i = key === "-" ? parent.length : /^\d+$/.test(key) ? Number(key) : -1;
    if (i < 0 || i > parent.length) return `index ${key} out of range`;
    parent.splice(i, 0, value);
  } else parent[key] = value;
  return { doc };
}

function remove(doc: unknown, path: string): { doc: unknown; removed: unknown } | string {
  const at = parentOf(doc, path);
  if (typeof at === "string") return at;
  const { parent, key } = at;
  if (Array.isArray(parent)) {
    const i = /^\d+$/.test(key) ? Number(key) : -1;
    if (i < 0 || i >= parent.length) return `index ${key} out of range`;
    return { doc, removed: parent.splice(i, 1)[0] };
  }
  if (!hasOwn(parent, key)) return `no ${key} to remove`;
  const removed = parent[key];
  delete parent[key];
  return { doc, removed };
}

function applyOne(doc: unknown, p: CrdPatch): { doc: unknown } | string {
  switch (p.op) {
    case "add":
      return add(doc, p.path, deepCopy(p.value ?? null));
    case "remove":
      return remove(doc, p.path);
    case "replace": {
      const r = remove(doc, p.path);
      if (typeof r === "string") return r;
      return add(r.doc, p.path, deepCopy(p.value ?? null));
    }
    case "move":
    case "copy": {
      if (p.from === undefined) return "no from";
      const v = get(doc, p.from);
      if (typeof v === "string") return v;
      let d = doc;
      if (p.op === "move") {
        const r = remove(doc, p.from);
        if (typeof r === "string") return r;
        d = r.doc;
      }
      return add(d, p.path, deepCopy(v.value));
    }
    case "test": {
      const v = get(doc, p.path);
      if (typeof v === "string") return v;
      return sameValue(v.value, p.value ?? null) ? { doc } : "test failed";
    }
    default:
      return `unknown op ${JSON.stringify(p.op)}`;
  }
}
