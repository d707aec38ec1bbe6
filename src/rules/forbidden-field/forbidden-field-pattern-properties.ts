/** A schema node sets patternProperties. */
import { defineRule } from "../define-rule.js";
import { mapSize } from "../../crd/structural.js";

export default defineRule({
  id: "forbidden-field-pattern-properties",
  category: "forbidden-field",
  severity: "error",
  apiserver: true,
  type: "Forbidden",
  description: "A schema node sets patternProperties.",
  phase: "walk",
  messages: {
    patternpropertiesIsNotSupported: "patternProperties is not supported",
  },
  docs: {
    why:
      "CRD schemas do not support `patternProperties` (an empty map is tolerated). Maps are described with " +
      "`additionalProperties`.",
    fix:
      "Use `additionalProperties` for the values, and a CEL rule (`self.all(k, k.matches('...'))`) to constrain the " +
      "keys.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: 'openAPIV3Schema: {type: object, properties: {m: {type: object, patternProperties: {"^x-": {type: string}}}}}\n',
    pass: "openAPIV3Schema: {type: object, properties: {m: {type: object, additionalProperties: {type: string}}}}\n",
  },
  visitKeys: ["patternProperties"],
  visitNode(node, ctx) {
    const s = node.schema;
    if (!(mapSize(s.patternProperties) > 0)) return;
    ctx.report({ path: node.path.child("patternProperties"), messageId: "patternpropertiesIsNotSupported" });
  },
});
