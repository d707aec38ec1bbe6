/** A schema node sets additionalItems. */
import { defineRule } from "../define-rule.js";
import { isSet } from "../../crd/structural.js";

export default defineRule({
  id: "forbidden-field-additional-items",
  category: "forbidden-field",
  severity: "error",
  apiserver: true,
  type: "Forbidden",
  description: "A schema node sets additionalItems.",
  phase: "walk",
  messages: {
    additionalitemsIsNotSupported: "additionalItems is not supported",
  },
  docs: {
    why:
      "CRD schemas do not support tuple-style arrays: `additionalItems` (in any form, `true`, `false` or a schema) " +
      "is rejected.",
    fix: "Remove `additionalItems`; describe all entries with one `items` schema.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema: {type: object, properties: {a: {type: array, items: {type: string}, additionalItems: false}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {a: {type: array, items: {type: string}}}}\n",
  },
  visitKeys: ["additionalItems"],
  visitNode(node, ctx) {
    const s = node.schema;
    if (!isSet(s.additionalItems)) return;
    ctx.report({ path: node.path.child("additionalItems"), messageId: "additionalitemsIsNotSupported" });
  },
});
