/** A value validation (allOf/anyOf/oneOf/not) sets type. */
import { defineRule } from "../define-rule.js";
import { nestedKeywordHooks, nonEmptyString } from "./common.js";

export default defineRule({
  id: "structural-nested-type",
  category: "structural",
  severity: "error",
  apiserver: true,
  type: "Forbidden",
  description: "A value validation (allOf/anyOf/oneOf/not) sets type.",
  docs: {
    why:
      "Types belong to the structural part of the schema; inside `allOf`, `anyOf`, `oneOf` and `not` only value " +
      "validations are allowed. The only exceptions are the two int-or-string shapes: a node whose `anyOf` is " +
      "exactly `[{type: integer}, {type: string}]` (in this order, nothing else in the two entries), or whose " +
      "`allOf[0].anyOf` is exactly that list.",
    fix:
      "Move the `type` to the node itself (outside the junctor). For an integer-or-string field use " +
      "`x-kubernetes-int-or-string: true` with `anyOf: [{type: integer}, {type: string}]` exactly.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/validation.go",
    fail: "openAPIV3Schema:\n  type: object\n  properties:\n    p: {x-kubernetes-int-or-string: true, anyOf: [{type: string}, {type: integer}]}\n",
    pass: "openAPIV3Schema:\n  type: object\n  properties:\n    p: {x-kubernetes-int-or-string: true, anyOf: [{type: integer}, {type: string}]}\n",
  },
  messages: { nested: "must be empty to be structural" },
  ...nestedKeywordHooks("type", nonEmptyString),
});
