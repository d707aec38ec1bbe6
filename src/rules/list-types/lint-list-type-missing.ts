/** Lint: an array of objects without x-kubernetes-list-type. */
import { defineRule } from "../define-rule.js";
import { LIST_TYPE, MAP_TYPE, itemSchema } from "./schema-fields.js";

export default defineRule({
  id: "lint-list-type-missing",
  category: "list-types",
  severity: "warning",
  apiserver: false,
  type: null,
  description: "An array of objects has no x-kubernetes-list-type, so server-side apply treats it as atomic.",
  phase: "walk",
  docs: {
    why: "Without `x-kubernetes-list-type` a list is `atomic` for server-side apply: the last manager to apply it owns and replaces the whole list, so two controllers (or a controller and a user) adding entries to the same list fight over it. For lists of objects, a `map` list keyed on an identifying property merges entry by entry and gives CEL transition rules (`oldSelf`) correlatable entries.",
    fix: "Add `x-kubernetes-list-type: map` with `x-kubernetes-list-map-keys` naming required scalar properties of the items (kubebuilder: `// +listType=map` and `// +listMapKey=name`), or state `x-kubernetes-list-type: atomic` when replacing the whole list is intended.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/v1/types_jsonschema.go (x-kubernetes-list-type)",
    fail: "openAPIV3Schema:\n  type: object\n  properties:\n    ports:\n      type: array\n      items: {type: object, required: [port], properties: {port: {type: integer}}}\n",
    pass: "openAPIV3Schema:\n  type: object\n  properties:\n    ports:\n      type: array\n      x-kubernetes-list-type: map\n      x-kubernetes-list-map-keys: [port]\n      items: {type: object, required: [port], properties: {port: {type: integer}}}\n",
  },
  visitNode(node, ctx) {
    const s = node.schema;
    if (s.type !== "array" || !node.isStructural || s[LIST_TYPE] !== undefined) return;
    if (itemSchema(s)?.type !== "object") return;
    // Inside an atomic whole (the items of a list that is not a map, or an object with map-type atomic) the
    // outer value is replaced anyway: only the outermost place is worth a report.
    for (let n = node; n.parent; n = n.parent) {
      if (n.via === "items" && n.parent.schema[LIST_TYPE] !== "map") return;
      if (n.parent.schema[MAP_TYPE] === "atomic") return;
    }
    ctx.report({ path: node.path.child(LIST_TYPE), message: "array of objects has no x-kubernetes-list-type: server-side apply replaces it as a whole (atomic)" });
  },
});
