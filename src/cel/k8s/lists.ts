/**
 * The Kubernetes lists library (kubernetes/apiserver pkg/cel/library/lists.go): its declarations, its functions at
 * runtime, and its costs, estimated and at runtime (which upstream keeps in library/cost.go).
 */
// Upstream: kubernetes/apiserver:pkg/cel/library/lists.go, pkg/cel/library/cost.go
import type { CelType } from "../core/types.js";
import { BOOL, BYTES, DOUBLE, DURATION, DYN, INT, listOf, STRING, TIMESTAMP, UINT } from "../core/typeutil.js";
import { A, LIST_A, m, type OverloadDecl, type Lib } from "../core/checker/decls.js";
import {
  CelErr,
  DurationV,
  ListV,
  MapV,
  ObjectV,
  UintV,
  isErr,
  celEquals,
  type Result,
  type Val,
} from "../core/interpreter/values.js";
import { compareValues } from "../core/interpreter/stdlib.js";
import { STRING_TRAVERSAL, type Impl } from "../core/interpreter/functions.js";
import { ST, ONE, radd, rmul, rfac, type R } from "../core/cost/range.js";
import { kindOf, type AstNode } from "../core/cost/library.js";
import { listElementNode, type KubernetesLibrary } from "./library.js";

// ---------------------------------------------------------------------------------------------------------------
// declarations

const COMPARABLE: [string, CelType][] = [
  ["int", INT],
  ["uint", UINT],
  ["double", DOUBLE],
  ["bool", BOOL],
  ["duration", DURATION],
  ["timestamp", TIMESTAMP],
  ["string", STRING],
  ["bytes", BYTES],
];
const SUMMABLE: [string, CelType][] = [
  ["int", INT],
  ["uint", UINT],
  ["double", DOUBLE],
  ["duration", DURATION],
];

export function k8sListsLib(version: number): Lib {
  const fns: [string, OverloadDecl[]][] = [
    ["isSorted", COMPARABLE.map(([n, t]) => m(`list_${n}_is_sorted_bool`, [listOf(t)], BOOL))],
    ["sum", SUMMABLE.map(([n, t]) => m(`list_${n}_sum_${n}`, [listOf(t)], t))],
    ["max", COMPARABLE.map(([n, t]) => m(`list_${n}_max_${n}`, [listOf(t)], t))],
    ["min", COMPARABLE.map(([n, t]) => m(`list_${n}_min_${n}`, [listOf(t)], t))],
    ["indexOf", [m("list_a_index_of_int", [LIST_A, A], INT)]],
    ["lastIndexOf", [m("list_a_last_index_of_int", [LIST_A, A], INT)]],
  ];
  if (version >= 1) fns.push(["includes", [m("list_includes_dyn_dyn", [DYN, DYN], BOOL)]]);
  return { fns };
}

// ---------------------------------------------------------------------------------------------------------------
// runtime

function vals(l: ListV): Val[] | CelErr {
  const out: Val[] = [];
  for (const x of l) {
    if (isErr(x)) return x;
    out.push(x as Val);
  }
  return out;
}

function isSorted(l: ListV): Result {
  const v = vals(l);
  if (isErr(v)) return v;
  for (let i = 1; i < v.length; i++) {
    const c = compareValues(v[i - 1]!, v[i]!);
    if (isErr(c)) return c;
    if (c > 0) return false;
  }
  return true;
}

function sum(l: ListV, zero: Val): Result {
  const v = vals(l);
  if (isErr(v)) return v;
  let acc: Val = zero;
  for (const x of v) {
    if (typeof acc === "bigint") {
      acc = acc + (x as bigint);
      if (acc > (1n << 63n) - 1n || acc < -(1n << 63n)) return new CelErr("integer overflow");
    } else if (acc instanceof UintV) {
      acc = new UintV(acc.v + (x as UintV).v);
      if (acc.v > (1n << 64n) - 1n) return new CelErr("unsigned integer overflow");
    } else if (typeof acc === "number") acc = acc + (x as number);
    else if (acc instanceof DurationV) acc = new DurationV(acc.ns + (x as DurationV).ns);
  }
  return acc;
}

function extreme(l: ListV, name: "min" | "max"): Result {
  const v = vals(l);
  if (isErr(v)) return v;
  if (v.length === 0) return new CelErr(`${name} called on empty list`);
  let best: Val = v[0] as Val;
  for (const x of v.slice(1)) {
    const c = compareValues(x, best);
    if (isErr(c)) return c;
    if ((name === "min" && c < 0) || (name === "max" && c > 0)) best = x;
  }
  return best;
}

function listIndexOf(l: ListV, x: Val, last: boolean): Result {
  const v = vals(l);
  if (isErr(v)) return v;
  if (!last) {
    for (let i = 0; i < v.length; i++) if (celEquals(v[i]!, x) === true) return BigInt(i);
  } else {
    for (let i = v.length - 1; i >= 0; i--) if (celEquals(v[i]!, x) === true) return BigInt(i);
  }
  return -1n;
}

export const LISTS_FUNCTIONS: Record<string, Impl> = {
  list_includes_dyn_dyn: ([t, x]) => {
    if (t instanceof ListV) {
      for (const y of t) if (!isErr(y) && celEquals(y, x!) === true) return true;
      return false;
    }
    return celEquals(t!, x!) === true;
  },
  list_a_index_of_int: ([l, x]) => listIndexOf(l as ListV, x!, false),
  list_a_last_index_of_int: ([l, x]) => listIndexOf(l as ListV, x!, true),
};

const ZEROS: [string, Val][] = [
  ["int", 0n],
  ["uint", new UintV(0n)],
  ["double", 0],
  ["bool", false],
  ["duration", new DurationV(0n)],
  ["timestamp", null],
  ["string", ""],
  ["bytes", new Uint8Array()],
];
for (const [n, zero] of ZEROS) {
  LISTS_FUNCTIONS[`list_${n}_is_sorted_bool`] = ([l]) => isSorted(l as ListV);
  LISTS_FUNCTIONS[`list_${n}_max_${n}`] = ([l]) => extreme(l as ListV, "max");
  LISTS_FUNCTIONS[`list_${n}_min_${n}`] = ([l]) => extreme(l as ListV, "min");
  if (n === "int" || n === "uint" || n === "double" || n === "duration")
    LISTS_FUNCTIONS[`list_${n}_sum_${n}`] = ([l]) => sum(l as ListV, zero);
}

// ---------------------------------------------------------------------------------------------------------------
// cost

const LIST_TRAVERSAL = new Set(["isSorted", "sum", "max", "min", "indexOf", "lastIndexOf", "includes"]);
// at runtime, includes falls to cel-go's default
const LIST_TRAVERSAL_AT_RUNTIME = new Set(["isSorted", "sum", "max", "min", "indexOf", "lastIndexOf"]);

function byteLen(s: string): number {
  return Buffer.byteLength(s, "utf8");
}

/** library/cost.go traversalCost: the cost of walking a value as a data tree (strings by bytes, truncated). */
function traversalCost(v: Result): number {
  if (typeof v === "string") return Math.trunc(byteLen(v) * STRING_TRAVERSAL);
  if (v instanceof Uint8Array) return Math.trunc(v.length * STRING_TRAVERSAL);
  if (v instanceof ListV) {
    let c = 0;
    for (const x of v) c += traversalCost(x);
    return c;
  }
  if (v instanceof MapV) {
    let c = 0;
    for (const k of v.keys()) c += traversalCost(k) + traversalCost(v.get(k)!);
    return c;
  }
  if (v instanceof ObjectV) {
    let c = 0;
    for (const f of v.presentFields()) c += traversalCost(f.name) + traversalCost(f.value);
    return c;
  }
  return 1;
}

export const listsLibrary: KubernetesLibrary = {
  functions: LISTS_FUNCTIONS,
  estimate(coster, fn, _ov, target) {
    if (!LIST_TRAVERSAL.has(fn) || !target) return null;
    const sz = (n: AstNode): R => coster.libSize(n);
    const el = listElementNode(target);
    if (el) {
      let elCost: R = ONE;
      const k = kindOf(el.type);
      if (k === "string" || k === "bytes") elCost = radd(elCost, rfac(sz(el), ST));
      return { cost: rmul(sz(target), elCost), size: null };
    }
    if (fn === "includes") return { cost: rfac(sz(target), 1), size: null };
    return { cost: rfac(sz(target), ST), size: null };
  },
  callCost(fn, _id, args) {
    if (!LIST_TRAVERSAL_AT_RUNTIME.has(fn)) return undefined;
    return args.length > 0 ? traversalCost(args[0]!) : 0;
  },
};
