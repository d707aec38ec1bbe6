/**
 * What crdlint cannot check behind a schema the apiserver does not take as structural. The engine reports it (with
 * `hiddenBy`) when it shows what lies behind the apiserver's gates: defaults and CEL rules need the structural form
 * of the schema (CEL types come from it), so where that form does not exist crdlint says what it left unchecked
 * instead of guessing.
 */
import { defineEngineRule, type Report } from "../define-rule.js";
import type { DualPath } from "../../k8s/path.js";

export default defineEngineRule({
  id: "schema-not-checked",
  category: "structural",
  severity: "info",
  apiserver: false,
  preset: "recommended",
  presetWhy:
    "Says which defaults and CEL rules nobody has checked yet: the apiserver checks them only once the schema is " +
    "structural, and may then reject the CRD again.",
  type: null,
  description:
    "Defaults or CEL rules that cannot be checked until an error that changes their schema's structure or types is " +
    "fixed (reported behind it, with hiddenBy).",
  messages: {
    unconverted:
      "{{what}} of this schema cannot be checked until it converts to a structural schema: NewStructural fails " +
      "({{error}})",
    celNode:
      "{{count}} CEL rule{{s}} here cannot be compiled until the {{by}} error is fixed: their CEL types come from " +
      "the schema it is about",
  },
  docs: {
    why:
      "The apiserver checks defaults and compiles CEL rules only for a structural schema, and compiles a node's CEL " +
      "rules only when no error was found at or below the node, so those errors hide the CEL errors until they are " +
      "fixed. crdlint shows those hidden errors too, marked with the error that hides them; where a check needs what " +
      "the error breaks (a CEL rule's types come from the schema of its node, which a missing or wrong type, items " +
      "or format changes; a schema that does not convert has no structural form at all), it says what it could not " +
      "check instead of guessing.",
    fix: "Fix the error named in hiddenBy; the next run checks these defaults and rules.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go " +
      "(ValidateCustomResourceDefinitionOpenAPISchema)",
    fail: "openAPIV3Schema: {type: object, properties: {spec: {properties: {a: {type: integer}}, x-kubernetes-validations: [{rule: 'self.a > 0'}]}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {a: {type: integer}}, x-kubernetes-validations: [{rule: 'self.a > 0'}]}}}\n",
  },
});

/** At the schema root: its defaults and/or CEL rules (`what`), not checked while NewStructural fails with `error`. */
export function unconvertedReport(path: DualPath, what: string, error: string): Report<"unconverted"> {
  return { path, messageId: "unconverted", data: { what, error } };
}

/** At a node's x-kubernetes-validations: its `count` rules, not compiled while the error `by` (a rule id) that may change their types stands. */
export function celNodeReport(path: DualPath, count: number, by: string): Report<"celNode"> {
  return { path, messageId: "celNode", data: { count: String(count), s: count === 1 ? "" : "s", by } };
}
