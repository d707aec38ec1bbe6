/** A printer column format outside the allowed list. */
import { defineRule } from "../define-rule.js";
import { COLUMN_FORMATS, columnEntries, columnString, FORMAT_MESSAGE } from "./columns.js";

export default defineRule({
  id: "printer-column-format-invalid",
  category: "printer-columns",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "A printer column format must be one of byte, date, date-time, double, float, int32, int64, password.",
  phase: "crd",
  messages: {
    formatInvalid: FORMAT_MESSAGE,
  },
  docs: {
    why:
      "The apiserver accepts only a fixed list of formats for printer columns, whatever the column type; an empty " +
      "format is fine.",
    fix: "Remove `format`, or use one of byte, date, date-time, double, float, int32, int64, password.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "additionalPrinterColumns: [{name: X, type: string, format: email, jsonPath: .spec.x}]\n",
    pass: "openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {x: {type: string}}}}}\nadditionalPrinterColumns: [{name: X, type: string, jsonPath: .spec.x}]\n",
  },
  check(ctx) {
    for (const c of columnEntries(ctx.crd)) {
      const f = columnString(c.col, "format");
      if (f && !COLUMN_FORMATS.includes(f))
        ctx.report({ path: c.path.child("format"), messageId: "formatInvalid", value: f });
    }
  },
});
