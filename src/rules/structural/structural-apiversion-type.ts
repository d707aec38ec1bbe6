/** properties[apiVersion] of the root or of an embedded resource is not type string. */
import { defineRule } from "../define-rule.js";
import { EMBEDDED_RESOURCE, typeOf } from "../../crd/structural.js";
import { isObject } from "../../crd/model.js";
import { structuralVisit, deferReport, flushDeferred } from "./common.js";

export default defineRule({
  id: "structural-apiversion-type",
  category: "structural",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "The apiVersion property of the root or of an embedded resource is not type string.",
  messages: {
    mustBeString: "must be string",
  },
  docs: {
    why:
      "`apiVersion` is part of every Kubernetes object's TypeMeta and is always a string. When the schema of the " +
      "root (or of an `x-kubernetes-embedded-resource`) mentions it, its type must be `string`; a missing type is " +
      'reported with the value `""`.',
    fix: "Write `apiVersion: {type: string}` (a description is fine).",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/validation.go",
    fail: "openAPIV3Schema: {type: object, properties: {apiVersion: {description: x}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {apiVersion: {type: string, description: x}}}\n",
  },
  phase: "structural",
  visitKeys: ["properties"],
  visitNode: structuralVisit((node, ctx) => {
    if (!node.isStructural || (node.parent !== null && node.schema[EMBEDDED_RESOURCE] !== true)) return;
    const props = node.schema.properties;
    if (!isObject(props) || !Object.hasOwn(props, "apiVersion")) return;
    const p = props["apiVersion"];
    const t = isObject(p) ? typeOf(p) : p === null ? "" : undefined;
    if (t === undefined || t === "string") return;
    deferReport(ctx, {
      path: node.path.child("properties").key("apiVersion").child("type"),
      messageId: "mustBeString",
      value: t,
    });
  }),
  checkSchema: flushDeferred,
});
