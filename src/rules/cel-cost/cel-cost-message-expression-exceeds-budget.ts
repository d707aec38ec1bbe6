/** A messageExpression whose estimated cost exceeds the per-expression budget. */
import { defineRule } from "../define-rule.js";
import { costSuggestion, schemaCosts } from "./schema-costs.js";
import { RELEASE_BEHAVIOURS, releaseHas } from "../../k8s/releases.js";

export default defineRule({
  id: "cel-cost-message-expression-exceeds-budget",
  category: "cel-cost",
  severity: "error",
  apiserver: true,
  type: "Forbidden",
  description: "A messageExpression's estimated cost exceeds the apiserver's per-expression limit (10,000,000).",
  phase: "cel",
  minMinor: RELEASE_BEHAVIOURS.messageExpression.since,
  docs: {
    why:
      "messageExpression is estimated like a rule (but not multiplied by the cardinality); an expensive message is " +
      "rejected like an expensive rule.",
    fix: "Keep messages simple (no iteration over unbounded lists), or bound the inputs it reads.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema:\n  type: object\n  properties:\n    l: {type: array, items: {type: array, items: {type: string}}}\n  x-kubernetes-validations: [{rule: 'true', messageExpression: \"self.l.map(x, x.map(y, y + y).join(',')).join(';')\"}]\n",
    pass: "openAPIV3Schema:\n  type: object\n  properties:\n    l: {type: array, items: {type: array, items: {type: string}}}\n  x-kubernetes-validations: [{rule: 'true', messageExpression: \"size(self.l) > 3 ? 'l is long' : 'l is short'\"}]\n",
  },
  checkSchema(ctx) {
    // A12: on an update the per-expression limit is suppressed for a version whose schema is unchanged (a hoisted
    // schema counts as its first version's, as the apiserver validates spec.validation with spec.version).
    for (const f of schemaCosts(ctx).findings) {
      if (f.kind !== "message-expression-exceeds-budget" || !f.expression) continue;
      if (
        releaseHas(ctx.minor, "celCostUnchangedSchemaRatchet") &&
        ctx.update?.versionsWithUnchangedSchemas.has(ctx.scope.versions[0]?.name ?? "")
      )
        return;
      ctx.report({ path: f.expression.path, message: f.detail, ...costSuggestion(f.expression, ctx) });
    }
  },
});
