/** An x-kubernetes-validations fieldPath made only of whitespace. */
import { defineRule } from "../define-rule.js";
import { goTrimSpace, validationEntries, validationRuleFieldDetail } from "../../crd/validation-entries.js";

export default defineRule({
  id: "cel-field-path-blank",
  category: "cel-compile",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "An x-kubernetes-validations fieldPath is whitespace only.",
  phase: "walk",
  minMinor: 28,
  docs: {
    why:
      "`fieldPath` (Kubernetes 1.28+) names the field a failing rule is reported on, relative to the node carrying " +
      "the rule. When set it must be a path; whitespace is rejected here and, being no valid path, by " +
      "`cel-field-path-invalid` too.",
    fix: "Write the path (e.g. `.spec.replicas` or `['dotted.key']`), or remove `fieldPath`.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema: {type: object, x-kubernetes-validations: [{rule: 'true', fieldPath: ' '}]}\n",
    pass: "openAPIV3Schema: {type: object, x-kubernetes-validations: [{rule: 'true'}]}\n",
  },
  visitKeys: ["x-kubernetes-validations"],
  visitNode(node, ctx) {
    for (const e of validationEntries(node, ctx.memo)) {
      if (e.fieldPath.length === 0 || goTrimSpace(e.fieldPath).length > 0) continue;
      const message = validationRuleFieldDetail("fieldPath", "must be non-empty if specified", ctx.minor);
      ctx.report({ path: e.path.child("fieldPath"), message, value: e.fieldPath });
    }
  },
});
