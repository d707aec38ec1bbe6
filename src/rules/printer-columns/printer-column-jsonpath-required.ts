/** A printer column without a jsonPath (reported as JSONPath, the internal field name). */
import { defineRule } from "../define-rule.js";
import { columnEntries, columnString } from "./columns.js";

export default defineRule({
  id: "printer-column-jsonpath-required",
  category: "printer-columns",
  severity: "error",
  apiserver: true,
  type: "Required value",
  description: "Every additionalPrinterColumns entry needs a jsonPath.",
  phase: "crd",
  messages: {
    message: "",
  },
  docs: {
    why:
      "The jsonPath selects the value shown in the column; the apiserver rejects a column without one. It reports " +
      "the internal field name, `JSONPath`.",
    fix: "Set `jsonPath` to a path starting with a dot, e.g. `.status.phase`.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: 'additionalPrinterColumns: [{name: X, type: string, jsonPath: ""}]\n',
    pass: "openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {x: {type: string}}}}}\nadditionalPrinterColumns: [{name: X, type: string, jsonPath: .spec.x}]\n",
  },
  check(ctx) {
    for (const c of columnEntries(ctx.crd))
      if (columnString(c.col, "jsonPath") === "")
        ctx.report({ path: c.path.renamed("jsonPath", "JSONPath"), messageId: "message" });
  },
});
