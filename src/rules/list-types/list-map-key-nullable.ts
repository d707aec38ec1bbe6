/** A list-map key property marked nullable. */
import { defineRule } from "../define-rule.js";
import { isNullable, mapListOf, property } from "./schema-fields.js";

export default defineRule({
  id: "list-map-key-nullable",
  category: "list-types",
  severity: "error",
  apiserver: true,
  type: "Forbidden",
  description: "A property named in x-kubernetes-list-map-keys is nullable.",
  phase: "walk",
  minMinor: 19,
  messages: {
    thisPropertyIsInX: "this property is in x-kubernetes-list-map-keys, so it cannot be nullable",
  },
  docs: {
    why:
      "A null key value cannot identify an entry of a `map` list, so since Kubernetes 1.19 key properties may not be " +
      "`nullable` (checked once per listed key).",
    fix: "Remove `nullable: true` from the key property.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema:\n  type: object\n  properties:\n    ports:\n      type: array\n      x-kubernetes-list-type: map\n      x-kubernetes-list-map-keys: [port]\n      items: {type: object, required: [port], properties: {port: {type: integer, nullable: true}}}\n",
    pass: "openAPIV3Schema:\n  type: object\n  properties:\n    ports:\n      type: array\n      x-kubernetes-list-type: map\n      x-kubernetes-list-map-keys: [port]\n      items: {type: object, required: [port], properties: {port: {type: integer}}}\n",
  },
  visitKeys: ["x-kubernetes-list-type"],
  visitNode(node, ctx) {
    // requireMapListKeysMapSetValidation: an update skips it when OLD already failed it somewhere (asked only on a finding).
    const relaxed = (): boolean => ctx.update !== undefined && !ctx.update.requireMapListKeysMapSetValidation;
    const list = mapListOf(node.schema);
    if (!list) return;
    // Checked once per entry of the list: a key named twice is reported twice, as the apiserver lists it.
    const seen = new Map<string, number>();
    for (const key of list.keys) {
      const occurrence = (seen.get(key) ?? 0) + 1;
      seen.set(key, occurrence);
      const prop = property(list.items, key);
      if (!prop || !isNullable(prop)) continue;
      if (!relaxed())
        ctx.report({
          level: node.path,
          path: node.path.child("items", "properties").key(key).child("nullable"),
          messageId: "thisPropertyIsInX",
          ...(occurrence > 1 ? { occurrence } : {}),
        });
    }
  },
});
