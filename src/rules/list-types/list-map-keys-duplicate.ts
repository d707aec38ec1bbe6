/** x-kubernetes-list-map-keys names the same property twice. */
import { defineRule } from "../define-rule.js";
import { LIST_MAP_KEYS, mapListOf } from "./schema-fields.js";

export default defineRule({
  id: "list-map-keys-duplicate",
  category: "list-types",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "x-kubernetes-list-map-keys contains the same name twice.",
  phase: "walk",
  messages: {
    mustNotContainDuplicateEntries: "must not contain duplicate entries",
  },
  docs: {
    why:
      "List-map keys form a compound key; repeating a name is a mistake the apiserver rejects, once per repeated " +
      "occurrence (checked when the items are of type object).",
    fix: "List each key property once.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema:\n  type: object\n  properties:\n    ports:\n      type: array\n      x-kubernetes-list-type: map\n      x-kubernetes-list-map-keys: [port, port]\n      items: {type: object, required: [port], properties: {port: {type: integer}}}\n",
    pass: "openAPIV3Schema:\n  type: object\n  properties:\n    ports:\n      type: array\n      x-kubernetes-list-type: map\n      x-kubernetes-list-map-keys: [port]\n      items: {type: object, required: [port], properties: {port: {type: integer}}}\n",
  },
  visitKeys: ["x-kubernetes-list-type"],
  visitNode(node, ctx) {
    const list = mapListOf(node.schema);
    if (!list || list.items.type !== "object" || list.keys.length < 2) return;
    const seen = new Set<string>();
    for (const key of list.keys) {
      if (seen.has(key))
        ctx.report({
          path: node.path.child(LIST_MAP_KEYS),
          messageId: "mustNotContainDuplicateEntries",
          value: list.keys,
        });
      seen.add(key);
    }
  },
});
