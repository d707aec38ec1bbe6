/** A messageExpression that does not compile. */
import { defineRule } from "../define-rule.js";
import { compileErrorText, cleanCompiledEntries } from "../cel-compiled.js";
import { renderedValidationRule } from "../../crd/validation-entries.js";
import { RELEASE_BEHAVIOURS } from "../../k8s/releases.js";

export default defineRule({
  id: "cel-message-expression-compile-failed",
  category: "cel-compile",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "An x-kubernetes-validations messageExpression does not compile.",
  phase: "cel",
  minMinor: RELEASE_BEHAVIOURS.messageExpression.since,
  messages: {
    compileFailed: "messageExpression compilation failed: {{error}}",
    programFailed: "messageExpression instantiation failed: {{error}}",
  },
  docs: {
    why:
      "The apiserver compiles messageExpression with the same variables as the rule (only when the rule itself " +
      "compiled) and rejects the CRD when it fails, or when its program cannot be built (a constant regular " +
      "expression Go's regexp rejects).",
    fix: "Fix the expression; it sees the same `self` as the rule and must produce a string.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/cel/compilation.go",
    fail: "openAPIV3Schema: {type: object, properties: {a: {type: integer}}, x-kubernetes-validations: [{rule: 'self.a > 0', messageExpression: \"'a is ' + self.b\"}]}\n",
    pass: "openAPIV3Schema: {type: object, properties: {a: {type: integer}}, x-kubernetes-validations: [{rule: 'self.a > 0', messageExpression: \"'a is ' + string(self.a)\"}]}\n",
  },
  visitKeys: ["x-kubernetes-validations"],
  visitNode(node, ctx) {
    for (const c of cleanCompiledEntries(node, ctx)) {
      const m = c.messageExpression;
      if (m?.ok && m.programError !== undefined) {
        // Only a string-valued expression gets as far as its program (cel-message-expression-not-string reports
        // the others), e.g. a constant pattern of find() that Go's regexp rejects.
        const kind = m.outputType?.kind;
        if (kind === undefined || kind === "string")
          ctx.report({
            path: c.entry.path.child("messageExpression"),
            messageId: "programFailed",
            data: { error: m.programError },
            value: renderedValidationRule(c.entry, ctx.minor),
          });
        continue;
      }
      if (!c.messageExpression || c.messageExpression.ok) continue;
      const t = compileErrorText(c.messageExpression);
      ctx.report({
        path: c.entry.path.child("messageExpression"),
        messageId: "compileFailed",
        data: { error: t.error },
        detail: t.detail,
        offset: t.offset,
        value: renderedValidationRule(c.entry, ctx.minor),
      });
    }
  },
});
