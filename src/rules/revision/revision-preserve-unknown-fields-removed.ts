/** x-kubernetes-preserve-unknown-fields removed from a subtree (B36): what the schema does not list is pruned on read. */
import { defineRule } from "../define-rule.js";
import { changeReport, schemaChanges } from "./schema-changes.js";
import { RECOMMENDED_REVISION } from "./common.js";

export default defineRule({
  id: "revision-preserve-unknown-fields-removed",
  category: "revision",
  severity: "error",
  apiserver: false,
  ...RECOMMENDED_REVISION["error"],
  type: null,
  description: "x-kubernetes-preserve-unknown-fields was removed from a field (B36): fields its schema does not list are pruned from stored objects.",
  phase: "revision",
  messages: {
    removed: "x-kubernetes-preserve-unknown-fields removed from {{field}} ({{versions}}): fields its schema does not list are pruned from stored objects on every read and lost at their next write",
  },
  docs: {
    why: "Objects are read through the current schema and pruned: once a subtree no longer preserves unknown fields, every field its schema does not list vanishes from every read and is lost at the next write. Clients that wrote free-form data there lose it silently.",
    fix: "List every field stored objects use before dropping x-kubernetes-preserve-unknown-fields (export objects and replay them with --objects to see what would vanish), or keep it.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/pruning/algorithm.go; kubernetes/apiextensions-apiserver:pkg/apiserver/customresource_handler.go (unstructuredSchemaCoercer.apply)",
    fail: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, x-kubernetes-preserve-unknown-fields: true}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {image: {type: string}}}}}\n",
    pass: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {image: {type: string}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, x-kubernetes-preserve-unknown-fields: true, properties: {image: {type: string}}}}}\n",
  },
  checkRevision(ctx) {
    for (const c of schemaChanges(ctx, "preserve-unknown-fields-removed")) ctx.report(changeReport(c, "data-lost", { messageId: "removed", data: {} }));
  },
});
