/** Items of a set or map list marked nullable. */
import { defineRule } from "../define-rule.js";
import { LIST_TYPE, isNullable, itemSchema } from "./schema-fields.js";

export default defineRule({
  id: "list-set-map-items-nullable",
  category: "list-types",
  severity: "error",
  apiserver: true,
  type: "Forbidden",
  description: "The items of a set or map list are nullable.",
  phase: "walk",
  minMinor: 19,
  messages: {
    nullable: "cannot be nullable when x-kubernetes-list-type is {{listType}}",
  },
  docs: {
    why:
      "Entries of `set` and `map` lists are compared by value or by key; a null entry has neither. Since Kubernetes " +
      "1.19 their item schema may not be `nullable`.",
    fix: "Remove `nullable: true` from `items`, or make the list `atomic`.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema: {type: object, properties: {tags: {type: array, x-kubernetes-list-type: set, items: {type: string, nullable: true}}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {tags: {type: array, x-kubernetes-list-type: set, items: {type: string}}}}\n",
  },
  visitKeys: ["x-kubernetes-list-type"],
  visitNode(node, ctx) {
    // requireMapListKeysMapSetValidation: an update skips it when OLD already failed it somewhere (asked only on a finding).
    const relaxed = (): boolean => ctx.update !== undefined && !ctx.update.requireMapListKeysMapSetValidation;
    const listType = node.schema[LIST_TYPE];
    if (listType !== "set" && listType !== "map") return;
    const items = itemSchema(node.schema);
    if (!items || !isNullable(items)) return;
    if (!relaxed())
      ctx.report({
        level: node.path,
        path: node.path.child("items", "nullable"),
        messageId: "nullable",
        data: { listType },
      });
  },
});
