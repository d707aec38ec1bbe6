/** The most expensive expressions of a schema whose total exceeds the per-schema budget. */
import { defineRule } from "../define-rule.js";
import { CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS } from "../../k8s/releases.js";
import { costSuggestion, schemaCosts } from "./schema-costs.js";

export default defineRule({
  id: "cel-cost-total-contributor",
  category: "cel-cost",
  severity: "error",
  apiserver: true,
  type: "Forbidden",
  description:
    "One of the (up to four) most expensive expressions of a schema whose total estimated cost exceeds 100,000,000.",
  phase: "cel",
  // x-kubernetes-validations exists since 1.23 but is dropped on create until its gate is on by default.
  minMinor: CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS.onByDefault,
  docs: {
    why:
      "When the sum of all rule costs of one schema exceeds 100,000,000 the apiserver names the four most expensive " +
      "rules (each at least 1,000,000) as well as the total.",
    fix: "Bound the inputs of the named rules; each diagnostic carries the bounds that shrink it.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/cel_validation.go",
    fail: "openAPIV3Schema:\n  type: object\n  properties:\n    a: {type: array, maxItems: 1400, items: {type: array, maxItems: 1400, items: {type: string, maxLength: 6}}, x-kubernetes-validations: [{rule: \"self.all(x, x.all(y, y == 'a'))\"}]}\n    b: {type: array, maxItems: 1400, items: {type: array, maxItems: 1400, items: {type: string, maxLength: 6}}, x-kubernetes-validations: [{rule: \"self.all(x, x.all(y, y == 'b'))\"}]}\n    c: {type: array, maxItems: 1400, items: {type: array, maxItems: 1400, items: {type: string, maxLength: 6}}, x-kubernetes-validations: [{rule: \"self.all(x, x.all(y, y == 'c'))\"}]}\n    d: {type: array, maxItems: 1400, items: {type: array, maxItems: 1400, items: {type: string, maxLength: 6}}, x-kubernetes-validations: [{rule: \"self.all(x, x.all(y, y == 'd'))\"}]}\n    e: {type: array, maxItems: 1400, items: {type: array, maxItems: 1400, items: {type: string, maxLength: 6}}, x-kubernetes-validations: [{rule: \"self.all(x, x.all(y, y == 'e'))\"}]}\n    f: {type: array, maxItems: 1400, items: {type: array, maxItems: 1400, items: {type: string, maxLength: 6}}, x-kubernetes-validations: [{rule: \"self.all(x, x.all(y, y == 'f'))\"}]}\n    g: {type: array, maxItems: 1400, items: {type: array, maxItems: 1400, items: {type: string, maxLength: 6}}, x-kubernetes-validations: [{rule: \"self.all(x, x.all(y, y == 'g'))\"}]}\n    h: {type: array, maxItems: 1400, items: {type: array, maxItems: 1400, items: {type: string, maxLength: 6}}, x-kubernetes-validations: [{rule: \"self.all(x, x.all(y, y == 'h'))\"}]}\n    i: {type: array, maxItems: 1400, items: {type: array, maxItems: 1400, items: {type: string, maxLength: 6}}, x-kubernetes-validations: [{rule: \"self.all(x, x.all(y, y == 'i'))\"}]}\n    j: {type: array, maxItems: 1400, items: {type: array, maxItems: 1400, items: {type: string, maxLength: 6}}, x-kubernetes-validations: [{rule: \"self.all(x, x.all(y, y == 'j'))\"}]}\n    k: {type: array, maxItems: 1400, items: {type: array, maxItems: 1400, items: {type: string, maxLength: 6}}, x-kubernetes-validations: [{rule: \"self.all(x, x.all(y, y == 'k'))\"}]}\n    l: {type: array, maxItems: 1400, items: {type: array, maxItems: 1400, items: {type: string, maxLength: 6}}, x-kubernetes-validations: [{rule: \"self.all(x, x.all(y, y == 'l'))\"}]}\n",
    pass: "openAPIV3Schema:\n  type: object\n  properties:\n    a: {type: array, maxItems: 100, items: {type: array, maxItems: 100, items: {type: string, maxLength: 6}}, x-kubernetes-validations: [{rule: \"self.all(x, x.all(y, y == 'a'))\"}]}\n",
  },
  checkSchema(ctx) {
    const findings = schemaCosts(ctx).findings;
    for (const f of findings) {
      if (f.kind !== "total-contributor" || !f.expression) continue;
      // An expression over its own budget is explained (drivers and fix) by that diagnostic: say it once.
      const explained = findings.some(
        (o) => o !== f && o.expression === f.expression && o.kind.endsWith("-exceeds-budget"),
      );
      ctx.report({
        path: f.expression.path,
        message: f.detail,
        ...(explained
          ? { detail: "its cost and the bounds that fix it are in the per-expression error on the same line" }
          : costSuggestion(f.expression, ctx)),
      });
    }
  },
});
