/** A printer column jsonPath that does not start with '.'. */
import { defineRule } from "../define-rule.js";
import { columnEntries, columnString } from "./columns.js";

export default defineRule({
  id: "printer-column-jsonpath-invalid",
  category: "printer-columns",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "A printer column jsonPath must be a simple JSON path starting with '.'.",
  phase: "crd",
  messages: {
    mustBeASimpleJson: "must be a simple json path starting with .",
  },
  docs: {
    why:
      "The apiserver wraps the column's jsonPath in `{...}` and evaluates it against each object, so it must start " +
      "with a dot; it rejects anything else (including the `{.spec.x}` and `$.spec.x` forms) and reports the " +
      "internal field name, `JSONPath`.",
    fix: "Write the path with a leading dot and no braces: `.spec.x`.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "additionalPrinterColumns: [{name: X, type: string, jsonPath: spec.x}]\n",
    pass: "openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {x: {type: string}}}}}\nadditionalPrinterColumns: [{name: X, type: string, jsonPath: .spec.x}]\n",
  },
  check(ctx) {
    for (const c of columnEntries(ctx.crd)) {
      const p = columnString(c.col, "jsonPath");
      if (p && p[0] !== ".")
        ctx.report({ path: c.path.renamed("jsonPath", "JSONPath"), messageId: "mustBeASimpleJson", value: p });
    }
  },
});
