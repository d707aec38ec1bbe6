/** A schema node has type null. */
import { defineRule } from "../define-rule.js";

export default defineRule({
  id: "forbidden-type-null",
  category: "forbidden-field",
  severity: "error",
  apiserver: true,
  type: "Forbidden",
  description: "A schema node has type null.",
  phase: "walk",
  messages: {
    typeCannotBeSetTo: "type cannot be set to null, use nullable as an alternative",
  },
  docs: {
    why:
      'OpenAPI v3 has no `null` type; the apiserver rejects `type: "null"` (and also reports it as an unsupported ' +
      "type).",
    fix: "Use the real type of the field with `nullable: true`.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: 'openAPIV3Schema: {type: object, properties: {a: {type: "null"}}}\n',
    pass: "openAPIV3Schema: {type: object, properties: {a: {type: string, nullable: true}}}\n",
  },
  visitKeys: ["type"],
  visitNode(node, ctx) {
    const s = node.schema;
    if (!(s.type === "null")) return;
    ctx.report({ path: node.path.child("type"), messageId: "typeCannotBeSetTo" });
  },
});
