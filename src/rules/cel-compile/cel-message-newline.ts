/** An x-kubernetes-validations message containing a line break. */
import { defineRule } from "../define-rule.js";
import { ruleMessageProblem, validationEntries, validationRuleFieldDetail } from "../../crd/validation-entries.js";

export default defineRule({
  id: "cel-message-newline",
  category: "cel-compile",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "An x-kubernetes-validations message contains a line break.",
  phase: "walk",
  minMinor: 25,
  docs: {
    why:
      "Validation messages end up in one-line API error strings, so a message may not contain `\\n` or `\\r` (after " +
      "trimming surrounding whitespace, so a YAML `|` block's final newline is fine). A folded `>` block or a quoted " +
      "string with an embedded newline is rejected.",
    fix: "Put the message on one line (use `>-` or a plain scalar for long messages).",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema: {type: object, x-kubernetes-validations: [{rule: 'true', message: \"first line\\nsecond line\"}]}\n",
    pass: "openAPIV3Schema: {type: object, x-kubernetes-validations: [{rule: 'true', message: first line, second line}]}\n",
  },
  visitKeys: ["x-kubernetes-validations"],
  visitNode(node, ctx) {
    for (const e of validationEntries(node, ctx.memo)) {
      if (ruleMessageProblem(e) !== "message-newline") continue;
      const message = validationRuleFieldDetail("message", "must not contain line breaks", ctx.minor);
      ctx.report({ path: e.path.child("message"), message, value: e.message });
    }
  },
});
