/** An x-kubernetes-validations message made only of whitespace. */
import { defineRule } from "../define-rule.js";
import { ruleMessageProblem, validationEntries, validationRuleFieldDetail } from "../../crd/validation-entries.js";

export default defineRule({
  id: "cel-message-blank",
  category: "cel-compile",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "An x-kubernetes-validations message is whitespace only.",
  phase: "walk",
  minMinor: 25,
  docs: {
    why:
      "`message` is what users see when the rule fails; when set it must say something. A message of only whitespace " +
      "is rejected (an absent or empty message is fine: the apiserver then prints the rule).",
    fix: "Write the message, or remove the `message` key.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema: {type: object, x-kubernetes-validations: [{rule: 'true', message: '  '}]}\n",
    pass: "openAPIV3Schema: {type: object, x-kubernetes-validations: [{rule: 'true', message: must hold}]}\n",
  },
  visitKeys: ["x-kubernetes-validations"],
  visitNode(node, ctx) {
    for (const e of validationEntries(node, ctx.memo)) {
      if (ruleMessageProblem(e) !== "message-blank") continue;
      const message = validationRuleFieldDetail("message", "must be non-empty if specified", ctx.minor);
      ctx.report({ path: e.path.child("message"), message, value: e.message });
    }
  },
});
