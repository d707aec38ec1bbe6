/** optionalOldSelf on a rule that never mentions oldSelf. */
import { defineRule } from "../define-rule.js";
import { cleanCompiledEntries } from "../cel-compiled.js";
import { releaseHas } from "../../k8s/releases.js";
import { validationRuleFieldSince } from "../../crd/crd-v1.schema.js";

export default defineRule({
  id: "cel-optional-old-self-unused",
  category: "cel-compile",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "optionalOldSelf is set (true or false) on a rule that does not use oldSelf, or that does not compile.",
  phase: "cel",
  // From the release whose ValidationRule has the field; while CRDValidationRatcheting is off (1.29) it is dropped
  // before validation, unless an update's OLD sets it (dropDisabledFields keeps NEW's then).
  minMinor: validationRuleFieldSince("optionalOldSelf"),
  messages: {
    mayNotBeSetIf: "may not be set if oldSelf is not used in rule",
  },
  docs: {
    why:
      "optionalOldSelf only changes how oldSelf is bound (as an optional, so the rule also runs on create); the " +
      "apiserver rejects it on a rule without oldSelf.",
    fix:
      "Remove optionalOldSelf, or write the transition rule with oldSelf (e.g. " +
      "`oldSelf.hasValue() ? self >= oldSelf.value() : true`).",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema: {type: object, properties: {a: {type: integer}}, x-kubernetes-validations: [{rule: 'self.a > 0', optionalOldSelf: true}]}\n",
    pass: "openAPIV3Schema: {type: object, properties: {a: {type: integer}}, x-kubernetes-validations: [{rule: '!oldSelf.hasValue() || self.a >= oldSelf.value().a', optionalOldSelf: true}]}\n",
  },
  visitKeys: ["x-kubernetes-validations"],
  visitNode(node, ctx) {
    if (!releaseHas(ctx.minor, "ratcheting") && !ctx.update?.oldUsesOptionalOldSelf) return;
    for (const c of cleanCompiledEntries(node, ctx)) {
      // Any value counts (false too), and a rule that does not compile has no oldSelf use to show: the apiserver
      // reads UsesOldSelf from the compile result, so a broken rule that mentions oldSelf gets this error as well.
      // A rule that is not a bool stops there too (compilation.go returns before it records UsesOldSelf).
      const bool = c.rule?.outputType?.kind === "bool" || c.rule?.outputType?.kind === undefined;
      if (!c.rule || c.entry.optionalOldSelf === undefined || (c.rule.ok && bool && c.rule.usesOldSelf)) continue;
      ctx.report({
        path: c.entry.path.child("optionalOldSelf"),
        messageId: "mayNotBeSetIf",
        value: c.entry.optionalOldSelf,
      });
    }
  },
});
