/** x-kubernetes-preserve-unknown-fields removed from a subtree (B36): what the schema does not list is pruned on read. */
import { changeReport, failText, ratchets, schemaChanges } from "./schema-changes.js";
import { defineRevisionRule } from "./common.js";
import { isObject } from "../../crd/model.js";

/**
 * NEW lists every key through additionalProperties whose values are not objects with fields of their own (Strimzi
 * 0.41's resources.limits: a map of quantities): nothing is pruned there, the values are only validated now.
 */
function keepsEveryKey(node: Record<string, unknown> | null): boolean {
  const ap = node?.additionalProperties;
  if (!isObject(ap)) return false;
  return (
    ap.type !== "object" ||
    ap["x-kubernetes-preserve-unknown-fields"] === true ||
    (!isObject(ap.properties) && !isObject(ap.additionalProperties))
  );
}

export default defineRevisionRule({
  id: "revision-preserve-unknown-fields-removed",
  severity: "error",
  description:
    "x-kubernetes-preserve-unknown-fields was removed from a field (B36): fields its schema does not list are pruned " +
    "from stored objects.",
  messages: {
    removed:
      "x-kubernetes-preserve-unknown-fields removed from {{field}} ({{versions}}): fields its schema does not list " +
      "are pruned from stored objects on every read and lost at their next write",
    mapped:
      "x-kubernetes-preserve-unknown-fields removed from {{field}} ({{versions}}) in favour of additionalProperties: " +
      "every key is kept, nothing is pruned, but the values must now match its schema: {{fail}}",
  },
  docs: {
    why:
      "Objects are read through the current schema and pruned: once a subtree no longer preserves unknown fields, " +
      "every field its schema does not list vanishes from every read and is lost at the next write. Clients that " +
      "wrote free-form data there lose it silently. A subtree that now takes every key through additionalProperties " +
      "(a map of scalars) prunes nothing: its values are only validated, ratcheted like any new constraint (a " +
      "warning).",
    fix:
      "List every field stored objects use before dropping x-kubernetes-preserve-unknown-fields (export objects and " +
      "replay them with --objects to see what would vanish), or keep it.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/pruning/algorithm.go; " +
      "kubernetes/apiextensions-apiserver:pkg/apiserver/customresource_handler.go (unstructuredSchemaCoercer.apply)",
    fail: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, x-kubernetes-preserve-unknown-fields: true}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {image: {type: string}}}}}\n",
    pass: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {image: {type: string}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, x-kubernetes-preserve-unknown-fields: true, properties: {image: {type: string}}}}}\n",
  },
  checkRevision(ctx) {
    for (const c of schemaChanges(ctx, "preserve-unknown-fields-removed")) {
      if (keepsEveryKey(c.newNode))
        ctx.report(changeReport(c, "objects-fail", { messageId: "mapped", data: { fail: failText(ratchets(c)) } }));
      else ctx.report(changeReport(c, "data-lost", { messageId: "removed", data: {} }));
    }
  },
});
