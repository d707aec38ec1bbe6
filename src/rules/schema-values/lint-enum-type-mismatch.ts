/** Lint: an enum value that does not match the node's type. */
import { defineRule } from "../define-rule.js";
import { isObject } from "../../crd/model.js";

function matches(type: string, v: unknown): boolean {
  switch (type) {
    case "string":
      return typeof v === "string";
    case "integer":
      return typeof v === "number" && Number.isInteger(v);
    case "number":
      return typeof v === "number";
    case "boolean":
      return typeof v === "boolean";
    case "object":
      return isObject(v);
    case "array":
      return Array.isArray(v);
    default:
      return true;
  }
}

export default defineRule({
  id: "lint-enum-type-mismatch",
  category: "schema-values",
  severity: "warning",
  apiserver: false,
  type: null,
  description: "An enum value is not of the node's declared type.",
  preset: "recommended",
  presetWhy: "Failed applies: the enum value can never be used, the type check rejects it first.",
  phase: "walk",
  messages: {
    wrongType: "enum value {{value}} is not of type {{type}}: no object can ever use it",
    nullNotNullable:
      "enum value {{value}} is not of type {{type}} and the field is not nullable: no object can ever use it",
  },
  docs: {
    why:
      "The apiserver accepts the CRD, but a custom resource can never use that enum value: the type check rejects it " +
      "first. A classic cause is YAML typing, e.g. `enum: [1, 2]` on a string field, or `null` in the enum of a " +
      "field that is not `nullable`.",
    fix:
      'Quote the values (`enum: ["1", "2"]`), fix the `type`, or add `nullable: true` when `null` is meant to be ' +
      "allowed.",
    upstream: "kubernetes/kube-openapi:pkg/validation/validate (type is checked before enum)",
    fail: "openAPIV3Schema: {type: object, properties: {mode: {type: string, enum: [fast, 1]}}}\n",
    pass: 'openAPIV3Schema: {type: object, properties: {mode: {type: string, enum: [fast, "1"]}}}\n',
  },
  visitKeys: ["enum"],
  visitNode(node, ctx) {
    const s = node.schema;
    const t = s.type;
    const e = s.enum;
    if (typeof t !== "string" || t === "" || !Array.isArray(e)) return;
    for (let i = 0; i < e.length; i++) {
      const v: unknown = e[i];
      if (v === null ? s.nullable === true : matches(t, v)) continue;
      ctx.report({
        path: node.path.child("enum").index(i),
        messageId: v === null ? "nullNotNullable" : "wrongType",
        data: { value: JSON.stringify(v), type: t },
      });
      return;
    }
  },
});
