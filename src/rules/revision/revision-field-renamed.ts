/** A field removed and an identical one added at the same parent (B22): a rename, by crdlint's heuristic. */
import { celReferenceBreaks, changeReport, schemaChanges } from "./schema-changes.js";
import { defineRevisionRule } from "./common.js";

export default defineRevisionRule({
  id: "revision-field-renamed",
  severity: "error",
  description:
    "A field was renamed in a version both revisions serve (B22; a heuristic: one field removed and one with an " +
    "identical schema added at the same parent).",
  messages: {
    renamed:
      "field {{field}} ({{versions}}) looks renamed to {{to}} (identical schema; crdlint's guess): stored objects " +
      "keep the value under the old name, which is pruned on every read and lost at their next write; nothing moves " +
      "it to {{to}}, and clients of the old name break{{cel}}",
  },
  docs: {
    why:
      "A CRD does not record renames: the apiserver sees a removed field and an added one. Stored objects keep the " +
      "old name in etcd, and every read prunes it, so the data seems gone, and the next write loses it for good; the " +
      "new field starts empty. crdlint calls it a rename when exactly one removed and one added field of a parent " +
      "have the same schema, so two unrelated fields of one type swapped in a release read as a rename too.",
    fix:
      "Keep the old field next to the new one and copy it over in the controller (or in a conversion webhook with a " +
      "new version) until every stored object has been rewritten; then remove it.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apiserver/customresource_handler.go (unstructuredSchemaCoercer.apply: " +
      "pruning on read)",
    fail: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {replica: {type: integer, minimum: 0}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {replicas: {type: integer, minimum: 0}}}}}\n",
    pass: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {replica: {type: integer, minimum: 0}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {replica: {type: integer, minimum: 0}, replicas: {type: integer, minimum: 0}}}}}\n",
  },
  checkRevision(ctx) {
    for (const c of schemaChanges(ctx, "field-renamed")) {
      const to = c.renamedTo!;
      ctx.report(
        changeReport(c, "data-lost", {
          messageId: "renamed",
          data: { to: to.field, cel: celReferenceBreaks(ctx, c) },
          path: to.path,
          inOld: false,
        }),
      );
    }
  },
});
