/** A value validation (allOf/anyOf/oneOf/not) sets x-kubernetes-int-or-string. */
import { defineRule } from "../define-rule.js";
import { nestedKeywordHooks, isTrue } from "./common.js";

export default defineRule({
  id: "structural-nested-int-or-string",
  category: "structural",
  severity: "error",
  apiserver: true,
  type: "Forbidden",
  description: "A value validation (allOf/anyOf/oneOf/not) sets x-kubernetes-int-or-string.",
  docs: {
    why:
      "`x-kubernetes-int-or-string` describes the node's structure and is rejected inside `allOf`, `anyOf`, `oneOf` " +
      "and `not`.",
    fix:
      "Set `x-kubernetes-int-or-string: true` on the node itself, next to (not inside) its " +
      "`anyOf: [{type: integer}, {type: string}]`.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/validation.go",
    fail: "openAPIV3Schema: {type: object, properties: {a: {x-kubernetes-int-or-string: true, allOf: [{x-kubernetes-int-or-string: true}]}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {a: {x-kubernetes-int-or-string: true}}}\n",
  },
  messages: { nested: "must be false to be structural" },
  ...nestedKeywordHooks("x-kubernetes-int-or-string", isTrue),
});
