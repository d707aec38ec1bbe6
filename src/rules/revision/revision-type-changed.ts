/** A field's `type` changed (B23). */
import { changeReport, failText, ratchets, schemaChanges, shown } from "./schema-changes.js";
import { defineRevisionRule } from "./common.js";

export default defineRevisionRule({
  id: "revision-type-changed",
  severity: "error",
  description: "The type of a field changed in a version both revisions serve (B23).",
  messages: {
    changed:
      "type of {{field}} ({{versions}}) changed from {{before}} to {{after}}: {{fail}}; clients that read or write " +
      "it as {{before}} break",
  },
  docs: {
    why:
      "Stored objects keep values of the old type. They fail validation at their next create, and at an update that " +
      "changes the value (ratcheting lets an unchanged value pass), and clients that read or write the old type " +
      "break. CEL sees the field with its new type, so existing rules that use it may stop compiling, which the " +
      "apiserver rejects (A14; the CEL compile rules report it).",
    fix:
      "Add a new field with the new type (or a new version with a conversion webhook) and deprecate the old one " +
      "instead of changing its type in place.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apiserver/validation/validation.go; " +
      "kubernetes/apiextensions-apiserver:pkg/apiserver/validation/ratcheting.go",
    fail: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {port: {type: string}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {port: {type: integer}}}}}\n",
    pass: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {port: {type: integer}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {port: {type: integer, minimum: 0}}}}}\n",
  },
  checkRevision(ctx) {
    for (const c of schemaChanges(ctx, "type-changed"))
      ctx.report(
        changeReport(c, "objects-fail", {
          messageId: "changed",
          data: { before: shown(c.before), after: shown(c.after), fail: failText(ratchets(c)) },
        }),
      );
  },
});
