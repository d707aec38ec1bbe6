/** additionalProperties at the schema root. */
import { defineRule } from "../define-rule.js";
import { isSet } from "../../crd/structural.js";
import { structuralVisit, deferReport, flushDeferred } from "./common.js";

export default defineRule({
  id: "structural-additional-properties-at-root",
  category: "structural",
  severity: "error",
  apiserver: true,
  type: "Forbidden",
  description: "The root of openAPIV3Schema uses additionalProperties.",
  messages: {
    mustNotBeUsedAt: "must not be used at the root",
  },
  docs: {
    why:
      "The root of a custom resource is an object with fixed fields (apiVersion, kind, metadata, spec, status...), " +
      "never a map. Any `additionalProperties` at the root is rejected, whether a schema, `true` or `false`.",
    fix:
      "Remove `additionalProperties` from the root; declare the top-level fields under `properties`, and put maps " +
      "one level down (e.g. `spec.additionalProperties`).",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/validation.go",
    fail: "openAPIV3Schema: {type: object, additionalProperties: {type: string}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {spec: {type: object, additionalProperties: {type: string}}}}\n",
  },
  phase: "structural",
  visitKeys: ["additionalProperties"],
  visitNode: structuralVisit((node, ctx) => {
    if (node.parent !== null || !isSet(node.schema.additionalProperties)) return;
    deferReport(ctx, { path: node.path.child("additionalProperties"), messageId: "mustNotBeUsedAt" });
  }),
  checkSchema: flushDeferred,
});
