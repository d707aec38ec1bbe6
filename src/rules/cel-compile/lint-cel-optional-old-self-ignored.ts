/** Lint: optionalOldSelf on a release that drops it (1.29, CRDValidationRatcheting off). */
import { defineRule } from "../define-rule.js";
import { CRD_VALIDATION_RATCHETING } from "../../k8s/releases.js";
import { validationEntries } from "../../crd/validation-entries.js";
import { validationRuleHas } from "../../crd/crd-v1.schema.js";

export default defineRule({
  id: "lint-cel-optional-old-self-ignored",
  category: "cel-compile",
  severity: "warning",
  apiserver: false,
  type: null,
  description: "optionalOldSelf is set, but Kubernetes 1.29 drops it silently (feature gate off by default).",
  preset: "recommended",
  presetWhy: "Lost without a word on 1.29: the apiserver drops optionalOldSelf, so the rule never runs on create.",
  phase: "walk",
  minMinor: CRD_VALIDATION_RATCHETING.alpha,
  maxMinor: CRD_VALIDATION_RATCHETING.onByDefault - 1,
  messages: {
    optionaloldselfIsDroppedByKubernetes:
      "optionalOldSelf is dropped by Kubernetes 1.{{minor}} (CRDValidationRatcheting is off by default): the rule " +
      "stays a transition rule",
  },
  docs: {
    why:
      "`optionalOldSelf` belongs to the CRDValidationRatcheting feature, alpha and off by default in Kubernetes 1.28 " +
      "and 1.29. In 1.29 the apiserver removes the field on create without a word, so the rule stays a plain " +
      "transition rule that never runs on create, and `oldSelf` is not an optional there. In 1.28 the field does not " +
      "exist yet (apiextensions v1 has it from 1.29): strict decoding rejects it (decode-unknown-field).",
    fix:
      "Target Kubernetes 1.30+ (gate on by default), enable the CRDValidationRatcheting gate, or write the rule " +
      "without `optionalOldSelf`.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/registry/customresourcedefinition/strategy.go",
    fail: "openAPIV3Schema: {type: object, properties: {a: {type: string, x-kubernetes-validations: [{rule: '!oldSelf.hasValue() || self == oldSelf.value()', optionalOldSelf: true}]}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {a: {type: string, x-kubernetes-validations: [{rule: 'self == oldSelf'}]}}}\n",
  },
  visitKeys: ["x-kubernetes-validations"],
  visitNode(node, ctx) {
    // Before ValidationRule has the field (1.28) decode-unknown-field reports it: it is not dropped by the gate.
    if (!validationRuleHas("optionalOldSelf", ctx.minor)) return;
    for (const e of validationEntries(node, ctx.memo)) {
      if (e.optionalOldSelf !== true) continue;
      // dropDisabledFields keeps it on an update of a CRD that already used it.
      if (ctx.update?.oldUsesOptionalOldSelf) return;
      ctx.report({
        path: e.path.child("optionalOldSelf"),
        messageId: "optionaloldselfIsDroppedByKubernetes",
        data: { minor: ctx.minor },
      });
    }
  },
});
