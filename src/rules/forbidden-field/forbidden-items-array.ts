/** A schema node gives items as an array of schemas. */
import { defineRule } from "../define-rule.js";

export default defineRule({
  id: "forbidden-items-array",
  category: "forbidden-field",
  severity: "error",
  apiserver: true,
  type: "Forbidden",
  description: "A schema node gives items as an array of schemas.",
  phase: "walk",
  messages: {
    itemsMustBeASchema: "items must be a schema object and not an array",
  },
  docs: {
    why:
      "Tuple-style arrays (`items` as a list of schemas) are not supported in CRD schemas; `items` must be one " +
      "schema for all entries. The schemas inside are still checked (reported under `items[i]`).",
    fix:
      "Use a single `items` schema; if entries really differ, describe the union in that schema or use " +
      "`x-kubernetes-preserve-unknown-fields: true` on the items.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema: {type: object, properties: {a: {type: array, items: [{type: string}]}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {a: {type: array, items: {type: string}}}}\n",
  },
  visitKeys: ["items"],
  visitNode(node, ctx) {
    const s = node.schema;
    if (!(Array.isArray(s.items) && s.items.length > 0)) return;
    ctx.report({ path: node.path.child("items"), messageId: "itemsMustBeASchema" });
  },
});
