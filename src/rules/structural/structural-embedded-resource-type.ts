/** x-kubernetes-embedded-resource on a node that is not type object. */
import { defineRule } from "../define-rule.js";
import { EMBEDDED_RESOURCE, typeOf } from "../../crd/structural.js";
import { structuralVisit, deferReport, flushDeferred } from "./common.js";

const MESSAGE = "must be object if x-kubernetes-embedded-resource is true";

export default defineRule({
  id: "structural-embedded-resource-type",
  category: "structural",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "A node with x-kubernetes-embedded-resource: true is not type object.",
  messages: {
    notObject: MESSAGE,
  },
  docs: {
    why:
      "`x-kubernetes-embedded-resource: true` declares a complete Kubernetes object (apiVersion, kind, metadata), " +
      "which is always a JSON object. Without a type the error is `Required value`, with another type `Invalid value`.",
    fix: "Add `type: object` to the embedded resource node.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/validation.go",
    fail: "openAPIV3Schema: {type: object, properties: {tpl: {x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {tpl: {type: object, x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true}}}\n",
  },
  phase: "structural",
  visitKeys: ["x-kubernetes-embedded-resource"],
  visitNode: structuralVisit((node, ctx) => {
    if (!node.isStructural || node.schema[EMBEDDED_RESOURCE] !== true) return;
    const t = typeOf(node.schema);
    if (t === undefined || t === "object") return;
    if (t === "") deferReport(ctx, { path: node.path.child("type"), messageId: "notObject", type: "Required value" });
    else deferReport(ctx, { path: node.path.child("type"), messageId: "notObject", value: t });
  }),
  checkSchema: flushDeferred,
});
