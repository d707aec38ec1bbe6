/** Lint: an array of objects without x-kubernetes-list-type. */
import { defineRule } from "../define-rule.js";
import type { JsonObject } from "../../crd/model.js";
import { LIST_TYPE, MAP_TYPE, itemSchema, property } from "./schema-fields.js";

export default defineRule({
  id: "lint-list-type-missing",
  category: "list-types",
  severity: "warning",
  apiserver: false,
  type: null,
  description: "An array of keyable objects has no x-kubernetes-list-type, so server-side apply treats it as atomic.",
  preset: "strict",
  presetWhy:
    "Convention: an atomic list works (server-side apply replaces it whole); on real CRDs it fires on most arrays of " +
    "objects, most of them never owned by two managers.",
  phase: "walk",
  messages: {
    arrayOfObjectsHasNo:
      "array of objects has no x-kubernetes-list-type: server-side apply replaces it as a whole (atomic)",
  },
  docs: {
    why:
      "Without `x-kubernetes-list-type` a list is `atomic` for server-side apply: the last manager to apply it owns " +
      "and replaces the whole list, so two controllers (or a controller and a user) adding entries to the same list " +
      "fight over it. For lists of objects, a `map` list keyed on an identifying property merges entry by entry and " +
      "gives CEL transition rules (`oldSelf`) correlatable entries. Reported only where a map list is within reach " +
      "(the items have a required scalar property to key on) and only at the outermost such list (not inside the " +
      "items of an atomic list or an atomic object, which are replaced whole anyway).",
    fix:
      "Add `x-kubernetes-list-type: map` with `x-kubernetes-list-map-keys` naming required scalar properties of the " +
      "items (kubebuilder: `// +listType=map` and `// +listMapKey=name`), or state `x-kubernetes-list-type: atomic` " +
      "when replacing the whole list is intended.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/v1/types_jsonschema.go (x-kubernetes-list-type)",
    fail: "openAPIV3Schema:\n  type: object\n  properties:\n    ports:\n      type: array\n      items: {type: object, required: [port], properties: {port: {type: integer}}}\n",
    pass: "openAPIV3Schema:\n  type: object\n  properties:\n    ports:\n      type: array\n      x-kubernetes-list-type: map\n      x-kubernetes-list-map-keys: [port]\n      items: {type: object, required: [port], properties: {port: {type: integer}}}\n",
  },
  visitKeys: ["type"],
  visitNode(node, ctx) {
    const s = node.schema;
    if (s.type !== "array" || !node.isStructural || s[LIST_TYPE] !== undefined) return;
    const items = itemSchema(s);
    if (items?.type !== "object") return;
    const key = candidateKey(items);
    if (key === undefined) return;
    // Inside an atomic whole (the items of a list that is not a map, or an object with map-type atomic) the
    // outer value is replaced anyway: only the outermost place is worth a report.
    for (let n = node; n.parent; n = n.parent) {
      if (n.via === "items" && n.parent.schema[LIST_TYPE] !== "map") return;
      if (n.parent.schema[MAP_TYPE] === "atomic") return;
    }
    ctx.report({
      path: node.path.child(LIST_TYPE),
      messageId: "arrayOfObjectsHasNo",
      suggestion: `x-kubernetes-list-type: map with x-kubernetes-list-map-keys: [${key}], or x-kubernetes-list-type: atomic if replacing the whole list is intended`,
    });
  },
});

const SCALAR = new Set(["string", "integer", "number", "boolean"]);

/** A required scalar property of the items that could key a map list (`name` preferred), if any. */
function candidateKey(items: JsonObject): string | undefined {
  const required = items.required;
  if (!Array.isArray(required)) return undefined;
  let found: string | undefined;
  for (const k of required) {
    if (typeof k !== "string") continue;
    const t = property(items, k)?.type;
    if (typeof t !== "string" || !SCALAR.has(t)) continue;
    if (k === "name") return k;
    found ??= k;
  }
  return found;
}
