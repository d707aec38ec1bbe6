/** spec.preserveUnknownFields: true is not allowed in apiextensions.k8s.io/v1. */
import { defineRule } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";
import { releaseHas } from "../../k8s/releases.js";

export default defineRule({
  id: "preserve-unknown-fields-true",
  category: "versions",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "spec.preserveUnknownFields is true.",
  phase: "crd",
  messages: {
    cannotSetToTrueSet: "cannot set to true, set {{ext}} to true in spec.versions[*].schema instead",
  },
  docs: {
    why:
      "v1 CRDs always prune unknown fields; disabling pruning for the whole CRD was a v1beta1 feature and cannot be " +
      "set on create. Keeping unknown fields is now declared per schema node.",
    fix:
      "Remove spec.preserveUnknownFields (or set it to false) and add `x-kubernetes-preserve-unknown-fields: true` " +
      "to the schema nodes whose unknown fields must be kept.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go " +
      "(validatePreserveUnknownFields)",
    fail: "spec: {preserveUnknownFields: true}\n",
    pass: "spec: {preserveUnknownFields: false}\n",
  },
  check(ctx) {
    if (ctx.crd.spec.preserveUnknownFields !== true) return;
    // validatePreserveUnknownFields: an update keeps true when OLD had it (legacy data).
    if (ctx.update?.old.spec.preserveUnknownFields === true) return;
    const ext = releaseHas(ctx.minor, "preserveUnknownFieldsMessageNamesExtension")
      ? "x-kubernetes-preserve-unknown-fields"
      : "x-preserve-unknown-fields";
    ctx.report({
      path: DualPath.root("spec", "preserveUnknownFields"),
      messageId: "cannotSetToTrueSet",
      data: { ext },
      value: true,
    });
  },
});
