/** A messageExpression must evaluate to a string. */
import { defineRule } from "../define-rule.js";
import { cleanCompiledEntries } from "../cel-compiled.js";
import { renderedValidationRule } from "../../crd/validation-entries.js";
import { RELEASE_BEHAVIOURS } from "../../k8s/releases.js";

export default defineRule({
  id: "cel-message-expression-not-string",
  category: "cel-compile",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "An x-kubernetes-validations messageExpression compiles but does not evaluate to a string.",
  phase: "cel",
  minMinor: RELEASE_BEHAVIOURS.messageExpression.since,
  messages: {
    messageexpressionMustEvaluateToA: "messageExpression must evaluate to a string",
  },
  docs: {
    why:
      "The apiserver uses the messageExpression's value as the error text and rejects a non-string expression at " +
      "create time.",
    fix: "Convert with string(...) or build the text with +, e.g. `'replicas is ' + string(self.replicas)`.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/cel/compilation.go",
    fail: "openAPIV3Schema: {type: object, properties: {a: {type: integer}}, x-kubernetes-validations: [{rule: 'self.a > 0', messageExpression: 'self.a'}]}\n",
    pass: "openAPIV3Schema: {type: object, properties: {a: {type: integer}}, x-kubernetes-validations: [{rule: 'self.a > 0', messageExpression: 'string(self.a)'}]}\n",
  },
  visitKeys: ["x-kubernetes-validations"],
  visitNode(node, ctx) {
    for (const c of cleanCompiledEntries(node, ctx)) {
      if (!c.messageExpression || !c.messageExpression.ok) continue;
      const k = c.messageExpression.outputType?.kind;
      // Compared with StringType exactly, as the rule with BoolType.
      if (k === "string" || k === undefined) continue;
      ctx.report({
        path: c.entry.path.child("messageExpression"),
        messageId: "messageexpressionMustEvaluateToA",
        value: renderedValidationRule(c.entry, ctx.minor),
      });
    }
  },
});
