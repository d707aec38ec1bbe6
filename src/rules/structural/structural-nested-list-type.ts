/** A value validation (allOf/anyOf/oneOf/not) sets x-kubernetes-list-type. */
import { defineRule } from "../define-rule.js";
import { isSet } from "../../crd/structural.js";
import { nestedKeywordHooks } from "./common.js";

export default defineRule({
  id: "structural-nested-list-type",
  category: "structural",
  severity: "error",
  apiserver: true,
  type: "Forbidden",
  description: "A value validation (allOf/anyOf/oneOf/not) sets x-kubernetes-list-type.",
  docs: {
    why:
      "List topology (used by server-side apply and CEL) belongs to the structural part; `x-kubernetes-list-type` " +
      "inside `allOf`, `anyOf`, `oneOf` or `not` is rejected, whatever its value.",
    fix: "Declare `x-kubernetes-list-type` on the array itself, outside the junctor.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/validation.go",
    fail: "openAPIV3Schema: {type: object, properties: {l: {type: array, items: {type: string}, anyOf: [{x-kubernetes-list-type: set}]}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {l: {type: array, x-kubernetes-list-type: set, items: {type: string}}}}\n",
  },
  messages: { nested: "must be undefined to be structural" },
  ...nestedKeywordHooks("x-kubernetes-list-type", isSet),
});
