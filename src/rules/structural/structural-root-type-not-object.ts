/** The schema root with a type other than object. */
import { defineRule } from "../define-rule.js";
import { typeOf } from "../../crd/structural.js";
import { structuralVisit, deferReport, flushDeferred } from "./common.js";

export default defineRule({
  id: "structural-root-type-not-object",
  category: "structural",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "The root of openAPIV3Schema has a type other than object.",
  messages: {
    mustBeObjectAtThe: "must be object at the root",
  },
  docs: {
    why:
      "A custom resource is always a JSON object (apiVersion, kind, metadata and your fields), so the root of its " +
      "schema must be `type: object`.",
    fix: "Set `type: object` at the root and move the value you meant to describe into a property such as `spec`.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/validation.go",
    fail: "openAPIV3Schema: {type: string}\n",
    pass: "openAPIV3Schema: {type: object, properties: {spec: {type: string}}}\n",
  },
  phase: "structural",
  visitKeys: ["type"],
  visitNode: structuralVisit((node, ctx) => {
    if (node.parent !== null) return;
    const t = typeOf(node.schema);
    if (t === undefined || t === "" || t === "object") return;
    deferReport(ctx, { path: node.path.child("type"), messageId: "mustBeObjectAtThe", value: t });
  }),
  checkSchema: flushDeferred,
});
