/** Lint: an x-kubernetes-validations entry with both message and messageExpression. */
import { defineRule } from "../define-rule.js";
import { goTrimSpace, validationEntries } from "../../crd/validation-entries.js";
import { RELEASE_BEHAVIOURS } from "../../k8s/releases.js";

export default defineRule({
  id: "lint-cel-message-and-message-expression",
  category: "cel-compile",
  severity: "warning",
  apiserver: false,
  type: null,
  description: "A validation rule sets both message and messageExpression; the message is only a fallback.",
  preset: "strict",
  presetWhy: "Readability: users see the messageExpression's result and the rule works.",
  phase: "walk",
  minMinor: RELEASE_BEHAVIOURS.messageExpression.since,
  messages: {
    bothMessageAndMessageexpressionAre:
      "both message and messageExpression are set: users see messageExpression; message is only used when it fails",
  },
  docs: {
    why:
      "When both are set, users see the result of `messageExpression`; the static `message` shows only when the " +
      "expression fails at runtime or yields an empty string. Readers of the schema often take `message` for what " +
      "users will see, and the two drift apart.",
    fix:
      "Keep one of them; if you keep both on purpose (a fallback), make `message` say the same thing as the " +
      "expression.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/cel/validation.go",
    fail: "openAPIV3Schema: {type: object, x-kubernetes-validations: [{rule: 'true', message: must hold, messageExpression: \"'must hold'\"}]}\n",
    pass: "openAPIV3Schema: {type: object, x-kubernetes-validations: [{rule: 'true', messageExpression: \"'must hold'\"}]}\n",
  },
  visitKeys: ["x-kubernetes-validations"],
  visitNode(node, ctx) {
    for (const e of validationEntries(node, ctx.memo)) {
      if (e.message.length === 0 || e.messageExpression.length === 0) continue;
      if (goTrimSpace(e.message).length === 0 || goTrimSpace(e.messageExpression).length === 0) continue;
      ctx.report({
        path: e.path.child("message"),
        messageId: "bothMessageAndMessageexpressionAre",
      });
    }
  },
});
