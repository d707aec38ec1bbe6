/** A field's description changed (B43): opt-in, since most releases edit descriptions. */
import { defineRule } from "../define-rule.js";
import { changeReport, schemaChanges, shownChange } from "./schema-changes.js";

export default defineRule({
  id: "revision-description-changed",
  category: "revision",
  severity: "info",
  apiserver: false,
  preset: "opt-in",
  presetWhy:
    "A description edit changes no behaviour and nearly every release has some: on by default it would bury the " +
    "findings that matter. Turn it on to review how a field's documented meaning changed (api_changes.md counts a " +
    "change of semantics as breaking).",
  type: null,
  description: "A field's description changed (B43): nothing fails; opt-in.",
  phase: "revision",
  messages: {
    changed:
      "description of {{field}} ({{versions}}) changed from {{change}}: no validation changes, but the version's " +
      "schema now counts as changed, so the per-rule CEL cost limit applies to it again",
  },
  docs: {
    why:
      "A description changes nothing the apiserver validates, but a changed meaning is a breaking change for people " +
      "(the API conventions say so), and any edit of a version's schema, a description included, makes the apiserver " +
      "apply the per-rule CEL cost limit to that version again (A12). Off by default: most releases edit " +
      "descriptions. Turn it on in the diff section of .crdlint.yaml to review them.",
    fix: "Nothing to fix; read the new text for a changed meaning.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go " +
      "(findVersionsWithUnchangedSchemas)",
    fail: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {size: {type: integer, description: Size in MiB.}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {size: {type: integer, description: Size in GiB.}}}}}\n",
    pass: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {size: {type: integer, description: Size in MiB.}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {size: {type: integer, description: Size in MiB.}}}}}\n",
  },
  checkRevision(ctx) {
    for (const c of schemaChanges(ctx, "description-changed")) {
      const change = shownChange(c.before, c.after);
      ctx.report(
        changeReport(c, "none", {
          messageId: "changed",
          data: { change: change.text },
          ...(change.detail ? { detail: change.detail } : {}),
        }),
      );
    }
  },
});
