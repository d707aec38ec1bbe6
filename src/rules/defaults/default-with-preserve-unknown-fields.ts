/** Defaults in a schema while spec.preserveUnknownFields is true. */
import { defineRule } from "../define-rule.js";
import { isObject } from "../../crd/model.js";
import { DualPath } from "../../k8s/path.js";

const SUB_SCHEMA = ["items", "not", "additionalProperties", "additionalItems"];
const SUB_LISTS = ["items", "allOf", "anyOf", "oneOf"];
const SUB_MAPS = ["properties", "patternProperties", "definitions", "dependencies"];

/** SchemaHas(s, Default != nil): every place a schema can hold another schema. */
function hasDefault(s: unknown, depth = 0): boolean {
  if (!isObject(s) || depth > 1000) return false;
  if (s.default !== undefined && s.default !== null) return true;
  for (const k of SUB_SCHEMA) if (isObject(s[k]) && hasDefault(s[k], depth + 1)) return true;
  for (const k of SUB_LISTS) {
    const l = s[k];
    if (Array.isArray(l) && l.some((x) => hasDefault(x, depth + 1))) return true;
  }
  for (const k of SUB_MAPS) {
    const m = s[k];
    if (isObject(m) && Object.values(m).some((x) => hasDefault(x, depth + 1))) return true;
  }
  return false;
}

export default defineRule({
  id: "default-with-preserve-unknown-fields",
  category: "defaults",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "A schema uses default while spec.preserveUnknownFields is true.",
  phase: "crd",
  minMinor: 16,
  messages: {
    mustBeFalseInOrder: "must be false in order to use defaults in the schema",
  },
  docs: {
    why:
      "Defaulting needs pruning: a default could otherwise resurrect fields the schema does not describe. The " +
      "apiserver therefore accepts `default` only when `spec.preserveUnknownFields` is false (any default in any " +
      "version's schema, junctors included): `spec.preserveUnknownFields: Invalid value: true: must be false in " +
      "order to use defaults in the schema`.",
    fix:
      "Set `spec.preserveUnknownFields: false` (or drop it: false is the v1 default) and mark the subtrees that must " +
      "keep unknown fields with `x-kubernetes-preserve-unknown-fields: true`.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "spec: {preserveUnknownFields: true}\nopenAPIV3Schema:\n  type: object\n  properties:\n    spec: {type: object, properties: {size: {type: integer, default: 1}}}\n",
    pass: "openAPIV3Schema:\n  type: object\n  properties:\n    spec: {type: object, properties: {size: {type: integer, default: 1}}}\n",
  },
  check(ctx) {
    if (ctx.crd.spec.preserveUnknownFields !== true) return;
    const any = ctx.crd.versions.some((v) => isObject(v.raw.schema) && hasDefault(v.raw.schema.openAPIV3Schema));
    if (!any) return;
    ctx.report({ path: DualPath.root("spec", "preserveUnknownFields"), value: true, messageId: "mustBeFalseInOrder" });
  },
});
