/** Lint: a lower bound above its upper bound (no value can be valid). */
import { defineRule } from "../define-rule.js";
import type { JsonObject } from "../../crd/model.js";

const PAIRS = [
  ["minLength", "maxLength"],
  ["minItems", "maxItems"],
  ["minProperties", "maxProperties"],
] as const;

function num(v: unknown): number | undefined {
  return typeof v === "number" && Number.isFinite(v) ? v : undefined;
}

/** The contradiction of a node's minimum/maximum, if any. */
function numericRange(s: JsonObject): string | null {
  const min = num(s.minimum);
  const max = num(s.maximum);
  if (min === undefined || max === undefined) return null;
  if (min > max) return `minimum (${min}) is greater than maximum (${max})`;
  if (min === max && (s.exclusiveMinimum === true || s.exclusiveMaximum === true))
    return `minimum and maximum are both ${min} but one of them is exclusive`;
  return null;
}

export default defineRule({
  id: "lint-bounds-inverted",
  category: "schema-values",
  severity: "warning",
  apiserver: false,
  type: null,
  description:
    "A lower bound is greater than its upper bound (minimum/maximum, minLength/maxLength, minItems/maxItems, " +
    "minProperties/maxProperties).",
  preset: "recommended",
  presetWhy:
    "Failed applies: no value satisfies both bounds, so every custom resource that sets the field is rejected.",
  phase: "walk",
  messages: {
    noValueCanBeValid: "{{range}}: no value can be valid",
    isGreaterThanNoValue: "{{lo}} ({{a}}) is greater than {{hi}} ({{b}}): no value can be valid",
  },
  docs: {
    why:
      "The apiserver does not compare bounds with each other: the CRD is accepted, and then every custom resource " +
      "that sets the field is rejected, because no value satisfies both bounds.",
    fix: "Swap or correct the bounds.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go (not checked)",
    fail: "openAPIV3Schema: {type: object, properties: {replicas: {type: integer, minimum: 10, maximum: 1}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {replicas: {type: integer, minimum: 1, maximum: 10}}}\n",
  },
  visitKeys: ["minimum", "minLength", "minItems", "minProperties"],
  visitNode(node, ctx) {
    const s = node.schema;
    const range = numericRange(s);
    if (range) ctx.report({ path: node.path.child("minimum"), messageId: "noValueCanBeValid", data: { range } });
    for (const [lo, hi] of PAIRS) {
      const a = num(s[lo]);
      const b = num(s[hi]);
      if (a !== undefined && b !== undefined && a > b)
        ctx.report({ path: node.path.child(lo), messageId: "isGreaterThanNoValue", data: { lo, a, hi, b } });
    }
  },
});
