/** An x-kubernetes-validations fieldPath containing a line break. */
import { defineRule } from "../define-rule.js";
import { hasNewlines, validationEntries, validationRuleFieldDetail } from "../../crd/validation-entries.js";

export default defineRule({
  id: "cel-field-path-newline",
  category: "cel-compile",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "An x-kubernetes-validations fieldPath contains a line break.",
  phase: "walk",
  minMinor: 28,
  docs: {
    why:
      "`fieldPath` is printed inside one-line API errors; a `\\n` or `\\r` anywhere in it (not trimmed first, so a " +
      "YAML `|` block's final newline counts) is rejected.",
    fix: "Write the path on one line, as a plain or quoted scalar.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema:\n  type: object\n  x-kubernetes-validations:\n  - rule: 'true'\n    fieldPath: |\n      .spec\n",
    pass: "openAPIV3Schema:\n  type: object\n  x-kubernetes-validations:\n  - rule: 'true'\n    fieldPath: .spec\n  properties:\n    spec: {type: object}\n",
  },
  visitKeys: ["x-kubernetes-validations"],
  visitNode(node, ctx) {
    for (const e of validationEntries(node, ctx.memo)) {
      if (!hasNewlines(e.fieldPath)) continue;
      const message = validationRuleFieldDetail("fieldPath", "must not contain line breaks", ctx.minor);
      ctx.report({ path: e.path.child("fieldPath"), message, value: e.fieldPath });
    }
  },
});
