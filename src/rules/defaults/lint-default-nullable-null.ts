/** `default: null`, which decoding drops. */
import { defineRule } from "../define-rule.js";

export default defineRule({
  id: "lint-default-nullable-null",
  category: "defaults",
  severity: "warning",
  apiserver: false,
  type: null,
  description: "default: null is dropped when the CRD is decoded, so the field has no default.",
  preset: "strict",
  presetWhy: "A no-op: `default: null` is the same as no default, and objects behave the same either way.",
  phase: "walk",
  messages: {
    defaultNullIsDroppedWhen: "default: null is dropped when the CRD is decoded: this field has no default",
  },
  docs: {
    why:
      "The apiserver decodes `default` into a JSON pointer, and a JSON `null` leaves the pointer unset: " +
      "`default: null` is exactly no default. A nullable field keeps a `null` the client sends, and a missing field " +
      "stays missing; nothing is ever defaulted to null.",
    fix:
      "Remove `default: null`. If `null` should be the value when the field is omitted, omit the field from the " +
      "object instead.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/v1/marshal.go",
    fail: "openAPIV3Schema:\n  type: object\n  properties:\n    owner: {type: string, nullable: true, default: null}\n",
    pass: "openAPIV3Schema:\n  type: object\n  properties:\n    owner: {type: string, nullable: true}\n",
  },
  visitKeys: ["default"],
  visitNode(node, ctx) {
    const s = node.schema;
    if (!Object.prototype.hasOwnProperty.call(s, "default") || s.default !== null) return;
    ctx.report({
      path: node.path.child("default"),
      messageId: "defaultNullIsDroppedWhen",
      suggestion: "remove the default",
    });
  },
});
