/** The schema root sets nullable: true. */
import { defineRule } from "../define-rule.js";

export default defineRule({
  id: "forbidden-root-nullable",
  category: "forbidden-field",
  severity: "error",
  apiserver: true,
  type: "Forbidden",
  description: "The schema root sets nullable: true.",
  phase: "walk",
  messages: {
    nullableCannotBeTrueAt: "nullable cannot be true at the root",
  },
  docs: {
    why: "A custom resource is never null: `nullable: true` at the root of openAPIV3Schema is rejected.",
    fix: "Remove `nullable` from the root (it is fine on properties).",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema: {type: object, nullable: true}\n",
    pass: "openAPIV3Schema: {type: object, properties: {a: {type: string, nullable: true}}}\n",
  },
  visitKeys: ["nullable"],
  visitNode(node, ctx) {
    const s = node.schema;
    if (!(node.parent === null && s.nullable === true)) return;
    ctx.report({ path: node.path.child("nullable"), messageId: "nullableCannotBeTrueAt" });
  },
});
