/** The sum of the estimated costs of all expressions of one schema exceeds the per-schema budget. */
import { defineRule } from "../define-rule.js";
import { CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS } from "../../k8s/releases.js";
import { schemaCosts } from "./schema-costs.js";

export default defineRule({
  id: "cel-cost-schema-total-exceeds-budget",
  category: "cel-cost",
  severity: "error",
  apiserver: true,
  type: "Forbidden",
  description: "The total estimated cost of all x-kubernetes-validations of one schema exceeds 100,000,000.",
  phase: "cel",
  // x-kubernetes-validations exists since 1.23 but is dropped on create until its gate is on by default.
  minMinor: CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS.onByDefault,
  docs: {
    why:
      "Besides the per-rule limit, the apiserver caps the sum over one schema (one version, or the schema shared by " +
      "all versions) at 100,000,000, so that many cheap-looking rules cannot add up to an expensive object.",
    fix:
      "Bound the inputs of the most expensive rules (see the cel-cost-total-contributor diagnostics and their " +
      "suggestions), or merge rules that iterate over the same list.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema:\n  type: object\n  properties:\n    a: {type: array, maxItems: 1400, items: {type: array, maxItems: 1400, items: {type: string, maxLength: 6}}, x-kubernetes-validations: [{rule: \"self.all(x, x.all(y, y == 'a'))\"}]}\n    b: {type: array, maxItems: 1400, items: {type: array, maxItems: 1400, items: {type: string, maxLength: 6}}, x-kubernetes-validations: [{rule: \"self.all(x, x.all(y, y == 'b'))\"}]}\n    c: {type: array, maxItems: 1400, items: {type: array, maxItems: 1400, items: {type: string, maxLength: 6}}, x-kubernetes-validations: [{rule: \"self.all(x, x.all(y, y == 'c'))\"}]}\n    d: {type: array, maxItems: 1400, items: {type: array, maxItems: 1400, items: {type: string, maxLength: 6}}, x-kubernetes-validations: [{rule: \"self.all(x, x.all(y, y == 'd'))\"}]}\n    e: {type: array, maxItems: 1400, items: {type: array, maxItems: 1400, items: {type: string, maxLength: 6}}, x-kubernetes-validations: [{rule: \"self.all(x, x.all(y, y == 'e'))\"}]}\n    f: {type: array, maxItems: 1400, items: {type: array, maxItems: 1400, items: {type: string, maxLength: 6}}, x-kubernetes-validations: [{rule: \"self.all(x, x.all(y, y == 'f'))\"}]}\n    g: {type: array, maxItems: 1400, items: {type: array, maxItems: 1400, items: {type: string, maxLength: 6}}, x-kubernetes-validations: [{rule: \"self.all(x, x.all(y, y == 'g'))\"}]}\n    h: {type: array, maxItems: 1400, items: {type: array, maxItems: 1400, items: {type: string, maxLength: 6}}, x-kubernetes-validations: [{rule: \"self.all(x, x.all(y, y == 'h'))\"}]}\n    i: {type: array, maxItems: 1400, items: {type: array, maxItems: 1400, items: {type: string, maxLength: 6}}, x-kubernetes-validations: [{rule: \"self.all(x, x.all(y, y == 'i'))\"}]}\n    j: {type: array, maxItems: 1400, items: {type: array, maxItems: 1400, items: {type: string, maxLength: 6}}, x-kubernetes-validations: [{rule: \"self.all(x, x.all(y, y == 'j'))\"}]}\n    k: {type: array, maxItems: 1400, items: {type: array, maxItems: 1400, items: {type: string, maxLength: 6}}, x-kubernetes-validations: [{rule: \"self.all(x, x.all(y, y == 'k'))\"}]}\n    l: {type: array, maxItems: 1400, items: {type: array, maxItems: 1400, items: {type: string, maxLength: 6}}, x-kubernetes-validations: [{rule: \"self.all(x, x.all(y, y == 'l'))\"}]}\n",
    pass: "openAPIV3Schema:\n  type: object\n  properties:\n    a: {type: array, maxItems: 100, items: {type: array, maxItems: 100, items: {type: string, maxLength: 6}}, x-kubernetes-validations: [{rule: \"self.all(x, x.all(y, y == 'a'))\"}]}\n",
  },
  checkSchema(ctx) {
    const costs = schemaCosts(ctx);
    for (const f of costs.findings) {
      if (f.kind !== "schema-total-exceeds-budget") continue;
      const top = costs.findings
        .filter((x) => x.kind === "total-contributor" && x.expression)
        .map((x) => x.expression!.path.written.toString());
      ctx.report({
        path: ctx.scope.path,
        message: f.detail,
        suggestion: top.length ? `bound the inputs of the most expensive rules: ${top.join(", ")}` : undefined,
      });
    }
  },
});
