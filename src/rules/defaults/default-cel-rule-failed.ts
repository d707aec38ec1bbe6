/** A default that fails an x-kubernetes-validations rule of its node or of a node inside it. */
import { defineRule } from "../define-rule.js";
import { CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS } from "../../k8s/releases.js";
import { celDefaultFindings } from "./cel-defaults.js";

export default defineRule({
  id: "default-cel-rule-failed",
  category: "defaults",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description:
    "A default violates an x-kubernetes-validations rule (evaluated on the default when the CRD is written).",
  phase: "defaults",
  minMinor: CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS.onByDefault,
  docs: {
    why:
      "When a CRD is created or updated the apiserver evaluates the CEL rules of each defaulted node (and of the " +
      "nodes inside it) on the default, with `self` (and `oldSelf`) bound to the default, and rejects the CRD if a " +
      "rule is false or fails to evaluate: otherwise every object that omits the field would be rejected. The error " +
      "sits at `<node>.default` (plus the rule's `fieldPath`, or the path inside the default for rules of inner " +
      "nodes); its type follows the rule's `reason` and its detail is the evaluated `messageExpression`, else " +
      "`message`, else `failed rule: <rule>`. From 1.30 (CRDValidationRatcheting) the default is also evaluated as " +
      "on create, so `optionalOldSelf` rules see `oldSelf` absent. The default must first pass its schema: CEL is " +
      "not run on a default with schema errors.",
    fix: "Change the default so that the rule holds, or correct the rule.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/defaulting/validation.go",
    fail: 'openAPIV3Schema:\n  type: object\n  properties:\n    n: {type: integer, default: 5, x-kubernetes-validations: [{rule: "self < 3"}]}\n',
    pass: 'openAPIV3Schema:\n  type: object\n  properties:\n    n: {type: integer, default: 2, x-kubernetes-validations: [{rule: "self < 3"}]}\n',
  },
  checkSchema(ctx) {
    for (const f of celDefaultFindings(ctx)) {
      if (f.budget) continue;
      const r: Parameters<typeof ctx.report>[0] = { path: f.path, type: f.type, message: f.message };
      if (f.value !== undefined) r.value = f.value;
      if (f.detail !== undefined) r.detail = f.detail;
      ctx.report(r);
    }
  },
});
