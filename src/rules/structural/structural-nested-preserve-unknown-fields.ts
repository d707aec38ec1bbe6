/** A value validation (allOf/anyOf/oneOf/not) sets x-kubernetes-preserve-unknown-fields. */
import { defineRule } from "../define-rule.js";
import { nestedKeywordHooks, isTrue } from "./common.js";

export default defineRule({
  id: "structural-nested-preserve-unknown-fields",
  category: "structural",
  severity: "error",
  apiserver: true,
  type: "Forbidden",
  description: "A value validation (allOf/anyOf/oneOf/not) sets x-kubernetes-preserve-unknown-fields.",
  docs: {
    why:
      "Pruning is decided by the structural part only; `x-kubernetes-preserve-unknown-fields: true` inside `allOf`, " +
      "`anyOf`, `oneOf` or `not` is rejected.",
    fix: "Set `x-kubernetes-preserve-unknown-fields: true` on the node itself, outside the junctor.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/validation.go",
    fail: "openAPIV3Schema: {type: object, properties: {a: {type: object, anyOf: [{x-kubernetes-preserve-unknown-fields: true}]}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {a: {type: object, x-kubernetes-preserve-unknown-fields: true}}}\n",
  },
  messages: { nested: "must be false to be structural" },
  ...nestedKeywordHooks("x-kubernetes-preserve-unknown-fields", isTrue),
});
