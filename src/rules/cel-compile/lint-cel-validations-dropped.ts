/** Lint: x-kubernetes-validations on a release that drops it (1.23–1.24, CustomResourceValidationExpressions off). */
import { defineRule } from "../define-rule.js";
import { VALIDATIONS } from "../../crd/structural.js";
import { CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS as GATE } from "../../k8s/releases.js";

export default defineRule({
  id: "lint-cel-validations-dropped",
  category: "cel-compile",
  severity: "warning",
  apiserver: false,
  type: null,
  description:
    "x-kubernetes-validations is set, but Kubernetes 1.23–1.24 drop it on create (feature gate off by default): the " +
    "CEL rules are neither checked nor enforced.",
  preset: "recommended",
  presetWhy:
    "Lost without a word on 1.23 and 1.24: the apiserver drops the CEL rules, so they are neither checked nor " +
    "enforced.",
  phase: "walk",
  minMinor: GATE.alpha,
  maxMinor: GATE.onByDefault - 1,
  messages: {
    xKubernetesValidationsIsDropped:
      "x-kubernetes-validations is dropped by Kubernetes 1.{{minor}} ({{name}} is off by default before " +
      "1.{{onByDefault}}): {{rules}} neither checked nor enforced",
  },
  docs: {
    why:
      "`x-kubernetes-validations` arrived in Kubernetes 1.23 behind the CustomResourceValidationExpressions gate, " +
      "alpha and off by default in 1.23 and 1.24. With the gate off the apiserver removes the field from the schema " +
      "before validating the CRD (dropDisabledFields walks properties, additionalProperties, items and " +
      "dependencies): the rules are not compiled, so a broken rule is accepted, and they are not enforced on custom " +
      "resources. crdlint therefore runs the CEL compile and cost checks only from 1.25 on. Rules inside " +
      "allOf/anyOf/oneOf/not are not dropped and stay an error (structural-nested-validations). Before 1.23 the " +
      "field does not exist at all and is dropped as an unknown field (decode-unknown-field-ignored).",
    fix:
      "Target Kubernetes 1.25+ (gate on by default), enable the CustomResourceValidationExpressions gate on the " +
      "cluster, or enforce the constraint another way (OpenAPI bounds, an admission webhook).",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/registry/customresourcedefinition/strategy.go (dropDisabledFields, " +
      "v0.23–v0.24)",
    fail: "openAPIV3Schema: {type: object, properties: {a: {type: string, x-kubernetes-validations: [{rule: \"self != ''\"}]}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {a: {type: string, minLength: 1}}}\n",
  },
  visitKeys: ["x-kubernetes-validations"],
  visitNode(node, ctx) {
    // Only the schema's structural part is dropped; junctor branches keep the field (and fail structural-nested-validations).
    if (!node.isStructural) return;
    const list = node.schema[VALIDATIONS];
    if (!Array.isArray(list) || list.length === 0) return;
    const rules = list.length === 1 ? "its rule is" : `its ${list.length} rules are`;
    ctx.report({
      path: node.path.child(VALIDATIONS),
      messageId: "xKubernetesValidationsIsDropped",
      data: { minor: ctx.minor, name: GATE.name, onByDefault: GATE.onByDefault, rules },
    });
  },
});
