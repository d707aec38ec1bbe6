/** An x-kubernetes-validations messageExpression made only of whitespace. */
import { defineRule } from "../define-rule.js";
import { goTrimSpace, validationEntries } from "../../crd/validation-entries.js";
import { RELEASE_BEHAVIOURS } from "../../k8s/releases.js";

export default defineRule({
  id: "cel-message-expression-blank",
  category: "cel-compile",
  severity: "error",
  apiserver: true,
  type: "Required value",
  description: "An x-kubernetes-validations messageExpression is whitespace only.",
  phase: "walk",
  minMinor: RELEASE_BEHAVIOURS.messageExpression.since,
  messages: {
    messageexpressionMustBeNonEmpty: "messageExpression must be non-empty if specified",
  },
  docs: {
    why:
      "`messageExpression` (Kubernetes 1.27+) is a CEL expression that builds the failure message; when set it must " +
      "contain an expression.",
    fix: "Write the CEL string expression, or remove `messageExpression` and use a static `message`.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema: {type: object, x-kubernetes-validations: [{rule: 'true', messageExpression: ' '}]}\n",
    pass: "openAPIV3Schema: {type: object, x-kubernetes-validations: [{rule: 'true', messageExpression: \"'must hold'\"}]}\n",
  },
  visitKeys: ["x-kubernetes-validations"],
  visitNode(node, ctx) {
    for (const e of validationEntries(node, ctx.memo)) {
      if (e.messageExpression.length === 0 || goTrimSpace(e.messageExpression).length > 0) continue;
      ctx.report({ path: e.path.child("messageExpression"), messageId: "messageexpressionMustBeNonEmpty" });
    }
  },
});
