/** A value validation (allOf/anyOf/oneOf/not) sets x-kubernetes-list-map-keys. */
import { defineRule } from "../define-rule.js";
import { nestedKeywordHooks, nonEmptyList } from "./common.js";

export default defineRule({
  id: "structural-nested-list-map-keys",
  category: "structural",
  severity: "error",
  apiserver: true,
  type: "Forbidden",
  description: "A value validation (allOf/anyOf/oneOf/not) sets x-kubernetes-list-map-keys.",
  docs: {
    why:
      "List topology (used by server-side apply and CEL) belongs to the structural part; list-map keys inside " +
      "`allOf`, `anyOf`, `oneOf` or `not` are rejected.",
    fix:
      "Declare `x-kubernetes-list-type: map` and `x-kubernetes-list-map-keys` on the array itself, outside the " +
      "junctor.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/validation.go",
    fail: "openAPIV3Schema: {type: object, properties: {l: {type: array, items: {type: object, required: [key], properties: {key: {type: string}}}, allOf: [{x-kubernetes-list-map-keys: [key]}]}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {l: {type: array, x-kubernetes-list-type: map, x-kubernetes-list-map-keys: [key], items: {type: object, required: [key], properties: {key: {type: string}}}}}}\n",
  },
  messages: { nested: "must be empty to be structural" },
  ...nestedKeywordHooks("x-kubernetes-list-map-keys", nonEmptyList),
});
