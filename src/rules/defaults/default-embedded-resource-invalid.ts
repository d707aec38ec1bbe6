/** A default of (or containing) an embedded resource without a valid apiVersion/kind/metadata. */
import { defineRule } from "../define-rule.js";
import { defaultErrorReports } from "./analyze.js";

export default defineRule({
  id: "default-embedded-resource-invalid",
  category: "defaults",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "An embedded-resource default lacks a valid apiVersion, kind or metadata.",
  phase: "defaults",
  minMinor: 16,
  docs: {
    why:
      "An `x-kubernetes-embedded-resource` value is a Kubernetes object: it needs string `apiVersion` " +
      "(group/version) and `kind` (a DNS-1035 label in any case), and its `metadata` must be a valid ObjectMeta " +
      "(names as path segments). The apiserver checks defaults of such nodes (and embedded resources inside any " +
      "default, and a default on the root) like objects: first the types (`must be a string`, metadata that does not " +
      "decode — the first error only), then the values (`Required value` for a missing apiVersion/kind, bad names, " +
      "labels, annotations…).",
    fix: "Give the default a complete `apiVersion` and `kind`, and valid `metadata` (or none).",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/objectmeta/validation.go",
    fail: "openAPIV3Schema:\n  type: object\n  properties:\n    tpl: {type: object, x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true, default: {kind: Pod}}\n",
    pass: "openAPIV3Schema:\n  type: object\n  properties:\n    tpl: {type: object, x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true, default: {apiVersion: v1, kind: Pod}}\n",
  },
  visitKeys: ["default"],
  visitNode(node, ctx) {
    for (const r of defaultErrorReports(node, ctx, "embedded")) ctx.report(r);
  },
});
