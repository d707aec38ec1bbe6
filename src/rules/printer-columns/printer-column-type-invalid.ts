/** A printer column type outside boolean/date/integer/number/string. */
import { defineRule } from "../define-rule.js";
import { COLUMN_TYPES, columnEntries, columnString, TYPE_MESSAGE } from "./columns.js";

export default defineRule({
  id: "printer-column-type-invalid",
  category: "printer-columns",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "A printer column type must be boolean, date, integer, number or string.",
  phase: "crd",
  messages: {
    typeInvalid: TYPE_MESSAGE,
  },
  docs: {
    why:
      "Printer column types are a fixed subset of OpenAPI types plus `date`; the apiserver rejects anything else " +
      "(`str`, `object`, `array`, `int`).",
    fix: "Use one of boolean, date, integer, number, string (`string` prints any value, including objects and lists).",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "additionalPrinterColumns: [{name: X, type: str, jsonPath: .spec.x}]\n",
    pass: "openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {x: {type: string}}}}}\nadditionalPrinterColumns: [{name: X, type: string, jsonPath: .spec.x}]\n",
  },
  check(ctx) {
    for (const c of columnEntries(ctx.crd)) {
      const t = columnString(c.col, "type");
      if (t && !COLUMN_TYPES.includes(t))
        ctx.report({ path: c.path.child("type"), messageId: "typeInvalid", value: t });
    }
  },
});
