/** A field's `format` was added, changed or removed (B24). */
import { changeReport, failText, ratchets, schemaChanges, shown } from "./schema-changes.js";
import { defineRevisionRule } from "./common.js";

/** Formats that change the CEL type of a string (bytes, timestamp, duration). */
const CEL_TYPED = new Set(["byte", "date", "date-time", "datetime", "duration"]);

export default defineRevisionRule({
  id: "revision-format-changed",
  severity: "error",
  description: "The format of a field was added or changed (tightening), or removed (B24).",
  messages: {
    tightened: "format of {{field}} ({{versions}}) {{how}}: {{fail}}{{cel}}",
    removed: "format {{before}} removed from {{field}} ({{versions}}): values are no longer checked against it{{cel}}",
  },
  docs: {
    why:
      "A recognized format is validated: stored values that do not match fail their next create, and an update that " +
      "changes them (ratcheting lets unchanged values pass). The format also decides the CEL type of a string (byte " +
      "→ bytes, date and date-time → timestamp, duration → duration), so rules on the field may stop compiling (the " +
      "apiserver rejects the update, A14). Removing a format loosens validation.",
    fix:
      "Validate the new format in the controller or a webhook first; add the format in a new version, or accept that " +
      "existing objects must be fixed before they can be re-created.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apiserver/validation/formats.go; " +
      "kubernetes/apiserver:pkg/cel/common/schemas.go (SchemaDeclType)",
    fail: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {since: {type: string}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {since: {type: string, format: date-time}}}}}\n",
    pass: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {since: {type: string, format: date-time}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {since: {type: string, format: date-time, description: When.}}}}}\n",
  },
  checkRevision(ctx) {
    for (const c of schemaChanges(ctx, "format-changed")) {
      const before = typeof c.before === "string" ? c.before : "";
      const after = typeof c.after === "string" ? c.after : "";
      const cel =
        CEL_TYPED.has(before) || CEL_TYPED.has(after)
          ? "; CEL sees the field with another type now, so rules that use it may stop compiling"
          : "";
      if (after === "")
        ctx.report(
          changeReport(c, "behaviour-changed", { messageId: "removed", data: { before: shown(before), cel } }),
        );
      else {
        const how = before === "" ? `set to ${shown(after)}` : `changed from ${shown(before)} to ${shown(after)}`;
        ctx.report(
          changeReport(c, "objects-fail", { messageId: "tightened", data: { how, fail: failText(ratchets(c)), cel } }),
        );
      }
    }
  },
});
