/**
 * The static cost of every CEL rule of one version schema, keyed by field and rule text, for the revision rules
 * that re-cost a schema after a change (a new or edited rule, a loosened bound: B40–B42). The same estimate the
 * cel-cost rules judge (estimator of the target release, cardinality from the bounds above the rule).
 */
// Upstream: kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go (cost check, findVersionsWithUnchangedSchemas)
import { isPlainObject } from "../../k8s/go.js";
import type { JsonObject } from "../../crd/model.js";
import { MemoKey } from "../../crd/memo.js";
import { EMBEDDED_RESOURCE, VALIDATIONS } from "../../crd/structural.js";
import {
  costFactorText,
  expressionCost,
  ruleCardinality,
  STATIC_ESTIMATED_COST_LIMIT,
  STATIC_ESTIMATED_CRD_COST_LIMIT,
} from "../../cel/index.js";
import { estimateWithReleaseChange } from "../../cel/index.js";
import type { RevisionContext } from "../define-rule.js";

export interface RuleCost {
  /** The data path of the rule's node, as the schema diff names fields (`spec.items[*]`, "" for the root). */
  field: string;
  rule: string;
  /** The compile error's first line, when the rule does not compile against this schema. */
  error?: string;
  /** Estimated cost times cardinality (what the per-rule limit is compared with); undefined when it does not compile. */
  cost?: bigint;
}

export interface SchemaRuleCosts {
  rules: RuleCost[];
  total: bigint;
}

const COSTS = new MemoKey<SchemaRuleCosts>("revision:rule-costs");

export const PER_RULE_LIMIT = STATIC_ESTIMATED_COST_LIMIT;
export const PER_SCHEMA_LIMIT = STATIC_ESTIMATED_CRD_COST_LIMIT;

/** Every rule of a schema compiled and costed once (memoized per schema object in NEW's memo). */
export function schemaRuleCosts(ctx: RevisionContext, root: JsonObject): SchemaRuleCosts {
  const known = ctx.memo.getFor(COSTS, root);
  if (known) return known;
  const out: SchemaRuleCosts = { rules: [], total: 0n };
  const compiler = ctx.services.cel;
  const visit = (node: JsonObject, field: string, chain: JsonObject[]): void => {
    if (chain.length > 256) return;
    const list = node[VALIDATIONS];
    if (compiler && Array.isArray(list))
      for (const e of list) {
        if (!isPlainObject(e) || typeof e.rule !== "string" || e.rule.trim() === "") continue;
        const isResourceRoot = chain.length === 1 || node[EMBEDDED_RESOURCE] === true;
        let r;
        try {
          r = compiler.compileRule({
            schema: node,
            isResourceRoot,
            expression: e.rule,
            kind: "rule",
            optionalOldSelf: e.optionalOldSelf === true,
          });
        } catch {
          continue;
        }
        if (!r.ok || !r.ast || !r.rootDecl) {
          out.rules.push({ field, rule: e.rule, error: r.errors[0]?.message ?? "does not compile" });
          continue;
        }
        let cost: bigint;
        try {
          cost = expressionCost(
            estimateWithReleaseChange(r.ast, r.rootDecl, ctx.minor, ctx.services.cel?.estimates).estimatedCost,
            ruleCardinality(chain),
            r.rootDecl.minSize,
          );
        } catch {
          continue;
        }
        out.rules.push({ field, rule: e.rule, cost });
        out.total += cost;
      }
    if (isPlainObject(node.properties))
      for (const [k, v] of Object.entries(node.properties))
        if (isPlainObject(v)) visit(v, field === "" ? k : `${field}.${k}`, [...chain, v]);
    if (isPlainObject(node.items)) visit(node.items, `${field}[*]`, [...chain, node.items]);
    if (isPlainObject(node.additionalProperties))
      visit(node.additionalProperties, `${field}[*]`, [...chain, node.additionalProperties]);
  };
  visit(root, "", [root]);
  ctx.memo.setFor(COSTS, root, out);
  return out;
}

/** A field is at, above or below another (a bound there can change a rule's cost there). */
export function related(a: string, b: string): boolean {
  const below = (x: string, y: string) => y === "" || x === y || x.startsWith(y + ".") || x.startsWith(y + "[");
  return below(a, b) || below(b, a);
}

/** `12,000,000 (120% of the per-rule limit)`. */
export function costText(cost: bigint, limit: bigint): string {
  const name = `the ${limit === PER_RULE_LIMIT ? "per-rule" : "per-schema"} limit of ${limit.toLocaleString("en-US")}`;
  if (cost > limit) return `${cost.toLocaleString("en-US")} (${costFactorText(cost, limit)} ${name})`;
  const pct = Number((cost * 1000n) / (limit === 0n ? 1n : limit)) / 10;
  return `${cost.toLocaleString("en-US")} (${pct}% of ${name})`;
}
