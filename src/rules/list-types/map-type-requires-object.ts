/** x-kubernetes-map-type on a node whose type is not object. */
import { defineRule } from "../define-rule.js";
import { MALFORMED, MAP_TYPE, optionalString, schemaType } from "./schema-fields.js";

export default defineRule({
  id: "map-type-requires-object",
  category: "list-types",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "x-kubernetes-map-type is set on a schema whose type is not object.",
  phase: "walk",
  minMinor: 18,
  docs: {
    why:
      "`x-kubernetes-map-type` tells server-side apply whether an object (struct or map) is merged field by field " +
      "(`granular`) or replaced whole (`atomic`). Since Kubernetes 1.18 it is rejected on anything but " +
      "`type: object` (`Required value` when the node has no type; `structural-type-missing` then also reports the " +
      "same path).",
    fix: "Move `x-kubernetes-map-type` to an object schema, or use `x-kubernetes-list-type` for arrays.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema: {type: object, properties: {a: {type: array, items: {type: string}, x-kubernetes-map-type: atomic}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {a: {type: object, additionalProperties: {type: string}, x-kubernetes-map-type: atomic}}}\n",
  },
  visitKeys: ["x-kubernetes-map-type"],
  visitNode(node, ctx) {
    const s = node.schema;
    const mapType = optionalString(s, MAP_TYPE);
    if (mapType === undefined || mapType === MALFORMED) return;
    const type = schemaType(s);
    if (type === MALFORMED || type === "object") return;
    const path = node.path.child("type");
    const message = "must be object if x-kubernetes-map-type is specified";
    if (type === "") ctx.report({ path, message, type: "Required value" });
    else ctx.report({ path, message, value: type });
  },
});
