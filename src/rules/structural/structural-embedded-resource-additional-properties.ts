/** An embedded resource that uses additionalProperties. */
import { defineRule } from "../define-rule.js";
import { EMBEDDED_RESOURCE, isSet } from "../../crd/structural.js";
import { structuralVisit, deferReport, flushDeferred } from "./common.js";

export default defineRule({
  id: "structural-embedded-resource-additional-properties",
  category: "structural",
  severity: "error",
  apiserver: true,
  type: "Forbidden",
  description: "A node with x-kubernetes-embedded-resource: true uses additionalProperties.",
  messages: {
    mustNotBeUsedIf: "must not be used if x-kubernetes-embedded-resource is set",
  },
  docs: {
    why:
      "An embedded resource is a Kubernetes object with apiVersion, kind and metadata, not a map: like the CR root " +
      "it may not use `additionalProperties` (schema, `true` or `false`).",
    fix:
      "Remove `additionalProperties`; use `x-kubernetes-preserve-unknown-fields: true` to keep arbitrary fields, or " +
      "list them under `properties`.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/validation.go",
    fail: "openAPIV3Schema: {type: object, properties: {tpl: {type: object, x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true, additionalProperties: {type: string}}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {tpl: {type: object, x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true}}}\n",
  },
  phase: "structural",
  visitKeys: ["x-kubernetes-embedded-resource"],
  visitNode: structuralVisit((node, ctx) => {
    if (!node.isStructural || node.schema[EMBEDDED_RESOURCE] !== true || !isSet(node.schema.additionalProperties))
      return;
    deferReport(ctx, { path: node.path.child("additionalProperties"), messageId: "mustNotBeUsedIf" });
  }),
  checkSchema: flushDeferred,
});
