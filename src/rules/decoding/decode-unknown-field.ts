/** A field the v1 CRD type does not have: kubectl's default strict field validation rejects the whole request. */
import { defineRule } from "../define-rule.js";
import { reportIssues } from "./issues.js";
import { SERVER_SIDE_FIELD_VALIDATION } from "../../k8s/releases.js";

export default defineRule({
  id: "decode-unknown-field",
  category: "decoding",
  severity: "error",
  apiserver: true,
  type: "Unknown field",
  description:
    "A field that apiextensions.k8s.io/v1 CustomResourceDefinition does not define (a typo, a wrong level, a field " +
    "newer than the target Kubernetes).",
  phase: "crd",
  // Before 1.25 the apiserver decodes without strict field validation and drops the field (decode-unknown-field-ignored).
  minMinor: SERVER_SIDE_FIELD_VALIDATION.onByDefault,
  docs: {
    why:
      "The apiserver decodes the request body into the Go type before validating anything, and names are matched " +
      "exactly (case-sensitively). Under server-side field validation `Strict` (kubectl's default " +
      "`--validate=strict`; the feature is on by default since Kubernetes 1.25, GA in 1.27) every field the type " +
      'does not have fails the request: `CustomResourceDefinition in version "v1" cannot be handled as a ' +
      "CustomResourceDefinition: strict decoding error: unknown field " +
      '"spec.versions[0].schema.openAPIV3Schema.properties.spec.x-kubernetes-validation"` (the decoder joins map ' +
      "keys with dots; crdlint's field uses the apiserver's bracket notation). With `--validate=warn` it is a " +
      "warning and with `--validate=false` the field is dropped silently — so a misspelled " +
      "`x-kubernetes-validations`, `openAPIV3Schema` or `additionalPrinterColumns` means the rule, schema or column " +
      "you wrote does not exist on the server. Before 1.25 the apiserver drops the field instead " +
      "(decode-unknown-field-ignored), and kubectl's client-side schema validation may reject it with its own " +
      "message. A field that a newer Kubernetes added (`selectableFields` before 1.30, `messageExpression` before " +
      "1.27, `reason`, `fieldPath` and `optionalOldSelf` before 1.28, `x-kubernetes-validations` before 1.23) is " +
      "unknown to the targeted server in the same way. Unknown fields below `items`, `additionalProperties`, " +
      "`additionalItems` and `dependencies` are not reported by the apiserver (see decode-unknown-field-dropped).",
    fix:
      "Fix the spelling or the nesting level (the suggestion names the closest known field), or remove the field; " +
      "for a field newer than your cluster, upgrade or drop it.",
    upstream: "kubernetes/apimachinery:pkg/runtime/serializer/json/json.go (strict decoding via sigs.k8s.io/json)",
    fail: "openAPIV3Schema:\n  type: object\n  properties:\n    spec:\n      type: object\n      x-kubernetes-validation:\n      - rule: self.minReplicas <= self.maxReplicas\n",
    pass: "openAPIV3Schema:\n  type: object\n  properties:\n    spec:\n      type: object\n      x-kubernetes-validations:\n      - rule: self.minReplicas <= self.maxReplicas\n",
  },
  check(ctx) {
    reportIssues(ctx, "unknown-field", false);
  },
});
