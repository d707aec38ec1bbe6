/** A value validation (allOf/anyOf/oneOf/not) sets title. */
import { defineRule } from "../define-rule.js";
import { nestedKeywordHooks, nonEmptyString } from "./common.js";

export default defineRule({
  id: "structural-nested-title",
  category: "structural",
  severity: "error",
  apiserver: true,
  type: "Forbidden",
  description: "A value validation (allOf/anyOf/oneOf/not) sets title.",
  docs: {
    why:
      "Documentation fields belong to the structural part, which is what `kubectl explain` and the published OpenAPI " +
      "show; inside `allOf`, `anyOf`, `oneOf` and `not` a non-empty `title` is rejected.",
    fix: "Move the `title` to the node itself, outside the junctor.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/validation.go",
    fail: 'openAPIV3Schema: {type: object, properties: {a: {type: string, oneOf: [{title: x, pattern: "^a"}]}}}\n',
    pass: 'openAPIV3Schema: {type: object, properties: {a: {type: string, title: x, oneOf: [{pattern: "^a"}]}}}\n',
  },
  messages: { nested: "must be empty to be structural" },
  ...nestedKeywordHooks("title", nonEmptyString),
});
