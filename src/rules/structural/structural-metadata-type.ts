/** properties[metadata] of the root or of an embedded resource is not type object. */
import { defineRule } from "../define-rule.js";
import { EMBEDDED_RESOURCE, typeOf } from "../../crd/structural.js";
import { isObject } from "../../crd/model.js";
import { structuralVisit, deferReport, flushDeferred } from "./common.js";

export default defineRule({
  id: "structural-metadata-type",
  category: "structural",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "The metadata property of the root or of an embedded resource is not type object.",
  messages: {
    mustBeObject: "must be object",
  },
  docs: {
    why:
      "`metadata` of a custom resource (and of an embedded resource) is an ObjectMeta, always a JSON object. When " +
      'the schema mentions it, its type must be `object`; a missing type is reported with the value `""`.',
    fix: "Write `metadata: {type: object}` (and nothing else, at the root, except name/generateName restrictions).",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/validation.go",
    fail: "openAPIV3Schema: {type: object, properties: {metadata: {type: string}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {metadata: {type: object}}}\n",
  },
  phase: "structural",
  visitKeys: ["properties"],
  visitNode: structuralVisit((node, ctx) => {
    if (!node.isStructural || (node.parent !== null && node.schema[EMBEDDED_RESOURCE] !== true)) return;
    const props = node.schema.properties;
    if (!isObject(props) || !Object.hasOwn(props, "metadata")) return;
    const m = props.metadata;
    const t = isObject(m) ? typeOf(m) : m === null ? "" : undefined;
    if (t === undefined || t === "object") return;
    deferReport(ctx, {
      path: node.path.child("properties").key("metadata").child("type"),
      messageId: "mustBeObject",
      value: t,
    });
  }),
  checkSchema: flushDeferred,
});
