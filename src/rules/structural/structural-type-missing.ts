/** A node of the structural part without `type` (rule 1 of structural schemas). */
import { defineRule } from "../define-rule.js";
import { EMBEDDED_RESOURCE, INT_OR_STRING, PRESERVE_UNKNOWN_FIELDS, typeOf } from "../../crd/structural.js";
import { isObject } from "../../crd/model.js";
import { structuralVisit, deferReport, flushDeferred } from "./common.js";

const MESSAGES = {
  root: "must not be empty at the root",
  item: "must not be empty for specified array items",
  field: "must not be empty for specified object fields",
} as const;

export default defineRule({
  id: "structural-type-missing",
  category: "structural",
  severity: "error",
  apiserver: true,
  type: "Required value",
  description: "A schema node of the structural part (root, properties, additionalProperties, items) has no type.",
  messages: {
    root: MESSAGES.root,
    item: MESSAGES.item,
    field: MESSAGES.field,
  },
  docs: {
    why:
      "A structural schema specifies a non-empty `type` for the root, for every property and additionalProperties " +
      "schema and for array items, so that the apiserver knows the shape of every field (pruning, defaulting, " +
      "server-side apply, CEL). Only nodes with `x-kubernetes-int-or-string: true` or " +
      "`x-kubernetes-preserve-unknown-fields: true` may omit it; embedded resources get " +
      "`structural-embedded-resource-type` instead. A property written as `foo:` with no value is an empty schema " +
      "and needs a type too.",
    fix:
      "Add the `type` (`object`, `array`, `string`, `integer`, `number` or `boolean`), or mark the node " +
      "`x-kubernetes-preserve-unknown-fields: true` if it really holds arbitrary JSON.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/validation.go",
    fail: "openAPIV3Schema: {type: object, properties: {spec: {properties: {foo: {type: string}}}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {foo: {type: string}}}}}\n",
  },
  phase: "structural",
  visitNode: structuralVisit((node, ctx) => {
    if (!node.isStructural) return;
    const s = node.schema;
    // `properties: {foo: null}` decodes to an empty schema the walk does not visit.
    const props = s.properties;
    if (isObject(props))
      for (const k in props)
        if (props[k] === null)
          deferReport(ctx, { path: node.path.child("properties").key(k).child("type"), messageId: "field" });
    if (s[EMBEDDED_RESOURCE] === true || s[INT_OR_STRING] === true || s[PRESERVE_UNKNOWN_FIELDS] === true) return;
    if (typeOf(s) !== "") return;
    deferReport(ctx, {
      path: node.path.child("type"),
      messageId: node.level === "root" ? "root" : node.level === "item" ? "item" : "field",
    });
  }),
  checkSchema: flushDeferred,
});
