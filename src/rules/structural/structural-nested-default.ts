/** A value validation (allOf/anyOf/oneOf/not) sets default. */
import { defineRule } from "../define-rule.js";
import { isSet } from "../../crd/structural.js";
import { nestedKeywordHooks } from "./common.js";

export default defineRule({
  id: "structural-nested-default",
  category: "structural",
  severity: "error",
  apiserver: true,
  type: "Forbidden",
  description: "A value validation (allOf/anyOf/oneOf/not) sets default.",
  docs: {
    why:
      "Defaulting is applied from the structural part only; a `default` inside `allOf`, `anyOf`, `oneOf` or `not` " +
      "would be ambiguous and is rejected.",
    fix: "Move the `default` to the property itself, outside the junctor.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/validation.go",
    fail: "openAPIV3Schema: {type: object, properties: {a: {type: string, allOf: [{default: x}]}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {a: {type: string, default: x}}}\n",
  },
  messages: { nested: "must be undefined to be structural" },
  ...nestedKeywordHooks("default", isSet),
});
