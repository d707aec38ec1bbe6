/** x-kubernetes-list-map-keys on a list whose x-kubernetes-list-type is not map. */
import { defineRule } from "../define-rule.js";
import { LIST_MAP_KEYS, LIST_TYPE, MALFORMED, optionalString, stringList } from "./schema-fields.js";

export default defineRule({
  id: "list-map-keys-require-map",
  category: "list-types",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "x-kubernetes-list-map-keys is set but x-kubernetes-list-type is not map.",
  phase: "walk",
  docs: {
    why:
      "Map keys only mean something for a `map` list: server-side apply uses them to identify entries. With a " +
      "missing list type (`Required value`) or another one (`Invalid value`), the apiserver rejects the CRD.",
    fix: "Add `x-kubernetes-list-type: map`, or remove `x-kubernetes-list-map-keys` if the list is not keyed.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema:\n  type: object\n  properties:\n    ports:\n      type: array\n      x-kubernetes-list-map-keys: [port]\n      items: {type: object, required: [port], properties: {port: {type: integer}}}\n",
    pass: "openAPIV3Schema:\n  type: object\n  properties:\n    ports:\n      type: array\n      x-kubernetes-list-type: map\n      x-kubernetes-list-map-keys: [port]\n      items: {type: object, required: [port], properties: {port: {type: integer}}}\n",
  },
  visitKeys: ["x-kubernetes-list-map-keys"],
  visitNode(node, ctx) {
    const s = node.schema;
    if (s[LIST_MAP_KEYS] === undefined) return;
    const keys = stringList(s, LIST_MAP_KEYS);
    if (keys === MALFORMED || keys.length === 0) return;
    const listType = optionalString(s, LIST_TYPE);
    if (listType === MALFORMED || listType === "map") return;
    const path = node.path.child(LIST_TYPE);
    const message = "must be map if x-kubernetes-list-map-keys is non-empty";
    if (listType === undefined) ctx.report({ path, message, type: "Required value" });
    else ctx.report({ path, message, value: listType });
  },
});
