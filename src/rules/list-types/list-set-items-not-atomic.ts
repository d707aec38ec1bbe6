/** A set list whose array or object items are not atomic. */
import { defineRule } from "../define-rule.js";
import { LIST_TYPE, MALFORMED, MAP_TYPE, itemSchema, optionalString, schemaType } from "./schema-fields.js";

const MESSAGE = "must be atomic as item of a list with x-kubernetes-list-type=set";

export default defineRule({
  id: "list-set-items-not-atomic",
  category: "list-types",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "A set list has array or object items that are not atomic.",
  phase: "walk",
  minMinor: 18,
  messages: {
    notAtomic: MESSAGE,
  },
  docs: {
    why:
      "A `set` list compares whole entries for uniqueness, so entries that are arrays or objects must be atomic. " +
      "Since Kubernetes 1.18 array items may not declare a list type other than `atomic`, and object items need " +
      "`x-kubernetes-map-type: atomic` (absent means granular). For object items the apiserver prints the items' " +
      "list type as the value, usually `null`.",
    fix:
      "Add `x-kubernetes-map-type: atomic` to object items (or `x-kubernetes-list-type: atomic` to array items), or " +
      "better key the list as `x-kubernetes-list-type: map`.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema: {type: object, properties: {s: {type: array, x-kubernetes-list-type: set, items: {type: object, properties: {a: {type: string}}}}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {s: {type: array, x-kubernetes-list-type: set, items: {type: object, x-kubernetes-map-type: atomic, properties: {a: {type: string}}}}}}\n",
  },
  visitKeys: ["x-kubernetes-list-type"],
  visitNode(node, ctx) {
    // requireAtomicSetType: an update may keep non-atomic set items when OLD had some (asked only on a finding).
    const relaxed = (): boolean => ctx.update !== undefined && !ctx.update.requireAtomicSetType;
    const s = node.schema;
    if (s[LIST_TYPE] !== "set" || s.type !== "array") return;
    const items = itemSchema(s);
    if (!items) return;
    const itemsType = schemaType(items);
    const itemsListType = optionalString(items, LIST_TYPE);
    if (itemsListType === MALFORMED) return;
    if (itemsType === "array") {
      if (itemsListType !== undefined && itemsListType !== "atomic")
        if (!relaxed())
          ctx.report({
            level: node.path,
            path: node.path.child("items", LIST_TYPE),
            messageId: "notAtomic",
            value: itemsListType,
          });
    } else if (itemsType === "object") {
      const mapType = optionalString(items, MAP_TYPE);
      if (mapType === MALFORMED || mapType === "atomic") return;
      // Quirk: the value printed is the items' list type (nearly always unset, so null), not the map type.
      if (!relaxed())
        ctx.report({
          level: node.path,
          path: node.path.child("items", MAP_TYPE),
          messageId: "notAtomic",
          value: itemsListType ?? null,
        });
    }
  },
});
