/** A type name other than the six OpenAPI types. */
import { defineRule } from "../define-rule.js";
import { OPENAPI_TYPES, OPENAPI_TYPES_DETAIL } from "../../crd/structural.js";

export default defineRule({
  id: "schema-type-unsupported",
  category: "schema-values",
  severity: "error",
  apiserver: true,
  type: "Unsupported value",
  description: "A schema node's type is not one of array, boolean, integer, number, object, string.",
  phase: "walk",
  messages: {
    unsupported: OPENAPI_TYPES_DETAIL,
  },
  docs: {
    why:
      "OpenAPI v3 knows six type names. Go or JSON-Schema spellings (`int`, `float`, `bool`, `map`, `null`...) are " +
      "rejected on any node, including inside allOf/anyOf/oneOf/not, definitions and array-form items.",
    fix:
      "Use `integer` (with `format: int32`/`int64`), `number`, `boolean`, `string`, `object` or `array`; for `null` " +
      "use the real type with `nullable: true`.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema: {type: object, properties: {a: {type: int}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {a: {type: integer}}}\n",
  },
  visitKeys: ["type"],
  visitNode(node, ctx) {
    const t = node.schema.type;
    if (typeof t !== "string" || t === "" || OPENAPI_TYPES.has(t)) return;
    // requireValidPropertyType: an update may keep invalid types when OLD had some (asked only on a finding: the
    // answer lints OLD).
    if (ctx.update && !ctx.update.requireValidPropertyType) return;
    ctx.report({ path: node.path.child("type"), messageId: "unsupported", value: t });
  },
});
