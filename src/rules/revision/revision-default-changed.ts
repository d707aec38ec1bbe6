/** A field's default was added, changed or removed (B33): defaults are applied on read (A31). */
import {
  changeReport,
  joinDetail,
  schemaChanges,
  shownChange,
  shownOne,
  underStatusSubresource,
} from "./schema-changes.js";
import { defineRevisionRule } from "./common.js";

export default defineRevisionRule({
  id: "revision-default-changed",
  severity: "error",
  description:
    "A field's default was added, changed or removed (B33): objects stored without the field read differently.",
  messages: {
    added:
      "default {{after}} added to {{field}} ({{versions}}): objects stored without it show it on every read and keep " +
      "it at their next write",
    changed:
      "default of {{field}} ({{versions}}) changed from {{change}}: objects stored without the field now read " +
      "{{after}}, and keep it at their next write",
    removed:
      "default {{before}} removed from {{field}} ({{versions}}): objects stored without the field no longer read " +
      "{{before}}",
    statusChanged:
      "default of {{field}} ({{versions}}) changed from {{change}}: no stored data is lost (status is written by its " +
      "controller through /status); objects whose stored status lacks the field read {{after}} from now on, until " +
      "the controller writes it",
    statusRemoved:
      "default {{before}} removed from {{field}} ({{versions}}): no stored data is lost (status is written by its " +
      "controller through /status); objects whose stored status lacks the field no longer read {{before}}, until the " +
      "controller writes it",
  },
  docs: {
    why:
      "Defaults are applied when an object is read from storage, not only when it is written: an object stored " +
      "without the field shows the current default on every read, and stores it at its next write. Changing or " +
      "removing a default therefore changes what existing objects say, at once, without anyone writing them. A " +
      "default is applied only where the parent object is present. Under `status` of versions with the status " +
      "subresource, status is the controller's to write (through /status; creates drop it and main-resource updates " +
      "keep the stored one): a changed default there loses no stored data, and only changes what objects read until " +
      "the controller writes the field, so it is information.",
    fix:
      "Keep the default; if its meaning must change, add a new field or a new version. Adding a default is safe when " +
      "it matches what an absent field meant before.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apiserver/customresource_handler.go (schemaCoercingConverter: " +
      "defaulting on read); " +
      "kubernetes/website:content/en/docs/tasks/extend-kubernetes/custom-resources/custom-resource-definitions.md " +
      "(Defaulting)",
    fail: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {policy: {type: string, default: Retain}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {policy: {type: string, default: Delete}}}}}\n",
    pass: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {policy: {type: string, default: Retain}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {policy: {type: string, default: Retain, description: What happens on delete.}}}}}\n",
  },
  checkRevision(ctx) {
    for (const c of schemaChanges(ctx, "default-changed")) {
      // A long default (an object, a list) is shown by the part that changed; detail holds both whole.
      const change = shownChange(c.before, c.after);
      const before = shownOne(c.before);
      const after = shownOne(c.after);
      const data = { before: before.text, after: after.text, change: change.text };
      const details = joinDetail(
        c.before === undefined ? after.detail : c.after === undefined ? before.detail : change.detail,
      );
      if (c.before === undefined)
        ctx.report(changeReport(c, "behaviour-changed", { messageId: "added", data, ...details }));
      else if (underStatusSubresource(ctx.crd, c.field, c.versions))
        ctx.report(
          changeReport(c, "behaviour-changed", {
            messageId: c.after === undefined ? "statusRemoved" : "statusChanged",
            data,
            ...details,
          }),
        );
      else if (c.after === undefined)
        ctx.report(changeReport(c, "data-lost", { messageId: "removed", data, ...details }));
      else ctx.report(changeReport(c, "data-lost", { messageId: "changed", data, ...details }));
    }
  },
});
