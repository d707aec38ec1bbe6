/** A value validation (allOf/anyOf/oneOf/not) sets additionalProperties. */
import { defineRule } from "../define-rule.js";
import { isSet } from "../../crd/structural.js";
import { releaseHas } from "../../k8s/releases.js";
import { nestedKeywordHooks } from "./common.js";

/**
 * Whether a junctor's additionalProperties is kept by NewStructural: a schema or `true` always; `false` only up to
 * 1.30, whose Generic held it as a StructuralOrBool (from 1.31 the nested value validation drops it).
 */
function kept(v: unknown, minor: number): boolean {
  if (!isSet(v)) return false;
  return v !== false || !releaseHas(minor, "nestedAdditionalPropertiesFalseDropped");
}

export default defineRule({
  id: "structural-nested-additional-properties",
  category: "structural",
  severity: "error",
  apiserver: true,
  type: "Forbidden",
  description: "A value validation (allOf/anyOf/oneOf/not) sets additionalProperties.",
  docs: {
    why:
      "Inside `allOf`, `anyOf`, `oneOf` and `not` the apiserver forbids `additionalProperties` as a schema or " +
      "`true` (up to 1.30 `false` too), and does not look at what is below it. Maps are declared in the structural part.",
    fix: "Declare `additionalProperties` on the node itself, outside the junctor; constrain map values there.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/validation.go",
    fail: "openAPIV3Schema: {type: object, properties: {m: {type: object, additionalProperties: {type: string}, anyOf: [{additionalProperties: {minLength: 1}}]}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {m: {type: object, additionalProperties: {type: string, minLength: 1}}}}\n",
  },
  messages: { nested: "must be undefined to be structural" },
  ...nestedKeywordHooks("additionalProperties", kept),
});
