/** A list-map key that is not a property of the item schema. */
import { defineRule } from "../define-rule.js";
import { LIST_MAP_KEYS, mapListOf, property } from "./schema-fields.js";

export default defineRule({
  id: "list-map-key-not-property",
  category: "list-types",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "An entry of x-kubernetes-list-map-keys is not a property of the items.",
  phase: "walk",
  messages: {
    entriesMustAllBeNames: "entries must all be names of item properties",
  },
  docs: {
    why:
      "Each list-map key names a property of the item schema whose value identifies the entry. A name that is not " +
      "declared under `items.properties` (often a typo or a Go field name instead of its JSON name) is rejected, " +
      "once per such entry.",
    fix: "Use the JSON property names declared under `items.properties`.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema:\n  type: object\n  properties:\n    ports:\n      type: array\n      x-kubernetes-list-type: map\n      x-kubernetes-list-map-keys: [containerPort]\n      items: {type: object, required: [port], properties: {port: {type: integer}}}\n",
    pass: "openAPIV3Schema:\n  type: object\n  properties:\n    ports:\n      type: array\n      x-kubernetes-list-type: map\n      x-kubernetes-list-map-keys: [port]\n      items: {type: object, required: [port], properties: {port: {type: integer}}}\n",
  },
  visitKeys: ["x-kubernetes-list-type"],
  visitNode(node, ctx) {
    const list = mapListOf(node.schema);
    if (!list || list.items.type !== "object") return;
    for (const key of list.keys) {
      if (property(list.items, key)) continue;
      ctx.report({ path: node.path.child(LIST_MAP_KEYS), messageId: "entriesMustAllBeNames", value: list.keys });
    }
  },
});
