/** A value validation (allOf/anyOf/oneOf/not) sets description. */
import { defineRule } from "../define-rule.js";
import { nestedKeywordHooks, nonEmptyString } from "./common.js";

export default defineRule({
  id: "structural-nested-description",
  category: "structural",
  severity: "error",
  apiserver: true,
  type: "Forbidden",
  description: "A value validation (allOf/anyOf/oneOf/not) sets description.",
  docs: {
    why:
      "Documentation fields belong to the structural part, which is what `kubectl explain` and the published OpenAPI " +
      "show; inside `allOf`, `anyOf`, `oneOf` and `not` a non-empty `description` is rejected. Generators that " +
      "describe each alternative of a oneOf hit this.",
    fix: "Move the `description` to the node itself (describe the alternatives there), outside the junctor.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/validation.go",
    fail: 'openAPIV3Schema: {type: object, properties: {a: {type: string, oneOf: [{description: x, pattern: "^a"}]}}}\n',
    pass: 'openAPIV3Schema: {type: object, properties: {a: {type: string, description: x, oneOf: [{pattern: "^a"}]}}}\n',
  },
  messages: { nested: "must be empty to be structural" },
  ...nestedKeywordHooks("description", nonEmptyString),
});
