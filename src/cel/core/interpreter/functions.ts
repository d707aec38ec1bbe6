/**
 * Function implementations by overload id, with runtime argument guards derived from the checker's overload
 * declarations (src/cel/k8s/environment.ts): a call dispatches to the first declared overload whose argument types match the
 * runtime values (cel-go's dynamic dispatch), else "no such overload". Call costs follow the environment library's
 * CallCost (the Kubernetes library's), then cel-go's default costCall.
 */
// Upstream: google/cel-go:common/stdlib/standard.go, common/types/*.go (operators and error texts)
// Upstream: google/cel-go:interpreter/runtimecost.go (costCall), kubernetes/apiserver:pkg/cel/library/cost.go (CallCost)
import type { CelType } from "../types.js";
import type { CelEnv, OverloadDecl } from "../env.js";
import {
  CelErr,
  DurationV,
  ListV,
  MapV,
  ObjectV,
  OpaqueV,
  OptionalV,
  TimestampV,
  TypeV,
  UintV,
  actualSize,
  celEquals,
  isErr,
  mapKeyString,
  typeNameOf,
  type Result,
  type Val,
} from "./values.js";
import { STD_FUNCTIONS } from "./stdlib.js";
import { EXT_FUNCTIONS } from "../ext/functions.js";

export type Impl = (args: Val[]) => Result;

/**
 * What an environment adds to the standard and ext functions at runtime (the Kubernetes libraries:
 * src/cel/k8s/functions.ts): implementations by overload id, and its CallCost, consulted after cel-go's overload cost
 * trackers and before cel-go's defaults (nothing: leave the call to the defaults).
 */
export interface FunctionLibrary {
  impl(overloadId: string): Impl | undefined;
  callCost(fn: string, overloadId: string, args: Val[], result: Result): number | undefined;
}

export interface FunctionRegistry {
  /** The implementation of an overload when the runtime arguments match its declared types. */
  resolve(overloadId: string, args: Val[]): Impl | undefined;
  callCost(fn: string, overloadId: string, args: Val[], result: Result): number;
}

export const STRING_TRAVERSAL = 0.1;
export const REGEX_LENGTH = 0.25;

function matches(t: CelType, v: Val): boolean {
  switch (t.kind) {
    case "dyn":
    case "typeParam":
    case "error":
      return true;
    case "int":
      return typeof v === "bigint";
    case "uint":
      return v instanceof UintV;
    case "double":
      return typeof v === "number";
    case "bool":
      return typeof v === "boolean";
    case "string":
      return typeof v === "string";
    case "bytes":
      return v instanceof Uint8Array;
    case "null_type":
      return v === null;
    case "duration":
      return v instanceof DurationV;
    case "timestamp":
      return v instanceof TimestampV;
    case "list":
      return (
        v instanceof ListV &&
        (t.elem.kind === "typeParam" || t.elem.kind === "dyn" || v.size === 0 || allMatch(t.elem, v))
      );
    case "map":
      return v instanceof MapV || v instanceof ObjectV;
    case "object":
      return v instanceof ObjectV;
    case "optional":
      return v instanceof OptionalV;
    case "type":
      return v instanceof TypeV;
    case "opaque":
      if (t.name === "type") return v instanceof TypeV;
      return v instanceof OpaqueV && v.typeName === t.name;
  }
}

function allMatch(t: CelType, l: ListV): boolean {
  for (const x of l) if (isErr(x) || !matches(t, x)) return false;
  return true;
}

/** A registry over the overloads an environment declares, implemented by the standard and ext functions and `library`. */
export function createFunctionRegistry(env: CelEnv, library?: FunctionLibrary): FunctionRegistry {
  const decls = new Map<string, OverloadDecl>();
  for (const fn of env.functions.values()) for (const o of fn.overloads) decls.set(o.id, o);
  const impls = (id: string): Impl | undefined => STD_FUNCTIONS[id] ?? library?.impl(id) ?? EXT_FUNCTIONS[id];
  return {
    resolve(id, args) {
      const d = decls.get(id);
      const impl = impls(id);
      if (!d || !impl) return undefined;
      if (d.args.length !== args.length) return undefined;
      for (let i = 0; i < args.length; i++) if (!matches(d.args[i]!, args[i]!)) return undefined;
      return impl;
    },
    callCost(fn, id, args, result) {
      // cel-go consults the libraries' overload cost trackers before the Kubernetes estimator
      const t = overloadTracker(id, args, result);
      if (t !== undefined) return t;
      const k = library?.callCost(fn, id, args, result);
      if (k !== undefined) return k;
      return defaultCallCost(id, args);
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// cost

const ceil = Math.ceil;

const LIST_CREATE_BASE_COST = 10;

/** trackAllocatingListCall (cel-go ext/lists.go): size × factor, truncated, plus the call and the list allocation. */
function allocatingListCall(factor: number, size: number): number {
  return Math.trunc(size * factor) + 1 + LIST_CREATE_BASE_COST;
}

/** trackListSelfCompare: worst-case O(n²) comparisons (strings and bytes also traversed). */
function listSelfCompare(l: Val): number {
  if (!(l instanceof ListV)) return 1;
  const n = l.size;
  if (n === 0) return allocatingListCall(2, 0);
  const first = l.get(0);
  const factor = typeof first === "string" || first instanceof Uint8Array ? 2 + STRING_TRAVERSAL : 2;
  return allocatingListCall(factor, n * n);
}

/** Runtime overload cost trackers registered by cel-go's ext.Sets() and ext.Lists(v3) (checked first). */
function overloadTracker(id: string, args: Val[], result: Result): number | undefined {
  switch (id) {
    case "list_sets_contains_list":
    case "list_sets_intersects_list":
      return 1 + Math.trunc(actualSize(args[0]!) * actualSize(args[1]!) * 1);
    case "list_sets_equivalent_list":
      return 1 + Math.trunc(actualSize(args[0]!) * actualSize(args[1]!) * 2);
    case "list_slice":
    case "lists_range":
    case "list_reverse":
      return allocatingListCall(1, actualSize(result));
    case "list_flatten":
      return allocatingListCall(1, actualSize(args[0]!));
    case "list_flatten_int":
      return allocatingListCall(Number(args[1] as bigint), actualSize(args[0]!));
    case "list_distinct":
      return listSelfCompare(args[0]!);
  }
  if (/^list_.*_sort$/.test(id)) return listSelfCompare(args[0]!);
  if (/^list_.*_sortByAssociatedKeys$/.test(id)) return listSelfCompare(args[1]!);
  return undefined;
}

/** cel-go interpreter/runtimecost.go costCall defaults. */
function defaultCallCost(id: string, args: Val[]): number {
  switch (id) {
    case "starts_with_string":
    case "ends_with_string":
    case "string_to_bytes":
    case "bytes_to_string":
      return ceil(actualSize(args[0]!) * STRING_TRAVERSAL);
    case "in_list":
      return actualSize(args[1]!);
    case "less_string":
    case "greater_string":
    case "less_equals_string":
    case "greater_equals_string":
    case "less_bytes":
    case "greater_bytes":
    case "less_equals_bytes":
    case "greater_equals_bytes":
    case "equals":
    case "not_equals":
      return ceil(Math.min(actualSize(args[0]!), actualSize(args[1]!)) * STRING_TRAVERSAL);
    case "add_string":
    case "add_bytes":
      return ceil((actualSize(args[0]!) + actualSize(args[1]!)) * STRING_TRAVERSAL);
    // only the member form: the global `matches` overload ("matches") falls to the O(1) default in cel-go
    case "matches_string": {
      const strCost = ceil((1 + actualSize(args[0]!)) * STRING_TRAVERSAL);
      const regexCost = ceil(actualSize(args[1]!) * REGEX_LENGTH);
      return strCost * regexCost;
    }
    case "contains_string": {
      const strCost = ceil(actualSize(args[0]!) * STRING_TRAVERSAL);
      const subCost = ceil(actualSize(args[1]!) * STRING_TRAVERSAL);
      return strCost * subCost;
    }
    default:
      return 1;
  }
}

export { celEquals, mapKeyString, typeNameOf, CelErr };
