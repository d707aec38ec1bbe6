/**
 * The Kubernetes library cost estimator (cel-cost.md §6.2; kubernetes/apiserver pkg/cel/library/cost.go
 * EstimateCallCost): the estimated cost of the Kubernetes libraries' functions, by function name, and the
 * apiserver's costs of cel-go's string functions and of equality on the Kubernetes types. The runtime cost of the
 * same functions (CallCost) is in ./functions.ts.
 */
import type { CelType } from "../core/types.js";
import type { DeclType, CheckedAst } from "../core/types.js";
import { isExactType } from "../core/typeutil.js";
import { MAX_UINT64, goFloatToUint64, ST, RX, K8S, norm, big, uadd, udec, wrap, ZERO, ONE, rfixed, radd, rmul, rfac, runion, type R } from "../core/cost/range.js";
import { kindOf, constOf, type AstNode, type CallEstimate, type Flags, type LibraryCoster } from "../core/cost/library.js";
import { estimateCost as estimateWith, type CostEstimate, type EstimateOptions } from "../core/cost/estimator.js";
import { releaseHas } from "../../k8s/releases.js";

/** The cost of a checked CRD rule as the apiserver estimates it: cel-go's estimator with the Kubernetes library's. */
export function estimateCost(ast: CheckedAst, rootDecl: DeclType, opts: KubernetesEstimateOptions): CostEstimate {
  return estimateWith(ast, rootDecl, opts, flagsFor(opts.kubernetesMinor), k8sEstimate);
}

export interface KubernetesEstimateOptions extends EstimateOptions {
  /** The server's minor release: which cel-go estimator and which Kubernetes library estimator it has. */
  kubernetesMinor: number;
}

/** The estimator of the cel-go release a Kubernetes 1.`minor` server ships, and of its Kubernetes library. */
function flagsFor(minor: number): Flags {
  return {
    legacy: !releaseHas(minor, "celCostSizeEstimates"),
    k8sEquality: releaseHas(minor, "celCostKubernetesEquality"),
    extSets: releaseHas(minor, "celCostExtSets"),
    extLists: releaseHas(minor, "celCostExtLists"),
    refinedReplace: releaseHas(minor, "celCostRefinedReplace"),
    globalMatches: releaseHas(minor, "celCostGlobalMatches"),
  };
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

const KNOWN_ONE = new Set([
  "serviceAccount", "path", "group", "resource", "subresource", "namespace", "name", "allowed", "reason", "error", "errored",
  "masked", "prefixLength", "family", "isUnspecified", "isLoopback", "isLinkLocalMulticast", "isLinkLocalUnicast", "isGlobalUnicast",
  "format.named",
  "sign", "asInteger", "isInteger", "asApproximateFloat", "isGreaterThan", "isLessThan", "compareTo", "add", "sub", "major", "minor", "patch",
  "getScheme", "getHostname", "getHost", "getPort", "getEscapedPath", "getQuery",
]);

const LIST_TRAVERSAL = new Set(["isSorted", "sum", "max", "min", "indexOf", "lastIndexOf", "includes"]);


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
