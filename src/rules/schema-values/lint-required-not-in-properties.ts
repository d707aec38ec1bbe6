/** Lint: a required field the structural schema does not declare (it is pruned, so it can never be present). */
import { defineRule } from "../define-rule.js";
import { isObject, type JsonObject } from "../../crd/model.js";
import type { SchemaNode } from "../../crd/schema.js";
import { EMBEDDED_RESOURCE, PRESERVE_UNKNOWN_FIELDS, isSet } from "../../crd/structural.js";

const RESOURCE_FIELDS = new Set(["apiVersion", "kind", "metadata"]);

/** Whether unknown fields of `s` are pruned (so only its declared properties can ever be present). */
function prunes(s: JsonObject): boolean {
  if (s[PRESERVE_UNKNOWN_FIELDS] === true) return false;
  const ap = s.additionalProperties;
  if (isSet(ap) && ap !== false) return false;
  const t = s.type;
  return t === undefined || t === null || t === "" || t === "object";
}

export default defineRule({
  id: "lint-required-not-in-properties",
  category: "schema-values",
  severity: "warning",
  apiserver: false,
  type: null,
  description:
    "A required field is not declared under properties, so pruning removes it and no object can satisfy the schema.",
  preset: "recommended",
  presetWhy: "Failed applies: pruning removes the required field, so no object that sets its parent passes validation.",
  phase: "walk",
  messages: {
    isRequiredButNotDeclared:
      "{{nameJson}} is required but not declared in properties: unknown fields are pruned, so it can never be present",
  },
  docs: {
    why:
      "Unknown fields are pruned before validation. A name listed in `required` (also inside allOf/anyOf/oneOf/not) " +
      "that the structural schema does not declare is therefore always missing: every custom resource setting the " +
      "parent object is rejected (or, inside anyOf/oneOf, that branch can never match). Typos in `required` are the " +
      "usual cause.",
    fix: "Declare the property under `properties` (with its type), or fix the name in `required`.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/pruning/algorithm.go",
    fail: "openAPIV3Schema: {type: object, properties: {spec: {type: object, required: [replica], properties: {replicas: {type: integer}}}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {spec: {type: object, required: [replicas], properties: {replicas: {type: integer}}}}}\n",
  },
  visitKeys: ["required"],
  visitNode(node, ctx) {
    const req = node.schema.required;
    if (!Array.isArray(req) || req.length === 0 || node.inUnsupported) return;
    // ObjectMeta/TypeMeta are handled by the apiserver itself, not pruned by the schema.
    if (node.resourceMeta !== null) return;
    let target: JsonObject | null = null;
    if (node.isStructural) target = node.schema;
    else if (node.inJunctor) {
      // Under `not`, a required name that can never be present makes the branch vacuous, not unsatisfiable.
      for (let n: SchemaNode | null = node; n && n.inJunctor; n = n.parent) if (n.via === "not") return;
      const f = ctx.structural.valueValidation(node);
      if (
        f.counterpartPath &&
        f.counterpartPath.written.segments.some((s) => s.kind === "key" && RESOURCE_FIELDS.has(s.key))
      )
        return;
      target = f.counterpart;
    }
    if (!target || !prunes(target)) return;
    const implicit = target === ctx.scope.root || target[EMBEDDED_RESOURCE] === true;
    const props = target.properties;
    for (let i = 0; i < req.length; i++) {
      const name: unknown = req[i];
      if (typeof name !== "string" || (implicit && RESOURCE_FIELDS.has(name))) continue;
      if (isObject(props) && Object.hasOwn(props, name)) continue;
      ctx.report({
        path: node.path.child("required").index(i),
        messageId: "isRequiredButNotDeclared",
        data: { nameJson: JSON.stringify(name) },
      });
    }
  },
});
