/** A validation rule that does not parse or type-check against the schema it sits on. */
import { defineRule } from "../define-rule.js";
import { CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS } from "../../k8s/releases.js";
import { compileErrorText, cleanCompiledEntries } from "../cel-compiled.js";
import { renderedValidationRule } from "../../crd/validation-entries.js";

export default defineRule({
  id: "cel-compile-failed",
  category: "cel-compile",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description:
    "An x-kubernetes-validations rule does not compile: syntax error, unknown field, no matching overload, or a " +
    "function the target release lacks.",
  phase: "cel",
  // x-kubernetes-validations exists since 1.23 but is dropped on create until its gate is on by default.
  minMinor: CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS.onByDefault,
  messages: {
    compileFailed: "compilation failed: {{error}}",
    programFailed: "program instantiation failed: {{error}}",
  },
  docs: {
    why:
      "The apiserver compiles every rule against the schema of the node that carries it, with the CEL environment of " +
      "the target release, and rejects the CRD when one fails: `self` has exactly the fields the schema declares, " +
      "and library functions (quantity, ip/cidr, semver, format, ...) arrive release by release.",
    fix:
      "Fix the expression: check field names against the schema (`self.spec.replicas`, not `self.replicas`), types " +
      "(compare int with int), escaped property names (`self.x__dash__y` for `x-y`), and that the functions exist in " +
      "the oldest release you support.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/cel/compilation.go",
    fail: "openAPIV3Schema: {type: object, properties: {a: {type: integer}}, x-kubernetes-validations: [{rule: 'self.b > 0'}]}\n",
    pass: "openAPIV3Schema: {type: object, properties: {a: {type: integer}}, x-kubernetes-validations: [{rule: 'self.a > 0'}]}\n",
  },
  visitKeys: ["x-kubernetes-validations"],
  visitNode(node, ctx) {
    // A node whose schema (or an ancestor's within the rules' scope) has no CEL type is cel-type-info-failed's.
    for (const c of cleanCompiledEntries(node, ctx)) {
      if (c.rule?.ok && c.rule.programError !== undefined) {
        // Only a rule that is a bool gets as far as its program (cel-rule-not-bool reports the others).
        const kind = c.rule.outputType?.kind;
        if (kind === undefined || kind === "bool")
          ctx.report({
            path: c.entry.path.child("rule"),
            messageId: "programFailed",
            data: { error: c.rule.programError },
            value: renderedValidationRule(c.entry, ctx.minor),
          });
        continue;
      }
      if (!c.rule || c.rule.ok) continue;
      const t = compileErrorText(c.rule);
      ctx.report({
        path: c.entry.path.child("rule"),
        messageId: "compileFailed",
        data: { error: t.error },
        detail: t.detail,
        offset: t.offset,
        value: renderedValidationRule(c.entry, ctx.minor),
      });
    }
  },
});
