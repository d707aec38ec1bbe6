/** A rule whose cost comes from lists, maps or strings without maxItems, maxProperties or maxLength. */
import { defineRule } from "../define-rule.js";
import { CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS } from "../../k8s/releases.js";
import { explainCost, schemaCosts, EXPLAIN_FRACTION } from "./schema-costs.js";
import { STATIC_ESTIMATED_COST_LIMIT } from "../../cel/index.js";

const THRESHOLD = BigInt(Math.floor(Number(STATIC_ESTIMATED_COST_LIMIT) * EXPLAIN_FRACTION));

export default defineRule({
  id: "lint-cel-unbounded-input",
  category: "cel-cost",
  severity: "warning",
  apiserver: false,
  type: null,
  description:
    "A validation rule within the budget uses more than half of it because it reads unbounded lists, maps or strings.",
  preset: "strict",
  presetWhy:
    "Within the budget: the CRD is accepted and the rule runs; the warning is about headroom for later changes.",
  phase: "cel",
  // x-kubernetes-validations exists since 1.23 but is dropped on create until its gate is on by default.
  minMinor: CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS.onByDefault,
  messages: {
    unboundedInput:
      "estimated cost {{cost}} is {{percent}}% of the per-expression limit because of unbounded input: {{paths}}",
  },
  docs: {
    why:
      "Unbounded inputs are the usual cause of cost rejections: a rule that is just under the limit today fails once " +
      "a nested rule, a messageExpression or a new version is added, and its runtime cost per object stays high.",
    fix: "Add the bounds the suggestion names (maxItems, maxProperties, maxLength) at the schema nodes the rule reads.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/cel/compilation.go",
    fail: "openAPIV3Schema:\n  type: object\n  properties:\n    l: {type: array, items: {type: string, maxLength: 16}, x-kubernetes-validations: [{rule: \"self.all(x, x.startsWith('a'))\"}]}\n",
    pass: "openAPIV3Schema:\n  type: object\n  properties:\n    l: {type: array, maxItems: 64, items: {type: string, maxLength: 16}, x-kubernetes-validations: [{rule: \"self.all(x, x.startsWith('a'))\"}]}\n",
  },
  checkSchema(ctx) {
    for (const e of schemaCosts(ctx).expressions) {
      // Over the limit is the apiserver rules' business; this lint warns about the margin below it.
      if (e.totalCost <= THRESHOLD || e.totalCost > STATIC_ESTIMATED_COST_LIMIT) continue;
      const x = explainCost(e, ctx);
      const unbounded = x?.drivers.filter((d) => d.declared === null) ?? [];
      if (unbounded.length === 0) continue;
      const pct = Number((e.totalCost * 10000n) / STATIC_ESTIMATED_COST_LIMIT) / 100;
      ctx.report({
        path: e.path,
        messageId: "unboundedInput",
        data: {
          cost: e.totalCost.toLocaleString("en-US"),
          percent: pct,
          paths: unbounded.map((d) => d.path).join(", "),
        },
        detail: unbounded.map((d) => d.text).join("\n"),
        suggestion: x?.suggestion?.text,
      });
    }
  },
});
