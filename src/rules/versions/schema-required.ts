/** Every version needs schema.openAPIV3Schema in apiextensions.k8s.io/v1. */
import { defineRule } from "../define-rule.js";
import { releaseHas } from "../../k8s/releases.js";

export default defineRule({
  id: "schema-required",
  category: "versions",
  severity: "error",
  apiserver: true,
  type: "Required value",
  description: "A version lacks schema.openAPIV3Schema.",
  phase: "crd",
  minMinor: 16,
  docs: {
    why:
      "apiextensions.k8s.io/v1 requires a structural schema for every version (it drives pruning, defaulting and " +
      "validation). `schema: {}` counts as missing; the error is reported per version, never at the hoisted " +
      "spec.validation.",
    fix:
      "Add `schema: {openAPIV3Schema: {type: object, ...}}` to the version; `x-kubernetes-preserve-unknown-fields: " +
      "true` at a node keeps unknown fields if you cannot describe them yet.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go " +
      "(validateCustomResourceDefinitionSpec, requireOpenAPISchema)",
    fail: "versions:\n- {name: v1, served: true, storage: true}\n",
    pass: "openAPIV3Schema: {type: object}\n",
  },
  check(ctx) {
    const message = releaseHas(ctx.minor, "requiredWithoutDetail") ? "" : "schemas are required";
    // requireOpenAPISchema is false when OLD lacked a schema in some version: then only served versions need one,
    // unless spec.preserveUnknownFields keeps every field.
    if (ctx.update && !ctx.update.requireOpenAPISchema) {
      if (ctx.crd.spec.preserveUnknownFields === true) return;
      for (const v of ctx.crd.versionsWithoutSchema)
        if (v.raw.served === true)
          ctx.report({
            path: v.path.child("schema", "openAPIV3Schema"),
            message: "because otherwise all fields are pruned",
          });
      return;
    }
    for (const v of ctx.crd.versionsWithoutSchema) {
      ctx.report({
        path: v.path.child("schema", "openAPIV3Schema"),
        message,
        suggestion:
          "add schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}} at least",
      });
    }
  },
});
