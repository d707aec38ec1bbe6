/** A schema node has properties together with additionalProperties false or a schema. */
import { defineRule } from "../define-rule.js";
import { mapSize } from "../../crd/structural.js";
import { isObject } from "../../crd/model.js";

export default defineRule({
  id: "forbidden-additional-properties-with-properties",
  category: "forbidden-field",
  severity: "error",
  apiserver: true,
  type: "Forbidden",
  description: "A schema node has properties together with additionalProperties false or a schema.",
  phase: "walk",
  messages: {
    additionalpropertiesAndPropertiesAreMutual: "additionalProperties and properties are mutual exclusive",
  },
  docs: {
    why:
      "Kubernetes API conventions separate structs (`properties`, unknown fields pruned) from maps " +
      "(`additionalProperties`). A node may not have both; `additionalProperties: false` is redundant next to " +
      "properties (unknown fields are pruned anyway) and rejected too. Only `additionalProperties: true` is " +
      "tolerated next to properties.",
    fix:
      "Remove `additionalProperties` (pruning already drops unknown fields), or turn the node into a map without " +
      "`properties`.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema: {type: object, properties: {m: {type: object, properties: {a: {type: string}}, additionalProperties: false}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {m: {type: object, properties: {a: {type: string}}}}}\n",
  },
  visitKeys: ["additionalProperties"],
  visitNode(node, ctx) {
    const s = node.schema;
    if (!((s.additionalProperties === false || isObject(s.additionalProperties)) && mapSize(s.properties) > 0)) return;
    ctx.report({
      // An error of this node's level (the apiserver appends it here, not in the additionalProperties schema's own
      // validation): the rules under additionalProperties are still compiled.
      level: node.path,
      path: node.path.child("additionalProperties"),
      messageId: "additionalpropertiesAndPropertiesAreMutual",
    });
  },
});
