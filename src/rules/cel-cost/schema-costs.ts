/**
 * The static cost of every compiled rule and messageExpression of one schema, its cardinality, the schema total and
 * the apiserver's verdict: computed once per schema and shared by the cel-cost rules and `crdlint cost`.
 */
// Upstream: kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go, cel_validation.go
import { ancestry, type SchemaNode } from "../../crd/schema.js";
import type { DualPath } from "../../k8s/path.js";
import type { SchemaContext } from "../define-rule.js";
import { estimateWithReleaseChange, type ReleaseChangeNote } from "../../cel/index.js";
import {
  expressionCost,
  ruleCardinality,
  schemaCostVerdict,
  unboundedCardinality,
  STATIC_ESTIMATED_COST_LIMIT,
  STATIC_ESTIMATED_CRD_COST_LIMIT,
  type CostFinding,
  type CostObservation,
} from "../../cel/index.js";
import { schemaLocations, suggestBounds, type SuggestResult } from "../../cel/index.js";
import type { CompileResult } from "../../cel/index.js";
import { cleanCompiledEntries } from "../cel-compiled.js";
import { MemoKey } from "../../crd/memo.js";
import { LastingKey } from "../../crd/content-store.js";

/** Above this share of its limit an expression gets an explanation and a fix computed with the estimator. */
export const EXPLAIN_FRACTION = 0.5;

export interface ExpressionCost {
  node: SchemaNode;
  path: DualPath;
  kind: "rule" | "messageExpression";
  expression: string;
  /** One evaluation's worst case (the estimator's max). */
  estimatedCost: bigint;
  /** Evaluations per object: the product of the bounds above, or the apiserver's unbounded estimate. */
  maxCardinality: bigint;
  isCardinalityUnbounded: boolean;
  /** The expression's share of the schema total and the number compared with the per-expression limit. */
  totalCost: bigint;
  compiled: CompileResult;
  /** Set when this expression's estimate differs from the previous release's because the estimator changed. */
  releaseChange?: ReleaseChangeNote;
}

export interface SchemaCosts {
  expressions: ExpressionCost[];
  total: bigint;
  findings: (CostFinding & { expression?: ExpressionCost })[];
}

const COSTS = new MemoKey<SchemaCosts>("cel-cost");
const EXPLAINED = new MemoKey<SuggestResult | null>("cel-cost-explain");
const LOCATIONS = new MemoKey<ReturnType<typeof schemaLocations>>("cel-cost-locations");
const memoKey = (ctx: SchemaContext) => ctx.scope.path.written.toString();

type Estimate = ReturnType<typeof estimateWithReleaseChange>;

/** A lint session's estimates, by compile result (the compiler keeps one per expression and CEL type) and release. */
const ESTIMATES = new LastingKey("cel-cost:estimate", () => new WeakMap<CompileResult, Map<number, Estimate>>());

/** The estimate of a compiled expression (its AST and root type): kept between a lint session's texts. */
function estimate(
  compiled: CompileResult,
  ast: Parameters<typeof estimateWithReleaseChange>[0],
  rootDecl: Parameters<typeof estimateWithReleaseChange>[1],
  ctx: SchemaContext,
): Estimate {
  const minor = ctx.minor;
  const lasting = ctx.memo.lasting?.get(ESTIMATES);
  if (!lasting) return estimateWithReleaseChange(ast, rootDecl, minor, ctx.services.cel?.estimates);
  let byMinor = lasting.get(compiled);
  if (!byMinor) lasting.set(compiled, (byMinor = new Map<number, Estimate>()));
  let e = byMinor.get(minor);
  if (!e) byMinor.set(minor, (e = estimateWithReleaseChange(ast, rootDecl, minor)));
  return e;
}

export function schemaCosts(ctx: SchemaContext): SchemaCosts {
  const cached = ctx.memo.get(COSTS, memoKey(ctx));
  if (cached) return cached;
  const expressions: ExpressionCost[] = [];
  for (const node of ctx.nodes) {
    const compiled = cleanCompiledEntries(node, ctx);
    if (compiled.length === 0) continue;
    const schemas = ancestry(node).map((n) => n.schema);
    const cardinality = ruleCardinality(schemas);
    for (const c of compiled) {
      // Rules that are blank, do not compile or are not bool get no cost; likewise messageExpressions.
      if (
        c.rule?.ok &&
        c.rule.programError === undefined &&
        c.rule.ast &&
        c.rule.rootDecl &&
        c.rule.outputType?.kind === "bool"
      ) {
        const { estimatedCost, releaseChange } = estimate(c.rule, c.rule.ast, c.rule.rootDecl, ctx);
        const minSize = c.rule.rootDecl.minSize;
        expressions.push({
          node,
          path: c.entry.path.child("rule"),
          kind: "rule",
          expression: c.entry.rule,
          estimatedCost,
          maxCardinality: cardinality === "unbounded" ? unboundedCardinality(minSize) : cardinality,
          isCardinalityUnbounded: cardinality === "unbounded",
          totalCost: expressionCost(estimatedCost, cardinality, minSize),
          compiled: c.rule,
          ...(releaseChange ? { releaseChange } : {}),
        });
      }
      const m = c.messageExpression;
      // A messageExpression whose program cannot be built is charged nothing (compileRule stops before its cost).
      if (m?.ok && m.programError === undefined && m.ast && m.rootDecl && m.outputType?.kind === "string") {
        const { estimatedCost, releaseChange } = estimate(m, m.ast, m.rootDecl, ctx);
        // A messageExpression's cost is never multiplied by the cardinality.
        expressions.push({
          node,
          path: c.entry.path.child("messageExpression"),
          kind: "messageExpression",
          expression: c.entry.messageExpression,
          estimatedCost,
          maxCardinality: 1n,
          isCardinalityUnbounded: false,
          totalCost: estimatedCost,
          compiled: m,
          ...(releaseChange ? { releaseChange } : {}),
        });
      }
    }
  }
  const byPath = new Map(expressions.map((e) => [e.path.apiserver.toString(), e]));
  const observations: CostObservation[] = expressions.map((e) => ({
    path: e.path.apiserver.toString(),
    kind: e.kind,
    cost: e.totalCost,
  }));
  const verdict = schemaCostVerdict(observations, ctx.scope.path.apiserver.toString());
  const result: SchemaCosts = {
    expressions,
    total: verdict.total,
    findings: verdict.findings.map((f) => ({ ...f, expression: byPath.get(f.path) })),
  };
  ctx.memo.set(COSTS, result, memoKey(ctx));
  return result;
}

/** Drivers and the smallest fix that brings the expression under its limit (null when the estimator cannot explain it). */
export function explainCost(e: ExpressionCost, ctx: SchemaContext): SuggestResult | null {
  return ctx.memo.compute(EXPLAINED, () => explainUncached(e, ctx), e.path.written.toString());
}

function explainUncached(e: ExpressionCost, ctx: SchemaContext): SuggestResult | null {
  let result: SuggestResult | null = null;
  if (e.compiled.ast && e.compiled.rootDecl) {
    try {
      result = suggestBounds({
        root: ctx.scope.root,
        nodePath: ancestry(e.node).map((n) => n.schema),
        ast: e.compiled.ast,
        rootDecl: e.compiled.rootDecl,
        kind: e.kind,
        kubernetesMinor: ctx.minor,
        // The schema's locations, found once for its rules (and, depending on no release, for every release).
        locations: ctx.memo.compute(
          LOCATIONS,
          () => schemaLocations(ctx.scope.root),
          ctx.scope.path.written.toString(),
        ),
      });
    } catch {
      result = null;
    }
  }
  return result;
}

/**
 * "add maxItems: 64 at spec.rules → 38% of the limit", or, over the limit with no bound that fixes it, why none is
 * computed and what can work instead; the drivers as detail.
 */
export function costSuggestion(e: ExpressionCost, ctx: SchemaContext): { suggestion?: string; detail?: string } {
  const x = explainCost(e, ctx);
  const lines = [...(e.releaseChange ? [e.releaseChange.text] : []), ...(x?.drivers.map((d) => d.text) ?? [])];
  const suggestion = x
    ? (x.suggestion?.text ?? x.noFix)
    : "no fix is computed: the estimator could not re-run on this expression";
  return { suggestion, detail: lines.length ? lines.join("\n") : undefined };
}

export function perExpressionLimit(): bigint {
  return STATIC_ESTIMATED_COST_LIMIT;
}

export function perSchemaLimit(): bigint {
  return STATIC_ESTIMATED_CRD_COST_LIMIT;
}
