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
 * length 3 has capacity 4, so two appends onto it overwrite each other): the estimator depends on
 *
 * The parts: cost/range.ts (saturating arithmetic and ranges), cost/library.ts (the library function
 * estimators); this module is the estimator (the coster).
 */
import type { Expr, Expr_Call, Expr_Comprehension } from "@bufbuild/cel-spec/cel/expr/syntax_pb.js";
import type { CelType, CheckedAst, DeclType } from "../types.js";
import {
  MAX_UINT64,
  ST,
  RX,
  norm,
  big,
  uadd,
  wrap,
  UNKNOWN,
  ZERO,
  ONE,
  rfixed,
  radd,
  rmul,
  rfac,
  runion,
  type R,
} from "./range.js";
import {
  kindOf,
  isScalar,
  isLiteral,
  constOf,
  exprSize,
  STRING_COMPARE_OVERLOADS,
  extEstimate,
  type AstNode,
  type LibraryEstimator,
  type CallEstimate,
  type Flags,
} from "./library.js";

// ---------------------------------------------------------------------------------------------
// Go slice model for field paths

export interface GoPath {
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

/**
 * The type a size path names from the rule's root type: the root variable's name first, then field names, `@items`,
 * `@values` and `@keys` (the first `length` entries of `path`); undefined where the type has no such part.
 */
export function declAtPath(root: DeclType, path: readonly string[], length = path.length): DeclType | undefined {
  let cur: DeclType | undefined = root;
  for (let i = 1; i < length && cur; i++) {
    const name = path[i]!;
    cur = name === "@items" || name === "@values" ? cur.elem : name === "@keys" ? cur.key : cur.fields?.get(name)?.type;
  }
  return cur;
}

function pathToArray(p: GoPath | null | undefined): string[] {
  return p ? p.arr.slice(0, p.len) : [];
}
// ---------------------------------------------------------------------------------------------
// Estimator inputs

export interface EstimateOptions {
  /** Replace a DeclType's maxElements (used by the fix-suggestion engine to try bounds without recompiling). */
  maxElementsOverride?: (decl: DeclType) => bigint | undefined;
  /** Called for every answer of the schema size estimator, with the DeclType that answered. */
  onSizeLookup?: (decl: DeclType, path: readonly string[]) => void;
  /** Called when a function's cost reads the size of an operand the estimator cannot size (a call's result, say). */
  onUnknownSize?: (expr: Expr) => void;
  /** Called when the expression uses a construct whose estimate changed between releases (whatever the release). */
  onReleaseChange?: (change: ReleaseCostChange) => void;
  /** Estimate this construct as the other side of its release change does, everything else as the flags say. */
  flip?: ReleaseCostChange;
  /** Notes each estimator flag the estimate reads (a release that agrees on them estimates alike). */
  flagReads?: Set<keyof Flags>;
}

/**
 * Constructs whose estimate changed with a Kubernetes release (cel-cost.md §11, docs/cel-cost.md):
 * - "global-matches" (1.37, cel-go v0.29.0): `matches(s, re)` costs like `s.matches(re)` instead of 1 + args.
 * - "url-accessor-sizes" (1.38, kubernetes/kubernetes#141984): a URL accessor's result is sized by its URL.
 */
export type ReleaseCostChange = "global-matches" | "url-accessor-sizes";

export interface CostEstimate {
  min: bigint;
  max: bigint;
}

/** Estimate the cost of a checked rule rooted at `rootDecl` (the DeclType of the schema node carrying the rule). */
export function estimateCost(
  ast: CheckedAst,
  rootDecl: DeclType,
  opts: EstimateOptions,
  flags: Flags,
  library?: LibraryEstimator,
): CostEstimate {
  const c = new Coster(ast, rootDecl, opts, flags, library);
  const r = c.cost(ast.expr);
  return { min: big(r.min), max: big(r.max) };
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

class Coster {
  // keyed by node identity (one node per id in a checked AST); bigint-keyed maps are much slower
  private readonly paths = new Map<Expr, GoPath | null>();
  private readonly sizes = new Map<Expr, R>();
  private readonly entries = new Map<Expr, Entry>();
  private readonly locals = new Map<string, LocalVar[]>();
  private readonly legacyIters = new Map<string, LegacyIter[]>();
  readonly f: Flags;

  constructor(
    private readonly ast: CheckedAst,
    private readonly root: DeclType,
    private readonly opts: EstimateOptions,
    flags: Flags,
    private readonly library: LibraryEstimator | undefined,
  ) {
    const f = { ...flags };
    if (opts.flip === "global-matches") f.globalMatches = !f.globalMatches;
    if (opts.flip === "url-accessor-sizes") f.urlAccessorSizes = !f.urlAccessorSizes;
    const reads = opts.flagReads;
    this.f = reads
      ? new Proxy(f, {
          get(target, p) {
            reads.add(p as keyof Flags);
            return Reflect.get(target, p) as unknown;
          },
        })
      : f;
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
    const cur = declAtPath(this.root, p.arr, p.len);
    if (!cur) return null;
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
    return this.unknownSize(n);
  }

  releaseChange(change: ReleaseCostChange): void {
    this.opts.onReleaseChange?.(change);
  }

  /** Library estimators' sizeEstimate / ext estimateSize: computed size, else schema size, else unknown. */
  libSize(n: AstNode): R {
    if (n.size) return n.size;
    return this.estimateSize(n.path) ?? this.unknownSize(n);
  }

  private unknownSize(n: AstNode): R {
    if (n.expr) this.opts.onUnknownSize?.(n.expr);
    return UNKNOWN;
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
          // Kubernetes sets PresenceTestHasCost(false) from 1.29; before, cel-go's default charged the test 1.
          const operand = this.cost(sel.operand);
          return this.f.presenceTestHasCost ? radd(ONE, operand) : operand;
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
    if (!this.f.unsizedComprehensions) this.sizes.set(e, rangeCnt);
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

  private functionCost(
    e: Expr,
    fn: string,
    ov: string,
    target: AstNode | null,
    args: AstNode[],
    argCosts: R[],
  ): CallEstimate {
    const argSum = (): R => {
      let s: R = ZERO;
      for (const a of argCosts) s = radd(s, a);
      return s;
    };
    const ext = extEstimate(this, ov, target, args);
    if (ext) return { cost: radd(ext.cost, argSum()), size: ext.size };
    const lib = this.library?.(this, fn, ov, target, args);
    if (lib) return { cost: radd(lib.cost, argSum()), size: lib.size };
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
          return {
            cost: radd(rfac(sz, ST), argSum()),
            size: { min: typeof sz.min === "number" ? Math.floor(sz.min / 4) : norm(sz.min / 4n), max: sz.max },
          };
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
