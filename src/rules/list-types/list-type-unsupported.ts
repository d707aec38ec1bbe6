/** x-kubernetes-list-type other than atomic, set or map. */
import { defineRule } from "../define-rule.js";
import { LIST_TYPE } from "./schema-fields.js";

const SUPPORTED = new Set(["atomic", "set", "map"]);

export default defineRule({
  id: "list-type-unsupported",
  category: "list-types",
  severity: "error",
  apiserver: true,
  type: "Unsupported value",
  description: "x-kubernetes-list-type is not atomic, set or map.",
  phase: "walk",
  messages: {
    supportedValuesAtomicSetMap: 'supported values: "atomic", "set", "map"',
  },
  docs: {
    why:
      "Server-side apply knows three list semantics: `atomic` (replace the whole list), `set` (merge unique scalars) " +
      "and `map` (merge entries by their `x-kubernetes-list-map-keys`). Any other value is rejected.",
    fix: "Use `atomic`, `set` or `map` (lowercase). `map` also needs `x-kubernetes-list-map-keys`.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema: {type: object, properties: {a: {type: array, items: {type: string}, x-kubernetes-list-type: Set}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {a: {type: array, items: {type: string}, x-kubernetes-list-type: set}}}\n",
  },
  visitKeys: ["x-kubernetes-list-type"],
  visitNode(node, ctx) {
    const listType = node.schema[LIST_TYPE];
    if (typeof listType !== "string" || SUPPORTED.has(listType)) return;
    ctx.report({ path: node.path.child(LIST_TYPE), messageId: "supportedValuesAtomicSetMap", value: listType });
  },
});
