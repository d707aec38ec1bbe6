/** An unknown field before Kubernetes 1.25: the apiserver decodes without strict field validation and drops it. */
import { defineRule } from "../define-rule.js";
import { reportIssues } from "./issues.js";
import { SERVER_SIDE_FIELD_VALIDATION } from "../../k8s/releases.js";

export default defineRule({
  id: "decode-unknown-field-ignored",
  category: "decoding",
  severity: "warning",
  apiserver: false,
  type: null,
  description:
    "A field that apiextensions.k8s.io/v1 CustomResourceDefinition does not define, on a Kubernetes release before " +
    "1.25: the apiserver drops it without an error (kubectl's client-side validation may reject it).",
  preset: "recommended",
  presetWhy:
    "A field lost without a word before Kubernetes 1.25: the rule, column or constraint written there does not exist " +
    "on the server.",
  phase: "crd",
  // The same finding is an apiserver error (decode-unknown-field) once strict field validation is on by default.
  maxMinor: SERVER_SIDE_FIELD_VALIDATION.onByDefault - 1,
  messages: {
    droppedSilently:
      "{{decoderText}}: Kubernetes 1.{{minor}} drops it without an error (strict field validation is off by default " +
      "before 1.{{onByDefault}}); kubectl's client-side validation may reject it",
  },
  docs: {
    why:
      "Before Kubernetes 1.25 the create handler decodes the request body without strict field validation: before " +
      "1.23 it cannot do otherwise, and in 1.23–1.24 the ServerSideFieldValidation gate that adds it is alpha and " +
      "off by default, so the `fieldValidation=Strict` that kubectl sends is ignored. An unknown field (a typo, a " +
      "wrong level, or a field that a later Kubernetes added, such as `x-kubernetes-validations` before 1.23 or " +
      "`deprecated` before 1.19) is dropped: the apiserver accepts the CRD, and the rule, column or constraint you " +
      "wrote does not exist on the server. kubectl checks the object itself when the server has no server-side field " +
      "validation (client-side schema validation, `--validate=true`/`strict`), and then may refuse to send it with " +
      '`error validating data: ValidationError(...): unknown field "..."`; `--validate=false`, Helm, GitOps tools ' +
      "and other clients send it, and the field is lost silently. From 1.25 on the same field is an apiserver error " +
      "(decode-unknown-field).",
    fix:
      "Fix the spelling or the nesting level (the suggestion names the closest known field), or remove the field; " +
      "for a field newer than your cluster, upgrade or drop it.",
    upstream:
      "kubernetes/apiserver:pkg/features/kube_features.go (ServerSideFieldValidation), " +
      "kubernetes/apiserver:pkg/endpoints/handlers/create.go (strict decoding only with the gate)",
    fail: "openAPIV3Schema:\n  type: object\n  properties:\n    spec:\n      type: object\n      x-kubernetes-validation:\n      - rule: self.minReplicas <= self.maxReplicas\n",
    pass: "openAPIV3Schema:\n  type: object\n  properties:\n    spec:\n      type: object\n      x-kubernetes-validations:\n      - rule: self.minReplicas <= self.maxReplicas\n",
  },
  check(ctx) {
    reportIssues(ctx, "unknown-field", false, {
      messageId: "droppedSilently",
      data: { minor: ctx.minor, onByDefault: SERVER_SIDE_FIELD_VALIDATION.onByDefault },
    });
  },
});
