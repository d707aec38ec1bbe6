/** A value validation (allOf/anyOf/oneOf/not) sets x-kubernetes-embedded-resource. */
import { defineRule } from "../define-rule.js";
import { nestedKeywordHooks, isTrue } from "./common.js";

export default defineRule({
  id: "structural-nested-embedded-resource",
  category: "structural",
  severity: "error",
  apiserver: true,
  type: "Forbidden",
  description: "A value validation (allOf/anyOf/oneOf/not) sets x-kubernetes-embedded-resource.",
  docs: {
    why:
      "Embedded resources are part of the structure of the schema (their apiVersion/kind/metadata are validated and " +
      "kept); the extension is rejected inside `allOf`, `anyOf`, `oneOf` and `not`.",
    fix: "Set `x-kubernetes-embedded-resource: true` on the node itself, outside the junctor.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/validation.go",
    fail: "openAPIV3Schema: {type: object, properties: {a: {type: object, x-kubernetes-preserve-unknown-fields: true, allOf: [{x-kubernetes-embedded-resource: true}]}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {a: {type: object, x-kubernetes-preserve-unknown-fields: true, x-kubernetes-embedded-resource: true}}}\n",
  },
  messages: { nested: "must be false to be structural" },
  ...nestedKeywordHooks("x-kubernetes-embedded-resource", isTrue),
});
