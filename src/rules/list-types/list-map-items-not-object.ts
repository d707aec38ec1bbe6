/** x-kubernetes-list-type: map whose item schema is not type object. */
import { defineRule } from "../define-rule.js";
import { LIST_TYPE, MALFORMED, itemSchema, schemaType } from "./schema-fields.js";

export default defineRule({
  id: "list-map-items-not-object",
  category: "list-types",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "The items of a map list are not of type object.",
  phase: "walk",
  messages: {
    mustBeObjectIfParent: "must be object if parent array's x-kubernetes-list-type is map",
  },
  docs: {
    why:
      "Entries of a `map` list are identified by key properties, so each entry must be an object. Items of another " +
      'type, or without a type, are rejected (value `""` when the type is missing).',
    fix:
      "Set `type: object` on `items` and declare the key properties, or use `x-kubernetes-list-type: set` for a list " +
      "of unique scalars.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema:\n  type: object\n  properties:\n    names:\n      type: array\n      x-kubernetes-list-type: map\n      x-kubernetes-list-map-keys: [name]\n      items: {type: string}\n",
    pass: "openAPIV3Schema:\n  type: object\n  properties:\n    names:\n      type: array\n      x-kubernetes-list-type: set\n      items: {type: string}\n",
  },
  visitKeys: ["x-kubernetes-list-type"],
  visitNode(node, ctx) {
    if (node.schema[LIST_TYPE] !== "map") return;
    const items = itemSchema(node.schema);
    if (!items) return;
    const type = schemaType(items);
    if (type === MALFORMED || type === "object") return;
    ctx.report({
      level: node.path,
      path: node.path.child("items", "type"),
      messageId: "mustBeObjectIfParent",
      value: type,
    });
  },
});
