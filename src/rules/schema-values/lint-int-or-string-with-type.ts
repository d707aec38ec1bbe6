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
  preset: "recommended",
  presetWhy:
    "Failed applies and misled clients: the explicit type wins, so values that clients and `kubectl explain` present " +
    "as valid are rejected.",
  phase: "walk",
  messages: {
    onlyIntegers: "type {{quoted}} together with x-kubernetes-int-or-string: only integers are accepted",
    onlyStrings: "type {{quoted}} together with x-kubernetes-int-or-string: only strings are accepted",
    onlyType: "type {{quoted}} together with x-kubernetes-int-or-string: only {{type}} values are accepted",
  },
  docs: {
    why:
      "The apiserver accepts it, but the explicit `type` wins: with `type: string` integers are rejected (and the " +
      "other way round), so the field is not int-or-string at all, while clients and `kubectl explain` believe it is.",
    fix:
      "Remove `type` and keep `x-kubernetes-int-or-string: true` (optionally with " +
      "`anyOf: [{type: integer}, {type: string}]`).",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/validation.go (not checked)",
    fail: "openAPIV3Schema: {type: object, properties: {port: {type: string, x-kubernetes-int-or-string: true}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {port: {x-kubernetes-int-or-string: true, anyOf: [{type: integer}, {type: string}]}}}\n",
  },
  visitKeys: ["x-kubernetes-int-or-string"],
  visitNode(node, ctx) {
    const s = node.schema;
    if (node.inJunctor || s[INT_OR_STRING] !== true || typeof s.type !== "string" || s.type === "") return;
    ctx.report({
      path: node.path.child("type"),
      messageId: s.type === "integer" ? "onlyIntegers" : s.type === "string" ? "onlyStrings" : "onlyType",
      data: { quoted: JSON.stringify(s.type), type: s.type },
    });
  },
});
