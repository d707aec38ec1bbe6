/** A value validation (allOf/anyOf/oneOf/not) sets nullable: true. */
import { defineRule } from "../define-rule.js";
import { nestedKeywordHooks, isTrue } from "./common.js";

export default defineRule({
  id: "structural-nested-nullable",
  category: "structural",
  severity: "error",
  apiserver: true,
  type: "Forbidden",
  description: "A value validation (allOf/anyOf/oneOf/not) sets nullable: true.",
  docs: {
    why:
      "Whether null is accepted is part of the structure of a field; `nullable: true` inside `allOf`, `anyOf`, " +
      "`oneOf` or `not` is rejected.",
    fix: "Set `nullable: true` on the property itself, outside the junctor.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/validation.go",
    fail: "openAPIV3Schema: {type: object, properties: {a: {type: string, anyOf: [{nullable: true}, {minLength: 1}]}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {a: {type: string, nullable: true, anyOf: [{minLength: 1}]}}}\n",
  },
  messages: { nested: "must be false to be structural" },
  ...nestedKeywordHooks("nullable", isTrue),
});
