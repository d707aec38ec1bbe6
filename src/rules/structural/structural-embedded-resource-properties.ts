/** An embedded resource that neither lists properties nor preserves unknown fields. */
import { defineRule } from "../define-rule.js";
import { EMBEDDED_RESOURCE, mapSize, PRESERVE_UNKNOWN_FIELDS } from "../../crd/structural.js";
import { structuralVisit, deferReport, flushDeferred } from "./common.js";

export default defineRule({
  id: "structural-embedded-resource-properties",
  category: "structural",
  severity: "error",
  apiserver: true,
  type: "Required value",
  description: "An embedded resource has no properties and no x-kubernetes-preserve-unknown-fields: true.",
  messages: {
    mustNotBeEmptyIf:
      "must not be empty if x-kubernetes-embedded-resource is true without x-kubernetes-preserve-unknown-fields",
  },
  docs: {
    why:
      "An embedded resource without properties would have everything but apiVersion, kind and metadata pruned. The " +
      "apiserver requires either the fields to keep (`properties`) or `x-kubernetes-preserve-unknown-fields: true`.",
    fix:
      "Add `x-kubernetes-preserve-unknown-fields: true` to keep the embedded object as is, or describe its fields " +
      "under `properties`.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/validation.go",
    fail: "openAPIV3Schema: {type: object, properties: {tpl: {type: object, x-kubernetes-embedded-resource: true}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {tpl: {type: object, x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true}}}\n",
  },
  phase: "structural",
  visitKeys: ["x-kubernetes-embedded-resource"],
  visitNode: structuralVisit((node, ctx) => {
    const s = node.schema;
    if (
      !node.isStructural ||
      s[EMBEDDED_RESOURCE] !== true ||
      s[PRESERVE_UNKNOWN_FIELDS] === true ||
      mapSize(s.properties) > 0
    )
      return;
    deferReport(ctx, {
      path: node.path.child("properties"),
      messageId: "mustNotBeEmptyIf",
    });
  }),
  checkSchema: flushDeferred,
});
