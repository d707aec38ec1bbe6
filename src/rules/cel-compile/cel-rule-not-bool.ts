/** A validation rule must evaluate to a bool. */
import { defineRule } from "../define-rule.js";
import { CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS } from "../../k8s/releases.js";
import { cleanCompiledEntries } from "../cel-compiled.js";
import { renderedValidationRule } from "../../crd/validation-entries.js";

export default defineRule({
  id: "cel-rule-not-bool",
  category: "cel-compile",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "An x-kubernetes-validations rule compiles but does not evaluate to a bool.",
  phase: "cel",
  // x-kubernetes-validations exists since 1.23 but is dropped on create until its gate is on by default.
  minMinor: CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS.onByDefault,
  messages: {
    celExpressionMustEvaluateTo: "cel expression must evaluate to a bool",
  },
  docs: {
    why:
      "A rule is a predicate: the apiserver rejects a rule whose type is not bool (exactly bool: an expression of " +
      "type dyn, such as an int-or-string field, is rejected too).",
    fix:
      "Make the expression a comparison or a boolean function call, e.g. `size(self.name) > 0` instead of " +
      "`size(self.name)`.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/cel/compilation.go",
    fail: "openAPIV3Schema: {type: object, properties: {a: {type: string}}, x-kubernetes-validations: [{rule: 'size(self.a)'}]}\n",
    pass: "openAPIV3Schema: {type: object, properties: {a: {type: string}}, x-kubernetes-validations: [{rule: 'size(self.a) > 0'}]}\n",
  },
  visitKeys: ["x-kubernetes-validations"],
  visitNode(node, ctx) {
    for (const c of cleanCompiledEntries(node, ctx)) {
      if (!c.rule || !c.rule.ok) continue;
      const k = c.rule.outputType?.kind;
      // The apiserver compares the output type with BoolType exactly: a dyn rule is rejected too.
      if (k === "bool" || k === undefined) continue;
      ctx.report({
        path: c.entry.path.child("rule"),
        messageId: "celExpressionMustEvaluateTo",
        value: renderedValidationRule(c.entry, ctx.minor),
      });
    }
  },
});
