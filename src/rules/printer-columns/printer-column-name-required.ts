/** A printer column without a name. */
import { defineRule } from "../define-rule.js";
import { columnEntries, columnString } from "./columns.js";

export default defineRule({
  id: "printer-column-name-required",
  category: "printer-columns",
  severity: "error",
  apiserver: true,
  type: "Required value",
  description: "Every additionalPrinterColumns entry needs a name.",
  phase: "crd",
  messages: {
    message: "",
  },
  docs: {
    why: "The column name is the header `kubectl get` prints; the apiserver rejects a column without one.",
    fix: "Give the column a short header, e.g. `name: Ready`.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: 'additionalPrinterColumns: [{name: "", type: string, jsonPath: .spec.x}]\n',
    pass: "openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {x: {type: string}}}}}\nadditionalPrinterColumns: [{name: X, type: string, jsonPath: .spec.x}]\n",
  },
  check(ctx) {
    for (const c of columnEntries(ctx.crd))
      if (columnString(c.col, "name") === "") ctx.report({ path: c.path.child("name"), messageId: "message" });
  },
});
