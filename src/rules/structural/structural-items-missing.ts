/** An array node of the structural part without an items schema. */
import { defineRule } from "../define-rule.js";
import { isObject } from "../../crd/model.js";
import { structuralVisit, deferReport, flushDeferred } from "./common.js";

export default defineRule({
  id: "structural-items-missing",
  category: "structural",
  severity: "error",
  apiserver: true,
  type: "Required value",
  description: "A node of type array has no items schema.",
  messages: {
    mustBeSpecified: "must be specified",
  },
  docs: {
    why:
      "In a structural schema every array declares the schema of its items, otherwise the apiserver cannot prune, " +
      "default or type-check the entries. An empty array form (`items: []`) counts as missing.",
    fix:
      "Add `items` with at least a `type`, e.g. `items: {type: string}`, or `items: " +
      "{x-kubernetes-preserve-unknown-fields: true}` for arbitrary entries.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/validation.go",
    fail: "openAPIV3Schema: {type: object, properties: {list: {type: array}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {list: {type: array, items: {type: string}}}}\n",
  },
  phase: "structural",
  visitKeys: ["type"],
  visitNode: structuralVisit((node, ctx) => {
    if (!node.isStructural || node.schema.type !== "array" || isObject(node.schema.items)) return;
    deferReport(ctx, { path: node.path.child("items"), messageId: "mustBeSpecified" });
  }),
  checkSchema: flushDeferred,
});
