/**
 * Function cost estimators of the libraries Kubernetes registers (cel-cost.md §6.2, §6.3): the Kubernetes
 * library estimator (kubernetes/apiserver pkg/cel/library/cost.go) and the ext.Sets / ext.Lists overload
 * estimators, with what they see of types and literal arguments (cel-go checker.AstNode).
 */
import type { Constant, Expr } from "@bufbuild/cel-spec/cel/expr/syntax_pb.js";
import type { CelType } from "../types.js";
import { isExactType } from "../typeutil.js";
import { MAX_UINT64, goFloatToUint64, ST, RX, K8S, norm, big, uadd, udec, wrap, ZERO, ONE, rfixed, radd, rmul, rfac, runion, type R } from "./range.js";
import type { GoPath } from "./estimator.js";

/** What the library estimators use of the coster: the release's estimator flags and argument sizes. */
export interface LibraryCoster {
  readonly f: Flags;
  libSize(n: AstNode): R;
}

// Types

type Kind = "bool" | "int" | "uint" | "double" | "string" | "bytes" | "null" | "duration" | "timestamp" | "dyn" | "error" | "list" | "map" | "struct" | "opaque" | "optional" | "type" | "typeParam";

/** Library types that cel-go declares as object (struct) types rather than opaque types. */
function isObjectLibraryType(name: string): boolean {
  return name.startsWith("kubernetes.");
}

export function kindOf(t: CelType | undefined): Kind {
  if (!t) return "dyn";
  switch (t.kind) {
    case "null_type":
      return "null";
    case "object":
      return "struct";
    case "opaque":
      return isObjectLibraryType(t.name) ? "struct" : "opaque";
    default:
      return t.kind as Kind;
  }
}

function typeName(t: CelType | undefined): string {
  if (!t) return "dyn";
  switch (t.kind) {
    case "object":
    case "opaque":
      return t.name;
    case "optional":
      return "optional_type";
    default:
      return t.kind;
  }
}

/** First type parameter (list element, map key, optional/opaque parameter), as cel-go `Type.Parameters()[0]`. */
function firstParam(t: CelType | undefined): CelType | undefined {
  if (!t) return undefined;
  switch (t.kind) {
    case "list":
      return t.elem;
    case "map":
      return t.key;
    case "optional":
      return t.elem;
    case "opaque":
      return t.params[0];
    case "type":
      return t.of;
    default:
      return undefined;
  }
}

export function isScalar(t: CelType | undefined, withOptional: boolean): boolean {
  if (!t) return false;
  switch (t.kind) {
    case "bool":
    case "double":
    case "duration":
    case "int":
    case "timestamp":
    case "uint":
      return true;
    case "optional":
      return withOptional && isScalar(t.elem, withOptional);
    default:
      return false;
  }
}

// ---------------------------------------------------------------------------------------------
// AST helpers

export function isLiteral(e: Expr | undefined): boolean {
  return e?.exprKind.case === "constExpr";
}

export function constOf(e: Expr): Constant | undefined {
  return e.exprKind.case === "constExpr" ? e.exprKind.value : undefined;
}

/** Code points of a string (cel-go counts runes for string sizes). */
export function codePoints(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/** cel-go computeExprSize: sizes of literals and list/map literals. */
export function exprSize(e: Expr): R | null {
  switch (e.exprKind.case) {
    case "constExpr": {
      const k = e.exprKind.value.constantKind;
      switch (k.case) {
        case "stringValue":
          return rfixed(codePoints(k.value));
        case "bytesValue":
          return rfixed(k.value.length);
        case "boolValue":
        case "doubleValue":
        case "durationValue":
        case "int64Value":
        case "timestampValue":
        case "uint64Value":
        case "nullValue":
          return rfixed(1);
        default:
          return null;
      }
    }
    case "listExpr":
      return rfixed(e.exprKind.value.elements.length);
    case "structExpr":
      if (e.exprKind.value.messageName === "") return rfixed(e.exprKind.value.entries.length);
      return null;
    default:
      return null;
  }
}

/** Literal int value of an argument (ext.Lists nodeAsIntValue): negative → 0, non-int → default. */
function nodeAsIntValue(e: Expr | null, dflt: bigint): bigint {
  if (!e) return dflt;
  const c = constOf(e);
  if (!c || c.constantKind.case !== "int64Value") return dflt;
  const v = c.constantKind.value;
  return v < 0n ? 0n : v;
}

/** What a function estimator sees of an argument or target (cel-go checker.AstNode). */
export interface AstNode {
  path: GoPath | null;
  type: CelType | undefined;
  expr: Expr | null;
  /** ComputedSize() */
  size: R | null;
}

export interface CallEstimate {
  cost: R;
  size: R | null;
}

export interface Flags {
  legacy: boolean; // ≤ 1.32
  k8sEquality: boolean; // ≥ 1.32
  extSets: boolean; // ≥ 1.29
  extLists: boolean; // ≥ 1.34
  refinedReplace: boolean; // ≥ 1.29
  /** cel-go ≥ v0.29 (Kubernetes 1.37): the global `matches(s, re)` is costed like `s.matches(re)`. */
  globalMatches: boolean; // ≥ 1.37
}

export function flagsFor(minor: number): Flags {
  return {
    legacy: minor <= 32,
    k8sEquality: minor >= 32,
    extSets: minor >= 29,
    extLists: minor >= 34,
    refinedReplace: minor >= 29,
    globalMatches: minor >= 37,
  };
}

const KNOWN_ONE = new Set([
  "serviceAccount", "path", "group", "resource", "subresource", "namespace", "name", "allowed", "reason", "error", "errored",
  "masked", "prefixLength", "family", "isUnspecified", "isLoopback", "isLinkLocalMulticast", "isLinkLocalUnicast", "isGlobalUnicast",
  "format.named",
  "sign", "asInteger", "isInteger", "asApproximateFloat", "isGreaterThan", "isLessThan", "compareTo", "add", "sub", "major", "minor", "patch",
  "getScheme", "getHostname", "getHost", "getPort", "getEscapedPath", "getQuery",
]);

const LIST_TRAVERSAL = new Set(["isSorted", "sum", "max", "min", "indexOf", "lastIndexOf", "includes"]);

export const STRING_COMPARE_OVERLOADS = new Set([
  "less_string", "greater_string", "less_equals_string", "greater_equals_string",
  "less_bytes", "greater_bytes", "less_equals_bytes", "greater_equals_bytes",
  "equals", "not_equals",
]);
// ---- §6.3 extension overload estimators

export function extEstimate(coster: LibraryCoster, ov: string, target: AstNode | null, args: AstNode[]): CallEstimate | null {
  if (coster.f.extSets) {
    if (ov === "list_sets_contains_list" || ov === "list_sets_intersects_list" || ov === "list_sets_equivalent_list") {
      if (args.length !== 2) return null;
      const f = ov === "list_sets_equivalent_list" ? 2 : 1;
      const c = rfac(rmul(coster.libSize(args[0]!), coster.libSize(args[1]!)), f);
      return { cost: radd(c, ONE), size: null };
    }
  }
  if (!coster.f.extLists) return null;
  const alloc = (f: number, s: R): CallEstimate => ({
    cost: radd(radd(rfac(s, f), ONE), rfixed(10)),
    size: s,
  });
  switch (ov) {
    case "list_slice": {
      if (!target || args.length !== 2) return null;
      const sz = coster.libSize(target);
      const start = nodeAsIntValue(args[0]!.expr, 0n);
      const end = nodeAsIntValue(args[1]!.expr, big(sz.max));
      return alloc(1, rfixed(wrap(end - start)));
    }
    case "lists_range":
      if (target || args.length !== 1) return null;
      return alloc(1, rfixed(norm(nodeAsIntValue(args[0]!.expr, MAX_UINT64))));
    case "list_reverse":
      if (!target || args.length !== 0) return null;
      return alloc(1, coster.libSize(target));
    case "list_flatten":
    case "list_flatten_int": {
      if (!target || args.length > 1) return null;
      const depth = args.length === 1 ? nodeAsIntValue(args[0]!.expr, MAX_UINT64) : 1n;
      return alloc(Number(depth), coster.libSize(target));
    }
    case "list_distinct": {
      if (!target || args.length !== 0) return null;
      const sz = coster.libSize(target);
      return alloc(2, rmul(sz, sz));
    }
    default:
      break;
  }
  const m = /^list_(.+)_(sort|sortByAssociatedKeys)$/.exec(ov);
  if (m) {
    const elem = m[1]!;
    const f = elem === "string" || elem === "bytes" ? 2 + ST : 2;
    let sz: R;
    if (m[2] === "sort") {
      if (!target || args.length !== 0) return null;
      sz = coster.libSize(target);
    } else {
      if (!target || args.length !== 1) return null;
      sz = coster.libSize(args[0]!);
    }
    return alloc(f, rmul(sz, sz));
  }
  return null;
}

// ---- §6.2 Kubernetes library estimator (by function name)

function listElementNode(list: AstNode): AstNode | null {
  const p = firstParam(list.type);
  if (!p) return null;
  if (list.path) {
    const arr = list.path.arr.slice(0, list.path.len);
    arr.push("@items");
    return { path: { arr, len: arr.length, cap: arr.length }, type: p, expr: null, size: null };
  }
  return { path: null, type: p, expr: null, size: null };
}

export function k8sEstimate(coster: LibraryCoster, fn: string, ov: string, target: AstNode | null, args: AstNode[]): CallEstimate | null {
  const sz = (n: AstNode): R => coster.libSize(n);
  if (fn === "check") return { cost: rfixed(350000), size: null };
  if (KNOWN_ONE.has(fn)) return { cost: ONE, size: null };
  switch (fn) {
    case "fieldSelector":
    case "labelSelector":
      if (args.length === 1) {
        const s = sz(args[0]!);
        const parse = rfac(s, ST);
        const reqs = rfac(rfac(s, 0.5), 50);
        return { cost: radd(radd(rfixed(10), parse), reqs), size: null };
      }
      return null;
    case "url":
    case "jsonpatch.escapeKey":
      if (args.length === 1) {
        const s = sz(args[0]!);
        return { cost: rfac(s, ST), size: s };
      }
      return null;
    case "lowerAscii":
    case "upperAscii":
    case "substring":
    case "trim":
      if (target) {
        const s = sz(target);
        return { cost: rfac(s, ST), size: s };
      }
      return null;
    case "replace":
      if (target && args.length >= 2) return replaceEstimate(coster, sz(target), sz(args[0]!), sz(args[1]!));
      return null;
    case "split":
      if (target) {
        const s = sz(target);
        let max = s.max;
        if (args.length > 1) {
          const c = args[1]!.expr ? constOf(args[1]!.expr) : undefined;
          if (c && c.constantKind.case === "int64Value") max = wrap(c.constantKind.value);
        }
        return { cost: rfac(s, 2 * ST), size: { min: 0, max } };
      }
      return null;
    case "join":
      if (target) {
        let s: R = ZERO;
        const listSize = sz(target);
        const el = listElementNode(target);
        if (el) s = rmul(listSize, sz(el));
        if (args.length > 0) {
          const sep = sz(args[0]!);
          const seps: R = { min: listSize.min > 0 ? udec(listSize.min) : 0, max: listSize.max > 0 ? udec(listSize.max) : 0 };
          s = radd(s, rmul(sep, seps));
        }
        return { cost: rfac(s, ST), size: s };
      }
      return null;
    case "find":
    case "findAll":
      if (target && args.length >= 1) {
        const s = sz(target);
        const str = rfac(radd(s, ONE), ST);
        const re = rfac(sz(args[0]!), RX);
        return { cost: rmul(str, re), size: { min: 0, max: s.max } };
      }
      return null;
    case "cidr":
    case "isIP":
    case "isCIDR":
    case "quantity":
    case "isQuantity":
    case "semver":
    case "isSemver":
      if (args.length >= 1) return { cost: rfac(sz(args[0]!), ST), size: null };
      return null;
    case "ip":
      if (ov === "cidr_ip") return { cost: ONE, size: null };
      if (args.length >= 1) return { cost: rfac(sz(args[0]!), ST), size: null };
      if (target) return { cost: ONE, size: null };
      return null;
    case "ip.isCanonical":
      if (args.length >= 1) return { cost: rfac(sz(args[0]!), 2 * ST), size: null };
      return null;
    case "containsIP":
      if (args.length >= 1) {
        const ipSz: R = { min: 4, max: 16 };
        let c = rfac(radd(ipSz, ipSz), ST);
        if (ov === "cidr_contains_ip_string") c = radd(c, rfac(sz(args[0]!), ST));
        return { cost: c, size: null };
      }
      return null;
    case "containsCIDR":
      if (args.length >= 1) {
        const ipSz: R = { min: 4, max: 16 };
        let c = rfac(radd(ipSz, ipSz), ST);
        c = radd(c, rfac(ipSz, ST));
        c = radd(c, ONE);
        if (ov === "cidr_contains_cidr_string") c = radd(c, rfac(sz(args[0]!), ST));
        return { cost: c, size: null };
      }
      return null;
    case "validate":
      if (args.length >= 1) {
        return { cost: rfac(rfac(sz(args[0]!), ST), Number(K8S.MaxNameFormatRegexSize) * RX), size: null };
      }
      return null;
    case "_==_":
      if (coster.f.k8sEquality && args.length === 2) return k8sEquality(args[0]!, args[1]!);
      return null;
    default:
      break;
  }
  if (LIST_TRAVERSAL.has(fn) && target) {
    const el = listElementNode(target);
    if (el) {
      let elCost: R = ONE;
      const k = kindOf(el.type);
      if (k === "string" || k === "bytes") elCost = radd(elCost, rfac(sz(el), ST));
      return { cost: rmul(sz(target), elCost), size: null };
    }
    if (fn === "includes") return { cost: rfac(sz(target), 1), size: null };
    return { cost: rfac(sz(target), ST), size: null };
  }
  return null;
}

function k8sEquality(lhs: AstNode, rhs: AstNode): CallEstimate | null {
  // The Kubernetes library's equality cost applies when both sides have the same type (cel-go IsExactType).
  if (!lhs.type || !rhs.type || !isExactType(lhs.type, rhs.type)) return null;
  const name = typeName(lhs.type);
  switch (name) {
    case "net.IP":
    case "net.CIDR":
    case "kubernetes.Quantity":
    case "kubernetes.Semver":
      return { cost: ONE, size: null };
    case "kubernetes.NamedFormat":
      return { cost: rfac({ min: 1, max: Number(K8S.MaxFormatSize) }, ST), size: null };
    case "kubernetes.URL": {
      // upstream reads the right operand's size twice
      let size: R = ONE;
      if (rhs.size) size = runion(rhs.size, rhs.size);
      return { cost: rfac({ min: 1, max: size.max }, ST), size: null };
    }
    default:
      if (name.startsWith("kubernetes.authorization.")) return { cost: ONE, size: null };
      return null;
  }
}

function replaceEstimate(coster: LibraryCoster, t: R, a: R, b: R): CallEstimate {
  const cost = rfac(t, 2 * ST);
  if (!coster.f.refinedReplace) {
    const minSz = wrap(goFloatToUint64(Math.ceil(Number(t.min) / Number(a.max))) * big(b.min));
    const maxSz = wrap(goFloatToUint64(Math.ceil(Number(t.max) / Number(a.min))) * big(b.max));
    return { cost, size: { min: minSz, max: maxSz } };
  }
  const count: R = { min: 0, max: 0 };
  const retained: R = { min: 0, max: 0 };
  if (a.min === 0) {
    count.max = t.max < MAX_UINT64 ? uadd(t.max, 1) : t.max;
    retained.max = t.max;
  } else if (b.max <= a.min) {
    count.max = 0;
    retained.max = t.max;
  } else {
    count.max = norm(goFloatToUint64(Math.ceil(Number(t.max) / Number(a.min))));
  }
  if (a.max === 0) {
    count.min = t.min < MAX_UINT64 ? uadd(t.min, 1) : t.min;
    retained.min = t.min;
  } else if (a.max <= b.min) {
    count.min = 0;
    retained.min = t.min;
  } else {
    count.min = norm(goFloatToUint64(Math.ceil(Number(t.min) / Number(a.max))));
  }
  return { cost, size: radd(rmul(count, b), retained) };
}
