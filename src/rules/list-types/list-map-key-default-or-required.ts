/** A list-map key property that is neither required nor defaulted. */
import { defineRule } from "../define-rule.js";
import { hasDefault, mapListOf, property } from "./schema-fields.js";

export default defineRule({
  id: "list-map-key-default-or-required",
  category: "list-types",
  severity: "error",
  apiserver: true,
  type: "Required value",
  description: "A property named in x-kubernetes-list-map-keys is neither required nor has a default.",
  phase: "walk",
  minMinor: 19,
  messages: {
    thisPropertyIsInX:
      "this property is in x-kubernetes-list-map-keys, so it must have a default or be a required property",
  },
  docs: {
    why:
      "Every entry of a `map` list must carry all its key values, or server-side apply cannot identify it. Since " +
      "Kubernetes 1.19 each key property must be listed in the items' `required` or have a `default`. This is the " +
      "classic failure of CRDs embedding core types such as `ports` keyed on `containerPort` and `protocol`. The " +
      "check runs once per listed key, so a key listed twice is reported twice.",
    fix:
      "Add the key to `items.required`, or give the key property a `default` (e.g. " +
      "`protocol: {type: string, default: TCP}`).",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema:\n  type: object\n  properties:\n    ports:\n      type: array\n      x-kubernetes-list-type: map\n      x-kubernetes-list-map-keys: [port, protocol]\n      items: {type: object, required: [port], properties: {port: {type: integer}, protocol: {type: string}}}\n",
    pass: "openAPIV3Schema:\n  type: object\n  properties:\n    ports:\n      type: array\n      x-kubernetes-list-type: map\n      x-kubernetes-list-map-keys: [port, protocol]\n      items: {type: object, required: [port], properties: {port: {type: integer}, protocol: {type: string, default: TCP}}}\n",
  },
  visitKeys: ["x-kubernetes-list-type"],
  visitNode(node, ctx) {
    // requireMapListKeysMapSetValidation: an update skips it when OLD already failed it somewhere (asked only on a finding).
    const relaxed = (): boolean => ctx.update !== undefined && !ctx.update.requireMapListKeysMapSetValidation;
    const list = mapListOf(node.schema);
    if (!list) return;
    const required = list.items.required;
    const seen = new Map<string, number>();
    for (const key of list.keys) {
      const occurrence = (seen.get(key) ?? 0) + 1;
      seen.set(key, occurrence);
      const prop = property(list.items, key);
      if (!prop || hasDefault(prop) || (Array.isArray(required) && required.includes(key))) continue;
      if (!relaxed())
        ctx.report({
          level: node.path,
          path: node.path.child("items", "properties").key(key).child("default"),
          messageId: "thisPropertyIsInX",
          ...(occurrence > 1 ? { occurrence } : {}),
        });
    }
  },
});
