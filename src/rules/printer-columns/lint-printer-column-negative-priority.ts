/** A printer column with a negative priority. */
import { defineRule } from "../define-rule.js";
import { columnEntries } from "./columns.js";

export default defineRule({
  id: "lint-printer-column-negative-priority",
  category: "printer-columns",
  severity: "warning",
  apiserver: false,
  type: null,
  description: "A printer column priority is negative.",
  preset: "strict",
  presetWhy: "Undefined but harmless: the apiserver accepts it and `kubectl get` still prints the table.",
  phase: "crd",
  messages: {
    priorityIsNegativeUse0: "priority {{p}} is negative; use 0 (shown by default) or 1 (shown with -o wide)",
  },
  docs: {
    why:
      "`priority` decides which columns `kubectl get` shows by default (0) and which only with `-o wide` (greater " +
      "than 0). The apiserver does not validate it; a negative value has no defined meaning.",
    fix: "Use 0 for columns shown by default and 1 for `-o wide` columns.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/v1/types.go (CustomResourceColumnDefinition.priority)",
    fail: "openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {x: {type: string}}}}}\nadditionalPrinterColumns: [{name: X, type: string, jsonPath: .spec.x, priority: -1}]\n",
    pass: "openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {x: {type: string}}}}}\nadditionalPrinterColumns: [{name: X, type: string, jsonPath: .spec.x, priority: 1}]\n",
  },
  check(ctx) {
    for (const c of columnEntries(ctx.crd)) {
      const p = c.col.priority;
      if (typeof p === "number" && p < 0)
        ctx.report({ path: c.path.child("priority"), messageId: "priorityIsNegativeUse0", data: { p } });
    }
  },
});
