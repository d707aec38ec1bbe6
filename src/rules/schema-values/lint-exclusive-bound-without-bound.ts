/** Lint: exclusiveMinimum/exclusiveMaximum without the bound it qualifies. */
import { defineRule } from "../define-rule.js";

const PAIRS = [
  ["exclusiveMinimum", "minimum"],
  ["exclusiveMaximum", "maximum"],
] as const;

export default defineRule({
  id: "lint-exclusive-bound-without-bound",
  category: "schema-values",
  severity: "warning",
  apiserver: false,
  type: null,
  description: "exclusiveMinimum or exclusiveMaximum is true without minimum or maximum.",
  preset: "strict",
  presetWhy:
    "A keyword that does nothing, like a format on a non-string: the CRD and its objects work, the intended bound " +
    "just does not exist.",
  phase: "walk",
  messages: {
    isTrueButIsNot: "{{flag}} is true but {{bound}} is not set: it has no effect",
  },
  docs: {
    why:
      "In OpenAPI v3.0 (the dialect of CRD schemas) `exclusiveMinimum` and `exclusiveMaximum` are booleans that only " +
      "qualify `minimum` and `maximum`; alone they do nothing. Authors coming from JSON Schema 2019+/OpenAPI 3.1 " +
      "often expect `exclusiveMinimum: true` to mean `> 0`.",
    fix: "Add the bound (`minimum: 0, exclusiveMinimum: true` for a strictly positive value) or remove the flag.",
    upstream: "kubernetes/kube-openapi:pkg/validation/validate",
    fail: "openAPIV3Schema: {type: object, properties: {ratio: {type: number, exclusiveMinimum: true}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {ratio: {type: number, minimum: 0, exclusiveMinimum: true}}}\n",
  },
  visitKeys: ["exclusiveMinimum", "exclusiveMaximum"],
  visitNode(node, ctx) {
    const s = node.schema;
    for (const [flag, bound] of PAIRS) {
      if (s[flag] !== true || typeof s[bound] === "number") continue;
      ctx.report({ path: node.path.child(flag), messageId: "isTrueButIsNot", data: { flag, bound } });
    }
  },
});
