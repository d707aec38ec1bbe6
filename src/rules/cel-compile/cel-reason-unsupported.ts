/** An x-kubernetes-validations reason that is not one of the FieldValue* reasons. */
import { defineRule } from "../define-rule.js";
import { validationEntries } from "../../crd/validation-entries.js";

const SUPPORTED = new Set(["FieldValueDuplicate", "FieldValueForbidden", "FieldValueInvalid", "FieldValueRequired"]);

export default defineRule({
  id: "cel-reason-unsupported",
  category: "cel-compile",
  severity: "error",
  apiserver: true,
  type: "Unsupported value",
  description: "An x-kubernetes-validations reason is not a supported FieldValue* reason.",
  phase: "walk",
  minMinor: 28,
  messages: {
    supportedValuesFieldvalueduplicateFieldvalueforbiddenFieldvalueinvalid:
      'supported values: "FieldValueDuplicate", "FieldValueForbidden", "FieldValueInvalid", "FieldValueRequired"',
  },
  docs: {
    why:
      "`reason` (Kubernetes 1.28+) chooses the error type and HTTP reason returned when the rule fails; only the " +
      "four `FieldValue*` reasons exist.",
    fix:
      "Use `FieldValueInvalid` (the default when omitted), `FieldValueForbidden`, `FieldValueRequired` or " +
      "`FieldValueDuplicate`.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema: {type: object, x-kubernetes-validations: [{rule: 'true', reason: Invalid}]}\n",
    pass: "openAPIV3Schema: {type: object, x-kubernetes-validations: [{rule: 'true', reason: FieldValueInvalid}]}\n",
  },
  visitKeys: ["x-kubernetes-validations"],
  visitNode(node, ctx) {
    for (const e of validationEntries(node, ctx.memo)) {
      if (e.reason === undefined || SUPPORTED.has(e.reason)) continue;
      ctx.report({
        path: e.path.child("reason"),
        messageId: "supportedValuesFieldvalueduplicateFieldvalueforbiddenFieldvalueinvalid",
        value: e.reason,
      });
    }
  },
});
