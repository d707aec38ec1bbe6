/** x-kubernetes-int-or-string together with x-kubernetes-preserve-unknown-fields. */
import { defineRule } from "../define-rule.js";
import { INT_OR_STRING, PRESERVE_UNKNOWN_FIELDS } from "../../crd/structural.js";
import { structuralVisit, deferReport, flushDeferred } from "./common.js";

export default defineRule({
  id: "structural-int-or-string-preserve-unknown",
  category: "structural",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "A node sets both x-kubernetes-int-or-string and x-kubernetes-preserve-unknown-fields.",
  messages: {
    mustBeFalseIfX: "must be false if x-kubernetes-int-or-string is true",
  },
  docs: {
    why:
      "An int-or-string value is a scalar: there are no fields to preserve, and the two extensions contradict each " +
      "other.",
    fix: "Remove `x-kubernetes-preserve-unknown-fields` from the int-or-string node.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/validation.go",
    fail: "openAPIV3Schema: {type: object, properties: {p: {x-kubernetes-int-or-string: true, x-kubernetes-preserve-unknown-fields: true}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {p: {x-kubernetes-int-or-string: true}}}\n",
  },
  phase: "structural",
  visitKeys: ["x-kubernetes-int-or-string"],
  visitNode: structuralVisit((node, ctx) => {
    if (!node.isStructural || node.schema[INT_OR_STRING] !== true || node.schema[PRESERVE_UNKNOWN_FIELDS] !== true)
      return;
    deferReport(ctx, { path: node.path.child(PRESERVE_UNKNOWN_FIELDS), messageId: "mustBeFalseIfX", value: true });
  }),
  checkSchema: flushDeferred,
});
