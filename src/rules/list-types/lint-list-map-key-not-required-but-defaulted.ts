/** Lint (info): a list-map key that is only defaulted, not required. */
import { defineRule } from "../define-rule.js";
import { hasDefault, mapListOf, property } from "./schema-fields.js";

export default defineRule({
  id: "lint-list-map-key-not-required-but-defaulted",
  category: "list-types",
  severity: "info",
  apiserver: false,
  type: null,
  description: "A list-map key is satisfied only through its default, not listed as required.",
  preset: "strict",
  presetWhy:
    "Valid and working: a defaulted list-map key is allowed; the advice concerns clients that merge without " +
    "defaulting.",
  phase: "walk",
  messages: {
    listMapKeyIsNot: 'list-map key "{{key}}" is not required: entries that omit it get the default',
  },
  docs: {
    why:
      "A `map` list key must be required or defaulted. A defaulted key is valid, but clients that omit it rely on " +
      "the apiserver's defaulting: two entries that differ only in the omitted key collide after defaulting, and a " +
      "client-side merge (or a dry run without defaulting) sees entries without a key.",
    fix:
      "Nothing is wrong; if every writer sets the key anyway, list it in `items.required` to make the contract " +
      "explicit.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema:\n  type: object\n  properties:\n    ports:\n      type: array\n      x-kubernetes-list-type: map\n      x-kubernetes-list-map-keys: [port, protocol]\n      items: {type: object, required: [port], properties: {port: {type: integer}, protocol: {type: string, default: TCP}}}\n",
    pass: "openAPIV3Schema:\n  type: object\n  properties:\n    ports:\n      type: array\n      x-kubernetes-list-type: map\n      x-kubernetes-list-map-keys: [port, protocol]\n      items: {type: object, required: [port, protocol], properties: {port: {type: integer}, protocol: {type: string, default: TCP}}}\n",
  },
  visitKeys: ["x-kubernetes-list-type"],
  visitNode(node, ctx) {
    const list = mapListOf(node.schema);
    if (!list) return;
    const required = list.items.required;
    const keys = list.keys.length > 1 ? new Set(list.keys) : list.keys;
    for (const key of keys) {
      const prop = property(list.items, key);
      if (!prop || !hasDefault(prop) || (Array.isArray(required) && required.includes(key))) continue;
      ctx.report({
        path: node.path.child("items", "properties").key(key).child("default"),
        messageId: "listMapKeyIsNot",
        data: { key },
      });
    }
  },
});
