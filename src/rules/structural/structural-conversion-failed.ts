/** The schema cannot be converted to a structural schema ($schema and friends); shown only when nothing else is. */
import { defineRule } from "../define-rule.js";

export default defineRule({
  id: "structural-conversion-failed",
  category: "structural",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description:
    "The schema uses a construct the structural-schema conversion does not support ($schema, id, $ref, " +
    "definitions...).",
  phase: "final",
  docs: {
    why:
      "Before checking structural rules, the apiserver converts the schema (`NewStructural`), which fails on " +
      "`$schema`, `id`, `$ref`, `patternProperties`, `dependencies`, `additionalItems`, `definitions`, array-form " +
      "`items` and `x-kubernetes-preserve-unknown-fields: false`. The failure is reported at the schema root only " +
      "when nothing else was reported for the schema; all causes but `$schema` have their own forbidden-field error, " +
      "so in practice this is the `$schema` error. While it fails, structural rules, defaults and CEL are not checked.",
    fix:
      "Remove the JSON-Schema-only keyword (`$schema: http://json-schema.org/...` is the usual one, copied from a " +
      "generated JSON Schema).",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/convert.go",
    fail: 'openAPIV3Schema: {$schema: "http://json-schema.org/draft-04/schema#", type: object}\n',
    pass: "openAPIV3Schema: {type: object}\n",
  },
  checkSchema(ctx) {
    const st = ctx.structural;
    st.complete = true;
    if (st.notRequired || st.conversionError === null || ctx.errorCount > 0) return;
    ctx.report({ path: ctx.scope.path, message: st.conversionError, value: "" });
  },
});
