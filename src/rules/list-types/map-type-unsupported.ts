/** x-kubernetes-map-type other than atomic or granular. */
import { defineRule } from "../define-rule.js";
import { MAP_TYPE } from "./schema-fields.js";

export default defineRule({
  id: "map-type-unsupported",
  category: "list-types",
  severity: "error",
  apiserver: true,
  type: "Unsupported value",
  description: "x-kubernetes-map-type is not atomic or granular.",
  phase: "walk",
  // x-kubernetes-map-type exists in the v1 type since 1.17; 1.16 drops it as an unknown field.
  minMinor: 17,
  messages: {
    supportedValuesAtomicGranular: 'supported values: "atomic", "granular"',
  },
  docs: {
    why:
      "Server-side apply knows two object semantics: `granular` (the default: merge field by field) and `atomic` " +
      "(replace the whole object). Any other value is rejected; it also makes the object's properties uncorrelatable " +
      "for CEL transition rules (`cel-old-self-uncorrelatable`).",
    fix: "Use `atomic` or `granular` (lowercase), or remove the extension.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema: {type: object, properties: {a: {type: object, x-kubernetes-map-type: Atomic, additionalProperties: {type: string}}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {a: {type: object, x-kubernetes-map-type: atomic, additionalProperties: {type: string}}}}\n",
  },
  visitKeys: ["x-kubernetes-map-type"],
  visitNode(node, ctx) {
    const mapType = node.schema[MAP_TYPE];
    if (typeof mapType !== "string" || mapType === "atomic" || mapType === "granular") return;
    ctx.report({ path: node.path.child(MAP_TYPE), messageId: "supportedValuesAtomicGranular", value: mapType });
  },
});
