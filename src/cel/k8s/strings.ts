/**
 * What the Kubernetes cost estimator charges for cel-go's strings extension (ext.Strings: the library is cel-go's,
 * src/cel/core/ext/strings.ts; the apiserver's library/cost.go prices its functions by name), and for
 * jsonpatch.escapeKey, which it prices alike.
 */
// Upstream: kubernetes/apiserver:pkg/cel/library/cost.go
import { STRING_TRAVERSAL } from "../core/interpreter/functions.js";
import { actualSize } from "../core/interpreter/values.js";
import {
  MAX_UINT64,
  goFloatToUint64,
  ST,
  norm,
  big,
  uadd,
  udec,
  wrap,
  ZERO,
  radd,
  rmul,
  rfac,
  type R,
  type U,
} from "../core/cost/range.js";
import { constOf, type AstNode, type CallEstimate, type LibraryCoster } from "../core/cost/library.js";
import { listElementNode, type KubernetesLibrary } from "./library.js";

export const stringsCosts: KubernetesLibrary = {
  estimate(coster, fn, _ov, target, args) {
    const sz = (n: AstNode): R => coster.libSize(n);
    switch (fn) {
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
            const seps: R = {
              min: listSize.min > 0 ? udec(listSize.min) : 0,
              max: listSize.max > 0 ? udec(listSize.max) : 0,
            };
            s = radd(s, rmul(sep, seps));
          }
          return { cost: rfac(s, ST), size: s };
        }
        return null;
    }
    return null;
  },
  callCost(fn, _id, args, result) {
    const ceil = Math.ceil;
    switch (fn) {
      case "lowerAscii":
      case "upperAscii":
      case "substring":
      case "trim":
        if (args.length >= 1) return ceil(actualSize(args[0]!) * STRING_TRAVERSAL);
        return undefined;
      case "replace":
      case "split":
        if (args.length >= 1) return ceil(actualSize(args[0]!) * 2 * STRING_TRAVERSAL);
        return undefined;
      case "join":
        if (args.length >= 1) return ceil(actualSize(result) * 2 * STRING_TRAVERSAL);
        return undefined;
    }
    return undefined;
  },
};

function replaceEstimate(coster: LibraryCoster, t: R, a: R, b: R): CallEstimate {
  const cost = rfac(t, 2 * ST);
  if (!coster.f.refinedReplace) {
    const minSz = wrap(goFloatToUint64(Math.ceil(Number(t.min) / Number(a.max))) * big(b.min));
    const maxSz = wrap(goFloatToUint64(Math.ceil(Number(t.max) / Number(a.min))) * big(b.max));
    return { cost, size: { min: minSz, max: maxSz } };
  }
  // the largest result has the most replacements of the shortest pattern by the longest replacement, the smallest
  // the fewest of the longest pattern by the shortest replacement
  const hi = replacedBound(t.max, a.min, b.max <= a.min);
  const lo = replacedBound(t.min, a.max, a.max <= b.min);
  const count: R = { min: lo.count, max: hi.count };
  const retained: R = { min: lo.retained, max: hi.retained };
  return { cost, size: radd(rmul(count, b), retained) };
}

/**
 * One bound of replace's result: how many replacements (`count`) and how much of the target is kept (`retained`),
 * from the target's bound `t` and the pattern's size `pattern`; `kept`: replacing cannot move this bound (the
 * replacement is never longer than the pattern, for the largest result; never shorter, for the smallest).
 */
function replacedBound(t: U, pattern: U, kept: boolean): { count: U; retained: U } {
  // an empty pattern matches around every character
  if (pattern === 0) return { count: t < MAX_UINT64 ? uadd(t, 1) : t, retained: t };
  if (kept) return { count: 0, retained: t };
  return { count: norm(goFloatToUint64(Math.ceil(Number(t) / Number(pattern)))), retained: 0 };
}
