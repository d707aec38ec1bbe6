/** Evaluating the CEL rules on the defaults of a schema runs out of the runtime cost budget or the per-call limit. */
import { defineRule } from "../define-rule.js";
import { CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS } from "../../k8s/releases.js";
import { celDefaultFindings } from "./cel-defaults.js";

export default defineRule({
  id: "default-cel-budget-exceeded",
  category: "defaults",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description:
    "Evaluating x-kubernetes-validations rules on the defaults exhausts the CEL runtime cost budget or a rule's " +
    "per-call limit.",
  phase: "defaults",
  minMinor: CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS.onByDefault,
  docs: {
    why:
      "The CEL rules evaluated on defaults when the CRD is written are metered like rules on custom resources: each " +
      "evaluation is cancelled past the per-call limit (1,000,000 cost units: `'operation cancelled: actual cost " +
      "limit exceeded': no further validation rules will be run due to call cost exceeds limit for rule: <rule>`), " +
      "and all defaults of one schema share the runtime budget of 10,000,000 (`validation failed due to running out " +
      "of cost budget, no further validation rules will be run`). Either stops the validation of defaults and " +
      "rejects the CRD. The runtime cost is cel-go's actual cost (the same units as the estimate), so a rule that " +
      "walks a large default list several times over can pass the static estimate and still exceed the limit on its " +
      "default.",
    fix:
      "Make the default smaller, or the rule cheaper (avoid nested comprehensions over the same list; use " +
      "`x-kubernetes-list-type: set` / `map` instead of pairwise uniqueness checks).",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/defaulting/validation.go",
    fail: `openAPIV3Schema:\n  type: object\n  properties:\n    weights:\n      type: array\n      maxItems: 50\n      items: {type: integer}\n      default: [${Array.from({ length: 50 }, (_, i) => i + 1).join(", ")}]\n      x-kubernetes-validations:\n        - rule: "self.all(a, self.all(b, self.all(c, a + b + c > 0)))"\n`,
    pass: 'openAPIV3Schema:\n  type: object\n  properties:\n    weights:\n      type: array\n      maxItems: 50\n      items: {type: integer}\n      default: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\n      x-kubernetes-validations:\n        - rule: "self.all(a, self.all(b, self.all(c, a + b + c > 0)))"\n',
  },
  checkSchema(ctx) {
    for (const f of celDefaultFindings(ctx)) {
      if (!f.budget) continue;
      const r: Parameters<typeof ctx.report>[0] = { path: f.path, type: f.type, message: f.message };
      if (f.value !== undefined) r.value = f.value;
      if (f.detail !== undefined) r.detail = f.detail;
      ctx.report(r);
    }
  },
});
