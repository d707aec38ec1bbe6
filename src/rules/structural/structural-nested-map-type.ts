/** A value validation (allOf/anyOf/oneOf/not) sets x-kubernetes-map-type. */
import { defineRule } from "../define-rule.js";
import { isSet } from "../../crd/structural.js";
import { nestedKeywordHooks } from "./common.js";

export default defineRule({
  id: "structural-nested-map-type",
  category: "structural",
  severity: "error",
  apiserver: true,
  type: "Forbidden",
  description: "A value validation (allOf/anyOf/oneOf/not) sets x-kubernetes-map-type.",
  // x-kubernetes-map-type exists in the v1 type since 1.17; 1.16 drops it as an unknown field.
  minMinor: 17,
  docs: {
    why:
      "Map topology (used by server-side apply and CEL) belongs to the structural part; `x-kubernetes-map-type` " +
      "inside `allOf`, `anyOf`, `oneOf` or `not` is rejected, whatever its value.",
    fix: "Declare `x-kubernetes-map-type` on the object itself, outside the junctor.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/validation.go",
    fail: "openAPIV3Schema: {type: object, properties: {m: {type: object, additionalProperties: {type: string}, not: {x-kubernetes-map-type: atomic}}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {m: {type: object, x-kubernetes-map-type: atomic, additionalProperties: {type: string}}}}\n",
  },
  messages: { nested: "must be undefined to be structural" },
  ...nestedKeywordHooks("x-kubernetes-map-type", isSet),
});
