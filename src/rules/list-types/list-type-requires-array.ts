/** x-kubernetes-list-type on a node whose type is not array. */
import { defineRule } from "../define-rule.js";
import { LIST_TYPE, MALFORMED, optionalString, schemaType } from "./schema-fields.js";

export default defineRule({
  id: "list-type-requires-array",
  category: "list-types",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "x-kubernetes-list-type is set on a schema whose type is not array.",
  phase: "walk",
  docs: {
    why:
      "`x-kubernetes-list-type` tells server-side apply how to merge a list; on anything but `type: array` it means " +
      "nothing, and the apiserver rejects the CRD (`Required value` when the node has no type, `Invalid value` with " +
      "the type otherwise). A node without a type also gets `structural-type-missing` at the same path.",
    fix:
      "Remove `x-kubernetes-list-type` from the node, or set `type: array` (with `items`) if the field really is a " +
      "list. For an object merged as a whole, use `x-kubernetes-map-type: atomic` instead.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema: {type: object, properties: {a: {type: object, x-kubernetes-list-type: set}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {a: {type: array, items: {type: string}, x-kubernetes-list-type: set}}}\n",
  },
  visitKeys: ["x-kubernetes-list-type"],
  visitNode(node, ctx) {
    const s = node.schema;
    const listType = optionalString(s, LIST_TYPE);
    if (listType === undefined || listType === MALFORMED) return;
    const type = schemaType(s);
    if (type === MALFORMED || type === "array") return;
    const path = node.path.child("type");
    const message = "must be array if x-kubernetes-list-type is specified";
    if (type === "") ctx.report({ path, message, type: "Required value" });
    else ctx.report({ path, message, value: type });
  },
});
