/** x-kubernetes-list-type: map with items given as an array of schemas. */
import { internalItemsValue } from "../../crd/internal-version.js";
import { defineRule } from "../define-rule.js";
import { LIST_TYPE, itemsOf } from "./schema-fields.js";

export default defineRule({
  id: "list-map-items-single-schema",
  category: "list-types",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "A map list has items given as an array of schemas.",
  phase: "walk",
  messages: {
    mustOnlyHaveASingle: "must only have a single schema if x-kubernetes-list-type is map",
  },
  docs: {
    why:
      "A `map` list needs one item schema to find its key properties in. The array form of `items` (tuple " +
      "validation) is not supported in CRDs at all (`forbidden-items-array`, when non-empty) and is rejected here too.",
    fix: "Give `items` as a single schema object.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema:\n  type: object\n  properties:\n    ports:\n      type: array\n      x-kubernetes-list-type: map\n      x-kubernetes-list-map-keys: [port]\n      items: [{type: object, required: [port], properties: {port: {type: integer}}}]\n",
    pass: "openAPIV3Schema:\n  type: object\n  properties:\n    ports:\n      type: array\n      x-kubernetes-list-type: map\n      x-kubernetes-list-map-keys: [port]\n      items: {type: object, required: [port], properties: {port: {type: integer}}}\n",
  },
  visitKeys: ["x-kubernetes-list-type"],
  visitNode(node, ctx) {
    if (node.schema[LIST_TYPE] !== "map") return;
    const items = itemsOf(node.schema);
    if (items.kind !== "array") return;
    ctx.report({
      level: node.path,
      path: node.path.child("items"),
      messageId: "mustOnlyHaveASingle",
      // The apiserver prints the internal *JSONSchemaPropsOrArray it holds (Go field names, every field).
      value: internalItemsValue(items.value),
    });
  },
});
