/** x-kubernetes-list-type: map without x-kubernetes-list-map-keys. */
import { defineRule } from "../define-rule.js";
import { LIST_MAP_KEYS, LIST_TYPE, MALFORMED, stringList } from "./schema-fields.js";

export default defineRule({
  id: "list-map-keys-required",
  category: "list-types",
  severity: "error",
  apiserver: true,
  type: "Required value",
  description: "A map list has no x-kubernetes-list-map-keys.",
  phase: "walk",
  messages: {
    mustNotBeEmptyIf: "must not be empty if x-kubernetes-list-type is map",
  },
  docs: {
    why:
      "A `map` list is merged entry by entry, each entry identified by the values of its key properties; without " +
      "keys server-side apply cannot tell entries apart, so the apiserver rejects the CRD.",
    fix:
      "List the item properties that identify an entry in `x-kubernetes-list-map-keys` (each one required or " +
      "defaulted), or use `x-kubernetes-list-type: atomic`.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema:\n  type: object\n  properties:\n    ports:\n      type: array\n      x-kubernetes-list-type: map\n      items: {type: object, required: [port], properties: {port: {type: integer}}}\n",
    pass: "openAPIV3Schema:\n  type: object\n  properties:\n    ports:\n      type: array\n      x-kubernetes-list-type: map\n      x-kubernetes-list-map-keys: [port]\n      items: {type: object, required: [port], properties: {port: {type: integer}}}\n",
  },
  visitKeys: ["x-kubernetes-list-type"],
  visitNode(node, ctx) {
    const s = node.schema;
    if (s[LIST_TYPE] !== "map") return;
    const keys = stringList(s, LIST_MAP_KEYS);
    if (keys === MALFORMED || keys.length > 0) return;
    ctx.report({ path: node.path.child(LIST_MAP_KEYS), messageId: "mustNotBeEmptyIf" });
  },
});
