/** nullable turned off (stored nulls dropped on read) or on (clients meet null) (B32). */
import { changeReport, schemaChanges } from "./schema-changes.js";
import { defineRevisionRule } from "./common.js";

export default defineRevisionRule({
  id: "revision-nullable-changed",
  severity: "error",
  description:
    "nullable changed on a field (B32): true → false drops stored nulls on read; false → true lets clients meet null.",
  messages: {
    removed:
      "{{field}} ({{versions}}) is no longer nullable: stored nulls are {{what}} on every read and at the next " +
      "write, and a null a client sends is {{what}}",
    added: "{{field}} ({{versions}}) is now nullable: clients that assume a value meet null",
  },
  docs: {
    why:
      "Objects are read through the current schema: a null in a field that is not nullable is dropped (or replaced " +
      "by the field's default), so stored data changes on read and for good at the next write. Making a field " +
      "nullable changes nothing stored, but clients that assume a value meet null.",
    fix:
      "Keep the field nullable while stored objects may hold null, or decide that null and absent mean the same and " +
      "document it.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apiserver/customresource_handler.go (unstructuredSchemaCoercer.apply); " +
      "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/defaulting/prunenulls.go",
    fail: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {limit: {type: integer, nullable: true}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {limit: {type: integer}}}}}\n",
    pass: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {limit: {type: integer, nullable: true}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {limit: {type: integer, nullable: true}}}}}\n",
  },
  checkRevision(ctx) {
    for (const c of schemaChanges(ctx, "nullable-changed")) {
      if (c.after === true) ctx.report(changeReport(c, "clients-break", { messageId: "added", data: {} }));
      else {
        const what =
          c.newNode && c.newNode.default !== undefined && c.newNode.default !== null
            ? "replaced by the default"
            : "dropped";
        ctx.report(changeReport(c, "data-lost", { messageId: "removed", data: { what } }));
      }
    }
  },
});
