/** x-kubernetes-int-or-string together with x-kubernetes-embedded-resource. */
import { defineRule } from "../define-rule.js";
import { EMBEDDED_RESOURCE, INT_OR_STRING } from "../../crd/structural.js";
import { structuralVisit, deferReport, flushDeferred } from "./common.js";

export default defineRule({
  id: "structural-int-or-string-embedded",
  category: "structural",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "A node sets both x-kubernetes-int-or-string and x-kubernetes-embedded-resource.",
  messages: {
    mustBeFalseIfX: "must be false if x-kubernetes-int-or-string is true",
  },
  docs: {
    why: "An embedded resource is an object; an int-or-string value is an integer or a string. A node cannot be both.",
    fix: "Keep the extension that describes the field and remove the other.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/validation.go",
    fail: "openAPIV3Schema: {type: object, properties: {p: {x-kubernetes-int-or-string: true, x-kubernetes-embedded-resource: true}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {p: {x-kubernetes-int-or-string: true}}}\n",
  },
  phase: "structural",
  visitKeys: ["x-kubernetes-int-or-string"],
  visitNode: structuralVisit((node, ctx) => {
    if (!node.isStructural || node.schema[INT_OR_STRING] !== true || node.schema[EMBEDDED_RESOURCE] !== true) return;
    deferReport(ctx, { path: node.path.child(EMBEDDED_RESOURCE), messageId: "mustBeFalseIfX", value: true });
  }),
  checkSchema: flushDeferred,
});
