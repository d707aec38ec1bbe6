/**
 * x-kubernetes-list-type uniqueness of values: `set` items and `map` key tuples must be unique (one Duplicate error at
 * the second occurrence of each repeated value); a `map` list may only hold objects (or nulls).
 */
// Upstream: kubernetes/apiextensions-apiserver:pkg/apiserver/schema/listtype/validation.go
import { FieldPath } from "../k8s/path.js";
import { goJson, hasOwn, isPlainObject, sortedCopy, type ValueError } from "../k8s/go.js";
import type { CoverageSink, DeferredFailures } from "./coverage.js";

export interface ListTypeOptions {
  rootPath?: FieldPath;
  /** Where each set/map list checked is reported (check `list-type`); absent: nothing is recorded. */
  coverage?: CoverageSink;
  /** With coverage: failures are put here by error instead of being recorded (see value.ts's ValidateValueOptions). */
  coverageDeferred?: DeferredFailures;
}

/** Reports each list-type list's verdict; null without coverage. */
type ListCoverage = ((s: Record<string, unknown>, errs: ValueError[], from: number) => void) | null;

function listCoverage(options: ListTypeOptions): ListCoverage {
  const sink = options.coverage;
  if (!sink) return null;
  const deferred = options.coverageDeferred;
  return (s, errs, from) => {
    if (errs.length === from) return sink.record(s, "list-type", false);
    if (!deferred) return sink.record(s, "list-type", true);
    for (let i = from; i < errs.length; i++) deferred.set(errs[i]!, [[s, "list-type"]]);
  };
}

/**
 * ValidateListSetsAndMaps: walks properties, additionalProperties (paths `[key]`) and items (`[i]`). The apiserver
 * starts at an object; a list value at the root is accepted too (used to check a default that is itself a list).
 */
export function validateListTypes(value: unknown, schema: unknown, options: ListTypeOptions = {}): ValueError[] {
  const errs: ValueError[] = [];
  if (!isPlainObject(schema)) return errs;
  walk(options.rootPath ?? FieldPath.from([]), schema, value, errs, listCoverage(options));
  return errs;
}

function walk(path: FieldPath, s: Record<string, unknown>, v: unknown, errs: ValueError[], cov: ListCoverage): void {
  if (Array.isArray(v)) validateArray(path, s, v, errs, cov);
  else if (isPlainObject(v)) validateObject(path, s, v, errs, cov);
}

function validateObject(
  path: FieldPath,
  s: Record<string, unknown>,
  obj: Record<string, unknown>,
  errs: ValueError[],
  cov: ListCoverage,
): void {
  const addl = s.additionalProperties;
  if (isPlainObject(addl)) for (const k of Object.keys(obj)) walk(path.key(k), addl, obj[k], errs, cov);
  const props = s.properties;
  if (isPlainObject(props))
    for (const k of Object.keys(obj)) {
      const sub = props[k];
      if (isPlainObject(sub)) walk(path.child(k), sub, obj[k], errs, cov);
    }
}

const UNSPECIFIED = "\u0000unspecified";

/** The identity of a list item as Go compares it: scalars by value and type, compounds by their JSON. */
function identity(x: unknown): string {
  if (x === UNSPECIFIED) return "u";
  if (x === null || x === undefined) return "n";
  switch (typeof x) {
    case "string":
      return "s" + x;
    case "number":
      return (Number.isInteger(x) ? "i" : "f") + String(x);
    case "boolean":
      return "b" + x;
    default:
      return "c" + goJson(x);
  }
}

/** validateListSet: the indices of the second occurrence of every repeated value. */
function nonUnique(items: unknown[]): number[] {
  if (items.length <= 1) return [];
  const seen = new Map<string, number>();
  const out: number[] = [];
  items.forEach((x, i) => {
    const id = identity(x);
    const times = seen.get(id);
    if (times === undefined) seen.set(id, 1);
    else {
      seen.set(id, times + 1);
      if (times === 1) out.push(i);
    }
  });
  return out;
}

function validateArray(
  path: FieldPath,
  s: Record<string, unknown>,
  arr: unknown[],
  errs: ValueError[],
  cov: ListCoverage,
): void {
  const listType = s["x-kubernetes-list-type"];
  const from = errs.length;
  if (listType === "set") {
    for (const i of nonUnique(arr))
      errs.push({ path: path.index(i), type: "Duplicate value", value: sortedCopy(arr[i]), message: "" });
    if (cov) cov(s, errs, from);
  } else if (listType === "map") {
    validateMap(path, s, arr, errs);
    if (cov) cov(s, errs, from);
  }
  const items = s.items;
  if (isPlainObject(items)) arr.forEach((x, i) => walk(path.index(i), items, x, errs, cov));
}

function validateMap(path: FieldPath, s: Record<string, unknown>, arr: unknown[], errs: ValueError[]): void {
  for (let i = 0; i < arr.length; i++) {
    const x = arr[i];
    if (x !== null && x !== undefined && !isPlainObject(x)) {
      errs.push({
        path: path.index(i),
        type: "Invalid value",
        value: x,
        message: "must be an object for an array of list-type map",
      });
      return;
    }
  }
  if (arr.length <= 1) return;
  const keyFields = Array.isArray(s["x-kubernetes-list-map-keys"])
    ? (s["x-kubernetes-list-map-keys"] as unknown[]).filter((k): k is string => typeof k === "string")
    : [];
  if (keyFields.length === 1) {
    const kf = keyFields[0]!;
    const keys = arr.map((x) => (isPlainObject(x) && hasOwn(x, kf) ? x[kf] : UNSPECIFIED));
    for (const i of nonUnique(keys)) {
      const k = keys[i];
      errs.push({
        path: path.index(i),
        type: "Duplicate value",
        value: k === UNSPECIFIED ? {} : { [kf]: sortedCopy(k) },
        message: "",
      });
    }
    return;
  }
  const keys = arr.map((x) => {
    const key: Record<string, unknown> = {};
    if (isPlainObject(x)) for (const kf of keyFields) if (hasOwn(x, kf)) key[kf] = x[kf];
    return sortedCopy(key);
  });
  for (const i of nonUnique(keys))
    errs.push({ path: path.index(i), type: "Duplicate value", value: keys[i], message: "" });
}
