/** A list-map key property of type array or object. */
import { defineRule } from "../define-rule.js";
import { mapListOf, property } from "./schema-fields.js";

export default defineRule({
  id: "list-map-key-not-scalar",
  category: "list-types",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "A property named in x-kubernetes-list-map-keys is an array or an object.",
  phase: "walk",
  messages: {
    mustBeAScalarType: "must be a scalar type if parent array's x-kubernetes-list-type is map",
  },
  docs: {
    why:
      "Server-side apply identifies the entries of a `map` list by the scalar values of their key properties; a key " +
      'of type array or object cannot serve. The apiserver prints the items\' type (`"object"`) as the value, not ' +
      "the key's.",
    fix: "Key the list on scalar properties (string, integer, number, boolean), or make the list `atomic`.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema:\n  type: object\n  properties:\n    rules:\n      type: array\n      x-kubernetes-list-type: map\n      x-kubernetes-list-map-keys: [selector]\n      items: {type: object, required: [selector], properties: {selector: {type: object}}}\n",
    pass: "openAPIV3Schema:\n  type: object\n  properties:\n    rules:\n      type: array\n      x-kubernetes-list-type: map\n      x-kubernetes-list-map-keys: [name]\n      items: {type: object, required: [name], properties: {name: {type: string}, selector: {type: object}}}\n",
  },
  visitKeys: ["x-kubernetes-list-type"],
  visitNode(node, ctx) {
    const list = mapListOf(node.schema);
    if (!list || list.items.type !== "object") return;
    // Once per listed entry, duplicates included, like the apiserver's loop.
    for (const key of list.keys) {
      const type = property(list.items, key)?.type;
      if (type !== "array" && type !== "object") continue;
      ctx.report({
        level: node.path,
        path: node.path.child("items", "properties").key(key).child("type"),
        messageId: "mustBeAScalarType",
        value: "object",
      });
    }
  },
});
