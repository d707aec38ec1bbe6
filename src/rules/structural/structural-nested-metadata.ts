/** properties[metadata] inside a value validation. */
import { defineRule } from "../define-rule.js";
import { isObject } from "../../crd/model.js";
import { structuralVisit, deferReport, flushDeferred, observeNode } from "./common.js";

export default defineRule({
  id: "structural-nested-metadata",
  category: "structural",
  severity: "error",
  apiserver: true,
  type: "Forbidden",
  description: "A value validation (allOf/anyOf/oneOf/not) constrains a property named metadata.",
  messages: {
    mustNotBeSpecifiedIn: "must not be specified in a nested context",
  },
  docs: {
    why:
      "Reasoning about `metadata` inside `allOf`, `anyOf`, `oneOf` or `not` could restrict object metadata in ways " +
      "the apiserver does not allow, so a property named `metadata` is rejected anywhere inside a value validation, " +
      "at any depth.",
    fix:
      "Remove `metadata` from the junctor. Object metadata can only be restricted at the root, and only " +
      "`metadata.name` / `metadata.generateName`; use a CEL rule on the root for anything else.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/validation.go",
    fail: "openAPIV3Schema: {type: object, properties: {metadata: {type: object}}, anyOf: [{properties: {metadata: {required: [name]}}}]}\n",
    pass: "openAPIV3Schema: {type: object, properties: {metadata: {type: object}}}\n",
  },
  phase: "structural",
  visitKeys: ["properties"],
  visitNode: structuralVisit((node, ctx) => {
    if (!node.inJunctor || node.inUnsupported) return;
    const props = node.schema.properties;
    if (!isObject(props) || !Object.hasOwn(props, "metadata")) return;
    if (!observeNode(node, ctx).valueValidation(node).validated) return;
    deferReport(ctx, { path: node.path.child("properties").key("metadata"), messageId: "mustNotBeSpecifiedIn" });
  }),
  checkSchema: flushDeferred,
});
