/** A schema node sets id. */
import { defineRule } from "../define-rule.js";

export default defineRule({
  id: "forbidden-field-id",
  category: "forbidden-field",
  severity: "error",
  apiserver: true,
  type: "Forbidden",
  description: "A schema node sets id.",
  phase: "walk",
  messages: {
    idIsNotSupported: "id is not supported",
  },
  docs: {
    why:
      "CRD schemas are a subset of OpenAPI v3: JSON-Schema identifiers (`id`) are not supported, on any node " +
      "(including inside allOf/anyOf/oneOf/not, definitions, dependencies and array-form items).",
    fix: "Remove `id`. If the schema was converted from a JSON Schema document, strip its JSON-Schema-only keywords.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema: {type: object, properties: {a: {type: string, id: a}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {a: {type: string}}}\n",
  },
  visitKeys: ["id"],
  visitNode(node, ctx) {
    const s = node.schema;
    if (!(typeof s.id === "string" && s.id !== "")) return;
    ctx.report({ path: node.path.child("id"), messageId: "idIsNotSupported" });
  },
});
