/** Lint: pruning disabled for the whole object. */
import { defineRule } from "../define-rule.js";
import { PRESERVE_UNKNOWN_FIELDS } from "../../crd/structural.js";

export default defineRule({
  id: "lint-preserve-unknown-fields-root",
  category: "schema-values",
  severity: "warning",
  apiserver: false,
  type: null,
  description: "x-kubernetes-preserve-unknown-fields: true at the schema root disables pruning for the whole object.",
  preset: "strict",
  presetWhy: "A design choice (schemaless or pass-through resources): the CRD works as written.",
  phase: "walk",
  messages: {
    pruningIsDisabledForThe: "pruning is disabled for the whole object: unknown fields (typos included) are stored",
  },
  docs: {
    why:
      "With `x-kubernetes-preserve-unknown-fields: true` at the root, unknown top-level fields (typos like `sepc`, " +
      "or fields from another version) are stored as is instead of being pruned, and clients get no feedback. It " +
      "brings back the pre-v1 schemaless behaviour.",
    fix:
      "Describe the top-level fields (`spec`, `status`) and put `x-kubernetes-preserve-unknown-fields: true` only on " +
      "the subtrees that really hold arbitrary JSON.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/pruning/algorithm.go",
    fail: "openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}\n",
    pass: "openAPIV3Schema: {type: object, properties: {spec: {type: object, x-kubernetes-preserve-unknown-fields: true}}}\n",
  },
  visitKeys: ["x-kubernetes-preserve-unknown-fields"],
  visitNode(node, ctx) {
    if (node.parent !== null || node.schema[PRESERVE_UNKNOWN_FIELDS] !== true) return;
    ctx.report({ path: node.path.child(PRESERVE_UNKNOWN_FIELDS), messageId: "pruningIsDisabledForThe" });
  },
});
