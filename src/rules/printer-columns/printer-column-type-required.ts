/** A printer column without a type. */
import { defineRule } from "../define-rule.js";
import { columnEntries, columnString, TYPE_MESSAGE } from "./columns.js";

export default defineRule({
  id: "printer-column-type-required",
  category: "printer-columns",
  severity: "error",
  apiserver: true,
  type: "Required value",
  description: "Every additionalPrinterColumns entry needs a type.",
  phase: "crd",
  messages: {
    typeRequired: TYPE_MESSAGE,
  },
  docs: {
    why:
      "The column type tells clients how to render and sort the cell (a `date` becomes an age such as `5m`); the " +
      "apiserver rejects a column without one.",
    fix: "Set `type` to one of boolean, date, integer, number, string.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "additionalPrinterColumns: [{name: X, jsonPath: .spec.x}]\n",
    pass: "openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {x: {type: string}}}}}\nadditionalPrinterColumns: [{name: X, type: string, jsonPath: .spec.x}]\n",
  },
  check(ctx) {
    for (const c of columnEntries(ctx.crd))
      if (columnString(c.col, "type") === "") ctx.report({ path: c.path.child("type"), messageId: "typeRequired" });
  },
});
