/** A schema node sets $ref. */
import { defineRule } from "../define-rule.js";

export default defineRule({
  id: "forbidden-field-ref",
  category: "forbidden-field",
  severity: "error",
  apiserver: true,
  type: "Forbidden",
  description: "A schema node sets $ref.",
  phase: "walk",
  messages: {
    refIsNotSupported: "$ref is not supported",
  },
  docs: {
    why:
      "CRD schemas must be self-contained: references are not resolved, and any `$ref` (even an empty string) is " +
      "rejected.",
    fix: "Inline the referenced schema.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: 'openAPIV3Schema: {type: object, properties: {a: {$ref: "#/definitions/x"}}}\n',
    pass: "openAPIV3Schema: {type: object, properties: {a: {type: string}}}\n",
  },
  visitKeys: ["$ref"],
  visitNode(node, ctx) {
    const s = node.schema;
    if (!(typeof s.$ref === "string")) return;
    ctx.report({ path: node.path.child("$ref"), messageId: "refIsNotSupported" });
  },
});
