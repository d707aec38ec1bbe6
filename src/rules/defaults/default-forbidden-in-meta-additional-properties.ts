/** A default inside an additionalProperties schema that applies to object metadata (e.g. a labels map). */
import { defineRule } from "../define-rule.js";
import { defaultValue, walkState } from "./analyze.js";

export default defineRule({
  id: "default-forbidden-in-meta-additional-properties",
  category: "defaults",
  severity: "error",
  apiserver: true,
  type: "Forbidden",
  description:
    "A default is set inside an additionalProperties schema under the metadata, kind or apiVersion of a resource.",
  phase: "walk",
  minMinor: 16,
  messages: {
    mustNotBeSetInside: "must not be set inside additionalProperties applying to object metadata",
  },
  docs: {
    why:
      "Inside the `metadata`/`kind`/`apiVersion` of a resource (the root or an `x-kubernetes-embedded-resource`), a " +
      "default under `additionalProperties` (a `labels` or `annotations` map) is ambiguous for pruning, so the " +
      "apiserver forbids it: `must not be set inside additionalProperties applying to object metadata`. Below such a " +
      "map this reason replaces the top-level one.",
    fix: "Remove the `default` from the map's value schema.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema:\n  type: object\n  properties:\n    spec:\n      type: object\n      properties:\n        template:\n          type: object\n          x-kubernetes-embedded-resource: true\n          properties:\n            metadata:\n              type: object\n              properties:\n                labels: {type: object, additionalProperties: {type: string, default: x}}\n",
    pass: "openAPIV3Schema:\n  type: object\n  properties:\n    spec:\n      type: object\n      properties:\n        template:\n          type: object\n          x-kubernetes-embedded-resource: true\n          properties:\n            metadata:\n              type: object\n              properties:\n                labels: {type: object, additionalProperties: {type: string}}\n",
  },
  visitKeys: ["default"],
  visitNode(node, ctx) {
    if (defaultValue(node) === undefined) return;
    if (walkState(node, ctx.memo).reason !== "additionalProperties") return;
    ctx.report({ path: node.path.child("default"), messageId: "mustNotBeSetInside" });
  },
});
