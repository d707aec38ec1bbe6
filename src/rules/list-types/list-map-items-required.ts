/** x-kubernetes-list-type: map without items. */
import { defineRule } from "../define-rule.js";
import { LIST_TYPE, itemsOf } from "./schema-fields.js";

export default defineRule({
  id: "list-map-items-required",
  category: "list-types",
  severity: "error",
  apiserver: true,
  type: "Required value",
  description: "A map list has no items schema.",
  phase: "walk",
  messages: {
    mustHaveASchemaIf: "must have a schema if x-kubernetes-list-type is map",
  },
  docs: {
    why:
      "The keys of a `map` list are properties of its item schema; without `items` there is nothing to key on. The " +
      "apiserver reports it here and, for a `type: array` node, again as `structural-items-missing` at the same path.",
    fix: "Add an `items` schema of `type: object` whose properties include the list-map keys.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema:\n  type: object\n  properties:\n    ports:\n      type: array\n      x-kubernetes-list-type: map\n      x-kubernetes-list-map-keys: [port]\n",
    pass: "openAPIV3Schema:\n  type: object\n  properties:\n    ports:\n      type: array\n      x-kubernetes-list-type: map\n      x-kubernetes-list-map-keys: [port]\n      items: {type: object, required: [port], properties: {port: {type: integer}}}\n",
  },
  visitKeys: ["x-kubernetes-list-type"],
  visitNode(node, ctx) {
    if (node.schema[LIST_TYPE] !== "map" || itemsOf(node.schema).kind !== "absent") return;
    ctx.report({ level: node.path, path: node.path.child("items"), messageId: "mustHaveASchemaIf" });
  },
});
