/** `crdlint cost`: every CEL expression's estimated cost per CRD version, with the drivers and a fix for the expensive ones. */
import { allRules } from "../../rules/index.js";
import { checkOptions, checkPaths } from "../../engine/options.js";
import { claimedRunVersion, lintFilesWith, makeLinter, runInputs, type LintOptions } from "../../engine/files.js";
import type { SchemaCostEstimate, SchemaNotEstimated } from "../../engine/lint.js";
import { EXPLAIN_FRACTION } from "../../rules/cel-cost/schema-costs.js";
import { STATIC_ESTIMATED_COST_LIMIT, STATIC_ESTIMATED_CRD_COST_LIMIT } from "../../cel/index.js";
import type { CostReport, ExpressionCostReport, SchemaCostReport, UnestimatedSchemaReport } from "../../report/cost.js";
import { isRangeLinter } from "../../engine/range.js";
import { mergeReleaseCosts, type ReleaseCosts } from "./releases.js";

export type { CostReport, ExpressionCostReport, SchemaCostReport, UnestimatedSchemaReport } from "../../report/cost.js";

function percent(cost: bigint, limit: bigint): number {
  return Number((cost * 10000n) / limit) / 100;
}

/** Checks the paths and cost's options (a UsageError names every problem), then estimates. */
export async function estimateCosts(paths: readonly string[], options: LintOptions): Promise<CostReport> {
  checkPaths(paths);
  checkOptions(
    "cost",
    options,
    allRules.map((r) => r.id),
  );
  // No release asked: what the project claims (its configuration, its charts' kubeVersion) is the run's range, as in lint.
  const inputs = runInputs(paths, options);
  const claimed = await claimedRunVersion(paths, options, inputs);
  const facts = new Map<number, SchemaCostEstimate[]>();
  const skipped = new Map<number, SchemaNotEstimated[]>();
  const of = <T>(m: Map<number, T[]>, minor: number): T[] => {
    let list = m.get(minor);
    if (!list) m.set(minor, (list = []));
    return list;
  };
  // The cost report is about the rules the apiserver estimates now: nothing behind its gates. Over several
  // releases, one linter reads and parses each file once and estimates at every release.
  const linter = await makeLinter(
    allRules,
    { ...options, ...(claimed ? { kubernetesVersion: claimed } : {}), apiserverGates: true },
    (r, minor) => {
      if (r.estimated) of(facts, minor).push(r);
      else of(skipped, minor).push(r);
    },
  );
  const lint = await lintFilesWith(linter, paths, options, inputs);
  const limits = { perExpression: STATIC_ESTIMATED_COST_LIMIT, perCRD: STATIC_ESTIMATED_CRD_COST_LIMIT };
  if (!isRangeLinter(linter)) {
    const one = releaseCosts(facts.get(linter.minor) ?? [], skipped.get(linter.minor) ?? []);
    return { kubernetesVersion: lint.kubernetesVersion, limits, ...one, lint };
  }
  const runs = linter.minors.map((minor) => ({
    minor,
    ...releaseCosts(facts.get(minor) ?? [], skipped.get(minor) ?? []),
  }));
  return { kubernetesVersion: lint.kubernetesVersion, limits, ...mergeReleaseCosts(runs), lint };
}

/** The estimates of one release: each expression, each schema's total, and the schemas not estimated. */
function releaseCosts(facts: readonly SchemaCostEstimate[], skipped: readonly SchemaNotEstimated[]): ReleaseCosts {
  const expressions: ExpressionCostReport[] = [];
  const crds: SchemaCostReport[] = [];
  for (const f of facts) {
    const fact = f;
    const versions = fact.scope.versions.map((v) => v.name);
    for (const e of fact.costs.expressions) {
      const limit = STATIC_ESTIMATED_COST_LIMIT;
      const pos = f.locate(e.path.written.toDocumentPath());
      const r: ExpressionCostReport = {
        file: f.file,
        document: f.document,
        object: f.object,
        version: versions[0] ?? "",
        versions,
        field: e.path.written.toString(),
        line: pos.line,
        column: pos.column,
        kind: e.kind,
        expression: e.expression,
        estimatedCost: e.estimatedCost,
        maxCardinality: e.maxCardinality,
        cardinalityUnbounded: e.isCardinalityUnbounded,
        totalCost: e.totalCost,
        exceedsLimit: e.totalCost > limit,
        percentOfLimit: percent(e.totalCost, limit),
      };
      if (e.path.apiserver.toString() !== r.field) r.apiserverField = e.path.apiserver.toString();
      if (e.releaseChange) {
        const c = e.releaseChange;
        r.releaseChange = {
          release: c.release,
          estimatedCostBefore: c.before,
          estimatedCostAfter: c.after,
          text: c.text,
        };
      }
      if (e.totalCost > BigInt(Math.floor(Number(limit) * EXPLAIN_FRACTION))) {
        const x = fact.explain(e);
        if (x) {
          r.drivers = x.drivers.map((d) => d.text);
          if (x.suggestion) r.suggestion = x.suggestion.text;
          else if (x.noFix) r.suggestion = x.noFix;
        }
      }
      expressions.push(r);
    }
    crds.push({
      file: f.file,
      document: f.document,
      object: f.object,
      version: versions[0] ?? "",
      versions,
      totalCost: fact.costs.total,
      limit: STATIC_ESTIMATED_CRD_COST_LIMIT,
      exceedsLimit: fact.costs.total > STATIC_ESTIMATED_CRD_COST_LIMIT,
      percentOfLimit: percent(fact.costs.total, STATIC_ESTIMATED_CRD_COST_LIMIT),
    });
  }
  const unestimated = skipped.map((f): UnestimatedSchemaReport => {
    const fact = f;
    const versions = fact.scope.versions.map((v) => v.name);
    const n = fact.apiserverErrors;
    return {
      file: f.file,
      document: f.document,
      object: f.object,
      version: versions[0] ?? "",
      versions,
      rules: fact.celRules,
      apiserverErrors: n,
      reason: `rules not estimated: the schema has ${n} apiserver error${n === 1 ? "" : "s"}; run crdlint lint`,
    };
  });
  return { expressions, crds, unestimated };
}
