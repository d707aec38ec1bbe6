/** An x-kubernetes-validations fieldPath that does not resolve in the node's schema. */
import { defineRule, type SchemaContext } from "../define-rule.js";
import { structuralConversionError, validFieldPath } from "../../crd/field-path.js";
import type { SchemaNode } from "../../crd/schema.js";
import { validationEntries, validationRuleFieldDetail } from "../../crd/validation-entries.js";

export default defineRule({
  id: "cel-field-path-invalid",
  category: "cel-compile",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "An x-kubernetes-validations fieldPath is not a valid path to a field of the node's schema.",
  phase: "walk",
  minMinor: 28,
  docs: {
    why:
      "`fieldPath` (Kubernetes 1.28+) names, relative to the node carrying the rule, the field a failure is reported " +
      "on. The apiserver parses it (`.name` steps and `['quoted name']` steps, no list indices) and resolves each " +
      "step in the node's structural schema: through declared `properties`, or any key of an `additionalProperties` " +
      "map. A path that does not parse, names an undeclared property or enters a list is rejected. When the node's " +
      "schema cannot be converted to a structural schema the path is not checked.",
    fix:
      "Start the path with `.` (or `['...']`), use declared property names as written in the schema (not CEL-escaped " +
      "ones), and point at the list itself rather than into its items.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/cel/validation.go",
    fail: "openAPIV3Schema: {type: object, x-kubernetes-validations: [{rule: 'true', fieldPath: .spec.missing}], properties: {spec: {type: object, properties: {replicas: {type: integer}}}}}\n",
    pass: "openAPIV3Schema: {type: object, x-kubernetes-validations: [{rule: 'true', fieldPath: .spec.replicas}], properties: {spec: {type: object, properties: {replicas: {type: integer}}}}}\n",
  },
  visitKeys: ["x-kubernetes-validations"],
  visitNode(node, ctx) {
    let converts: boolean | undefined;
    for (const e of validationEntries(node, ctx.memo)) {
      if (e.fieldPath.length === 0) continue;
      converts ??= convertsToStructural(node, ctx);
      // A schema NewStructural cannot convert accepts every fieldPath.
      if (!converts) return;
      const r = validFieldPath(e.fieldPath, node.schema, { allowArrayNotation: true });
      // Divergence: where the apiserver dereferences a nil structural schema (a step below an
      // `additionalProperties: true` map value) it panics and the request fails with an internal error, not a
      // field error; crdlint reports nothing for that entry.
      if (r.ok || r.nilDereference) continue;
      const message = validationRuleFieldDetail("fieldPath", "must be a valid path", ctx.minor);
      ctx.report({ path: e.path.child("fieldPath"), message, value: e.fieldPath });
    }
  },
});

/**
 * Whether NewStructural converts the node's schema. A structural-part node converts when its schema root does,
 * which the structural phase (run before the walk) has settled.
 */
function convertsToStructural(node: SchemaNode, ctx: SchemaContext): boolean {
  if (node.isStructural && ctx.structural.conversionError === null) return true;
  return structuralConversionError(node.schema) === null;
}
