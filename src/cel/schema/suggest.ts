/**
 * Cost drivers and fix suggestions for expensive x-kubernetes-validations expressions.
 *
 * The estimator itself decides: every schema node whose size the estimate reads (lists without
 * maxItems, maps without maxProperties, strings without maxLength) and every list/map on the
 * cardinality chain above the rule is a candidate; candidate bounds from a ladder of round numbers
 * are tried by re-running the estimator with the bound in place, and the smallest change (fewest
 * bounds, then the largest bounds) that brings the cost to at most the target (50% of the limit when
 * possible, else the limit) is proposed. A proposal can be verified by recompiling a copy of the
 * schema with the bounds written into it (`verifySuggestion`).
 */
import {
  type Cardinality,
  STATIC_ESTIMATED_COST_LIMIT,
  expressionCost,
  nonNegativeKeyword,
  ruleCardinality,
  edgeBetween,
  cardinalityKeyword,
  unboundedCardinality,
} from "./cardinality.js";
import { estimateCost } from "../k8s/cost.js";
import { MAX_UINT64 } from "../core/cost/range.js";
import type { CheckedAst, DeclType } from "../core/types.js";
import type { Expr } from "@bufbuild/cel-spec/cel/expr/syntax_pb.js";
import { isPlainObject } from "../../k8s/go.js";
import { releaseHas, RELEASE_BEHAVIOURS } from "../../k8s/releases.js";

type Schema = Record<string, unknown>;

export type BoundKeyword = "maxItems" | "maxProperties" | "maxLength";

/** One schema node the cost depends on. */
export interface CostDriver {
  /** The schema node (identity within the input root). */
  schema: Schema;
  /** Display path from the resource root: `spec.rules[*].host` (items and map values are `[*]`). */
  path: string;
  /** Steps from the version root to the node (`properties`/name, `items`, `additionalProperties`). */
  schemaPath: SchemaStep[];
  nodeKind: "list" | "map" | "string" | "bytes" | "int-or-string";
  keyword: BoundKeyword;
  /** Current value of the keyword, if set. */
  declared: bigint | null;
  /** How the node enters the cost: its size is read by the expression, or it multiplies the rule (cardinality). */
  roles: ("size" | "cardinality")[];
  /** The size the estimator assumes (maxElements), for size drivers. */
  assumedSize: bigint | null;
  /** The evaluation count the node contributes (its bound, or the unbounded fallback), for cardinality drivers. */
  assumedCardinality: bigint | null;
  /** One line such as `unbounded list at spec.rules (no maxItems): assumed 1,048,575 items`. */
  text: string;
}

export type SchemaStep = { via: "properties"; name: string } | { via: "items" } | { via: "additionalProperties" };

export interface SuggestedBound {
  schema: Schema;
  path: string;
  schemaPath: SchemaStep[];
  keyword: BoundKeyword;
  value: number;
  /** The keyword's value today, which the suggestion lowers; null when the node has none. */
  declared?: bigint | null;
}

export interface Suggestion {
  bounds: SuggestedBound[];
  /** Cost with the bounds in place (cardinality-multiplied for rules). */
  cost: bigint;
  /** cost as a whole percentage of the limit (rounded down). */
  percent: number;
  /** `add maxItems: 64 at spec.rules and maxLength: 253 at spec.rules[*].host → 38% of the limit` */
  text: string;
}

export interface SuggestResult {
  /** Current cost (cardinality-multiplied for rules). */
  cost: bigint;
  limit: bigint;
  percent: number;
  drivers: CostDriver[];
  /** null when the cost is already at or below the target, or no combination of bounds reaches the limit. */
  suggestion: Suggestion | null;
  /**
   * Over the limit with no suggestion: why no bound is proposed, and what can work instead (a function result of
   * unknown size is sized by no keyword). Absent when there is a suggestion or the cost is within the limit.
   */
  noFix?: string;
}

/** A compiled rule ready to be re-estimated. */
export interface CompiledRuleContext {
  /** The version's openAPIV3Schema (the custom resource root). */
  root: Schema;
  /** Schema nodes from `root` (first) to the node carrying the rule (last). */
  nodePath: readonly Schema[];
  ast: CheckedAst;
  /** DeclType of the node carrying the rule. */
  rootDecl: DeclType;
  kind: "rule" | "messageExpression";
  kubernetesMinor: number;
  /** schemaLocations(root), when the caller keeps it (every rule of a schema has the same). */
  locations?: ReadonlyMap<Schema, SchemaLocation>;
}

export interface SuggestOptions {
  /** Per-expression limit (default 10,000,000). */
  limit?: bigint;
  /** Target as a fraction of the limit (default 0.5); falls back to the limit itself when unreachable. */
  targetFraction?: number;
  /** Largest number of bounds in one suggestion (default 4). */
  maxBounds?: number;
}

// ---------------------------------------------------------------------------------------------
// Ladders

const COUNT_LADDER = [
  1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 65536, 131072, 262144, 524288, 1048576,
];
const LENGTH_LADDER = [
  1, 2, 4, 8, 16, 32, 63, 64, 128, 253, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 65536, 131072, 262144, 524288,
  1048576,
];

// ---------------------------------------------------------------------------------------------
// Schema locations

/** Where a schema node is: its steps from the version root, and its display path. */
export interface SchemaLocation {
  steps: SchemaStep[];
  display: string;
}

function displayOf(steps: readonly SchemaStep[]): string {
  let out = "";
  for (const s of steps) {
    if (s.via === "properties") out += out === "" ? s.name : `.${s.name}`;
    else out += "[*]";
  }
  return out === "" ? "<root>" : out;
}

/** Locations of every structural node under `root` (properties, items, additionalProperties). */
export function schemaLocations(root: Schema): Map<Schema, SchemaLocation> {
  const out = new Map<Schema, SchemaLocation>();
  const walk = (s: Schema, steps: SchemaStep[], depth: number): void => {
    if (out.has(s) || depth > 256) return;
    out.set(s, { steps, display: displayOf(steps) });
    const props = s["properties"];
    if (isPlainObject(props))
      for (const k of Object.keys(props))
        if (isPlainObject(props[k])) walk(props[k] as Schema, [...steps, { via: "properties", name: k }], depth + 1);
    if (isPlainObject(s["items"])) walk(s["items"] as Schema, [...steps, { via: "items" }], depth + 1);
    if (isPlainObject(s["additionalProperties"]))
      walk(s["additionalProperties"] as Schema, [...steps, { via: "additionalProperties" }], depth + 1);
  };
  walk(root, [], 0);
  return out;
}

/** Resolve schema steps in (a copy of) a root. */
function resolveSchemaPath(root: Schema, steps: readonly SchemaStep[]): Schema | null {
  let cur: unknown = root;
  for (const s of steps) {
    if (!isPlainObject(cur)) return null;
    if (s.via === "properties") {
      const p = cur["properties"];
      cur = isPlainObject(p) ? p[s.name] : undefined;
    } else cur = cur[s.via];
  }
  return isPlainObject(cur) ? cur : null;
}

// ---------------------------------------------------------------------------------------------
// Node classification

function boundKeywordOf(
  decl: DeclType,
  minor: number,
): { nodeKind: CostDriver["nodeKind"]; keyword: BoundKeyword } | null {
  const s = decl.schema;
  if (!s) return null;
  if (s["x-kubernetes-int-or-string"] === true)
    return releaseHas(minor, "celIntOrStringMaxLength") ? { nodeKind: "int-or-string", keyword: "maxLength" } : null;
  switch (decl.cel.kind) {
    case "list":
      return { nodeKind: "list", keyword: "maxItems" };
    case "map":
      return { nodeKind: "map", keyword: "maxProperties" };
    case "string":
      return { nodeKind: "string", keyword: "maxLength" };
    case "bytes":
      return { nodeKind: "bytes", keyword: "maxLength" };
    default:
      return null;
  }
}

/** maxElements a node would have with `keyword: value`. */
function maxElementsFor(nodeKind: CostDriver["nodeKind"], value: bigint, minor: number): bigint {
  switch (nodeKind) {
    case "string":
    case "int-or-string":
      return value * 4n;
    case "bytes":
      return releaseHas(minor, "celBytesMaxLength") ? value : value * 4n;
    default:
      return value;
  }
}

/** What a node is called, and the unit of the size the estimator gives it (strings are sized in bytes). */
const NOUN: Record<CostDriver["nodeKind"], [string, string]> = {
  list: ["list", "items"],
  map: ["map", "entries"],
  string: ["string", "bytes"],
  bytes: ["bytes field", "bytes"],
  "int-or-string": ["int-or-string", "bytes"],
};

function formatCount(n: bigint): string {
  if (n === MAX_UINT64) return "2^64-1";
  return n.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

// ---------------------------------------------------------------------------------------------
// Evaluation with overrides

type Overrides = Map<Schema, bigint>; // keyword value per candidate schema node

class Evaluator {
  readonly candidates: CostDriver[];
  /** Operands whose size the estimator cannot know (call results), as written: no bound can size them. */
  readonly unknownSizes: string[] = [];
  private readonly bySchema = new Map<Schema, CostDriver>();
  private readonly minSize: bigint;
  evaluations = 0;

  constructor(private readonly ctx: CompiledRuleContext) {
    this.minSize = ctx.rootDecl.minSize;
    this.candidates = this.findDrivers();
  }

  /** Cost (cardinality-multiplied for rules) with the given keyword overrides. */
  cost(over: Overrides): bigint {
    this.evaluations++;
    const minor = this.ctx.kubernetesMinor;
    const est = estimateCost(this.ctx.ast, this.ctx.rootDecl, {
      kubernetesMinor: minor,
      maxElementsOverride: over.size
        ? (d) => {
            const s = d.schema;
            if (!s) return undefined;
            const v = over.get(s);
            if (v === undefined) return undefined;
            const drv = this.bySchema.get(s);
            if (!drv || !isSizeKind(d)) return undefined;
            return maxElementsFor(drv.nodeKind, v, minor);
          }
        : undefined,
    });
    if (this.ctx.kind === "messageExpression") return est.max;
    return expressionCost(est.max, this.cardinality(over), this.minSize);
  }

  cardinality(over: Overrides): Cardinality {
    return ruleCardinality(this.ctx.nodePath as Schema[], (s, kw) => {
      const v = over.get(s);
      if (v !== undefined) {
        const drv = this.bySchema.get(s);
        if (drv && drv.keyword === kw) return v;
      }
      return nonNegativeKeyword(s, kw);
    });
  }

  private findDrivers(): CostDriver[] {
    const { ctx } = this;
    const minor = ctx.kubernetesMinor;
    const locs = ctx.locations ?? schemaLocations(ctx.root);
    const out: CostDriver[] = [];
    const add = (
      schema: Schema,
      nodeKind: CostDriver["nodeKind"],
      keyword: BoundKeyword,
      role: "size" | "cardinality",
      assumed: bigint,
    ): void => {
      let d = this.bySchema.get(schema);
      if (!d) {
        const loc = locs.get(schema);
        d = {
          schema,
          path: loc ? loc.display : "<unknown>",
          schemaPath: loc ? loc.steps : [],
          nodeKind,
          keyword,
          declared: nonNegativeKeyword(schema, keyword) ?? null,
          roles: [],
          assumedSize: null,
          assumedCardinality: null,
          text: "",
        };
        this.bySchema.set(schema, d);
        out.push(d);
      }
      if (!d.roles.includes(role)) d.roles.push(role);
      if (role === "size") d.assumedSize = assumed;
      else d.assumedCardinality = assumed;
    };
    // size drivers: whatever the estimate reads
    estimateCost(ctx.ast, ctx.rootDecl, {
      kubernetesMinor: minor,
      onSizeLookup: (decl) => {
        const k = boundKeywordOf(decl, minor);
        if (k && decl.schema) add(decl.schema, k.nodeKind, k.keyword, "size", decl.maxElements);
      },
      onUnknownSize: (expr) => {
        if (expr.exprKind.case !== "callExpr") return;
        const text = exprText(expr, 0);
        if (!this.unknownSizes.includes(text)) this.unknownSizes.push(text);
      },
    });
    // cardinality drivers: lists/maps above the node
    if (ctx.kind === "rule") {
      const path = ctx.nodePath;
      const card = ruleCardinality(path as Schema[]);
      for (let i = 1; i < path.length; i++) {
        const parent = path[i - 1]!;
        const kw: BoundKeyword | null = cardinalityKeyword(parent);
        if (kw === null) continue;
        const declared = nonNegativeKeyword(parent, kw);
        const assumed = declared ?? (card === "unbounded" ? unboundedCardinality(this.minSize) : 0n);
        add(parent, kw === "maxItems" ? "list" : "map", kw, "cardinality", assumed);
      }
    }
    for (const d of out) d.text = driverText(d, minor);
    return out;
  }
}

function isSizeKind(d: DeclType): boolean {
  const k = d.cel.kind;
  return k === "list" || k === "map" || k === "string" || k === "bytes" || k === "dyn";
}

function driverText(d: CostDriver, minor: number): string {
  const [noun, unit] = NOUN[d.nodeKind];
  const hasEnum =
    (d.nodeKind === "string" || d.nodeKind === "int-or-string") &&
    Array.isArray(d.schema["enum"]) &&
    d.schema["enum"].length > 0;
  let head: string;
  if (d.declared !== null) head = `${noun} at ${d.path} (${d.keyword}: ${formatCount(d.declared)})`;
  else if (hasEnum && d.nodeKind === "string" && releaseHas(minor, "celEnumBoundsStrings"))
    head = `${noun} at ${d.path} (no ${d.keyword}; sized by its longest enum value)`;
  else if (hasEnum)
    head = `${noun} at ${d.path} (no ${d.keyword}; its enum does not bound the estimate${d.nodeKind === "string" ? ` before Kubernetes 1.${RELEASE_BEHAVIOURS.celEnumBoundsStrings.since}` : ""})`;
  else head = `unbounded ${noun} at ${d.path} (no ${d.keyword})`;
  const parts: string[] = [];
  if (d.assumedSize !== null) {
    // The estimator sizes strings in bytes, 4 per character of maxLength (the longest UTF-8 encoding).
    const perChar =
      unit === "bytes" && d.declared !== null && (d.nodeKind === "string" || d.nodeKind === "int-or-string");
    parts.push(`assumed ${formatCount(d.assumedSize)} ${unit}${perChar ? " (4 per character)" : ""}`);
  }
  if (d.assumedCardinality !== null) {
    parts.push(
      d.declared === null
        ? `rule evaluated up to ${formatCount(d.assumedCardinality)} times`
        : `rule evaluated once per ${d.nodeKind === "map" ? "entry" : "item"}`,
    );
  }
  return `${head}: ${parts.join("; ")}`;
}

// ---------------------------------------------------------------------------------------------
// Search

function ladderFor(d: CostDriver, minor: number): number[] {
  const base = d.keyword === "maxLength" ? LENGTH_LADDER : COUNT_LADDER;
  // only values that tighten what is assumed today
  let ceiling: bigint | null = d.declared;
  if (ceiling === null && d.assumedSize !== null) {
    // the assumed size in keyword units
    ceiling =
      d.nodeKind === "string" ||
      d.nodeKind === "int-or-string" ||
      (d.nodeKind === "bytes" && !releaseHas(minor, "celBytesMaxLength"))
        ? d.assumedSize / 4n
        : d.assumedSize;
  }
  if (ceiling === null && d.assumedCardinality !== null) ceiling = d.assumedCardinality;
  return base.filter((v) => ceiling === null || BigInt(v) < ceiling);
}

function* combinations<T>(items: readonly T[], k: number, start = 0, acc: T[] = []): Generator<T[]> {
  if (acc.length === k) {
    yield acc.slice();
    return;
  }
  for (let i = start; i <= items.length - (k - acc.length); i++) {
    acc.push(items[i]!);
    yield* combinations(items, k, i + 1, acc);
    acc.pop();
  }
}

interface Assignment {
  drivers: CostDriver[];
  values: number[];
  cost: bigint;
}

/** Larger is better: the tightest bound first (balanced suggestions), then the overall size. */
function better(a: Assignment, b: Assignment): boolean {
  const minA = Math.min(...a.values.map(Math.log2));
  const minB = Math.min(...b.values.map(Math.log2));
  if (minA !== minB) return minA > minB;
  const sumA = a.values.reduce((x, v) => x + Math.log2(v), 0);
  const sumB = b.values.reduce((x, v) => x + Math.log2(v), 0);
  if (sumA !== sumB) return sumA > sumB;
  return a.cost < b.cost;
}

/** Smallest values worth proposing before falling back to anything that fits. */
const FLOOR: Record<BoundKeyword, number> = { maxItems: 16, maxProperties: 16, maxLength: 63 };

/** Best assignment of ladder values to `set` with cost ≤ target, or null. */
function bestFor(ev: Evaluator, set: CostDriver[], ladders: number[][], target: bigint): Assignment | null {
  const over: Overrides = new Map();
  const apply = (idx: number[]): bigint => {
    over.clear();
    set.forEach((d, i) => over.set(d.schema, BigInt(ladders[i]![idx[i]!]!)));
    return ev.cost(over);
  };
  if (ladders.some((l) => l.length === 0)) return null;
  const idx = set.map(() => 0);
  if (apply(idx) > target) return null;
  // uniform raise: largest common ladder position (clipped per ladder)
  const maxLen = Math.max(...ladders.map((l) => l.length));
  let lo = 0;
  let hi = maxLen - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (apply(ladders.map((l) => Math.min(mid, l.length - 1))) <= target) lo = mid;
    else hi = mid - 1;
  }
  for (let i = 0; i < set.length; i++) idx[i] = Math.min(lo, ladders[i]!.length - 1);
  // round-robin single-step raises while anything still fits (keeps the bounds balanced)
  let moved = true;
  while (moved) {
    moved = false;
    for (let i = 0; i < set.length; i++) {
      if (idx[i]! + 1 >= ladders[i]!.length) continue;
      idx[i]!++;
      if (apply(idx) <= target) moved = true;
      else idx[i]!--;
    }
  }
  return { drivers: set, values: set.map((_, i) => ladders[i]![idx[i]!]!), cost: apply(idx) };
}

/** "add maxItems: 64 at spec.rules and lower maxLength at spec.rules[*].host from 1,024 to 253 → 38% of the limit" */
function suggestionText(bounds: SuggestedBound[], percent: number): string {
  const and = (parts: string[]) =>
    parts.length <= 1 ? parts.join("") : `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
  const lowered = (b: SuggestedBound) => b.declared !== undefined && b.declared !== null;
  const adds = bounds.filter((b) => !lowered(b)).map((b) => `${b.keyword}: ${b.value} at ${b.path}`);
  const lowers = bounds
    .filter(lowered)
    .map((b) => `${b.keyword} at ${b.path} from ${formatCount(b.declared!)} to ${formatCount(BigInt(b.value))}`);
  const parts = [...(adds.length ? [`add ${and(adds)}`] : []), ...(lowers.length ? [`lower ${and(lowers)}`] : [])];
  return `${parts.join(", and ")} → ${percent}% of the limit`;
}

/** Why no bound is proposed for an expression over the limit, with what can work instead. */
function noFixText(unknownSizes: readonly string[], maxBounds: number): string {
  if (unknownSizes.length > 0) {
    const what = unknownSizes.slice(0, 2).join(" and ");
    return `no maxLength, maxItems or maxProperties can help: the estimator cannot size ${what} (a function's result), so it prices every use of it at the largest possible string; rewrite the expression so that the expensive step (a regex, a concatenation, a search) works on fields bounded by maxLength, for example self.matches(...) on the whole value instead of on a part computed from it, or leave the computed value out`;
  }
  return `no set of up to ${maxBounds} bounds (maxItems, maxLength, maxProperties) brings it under the limit: simplify the rule (fewer nested iterations over the same list, no regex inside a loop), or split it into rules on the inner fields`;
}

/** A CEL sub-expression as written, for messages (calls, selections, names and literals; anything else as `…`). */
function exprText(e: Expr, depth: number): string {
  if (depth > 6) return "…";
  switch (e.exprKind.case) {
    case "identExpr":
      return e.exprKind.value.name;
    case "selectExpr":
      return e.exprKind.value.operand
        ? `${exprText(e.exprKind.value.operand, depth + 1)}.${e.exprKind.value.field}`
        : e.exprKind.value.field;
    case "constExpr": {
      const k = e.exprKind.value.constantKind;
      if (k.case === "stringValue") return JSON.stringify(k.value.length > 20 ? k.value.slice(0, 19) + "…" : k.value);
      return k.case === "int64Value" || k.case === "uint64Value" || k.case === "doubleValue" || k.case === "boolValue"
        ? String(k.value)
        : "…";
    }
    case "callExpr": {
      const c = e.exprKind.value;
      // Operators (_+_, _[_], ...) are not written as calls: shown as `…`.
      if (c.function.startsWith("_") || c.function.startsWith("@")) return "…";
      const args = c.args.map((a) => exprText(a, depth + 1)).join(", ");
      return c.target ? `${exprText(c.target, depth + 1)}.${c.function}(${args})` : `${c.function}(${args})`;
    }
    default:
      return "…";
  }
}

function toSuggestion(a: Assignment, limit: bigint): Suggestion {
  const bounds: SuggestedBound[] = a.drivers.map((d, i) => ({
    schema: d.schema,
    path: d.path,
    schemaPath: d.schemaPath,
    keyword: d.keyword,
    value: a.values[i]!,
    declared: d.declared,
  }));
  const p = pct(a.cost, limit);
  return { bounds, cost: a.cost, percent: p, text: suggestionText(bounds, p) };
}

function pct(cost: bigint, limit: bigint): number {
  return Number((cost * 100n) / limit);
}

/**
 * Drivers of a compiled rule's cost and the smallest set of bounds that brings it under the target.
 */
export function suggestBounds(ctx: CompiledRuleContext, opts: SuggestOptions = {}): SuggestResult {
  const limit = opts.limit ?? STATIC_ESTIMATED_COST_LIMIT;
  const fraction = opts.targetFraction ?? 0.5;
  const maxBounds = opts.maxBounds ?? 4;
  const ev = new Evaluator(ctx);
  const cost = ev.cost(new Map());
  const result: SuggestResult = { cost, limit, percent: pct(cost, limit), drivers: ev.candidates, suggestion: null };
  const target = BigInt(Math.floor(Number(limit) * fraction));
  if (cost <= target) return result;

  // candidates that matter on their own (cost is monotone in every bound)
  const minor = ctx.kubernetesMinor;
  const ladders = new Map<CostDriver, number[]>();
  const relevant: CostDriver[] = [];
  for (const d of ev.candidates) {
    const l = ladderFor(d, minor);
    if (l.length === 0) continue;
    const c = ev.cost(new Map([[d.schema, BigInt(l[0]!)]]));
    // A saturated estimate (2^64-1) stays saturated while any other input is unbounded: every driver may matter.
    if (c < cost || cost >= MAX_UINT64) {
      relevant.push(d);
      ladders.set(d, l);
    }
  }
  const reasonable = (a: Assignment): boolean =>
    a.drivers.every((d, i) => a.values[i]! >= Math.min(FLOOR[d.keyword], ladders.get(d)!.at(-1)!));
  for (const t of [target, limit]) {
    let fallback: Assignment | null = null;
    for (let k = 1; k <= Math.min(maxBounds, relevant.length); k++) {
      let best: Assignment | null = null;
      for (const set of combinations(relevant, k)) {
        const a = bestFor(
          ev,
          set,
          set.map((d) => ladders.get(d)!),
          t,
        );
        if (!a) continue;
        if (!reasonable(a)) {
          fallback ??= a;
          continue;
        }
        if (!best || better(a, best)) best = a;
      }
      if (best) {
        result.suggestion = toSuggestion(best, limit);
        return result;
      }
    }
    if (fallback) {
      result.suggestion = toSuggestion(fallback, limit);
      return result;
    }
  }
  if (cost > limit) result.noFix = noFixText(ev.unknownSizes, maxBounds);
  return result;
}

// ---------------------------------------------------------------------------------------------
// Verification by recompiling a copy of the schema

/** Structural view of the compiler (src/cel/schema/compile.ts `createCelCompiler(minor)`). */
export interface RuleCompilerLike {
  compileRule(input: {
    schema: Record<string, unknown>;
    isResourceRoot: boolean;
    expression: string;
    kind: "rule" | "messageExpression";
    optionalOldSelf?: boolean;
  }): { ok: boolean; ast?: CheckedAst; rootDecl?: DeclType };
}

/** Deep copy of `root` with the bounds written into it. */
function applyBounds(
  root: Schema,
  bounds: readonly Pick<SuggestedBound, "schemaPath" | "keyword" | "value">[],
): Schema {
  const copy = structuredClone(root) as Schema;
  for (const b of bounds) {
    const node = resolveSchemaPath(copy, b.schemaPath);
    if (node) node[b.keyword] = b.value;
  }
  return copy;
}

/** Steps from `root` to each node of `nodePath` (the path must start at root). */
function stepsOf(nodePath: readonly Schema[]): SchemaStep[] {
  const steps: SchemaStep[] = [];
  for (let i = 1; i < nodePath.length; i++) {
    const parent = nodePath[i - 1]!;
    const child = nodePath[i]!;
    const edge = edgeBetween(parent, child);
    if (edge === "items") steps.push({ via: "items" });
    else if (edge === "additionalProperties") steps.push({ via: "additionalProperties" });
    else {
      const props = parent["properties"];
      const name = isPlainObject(props) ? Object.keys(props).find((k) => props[k] === child) : undefined;
      steps.push({ via: "properties", name: name ?? "" });
    }
  }
  return steps;
}

/** A rule or messageExpression at the last node of `nodePath` (from `root`), compiled for one Kubernetes minor. */
export interface ExpressionAtNode {
  root: Schema;
  nodePath: readonly Schema[];
  expression: string;
  kind: "rule" | "messageExpression";
  optionalOldSelf?: boolean;
  kubernetesMinor: number;
}

/**
 * Recompile the rule against a copy of the schema carrying the suggested bounds and return the cost
 * the apiserver would compute (cardinality-multiplied for rules), or null when it does not compile.
 */
export function verifySuggestion(
  input: ExpressionAtNode,
  bounds: readonly Pick<SuggestedBound, "schemaPath" | "keyword" | "value">[],
  compiler: RuleCompilerLike,
): bigint | null {
  const copy = applyBounds(input.root, bounds);
  const steps = stepsOf(input.nodePath);
  const path: Schema[] = [copy];
  for (let i = 0; i < steps.length; i++) {
    const n = resolveSchemaPath(copy, steps.slice(0, i + 1));
    if (!n) return null;
    path.push(n);
  }
  const node = path[path.length - 1]!;
  const res = compiler.compileRule({
    schema: node,
    isResourceRoot: path.length === 1 || node["x-kubernetes-embedded-resource"] === true,
    expression: input.expression,
    kind: input.kind,
    optionalOldSelf: input.optionalOldSelf,
  });
  if (!res.ok || !res.ast || !res.rootDecl) return null;
  const est = estimateCost(res.ast, res.rootDecl, { kubernetesMinor: input.kubernetesMinor });
  if (input.kind === "messageExpression") return est.max;
  return expressionCost(est.max, ruleCardinality(path), res.rootDecl.minSize);
}

/**
 * Compile `expression` at the last node of `nodePath` and run `suggestBounds` on it; null when it
 * does not compile. `isResourceRoot` is derived (the version root or an embedded resource).
 */
export function suggestForExpression(
  input: ExpressionAtNode,
  compiler: RuleCompilerLike,
  opts: SuggestOptions = {},
): SuggestResult | null {
  const node = input.nodePath[input.nodePath.length - 1];
  if (!node) return null;
  const res = compiler.compileRule({
    schema: node,
    isResourceRoot: input.nodePath.length === 1 || node["x-kubernetes-embedded-resource"] === true,
    expression: input.expression,
    kind: input.kind,
    optionalOldSelf: input.optionalOldSelf,
  });
  if (!res.ok || !res.ast || !res.rootDecl) return null;
  return suggestBounds(
    {
      root: input.root,
      nodePath: input.nodePath,
      ast: res.ast,
      rootDecl: res.rootDecl,
      kind: input.kind,
      kubernetesMinor: input.kubernetesMinor,
    },
    opts,
  );
}
