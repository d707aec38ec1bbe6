/** A schema node sets x-kubernetes-preserve-unknown-fields: false. */
import { defineRule } from "../define-rule.js";
import { PRESERVE_UNKNOWN_FIELDS } from "../../crd/structural.js";

export default defineRule({
  id: "forbidden-preserve-unknown-fields-false",
  category: "forbidden-field",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "A schema node sets x-kubernetes-preserve-unknown-fields: false.",
  phase: "walk",
  messages: {
    mustBeTrueOrUndefined: "must be true or undefined",
  },
  docs: {
    why:
      "`x-kubernetes-preserve-unknown-fields: false` means nothing (pruning is the default), and the apiserver " +
      "rejects it.",
    fix: "Remove the line (omit the extension instead of setting it to false).",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: false}\n",
    pass: "openAPIV3Schema: {type: object}\n",
  },
  visitKeys: ["x-kubernetes-preserve-unknown-fields"],
  visitNode(node, ctx) {
    const s = node.schema;
    if (!(s[PRESERVE_UNKNOWN_FIELDS] === false)) return;
    ctx.report({
      path: node.path.child("x-kubernetes-preserve-unknown-fields"),
      messageId: "mustBeTrueOrUndefined",
      value: false,
    });
  },
});
