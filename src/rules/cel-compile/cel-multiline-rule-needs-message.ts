/** A multi-line x-kubernetes-validations rule without a message. */
import { defineRule } from "../define-rule.js";
import { ruleMessageProblem, validationEntries } from "../../crd/validation-entries.js";

export default defineRule({
  id: "cel-multiline-rule-needs-message",
  category: "cel-compile",
  severity: "error",
  apiserver: true,
  type: "Required value",
  description: "A rule spanning several lines has no message.",
  phase: "walk",
  minMinor: 25,
  messages: {
    messageMustBeSpecifiedIf: "message must be specified if rule contains line breaks",
  },
  docs: {
    why:
      "Without a `message` the apiserver's error quotes the rule itself, which must then fit on one line. A rule " +
      "with line breaks (after trimming) therefore needs an explicit `message`.",
    fix: "Add a one-line `message` (or a `messageExpression` plus a `message` fallback), or write the rule on one line.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema:\n  type: object\n  x-kubernetes-validations:\n  - rule: |\n      has(self.spec) &&\n      has(self.status)\n",
    pass: "openAPIV3Schema:\n  type: object\n  x-kubernetes-validations:\n  - rule: |\n      has(self.spec) &&\n      has(self.status)\n    message: spec and status are both required\n",
  },
  visitKeys: ["x-kubernetes-validations"],
  visitNode(node, ctx) {
    for (const e of validationEntries(node, ctx.memo)) {
      if (ruleMessageProblem(e) === "multiline-rule-needs-message")
        ctx.report({ path: e.path.child("message"), messageId: "messageMustBeSpecifiedIf" });
    }
  },
});
