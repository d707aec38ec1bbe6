/** A schema node sets uniqueItems: true. */
import { defineRule } from "../define-rule.js";

export default defineRule({
  id: "forbidden-unique-items",
  category: "forbidden-field",
  severity: "error",
  apiserver: true,
  type: "Forbidden",
  description: "A schema node sets uniqueItems: true.",
  phase: "walk",
  messages: {
    uniqueitemsCannotBeSetTo: "uniqueItems cannot be set to true since the runtime complexity becomes quadratic",
  },
  docs: {
    why: "Checking `uniqueItems` is quadratic in the length of the list, so the apiserver refuses it.",
    fix:
      "Use `x-kubernetes-list-type: set` (scalar items) or `x-kubernetes-list-type: map` with " +
      "`x-kubernetes-list-map-keys` (object items): the apiserver enforces uniqueness efficiently.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema: {type: object, properties: {tags: {type: array, uniqueItems: true, items: {type: string}}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {tags: {type: array, x-kubernetes-list-type: set, items: {type: string}}}}\n",
  },
  visitKeys: ["uniqueItems"],
  visitNode(node, ctx) {
    const s = node.schema;
    if (!(s.uniqueItems === true)) return;
    ctx.report({ path: node.path.child("uniqueItems"), messageId: "uniqueitemsCannotBeSetTo" });
  },
});
