/** Lint: x-kubernetes-int-or-string together with an explicit type. */
import { defineRule } from "../define-rule.js";
import { INT_OR_STRING } from "../../crd/structural.js";

export default defineRule({
  id: "lint-int-or-string-with-type",
  category: "schema-values",
  severity: "warning",
  apiserver: false,
  type: null,
  description: "x-kubernetes-int-or-string: true is combined with an explicit type.",
  phase: "walk",
  docs: {
    why: "The apiserver accepts it, but the explicit `type` wins: with `type: string` integers are rejected (and the other way round), so the field is not int-or-string at all, while clients and `kubectl explain` believe it is.",
    fix: "Remove `type` and keep `x-kubernetes-int-or-string: true` (optionally with `anyOf: [{type: integer}, {type: string}]`).",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/validation.go (not checked)",
    fail: "openAPIV3Schema: {type: object, properties: {port: {type: string, x-kubernetes-int-or-string: true}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {port: {x-kubernetes-int-or-string: true, anyOf: [{type: integer}, {type: string}]}}}\n",
  },
  visitNode(node, ctx) {
    const s = node.schema;
    if (node.inJunctor || s[INT_OR_STRING] !== true || typeof s.type !== "string" || s.type === "") return;
    ctx.report({
      path: node.path.child("type"),
      message: `type ${JSON.stringify(s.type)} together with x-kubernetes-int-or-string: only ${s.type === "integer" ? "integers" : s.type === "string" ? "strings" : `${s.type} values`} are accepted`,
    });
  },
});
