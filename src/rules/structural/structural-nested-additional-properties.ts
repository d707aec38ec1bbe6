/** A value validation (allOf/anyOf/oneOf/not) sets additionalProperties. */
import { defineRule } from "../define-rule.js";
import { isSet } from "../../crd/structural.js";
import { nestedKeywordHooks } from "./common.js";

export default defineRule({
  id: "structural-nested-additional-properties",
  category: "structural",
  severity: "error",
  apiserver: true,
  type: "Forbidden",
  description: "A value validation (allOf/anyOf/oneOf/not) sets additionalProperties.",
  docs: {
    why:
      "Inside `allOf`, `anyOf`, `oneOf` and `not` the apiserver forbids `additionalProperties` in any form (a " +
      "schema, `true` or `false`), and does not look at what is below it. Maps are declared in the structural part.",
    fix: "Declare `additionalProperties` on the node itself, outside the junctor; constrain map values there.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/validation.go",
    fail: "openAPIV3Schema: {type: object, properties: {m: {type: object, additionalProperties: {type: string}, anyOf: [{additionalProperties: {minLength: 1}}]}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {m: {type: object, additionalProperties: {type: string, minLength: 1}}}}\n",
  },
  messages: { nested: "must be undefined to be structural" },
  ...nestedKeywordHooks("additionalProperties", isSet),
});
