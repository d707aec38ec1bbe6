/**
 * Function cost estimators of cel-go's extension libraries (cel-cost.md §6.3): the ext.Sets / ext.Lists overload
 * estimators, with what an estimator sees of types and literal arguments (cel-go checker.AstNode), and the hook
 * through which an environment adds its own library estimator (Kubernetes: src/cel/k8s/cost.ts).
 */
import type { Constant, Expr } from "@bufbuild/cel-spec/cel/expr/syntax_pb.js";
import type { CelType } from "../types.js";
import { MAX_UINT64, ST, norm, big, wrap, ONE, rfixed, radd, rmul, rfac, type R } from "./range.js";
import type { GoPath, ReleaseCostChange } from "./estimator.js";
import { codePoints } from "../runes.js";

/** What the library estimators use of the coster: the release's estimator flags and argument sizes. */
export interface LibraryCoster {
  readonly f: Flags;
  libSize(n: AstNode): R;
  /** Says that the expression uses a construct whose estimate changed with a release (EstimateOptions.onReleaseChange). */
  releaseChange(change: ReleaseCostChange): void;
}

// Types

type Kind =
  | "bool"
  | "int"
  | "uint"
  | "double"
  | "string"
  | "bytes"
  | "null"
  | "duration"
  | "timestamp"
  | "dyn"
  | "error"
  | "list"
  | "map"
  | "struct"
  | "opaque"
  | "optional"
  | "type"
  | "typeParam";

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

/** An environment's library estimator (cel-go checker.CostEstimator.EstimateCallCost): null leaves the call to cel-go. */
export type LibraryEstimator = (
  coster: LibraryCoster,
  fn: string,
  ov: string,
  target: AstNode | null,
  args: AstNode[],
) => CallEstimate | null;

export interface CallEstimate {
  cost: R;
  size: R | null;
}

/** Which estimator: what changed between the cel-go releases (and their Kubernetes library), by behaviour. */
export interface Flags {
  /** The estimator before cel-go v0.23 (sizes not followed through variables, comprehensions and calls). */
  legacy: boolean;
  /** The library estimator prices == on the library's types. */
  k8sEquality: boolean;
  /** ext.Sets' overload estimators. */
  extSets: boolean;
  /** ext.Lists' overload estimators. */
  extLists: boolean;
  /** replace's result size from the pattern's and the replacement's sizes. */
  refinedReplace: boolean;
  /** cel-go ≥ v0.29: the global `matches(s, re)` is costed like `s.matches(re)`. */
  globalMatches: boolean;
  /** The URL accessors pass on their URL's size estimate (kubernetes/kubernetes#141984). */
  urlAccessorSizes?: boolean;
  /** A presence test (`has(x.f)`) costs 1 on top of its operand: cel-go's default, before Kubernetes set PresenceTestHasCost(false). */
  presenceTestHasCost?: boolean;
  /** cel-go before v0.17.8: a comprehension's result has no size estimate of its own (a macro's list is unbounded). */
  unsizedComprehensions?: boolean;
  /** The Kubernetes estimator prices quantity() and isQuantity() by their argument's size (1.30; before, cel-go's default). */
  quantityParseCost?: boolean;
}

export const STRING_COMPARE_OVERLOADS = new Set([
  "less_string",
  "greater_string",
  "less_equals_string",
  "greater_equals_string",
  "less_bytes",
  "greater_bytes",
  "less_equals_bytes",
  "greater_equals_bytes",
  "equals",
  "not_equals",
]);
// ---- §6.3 extension overload estimators

const SETS_OVERLOADS: ReadonlySet<string> = new Set([
  "list_sets_contains_list",
  "list_sets_intersects_list",
  "list_sets_equivalent_list",
]);
const LISTS_OVERLOADS: ReadonlySet<string> = new Set([
  "list_slice",
  "lists_range",
  "list_reverse",
  "list_flatten",
  "list_flatten_int",
  "list_distinct",
]);
const LISTS_SORT = /^list_(.+)_(sort|sortByAssociatedKeys)$/;

export function extEstimate(
  coster: LibraryCoster,
  ov: string,
  target: AstNode | null,
  args: AstNode[],
): CallEstimate | null {
  // A release's flag is read only for its own overloads: a run over several releases shares the estimates of
  // expressions that call none of them.
  if (SETS_OVERLOADS.has(ov)) {
    if (!coster.f.extSets || args.length !== 2) return null;
    const f = ov === "list_sets_equivalent_list" ? 2 : 1;
    const c = rfac(rmul(coster.libSize(args[0]!), coster.libSize(args[1]!)), f);
    return { cost: radd(c, ONE), size: null };
  }
  if (!LISTS_OVERLOADS.has(ov) && !LISTS_SORT.test(ov)) return null;
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
  const m = LISTS_SORT.exec(ov);
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
