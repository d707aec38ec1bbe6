/**
 * CEL static cost estimation, as the Kubernetes apiserver computes it when a CRD is written
 * (cel-cost.md §1, §4–§7, §11, §12).
 *
 * This reproduces google/cel-go `checker/cost.go` (the `coster`), the Kubernetes library estimator
 * (kubernetes/apiserver `pkg/cel/library/cost.go`), the ext.Sets / ext.Lists overload estimators and
 * the apiextensions size estimator rooted at the rule's DeclType. All arithmetic is unsigned 64-bit
 * (saturating, on bigint) except where Go itself uses float64 (`factor`).
 *
 * Two estimator generations are modelled:
 * - "current" (Kubernetes 1.33+, cel-go ≥ 0.23): local variables with sizes and entry sizes, bind
 *   detection, `dyn()` unwrapping, iteration-variable paths taken from the range's entry size;
 * - "legacy" (Kubernetes ≤ 1.32, cel-go ≤ 0.22): iteration-variable paths by range type, accumulator
 *   and bind variables resolved as globals (so they size as the root), comprehension size = range size.
 * Kubernetes 1.37 (cel-go v0.29) also costs the global `matches(s, re)` like `s.matches(re)`; its strings-extension
 * estimators are not registered at the strings version Kubernetes uses (docs/cel-cost.md).
 *
 * Field paths are Go slices and share backing arrays exactly as `append` does upstream (a path of
 * length 3 has capacity 4, so two appends onto it overwrite each other): the estimator depends on it.
 */
import type { Constant, Expr, Expr_Call, Expr_Comprehension } from "@bufbuild/cel-spec/cel/expr/syntax_pb.js";
import type { CelType, CheckedAst, DeclType } from "./types.js";
import { isExactType } from "./typeutil.js";

// ---------------------------------------------------------------------------------------------
// §1 arithmetic

/** math.MaxUint64 */
export const MAX_UINT64 = (1n << 64n) - 1n;
const TWO_64 = 18446744073709551616; // 2^64 as float64 (== float64(math.MaxUint64))

export function addSat(x: bigint, y: bigint): bigint {
  const r = x + y;
  return r > MAX_UINT64 ? MAX_UINT64 : r;
}

export function mulSat(x: bigint, y: bigint): bigint {
  if (y !== 0n && x > MAX_UINT64 / y) return MAX_UINT64;
  return x * y;
}

/** cel-go multiplyByCostFactor: float64 multiply, rounded up, saturating. */
export function factor(x: bigint, f: number): bigint {
  const xf = Number(x);
  if (xf > 0 && f > 0 && xf > TWO_64 / f) return MAX_UINT64;
  const c = Math.ceil(xf * f);
  if (c >= TWO_64) return MAX_UINT64;
  return BigInt(c);
}

/** Go `uint64(f)` for a float64 as compiled for amd64 (used by legacy code paths only). */
function goFloatToUint64(f: number): bigint {
  if (Number.isNaN(f)) return 1n << 63n;
  if (f < 9223372036854775808) {
    if (f <= -9223372036854775808 || !Number.isFinite(f)) return 1n << 63n;
    return BigInt.asUintN(64, BigInt(Math.trunc(f)));
  }
  const y = f - 9223372036854775808;
  const z = y >= 9223372036854775808 || !Number.isFinite(y) ? 1n << 63n : BigInt(Math.trunc(y));
  return BigInt.asUintN(64, z | (1n << 63n));
}

/** A size or cost range. */
export interface Range {
  min: bigint;
  max: bigint;
}

export const UNKNOWN_SIZE: Readonly<Range> = Object.freeze({ min: 0n, max: MAX_UINT64 });

export function fixed(n: bigint): Range {
  return { min: n, max: n };
}
export function rangeAdd(a: Range, b: Range): Range {
  return { min: addSat(a.min, b.min), max: addSat(a.max, b.max) };
}
export function rangeMul(a: Range, b: Range): Range {
  return { min: mulSat(a.min, b.min), max: mulSat(a.max, b.max) };
}
export function rangeFactor(a: Range, f: number): Range {
  return { min: factor(a.min, f), max: factor(a.max, f) };
}
export function rangeUnion(a: Range, b: Range): Range {
  return { min: b.min < a.min ? b.min : a.min, max: b.max > a.max ? b.max : a.max };
}

/** cel-go common/cost.go */
export const COST = Object.freeze({
  SelectAndIdentCost: 1n,
  ConstCost: 0n,
  ListCreateBaseCost: 10n,
  MapCreateBaseCost: 30n,
  StructCreateBaseCost: 40n,
  StringTraversalCostFactor: 0.1,
  RegexStringLengthCostFactor: 0.25,
});
const ST = COST.StringTraversalCostFactor;
const RX = COST.RegexStringLengthCostFactor;

/** Kubernetes limits (apiserver pkg/apis/cel/config.go, pkg/cel/limits.go, apiextensions validation.go). */
export const K8S = Object.freeze({
  MaxRequestSizeBytes: 3145728n,
  PerCallLimit: 1000000n,
  RuntimeCELCostBudget: 10000000n,
  StaticEstimatedCostLimit: 10000000n,
  StaticEstimatedCRDCostLimit: 100000000n,
  MaxDurationSizeJSON: 32n,
  MaxDatetimeSizeJSON: 32n,
  JSONDateSize: 12n,
  MinDurationSizeJSON: 3n,
  MinDatetimeSizeJSON: 21n,
  MinStringSize: 2n,
  MinBoolSize: 4n,
  MinNumberSize: 1n,
  MaxFormatSize: 64n,
  MaxNameFormatRegexSize: 128n,
  DNS1123SubdomainMaxLength: 253n,
});

// ---------------------------------------------------------------------------------------------
// Go slice model for field paths

interface GoPath {
  arr: string[];
  len: number;
  cap: number;
}

function goAppend(p: GoPath | null | undefined, s: string): GoPath {
  if (!p || p.cap === 0) return { arr: [s], len: 1, cap: 1 };
  if (p.len < p.cap) {
    p.arr[p.len] = s;
    return { arr: p.arr, len: p.len + 1, cap: p.cap };
  }
  const arr = p.arr.slice(0, p.len);
  arr.push(s);
  // growslice for 16-byte elements below 256: capacity doubles (all size classes are exact).
  const cap = p.cap < 256 ? p.cap * 2 : p.cap + ((p.cap + 768) >> 2);
  return { arr, len: p.len + 1, cap: Math.max(cap, p.len + 1) };
}

function pathLiteral(s: string): GoPath {
  return { arr: [s], len: 1, cap: 1 };
}

function pathToArray(p: GoPath | null | undefined): string[] {
  return p ? p.arr.slice(0, p.len) : [];
}

// ---------------------------------------------------------------------------------------------
// Internal arithmetic: a uint64 is a JS number while it is a safe integer, a bigint beyond that.
// Every value is kept normalised (safe integers are always numbers), so `===` against number
// literals is exact; JS compares numbers and bigints by value. This avoids a bigint allocation per
// operation for the overwhelmingly common small values.

type U = number | bigint;
const SAFE = Number.MAX_SAFE_INTEGER;
const SAFE_BIG = BigInt(SAFE);

function norm(x: bigint): U {
  return x <= SAFE_BIG ? Number(x) : x;
}
function big(x: U): bigint {
  return typeof x === "bigint" ? x : BigInt(x);
}
function uadd(x: U, y: U): U {
  if (typeof x === "number" && typeof y === "number") {
    const r = x + y;
    if (r <= SAFE) return r;
  }
  return norm(addSat(big(x), big(y)));
}
function umul(x: U, y: U): U {
  if (typeof x === "number" && typeof y === "number") {
    const r = x * y;
    if (r <= SAFE) return r;
  }
  return norm(mulSat(big(x), big(y)));
}
function ufac(x: U, f: number): U {
  const xf = Number(x);
  if (xf > 0 && f > 0 && xf > TWO_64 / f) return MAX_UINT64;
  const c = Math.ceil(xf * f);
  if (c >= TWO_64) return MAX_UINT64;
  return c <= SAFE ? c : BigInt(c);
}
/** x - 1 for x > 0 */
function udec(x: U): U {
  return typeof x === "number" ? x - 1 : norm(x - 1n);
}
/** uint64 wrap-around of a bigint result */
function wrap(x: bigint): U {
  return norm(BigInt.asUintN(64, x));
}

interface R {
  min: U;
  max: U;
}
const UNKNOWN: Readonly<R> = Object.freeze({ min: 0, max: MAX_UINT64 });
const ZERO: Readonly<R> = Object.freeze({ min: 0, max: 0 });
const ONE: Readonly<R> = Object.freeze({ min: 1, max: 1 });
function rfixed(n: U): R {
  return { min: n, max: n };
}
function radd(a: R, b: R): R {
  return { min: uadd(a.min, b.min), max: uadd(a.max, b.max) };
}
function rmul(a: R, b: R): R {
  return { min: umul(a.min, b.min), max: umul(a.max, b.max) };
}
function rfac(a: R, f: number): R {
  return { min: ufac(a.min, f), max: ufac(a.max, f) };
}
function runion(a: R, b: R): R {
  return { min: b.min < a.min ? b.min : a.min, max: b.max > a.max ? b.max : a.max };
}

// ---------------------------------------------------------------------------------------------
// Estimator inputs

export interface EstimateOptions {
  kubernetesMinor: number;
  /** Replace a DeclType's maxElements (used by the fix-suggestion engine to try bounds without recompiling). */
  maxElementsOverride?: (decl: DeclType) => bigint | undefined;
  /** Called for every answer of the schema size estimator, with the DeclType that answered. */
  onSizeLookup?: (decl: DeclType, path: readonly string[]) => void;
  /** Called when the expression uses a construct whose estimate changed between releases (whatever the release). */
  onReleaseChange?: (change: ReleaseCostChange) => void;
  /** Estimate this construct as the other side of its release change does, everything else as `kubernetesMinor`. */
  flip?: ReleaseCostChange;
}

/**
 * Constructs whose estimate changed with a Kubernetes release (cel-cost.md §11, docs/cel-cost.md):
 * - "global-matches" (1.37, cel-go v0.29.0): `matches(s, re)` costs like `s.matches(re)` instead of 1 + args.
 */
export type ReleaseCostChange = "global-matches";

export interface CostEstimate {
  min: bigint;
  max: bigint;
}

/** Estimate the cost of a checked rule rooted at `rootDecl` (the DeclType of the schema node carrying the rule). */
export function estimateCost(ast: CheckedAst, rootDecl: DeclType, opts: EstimateOptions): CostEstimate {
  const c = new Coster(ast, rootDecl, opts);
  const r = c.cost(ast.expr);
  return { min: big(r.min), max: big(r.max) };
}

// ---------------------------------------------------------------------------------------------
// Types

type Kind = "bool" | "int" | "uint" | "double" | "string" | "bytes" | "null" | "duration" | "timestamp" | "dyn" | "error" | "list" | "map" | "struct" | "opaque" | "optional" | "type" | "typeParam";

/** Library types that cel-go declares as object (struct) types rather than opaque types. */
function isObjectLibraryType(name: string): boolean {
  return name.startsWith("kubernetes.");
}

function kindOf(t: CelType | undefined): Kind {
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

function isScalar(t: CelType | undefined, withOptional: boolean): boolean {
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

function isLiteral(e: Expr | undefined): boolean {
  return e?.exprKind.case === "constExpr";
}

function constOf(e: Expr): Constant | undefined {
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
function exprSize(e: Expr): R | null {
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

const ACCUMULATOR_NAMES = new Set(["__result__", "@result"]);
const BIND_ACCUMULATOR = "__result__";

// ---------------------------------------------------------------------------------------------
// The coster

interface Entry {
  kind: "list" | "map";
  key: R;
  val: R;
}

interface LocalVar {
  path: GoPath | null;
  size: R | null;
  entry: Entry | null;
}

interface LegacyIter {
  range: Expr;
  role: "single" | "key" | "value";
}

/** What a function estimator sees of an argument or target (cel-go checker.AstNode). */
interface AstNode {
  path: GoPath | null;
  type: CelType | undefined;
  expr: Expr | null;
  /** ComputedSize() */
  size: R | null;
}

interface CallEstimate {
  cost: R;
  size: R | null;
}

interface Flags {
  legacy: boolean; // ≤ 1.32
  k8sEquality: boolean; // ≥ 1.32
  extSets: boolean; // ≥ 1.29
  extLists: boolean; // ≥ 1.34
  refinedReplace: boolean; // ≥ 1.29
  /** cel-go ≥ v0.29 (Kubernetes 1.37): the global `matches(s, re)` is costed like `s.matches(re)`. */
  globalMatches: boolean; // ≥ 1.37
}

function flagsFor(minor: number): Flags {
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

const STRING_COMPARE_OVERLOADS = new Set([
  "less_string", "greater_string", "less_equals_string", "greater_equals_string",
  "less_bytes", "greater_bytes", "less_equals_bytes", "greater_equals_bytes",
  "equals", "not_equals",
]);

class Coster {
  // keyed by node identity (one node per id in a checked AST); bigint-keyed maps are much slower
  private readonly paths = new Map<Expr, GoPath | null>();
  private readonly sizes = new Map<Expr, R>();
  private readonly entries = new Map<Expr, Entry>();
  private readonly locals = new Map<string, LocalVar[]>();
  private readonly legacyIters = new Map<string, LegacyIter[]>();
  private readonly f: Flags;

  constructor(
    private readonly ast: CheckedAst,
    private readonly root: DeclType,
    private readonly opts: EstimateOptions,
  ) {
    const f = flagsFor(opts.kubernetesMinor);
    if (opts.flip === "global-matches") f.globalMatches = !f.globalMatches;
    this.f = f;
  }

  // ---- paths, types, sizes

  private type(e: Expr): CelType | undefined {
    return this.ast.types.get(e.id);
  }

  private peekLocal(name: string): LocalVar | undefined {
    const s = this.locals.get(name);
    return s && s.length ? s[s.length - 1] : undefined;
  }

  private getPath(e: Expr): GoPath | null {
    if (!this.f.legacy && e.exprKind.case === "identExpr") {
      const v = this.peekLocal(e.exprKind.value.name);
      if (v) return v.path;
    }
    return this.paths.get(e) ?? null;
  }

  private addPath(e: Expr, p: GoPath | null): void {
    this.paths.set(e, p);
  }

  /** The Kubernetes size estimator (apiextensions compilation.go sizeEstimator) rooted at the rule's DeclType. */
  private estimateSize(p: GoPath | null): R | null {
    if (!p || p.len === 0) return null;
    let cur: DeclType = this.root;
    for (let i = 1; i < p.len; i++) {
      const name = p.arr[i]!;
      let next: DeclType | undefined;
      if (name === "@items" || name === "@values") next = cur.elem;
      else if (name === "@keys") next = cur.key;
      else next = cur.fields?.get(name)?.type;
      if (!next) return null;
      cur = next;
    }
    const o = this.opts.maxElementsOverride?.(cur);
    this.opts.onSizeLookup?.(cur, pathToArray(p));
    return { min: 0, max: norm(o ?? cur.maxElements) };
  }

  private computeSize(e: Expr): R | null {
    if (this.f.legacy) return this.legacySize(e);
    const memo = this.sizes.get(e);
    if (memo) return memo;
    const lit = exprSize(e);
    if (lit) return lit;
    const est = this.estimateSize(this.getPath(e));
    if (est) {
      this.sizes.set(e, est);
      return est;
    }
    if (isScalar(this.type(e), true)) return ONE;
    if (e.exprKind.case === "identExpr") {
      const v = this.peekLocal(e.exprKind.value.name);
      if (v && v.size) return v.size;
    }
    return null;
  }

  /** Legacy `sizeEstimate(newAstNode(e))`: derived size, then schema, then scalar type, else unknown. */
  private legacySize(e: Expr): R {
    const d = this.sizes.get(e) ?? exprSize(e);
    if (d) return d;
    const est = this.estimateSize(stripAccumulator(this.getPath(e)));
    if (est) return est;
    if (isScalar(this.type(e), false)) return ONE;
    return UNKNOWN;
  }

  private sizeOrUnknown(e: Expr): R {
    return this.computeSize(e) ?? UNKNOWN;
  }

  /** cel-go built-ins' `sizeOrUnknown(AstNode)`. */
  /** cel-go: ⌈(size(str)+1)·0.1⌉ × ⌈size(regex)·0.25⌉, the same for `s.matches(re)` and (1.37+) `matches(s, re)`. */
  private regexCost(str: AstNode, regex: AstNode): R {
    return rmul(rfac(radd(this.nodeSize(str), ONE), ST), rfac(this.nodeSize(regex), RX));
  }

  private nodeSize(n: AstNode): R {
    if (n.size) return n.size;
    if (this.f.legacy) {
      const est = this.estimateSize(n.path);
      if (est) return est;
      if (isScalar(n.type, false)) return ONE;
    }
    return UNKNOWN;
  }

  /** Library estimators' sizeEstimate / ext estimateSize: computed size, else schema size, else unknown. */
  private libSize(n: AstNode): R {
    if (n.size) return n.size;
    return this.estimateSize(n.path) ?? UNKNOWN;
  }

  private setSize(e: Expr, s: R | null): void {
    if (s) this.sizes.set(e, s);
  }

  private setEntry(e: Expr, s: Entry | null): void {
    if (s) this.entries.set(e, s);
  }

  private computeEntrySize(e: Expr): Entry | null {
    if (this.f.legacy) return null;
    const s = this.entries.get(e);
    if (s) return s;
    if (e.exprKind.case === "identExpr") {
      const v = this.peekLocal(e.exprKind.value.name);
      if (v && v.entry) return v.entry;
    }
    return null;
  }

  private newAstNode(e: Expr): AstNode {
    const path = stripAccumulator(this.getPath(e));
    const size = this.f.legacy ? (this.sizes.get(e) ?? exprSize(e)) : this.computeSize(e);
    return { path, type: this.type(e), expr: e, size };
  }

  // ---- local variables

  private pushLocal(name: string, v: LocalVar): void {
    let s = this.locals.get(name);
    if (!s) this.locals.set(name, (s = []));
    s.push(v);
  }

  private popLocal(name: string): void {
    this.locals.get(name)?.pop();
  }

  private pushLocalVar(name: string, e: Expr): void {
    const path = this.getPath(e);
    const entry = this.computeEntrySize(e);
    this.pushLocal(name, { path, size: this.computeSize(e), entry });
  }

  private pushIter(name: string, range: Expr, role: "single" | "key" | "value"): void {
    const entry = this.computeEntrySize(range);
    const container: string = entry ? entry.kind : kindOf(this.type(range));
    let size: R | null;
    let sub: string;
    if (role === "single") {
      size = entry ? entry.key : null;
      sub = "@keys";
      if (container === "list") {
        size = entry ? entry.val : null;
        sub = "@items";
      }
    } else if (role === "key") {
      size = entry ? entry.key : null;
      sub = container === "list" ? "@indices" : "@keys";
    } else {
      size = entry ? entry.val : null;
      sub = container === "list" ? "@items" : "@values";
    }
    const path = this.getPath(range);
    this.pushLocal(name, { path: goAppend(path, sub), size, entry: null });
  }

  // ---- cost

  cost(e: Expr | undefined): R {
    if (!e) return ZERO;
    switch (e.exprKind.case) {
      case "constExpr":
        return ZERO;
      case "identExpr":
        return this.costIdent(e, e.exprKind.value.name);
      case "selectExpr": {
        const sel = e.exprKind.value;
        if (sel.testOnly) {
          // Kubernetes: PresenceTestHasCost(false)
          return this.cost(sel.operand);
        }
        let sum = this.cost(sel.operand);
        if (sel.operand) {
          const k = kindOf(this.type(sel.operand));
          if (k === "map" || k === "struct" || k === "typeParam") sum = radd(sum, ONE);
        }
        this.addPath(e, goAppend(sel.operand ? this.getPath(sel.operand) : null, sel.field));
        return sum;
      }
      case "callExpr":
        return this.costCall(e, e.exprKind.value);
      case "listExpr":
        return this.costList(e, e.exprKind.value.elements);
      case "structExpr": {
        const s = e.exprKind.value;
        if (s.messageName !== "") {
          let sum: R = ZERO;
          for (const ent of s.entries) sum = radd(sum, this.cost(ent.value));
          return radd(sum, rfixed(40));
        }
        return this.costMap(e);
      }
      case "comprehensionExpr": {
        const c = e.exprKind.value;
        if (this.f.legacy) return this.costComprehensionLegacy(e, c);
        if (isBind(c)) return this.costBind(e, c);
        return this.costComprehension(e, c);
      }
      default:
        return ZERO;
    }
  }

  private costIdent(e: Expr, name: string): R {
    if (this.f.legacy) {
      const s = this.legacyIters.get(name);
      const it = s && s.length ? s[s.length - 1] : undefined;
      if (it) {
        const k = kindOf(this.type(it.range));
        const base = this.paths.get(it.range) ?? null;
        if (k === "list") this.addPath(e, goAppend(base, it.role === "key" ? "@indices" : "@items"));
        else if (k === "map") this.addPath(e, goAppend(base, it.role === "value" ? "@values" : "@keys"));
      } else {
        this.addPath(e, pathLiteral(name));
      }
      return ONE;
    }
    const v = this.peekLocal(name);
    if (v) this.addPath(e, v.path);
    else this.addPath(e, pathLiteral(name));
    return ONE;
  }

  private costList(e: Expr, elements: Expr[]): R {
    let sum: R = ZERO;
    let item: R = { min: elements.length === 0 ? 0 : MAX_UINT64, max: 0 };
    for (const el of elements) {
      sum = radd(sum, this.cost(el));
      if (!this.f.legacy) item = runion(item, this.sizeOrUnknown(el));
    }
    if (!this.f.legacy) this.setEntry(e, { kind: "list", key: ONE, val: item });
    return radd(sum, rfixed(10));
  }

  private costMap(e: Expr): R {
    const s = e.exprKind.case === "structExpr" ? e.exprKind.value : undefined;
    const ents = s ? s.entries : [];
    let sum: R = ZERO;
    let key: R = { min: ents.length === 0 ? 0 : MAX_UINT64, max: 0 };
    let val: R = { min: ents.length === 0 ? 0 : MAX_UINT64, max: 0 };
    for (const ent of ents) {
      const k = ent.keyKind.case === "mapKey" ? ent.keyKind.value : undefined;
      sum = radd(sum, this.cost(k));
      sum = radd(sum, this.cost(ent.value));
      if (!this.f.legacy) {
        key = runion(key, k ? this.sizeOrUnknown(k) : UNKNOWN);
        val = runion(val, ent.value ? this.sizeOrUnknown(ent.value) : UNKNOWN);
      }
    }
    if (!this.f.legacy) this.setEntry(e, { kind: "map", key, val });
    return radd(sum, rfixed(30));
  }

  private costComprehension(e: Expr, c: Expr_Comprehension): R {
    const range = c.iterRange!;
    const init = c.accuInit!;
    let sum = this.cost(range);
    sum = radd(sum, this.cost(init));
    this.pushLocalVar(c.accuVar, init);
    const two = c.iterVar2 !== "";
    if (two) {
      this.pushIter(c.iterVar, range, "key");
      this.pushIter(c.iterVar2, range, "value");
    } else {
      this.pushIter(c.iterVar, range, "single");
    }
    const loop = this.cost(c.loopCondition);
    const step = this.cost(c.loopStep);
    this.popLocal(c.iterVar);
    if (two) this.popLocal(c.iterVar2);
    sum = radd(sum, this.cost(c.result));
    this.popLocal(c.accuVar);
    const rangeCnt = this.sizeOrUnknown(range);
    sum = radd(sum, rmul(rangeCnt, radd(step, loop)));
    switch (init.exprKind.case) {
      case "constExpr":
        this.setSize(e, this.computeSize(init));
        break;
      case "listExpr":
        this.setSize(e, rangeCnt);
        if (c.loopStep) this.setEntry(e, this.computeEntrySize(c.loopStep));
        break;
      case "structExpr":
        if (init.exprKind.value.messageName === "") {
          this.setSize(e, rangeCnt);
          if (c.loopStep) this.setEntry(e, this.computeEntrySize(c.loopStep));
        }
        break;
      default:
        break;
    }
    return sum;
  }

  private costBind(e: Expr, c: Expr_Comprehension): R {
    let sum = this.cost(c.iterRange);
    sum = radd(sum, this.cost(c.accuInit));
    this.pushLocalVar(c.accuVar, c.accuInit!);
    sum = radd(sum, this.cost(c.result));
    this.popLocal(c.accuVar);
    if (c.result) {
      this.setSize(e, this.computeSize(c.result));
      this.setEntry(e, this.computeEntrySize(c.result));
    }
    return sum;
  }

  private costComprehensionLegacy(e: Expr, c: Expr_Comprehension): R {
    const range = c.iterRange!;
    let sum = this.cost(range);
    sum = radd(sum, this.cost(c.accuInit));
    const two = c.iterVar2 !== "";
    const push = (name: string, role: LegacyIter["role"]): void => {
      let s = this.legacyIters.get(name);
      if (!s) this.legacyIters.set(name, (s = []));
      s.push({ range, role });
    };
    if (two) {
      push(c.iterVar, "key");
      push(c.iterVar2, "value");
    } else {
      push(c.iterVar, "single");
    }
    const loop = this.cost(c.loopCondition);
    const step = this.cost(c.loopStep);
    this.legacyIters.get(c.iterVar)!.pop();
    if (two) this.legacyIters.get(c.iterVar2)!.pop();
    sum = radd(sum, this.cost(c.result));
    const rangeCnt = this.legacySize(range);
    this.sizes.set(e, rangeCnt);
    return radd(sum, rmul(rangeCnt, radd(step, loop)));
  }

  private costCall(e: Expr, call: Expr_Call): R {
    const args = call.args;
    if (!this.f.legacy && call.function === "dyn" && args.length > 0 && !call.target) {
      const argCost = this.cost(args[0]);
      this.setSize(e, this.computeSize(args[0]!));
      this.setEntry(e, this.computeEntrySize(args[0]!));
      return radd(ONE, argCost);
    }
    const argCosts: R[] = [];
    const argNodes: AstNode[] = [];
    for (const a of args) {
      argCosts.push(this.cost(a));
      argNodes.push(this.newAstNode(a));
    }
    const overloads = this.ast.references.get(e.id)?.overloadIds;
    if (!overloads || overloads.length === 0) return ZERO;
    let sum: R = ZERO;
    let target: AstNode | null = null;
    if (call.target) {
      sum = this.cost(call.target);
      target = this.newAstNode(call.target);
    }
    let fn: R = { min: MAX_UINT64, max: 0 };
    let resultSize: R | null = null;
    for (const ov of overloads) {
      const est = this.functionCost(e, call.function, ov, target, argNodes, argCosts);
      fn = runion(fn, est.cost);
      if (est.size) resultSize = resultSize ? runion(resultSize, est.size) : est.size;
      if (ov === "index_list" || ov === "index_map") {
        if (args.length > 0) {
          if (!this.f.legacy) resultSize = this.computeEntrySize(args[0]!)?.val ?? null;
          this.addPath(e, goAppend(this.getPath(args[0]!), ov === "index_list" ? "@items" : "@values"));
        }
      }
      if (!this.f.legacy && resultSize === null) resultSize = this.computeSize(e);
    }
    this.setSize(e, resultSize);
    return radd(sum, fn);
  }

  private functionCost(e: Expr, fn: string, ov: string, target: AstNode | null, args: AstNode[], argCosts: R[]): CallEstimate {
    const argSum = (): R => {
      let s: R = ZERO;
      for (const a of argCosts) s = radd(s, a);
      return s;
    };
    const ext = this.extEstimate(ov, target, args);
    if (ext) return { cost: radd(ext.cost, argSum()), size: ext.size };
    const k8s = this.k8sEstimate(fn, ov, target, args);
    if (k8s) return { cost: radd(k8s.cost, argSum()), size: k8s.size };
    switch (ov) {
      case "string_format":
        if (target) return { cost: radd(rfac(this.nodeSize(target), ST), argSum()), size: null };
        break;
      case "string_to_bytes":
        if (args.length === 1) {
          const sz = this.nodeSize(args[0]!);
          return { cost: radd(rfac(sz, ST), argSum()), size: { min: sz.min, max: wrap(big(sz.max) * 4n) } };
        }
        break;
      case "bytes_to_string":
        if (args.length === 1) {
          const sz = this.nodeSize(args[0]!);
          return { cost: radd(rfac(sz, ST), argSum()), size: { min: typeof sz.min === "number" ? Math.floor(sz.min / 4) : norm(sz.min / 4n), max: sz.max } };
        }
        break;
      case "strings_quote":
        if (args.length === 1) {
          const sz = this.nodeSize(args[0]!);
          return {
            cost: radd(rfac(sz, ST), argSum()),
            size: { min: wrap(big(sz.min) + 2n), max: wrap(big(sz.max) * 2n + 2n) },
          };
        }
        break;
      case "starts_with_string":
      case "ends_with_string":
        if (args.length === 1) return { cost: radd(rfac(this.nodeSize(args[0]!), ST), argSum()), size: null };
        break;
      case "in_list":
        if (args.length === 2) return { cost: radd(rfac(this.nodeSize(args[1]!), 1), argSum()), size: null };
        break;
      case "matches_string":
        if (target && args.length === 1) return { cost: radd(this.regexCost(target, args[0]!), argSum()), size: null };
        break;
      case "matches":
        // cel-go checker/cost.go before v0.29 had no case for the global overload (cost 1 + args); v0.29.0
        // (cel-expr/cel-go#1350, Kubernetes 1.37) costs it like the member form: string args[0], regex args[1].
        if (!target && args.length === 2) {
          this.opts.onReleaseChange?.("global-matches");
          if (this.f.globalMatches) return { cost: radd(this.regexCost(args[0]!, args[1]!), argSum()), size: null };
        }
        break;
      case "contains_string":
        if (target && args.length === 1) {
          const str = rfac(this.nodeSize(target), ST);
          const sub = rfac(this.nodeSize(args[0]!), ST);
          return { cost: radd(rmul(str, sub), argSum()), size: null };
        }
        break;
      case "logical_or":
      case "logical_and": {
        const lhs = argCosts[0] ?? ZERO;
        const rhs = argCosts[1] ?? ZERO;
        return { cost: { min: lhs.min, max: uadd(lhs.max, rhs.max) }, size: null };
      }
      case "conditional": {
        const size = runion(this.nodeSize(args[1]!), this.nodeSize(args[2]!));
        if (!this.f.legacy) {
          const a = this.computeEntrySize(args[1]!.expr!);
          const b = this.computeEntrySize(args[2]!.expr!);
          this.setEntry(e, entryUnion(a, b));
        }
        const c = radd(argCosts[0]!, runion(argCosts[1]!, argCosts[2]!));
        return { cost: c, size };
      }
      case "add_string":
      case "add_bytes":
      case "add_list":
        if (args.length === 2) {
          const l = this.nodeSize(args[0]!);
          const r = this.nodeSize(args[1]!);
          const resultSize = radd(l, r);
          if (!this.f.legacy) {
            const u = entryUnion(this.computeEntrySize(args[0]!.expr!), this.computeEntrySize(args[1]!.expr!));
            if (u) this.setEntry(e, u);
          }
          if (ov === "add_list") return { cost: radd(ONE, argSum()), size: resultSize };
          return { cost: radd(rfac(resultSize, ST), argSum()), size: resultSize };
        }
        break;
      default:
        if (STRING_COMPARE_OVERLOADS.has(ov) && args.length >= 2) {
          const l = this.nodeSize(args[0]!);
          const r = this.nodeSize(args[1]!);
          const m = r.max < l.max ? r.max : l.max;
          return { cost: radd(rfac({ min: m > 0 ? 1 : 0, max: m }, ST), argSum()), size: null };
        }
    }
    return { cost: radd(ONE, argSum()), size: null };
  }

  // ---- §6.3 extension overload estimators

  private extEstimate(ov: string, target: AstNode | null, args: AstNode[]): CallEstimate | null {
    if (this.f.extSets) {
      if (ov === "list_sets_contains_list" || ov === "list_sets_intersects_list" || ov === "list_sets_equivalent_list") {
        if (args.length !== 2) return null;
        const f = ov === "list_sets_equivalent_list" ? 2 : 1;
        const c = rfac(rmul(this.libSize(args[0]!), this.libSize(args[1]!)), f);
        return { cost: radd(c, ONE), size: null };
      }
    }
    if (!this.f.extLists) return null;
    const alloc = (f: number, s: R): CallEstimate => ({
      cost: radd(radd(rfac(s, f), ONE), rfixed(10)),
      size: s,
    });
    switch (ov) {
      case "list_slice": {
        if (!target || args.length !== 2) return null;
        const sz = this.libSize(target);
        const start = nodeAsIntValue(args[0]!.expr, 0n);
        const end = nodeAsIntValue(args[1]!.expr, big(sz.max));
        return alloc(1, rfixed(wrap(end - start)));
      }
      case "lists_range":
        if (target || args.length !== 1) return null;
        return alloc(1, rfixed(norm(nodeAsIntValue(args[0]!.expr, MAX_UINT64))));
      case "list_reverse":
        if (!target || args.length !== 0) return null;
        return alloc(1, this.libSize(target));
      case "list_flatten":
      case "list_flatten_int": {
        if (!target || args.length > 1) return null;
        const depth = args.length === 1 ? nodeAsIntValue(args[0]!.expr, MAX_UINT64) : 1n;
        return alloc(Number(depth), this.libSize(target));
      }
      case "list_distinct": {
        if (!target || args.length !== 0) return null;
        const sz = this.libSize(target);
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
        sz = this.libSize(target);
      } else {
        if (!target || args.length !== 1) return null;
        sz = this.libSize(args[0]!);
      }
      return alloc(f, rmul(sz, sz));
    }
    return null;
  }

  // ---- §6.2 Kubernetes library estimator (by function name)

  private listElementNode(list: AstNode): AstNode | null {
    const p = firstParam(list.type);
    if (!p) return null;
    if (list.path) {
      const arr = list.path.arr.slice(0, list.path.len);
      arr.push("@items");
      return { path: { arr, len: arr.length, cap: arr.length }, type: p, expr: null, size: null };
    }
    return { path: null, type: p, expr: null, size: null };
  }

  private k8sEstimate(fn: string, ov: string, target: AstNode | null, args: AstNode[]): CallEstimate | null {
    const sz = (n: AstNode): R => this.libSize(n);
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
        if (target && args.length >= 2) return this.replaceEstimate(sz(target), sz(args[0]!), sz(args[1]!));
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
          const el = this.listElementNode(target);
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
        if (this.f.k8sEquality && args.length === 2) return this.k8sEquality(args[0]!, args[1]!);
        return null;
      default:
        break;
    }
    if (LIST_TRAVERSAL.has(fn) && target) {
      const el = this.listElementNode(target);
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

  private k8sEquality(lhs: AstNode, rhs: AstNode): CallEstimate | null {
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

  private replaceEstimate(t: R, a: R, b: R): CallEstimate {
    const cost = rfac(t, 2 * ST);
    if (!this.f.refinedReplace) {
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
}

function entryUnion(a: Entry | null, b: Entry | null): Entry | null {
  if (!a || !b) return null;
  return { kind: a.kind, key: runion(a.key, b.key), val: runion(a.val, b.val) };
}

function stripAccumulator(p: GoPath | null): GoPath | null {
  if (p && p.len > 0 && ACCUMULATOR_NAMES.has(p.arr[0]!)) return null;
  return p;
}

function isBind(c: Expr_Comprehension): boolean {
  const r = c.iterRange;
  const cond = c.loopCondition;
  if (!r || r.exprKind.case !== "listExpr" || r.exprKind.value.elements.length !== 0) return false;
  if (!cond || !isLiteral(cond)) return false;
  const k = constOf(cond)!.constantKind;
  return k.case === "boolValue" && k.value === false && c.accuVar !== BIND_ACCUMULATOR;
}
