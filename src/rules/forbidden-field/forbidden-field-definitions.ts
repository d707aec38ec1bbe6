/** A schema node sets definitions. */
import { defineRule } from "../define-rule.js";
import { mapSize } from "../../crd/structural.js";

export default defineRule({
  id: "forbidden-field-definitions",
  category: "forbidden-field",
  severity: "error",
  apiserver: true,
  type: "Forbidden",
  description: "A schema node sets definitions.",
  phase: "walk",
  messages: {
    definitionsIsNotSupported: "definitions is not supported",
  },
  docs: {
    why:
      "CRD schemas must be self-contained: `definitions` (with `$ref`) are not supported. An empty map is tolerated. " +
      "The schemas inside are still checked (and their errors reported under `definitions[name]`).",
    fix: "Inline the referenced schemas where they are used and remove `definitions`.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema: {type: object, definitions: {name: {type: string}}}\n",
    pass: "openAPIV3Schema: {type: object}\n",
  },
  visitKeys: ["definitions"],
  visitNode(node, ctx) {
    const s = node.schema;
    if (!(mapSize(s.definitions) > 0)) return;
    ctx.report({ path: node.path.child("definitions"), messageId: "definitionsIsNotSupported" });
  },
});
