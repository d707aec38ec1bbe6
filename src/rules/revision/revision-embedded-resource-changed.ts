/** x-kubernetes-embedded-resource toggled (B38). */
import { changeReport, failText, ratchets, schemaChanges } from "./schema-changes.js";
import { defineRevisionRule } from "./common.js";

export default defineRevisionRule({
  id: "revision-embedded-resource-changed",
  severity: "error",
  description: "x-kubernetes-embedded-resource was turned on (apiVersion and kind become required) or off (B38).",
  messages: {
    on:
      "{{field}} ({{versions}}) became x-kubernetes-embedded-resource: apiVersion and kind are required in it and " +
      "its metadata is validated as object metadata; {{fail}}",
    offPruned:
      "x-kubernetes-embedded-resource removed from {{field}} ({{versions}}): apiVersion, kind and metadata are no " +
      "longer kept by the schema, so they are pruned from stored objects on every read and lost at their next write",
    offKept:
      "x-kubernetes-embedded-resource removed from {{field}} ({{versions}}): apiVersion, kind and metadata are no " +
      "longer required or validated, and CEL rules that use them see another type",
  },
  docs: {
    why:
      "An embedded resource keeps and validates apiVersion, kind and metadata like a top-level object. Turning it on " +
      "fails stored objects whose embedded value lacks apiVersion or kind, or has invalid metadata, at their next " +
      "create and at an update that changes the value (ratcheting lets an unchanged value pass). Turning it off " +
      "drops those fields on read unless the schema keeps unknown fields.",
    fix: "Decide when the field is introduced; change it in a new version.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/objectmeta/validation.go; " +
      "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/pruning/algorithm.go",
    fail: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {template: {type: object, x-kubernetes-preserve-unknown-fields: true}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {template: {type: object, x-kubernetes-preserve-unknown-fields: true, x-kubernetes-embedded-resource: true}}}}}\n",
    pass: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {template: {type: object, x-kubernetes-preserve-unknown-fields: true, x-kubernetes-embedded-resource: true}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {template: {type: object, x-kubernetes-preserve-unknown-fields: true, x-kubernetes-embedded-resource: true}}}}}\n",
  },
  checkRevision(ctx) {
    for (const c of schemaChanges(ctx, "embedded-resource-changed")) {
      if (c.after === true)
        ctx.report(changeReport(c, "objects-fail", { messageId: "on", data: { fail: failText(ratchets(c)) } }));
      else if (c.newNode!["x-kubernetes-preserve-unknown-fields"] === true)
        ctx.report(changeReport(c, "behaviour-changed", { messageId: "offKept", data: {} }));
      else ctx.report(changeReport(c, "data-lost", { messageId: "offPruned", data: {} }));
    }
  },
});
