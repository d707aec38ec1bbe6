/** Lint: a format on a non-string type where the apiserver silently drops it. */
import { defineRule } from "../define-rule.js";

/** The formats the apiserver keeps per non-string type (everything else is stripped before validation). */
const KEPT: Record<string, ReadonlySet<string>> = {
  integer: new Set(["int32", "int64"]),
  number: new Set(["float", "double"]),
  boolean: new Set(),
  object: new Set(),
  array: new Set(),
};

export default defineRule({
  id: "lint-format-on-non-string",
  category: "schema-values",
  severity: "warning",
  apiserver: false,
  type: null,
  description: "A format on an integer, number, boolean, object or array node that the apiserver ignores.",
  preset: "strict",
  presetWhy:
    "A keyword that does nothing: the apiserver strips it (and since 1.34.1 no longer warns about it); the CRD and " +
    "its objects work, the intended check just does not exist.",
  phase: "walk",
  messages: {
    formatIsIgnoredOnType: "format {{fJson}} is ignored on type {{t}}: it validates nothing",
  },
  docs: {
    why:
      "Before validating, the apiserver strips formats it does not support for the node's type: only `int32`/`int64` " +
      "on integers and `float`/`double` on numbers are kept, and nothing on booleans, objects and arrays. Such a " +
      "`format` validates nothing (e.g. `format: uint32` does not reject negative numbers), and since the 1.34.1 fix " +
      "the apiserver no longer warns about it.",
    fix: "Remove the format and express the constraint with `minimum`/`maximum`, a `pattern` on a string, or a CEL rule.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/validation/formats.go",
    fail: "openAPIV3Schema: {type: object, properties: {size: {type: integer, format: uint32}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {size: {type: integer, format: int64, minimum: 0}}}\n",
  },
  visitKeys: ["format"],
  visitNode(node, ctx) {
    const s = node.schema;
    const f = s.format;
    const t = s.type;
    if (typeof f !== "string" || f === "" || typeof t !== "string") return;
    const kept = KEPT[t];
    if (!kept || kept.has(f)) return;
    ctx.report({
      path: node.path.child("format"),
      messageId: "formatIsIgnoredOnType",
      data: { fJson: JSON.stringify(f), t },
    });
  },
});
