/** A rule whose estimated cost, times the number of times it runs per object, exceeds the per-expression budget. */
import { defineRule } from "../define-rule.js";
import { CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS, releaseHas } from "../../k8s/releases.js";
import { costSuggestion, schemaCosts } from "./schema-costs.js";

export default defineRule({
  id: "cel-cost-rule-exceeds-budget",
  category: "cel-cost",
  severity: "error",
  apiserver: true,
  type: "Forbidden",
  description:
    "A validation rule's estimated cost times its cardinality exceeds the apiserver's per-expression limit " +
    "(10,000,000).",
  phase: "cel",
  // x-kubernetes-validations exists since 1.23 but is dropped on create until its gate is on by default.
  minMinor: CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS.onByDefault,
  docs: {
    why:
      "The apiserver estimates the worst-case cost of every rule from the schema's bounds and rejects the CRD when " +
      "cost × cardinality exceeds 10,000,000: without maxItems, maxLength or maxProperties it assumes inputs as " +
      "large as a 3 MiB request can hold.",
    fix:
      "Add bounds where the rule iterates (maxItems on lists, maxLength on strings, maxProperties on maps), " +
      "including the lists above the rule; the diagnostic's suggestion computes the smallest set that fits.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema:\n  type: object\n  properties:\n    l: {type: array, items: {type: array, items: {type: string}}, x-kubernetes-validations: [{rule: \"self.all(x, x.all(y, y.startsWith('a')))\"}]}\n",
    pass: "openAPIV3Schema:\n  type: object\n  properties:\n    l: {type: array, maxItems: 10, items: {type: array, maxItems: 10, items: {type: string, maxLength: 64}}, x-kubernetes-validations: [{rule: \"self.all(x, x.all(y, y.startsWith('a')))\"}]}\n",
  },
  checkSchema(ctx) {
    // A12: on an update the per-expression limit is suppressed for a version whose schema is unchanged (a hoisted
    // schema counts as its first version's, as the apiserver validates spec.validation with spec.version).
    for (const f of schemaCosts(ctx).findings) {
      if (f.kind !== "rule-exceeds-budget" || !f.expression) continue;
      if (
        releaseHas(ctx.minor, "celCostUnchangedSchemaRatchet") &&
        ctx.update?.versionsWithUnchangedSchemas.has(ctx.scope.versions[0]?.name ?? "")
      )
        return;
      ctx.report({ path: f.expression.path, message: f.detail, ...costSuggestion(f.expression, ctx) });
    }
  },
});
