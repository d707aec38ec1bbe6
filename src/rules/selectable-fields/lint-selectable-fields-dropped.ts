/** Lint: selectableFields on a release that drops it (1.30, CustomResourceFieldSelectors off). */
import { defineRule } from "../define-rule.js";
import { CUSTOM_RESOURCE_FIELD_SELECTORS as GATE } from "../../k8s/releases.js";

export default defineRule({
  id: "lint-selectable-fields-dropped",
  category: "selectable-fields",
  severity: "warning",
  apiserver: false,
  type: null,
  description:
    "selectableFields is set, but Kubernetes 1.30 drops it on create (feature gate off by default): the fields are " +
    "neither checked nor selectable.",
  preset: "recommended",
  presetWhy:
    "Lost without a word on 1.30: the apiserver drops selectableFields, and `--field-selector` on those fields fails.",
  phase: "crd",
  minMinor: GATE.alpha,
  maxMinor: GATE.onByDefault - 1,
  messages: {
    selectablefieldsIsDroppedByKubernetes:
      "selectableFields is dropped by Kubernetes 1.{{minor}} ({{name}} is off by default before 1.{{onByDefault}}): " +
      "its fields are neither checked nor selectable",
  },
  docs: {
    why:
      "`selectableFields` arrived in Kubernetes 1.30 behind the CustomResourceFieldSelectors gate, alpha and off by " +
      "default. With the gate off the apiserver removes `spec.selectableFields` and every " +
      "`spec.versions[*].selectableFields` before validating the CRD: a wrong entry is accepted, and " +
      "`kubectl get --field-selector` on those fields fails (`field label not supported`). crdlint checks the " +
      "entries only from 1.31 on. Before 1.30 the field does not exist and strict field validation rejects it " +
      "(decode-unknown-field).",
    fix:
      "Target Kubernetes 1.31+ (gate on by default), enable the CustomResourceFieldSelectors gate on the cluster, or " +
      "filter on labels instead.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/registry/customresourcedefinition/strategy.go (dropDisabledFields, " +
      "dropSelectableFields)",
    fail: "openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {color: {type: string}}}}}\nselectableFields: [{jsonPath: .spec.color}]\n",
    pass: "openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {color: {type: string}}}}}\n",
  },
  check(ctx) {
    // dropDisabledFields keeps NEW's selectableFields on an update of a CRD that already has some.
    if (ctx.update?.oldHasSelectableFields) return;
    for (const scope of ctx.crd.selectableFields.scopes) {
      if (scope.value === undefined || scope.value === null) continue;
      ctx.report({
        path: scope.path,
        messageId: "selectablefieldsIsDroppedByKubernetes",
        data: { minor: ctx.minor, name: GATE.name, onByDefault: GATE.onByDefault },
      });
    }
  },
});
