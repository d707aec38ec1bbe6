/** Root properties[metadata] restricts more than name and generateName (rule 4). */
import { defineRule } from "../define-rule.js";
import { metadataIsRestricted } from "../../crd/structural.js";
import { isObject } from "../../crd/model.js";
import { structuralVisit, deferReport, flushDeferred } from "./common.js";

export default defineRule({
  id: "structural-metadata-restricted",
  category: "structural",
  severity: "error",
  apiserver: true,
  type: "Forbidden",
  description: "The root metadata schema specifies more than restrictions of name and generateName.",
  messages: {
    mustNotSpecifyAnythingOther:
      "must not specify anything other than name and generateName, but metadata is implicitly specified",
  },
  docs: {
    why:
      "Object metadata is validated by the apiserver itself; at the root a schema may only restrict `metadata.name` " +
      "and `metadata.generateName`. Besides `type` (and `default`, reported by the defaults rules), anything else on " +
      "the metadata node is rejected: other properties (labels, annotations, finalizers...), `required`, " +
      "`description`, `additionalProperties`, `x-kubernetes-*` extensions, value validations.",
    fix:
      "Reduce it to `metadata: {type: object}`, optionally with `properties` `name` and/or `generateName` (whose " +
      "sub-schemas may constrain them, e.g. `maxLength` or `pattern`). Use a CEL rule on the root for other " +
      "constraints on metadata.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/validation.go",
    fail: "openAPIV3Schema:\n  type: object\n  properties:\n    metadata: {type: object, properties: {labels: {type: object}}}\n",
    pass: "openAPIV3Schema:\n  type: object\n  properties:\n    metadata: {type: object, properties: {name: {type: string, maxLength: 40}}}\n",
  },
  phase: "structural",
  visitKeys: ["properties"],
  visitNode: structuralVisit((node, ctx) => {
    if (node.parent !== null) return;
    const props = node.schema.properties;
    if (!isObject(props)) return;
    const m = props.metadata;
    if (!isObject(m) || !metadataIsRestricted(m, ctx.minor)) return;
    deferReport(ctx, {
      path: node.path.child("properties").key("metadata"),
      messageId: "mustNotSpecifyAnythingOther",
    });
  }),
  checkSchema: flushDeferred,
});
