/** A field's default was added, changed or removed (B33): defaults are applied on read (A31). */
import { defineRule } from "../define-rule.js";
import { changeReport, schemaChanges, shown } from "./schema-changes.js";
import { RECOMMENDED_REVISION } from "./common.js";

export default defineRule({
  id: "revision-default-changed",
  category: "revision",
  severity: "error",
  apiserver: false,
  ...RECOMMENDED_REVISION["error"],
  type: null,
  description: "A field's default was added, changed or removed (B33): objects stored without the field read differently.",
  phase: "revision",
  messages: {
    added: "default {{after}} added to {{field}} ({{versions}}): objects stored without it show it on every read and keep it at their next write",
    changed: "default of {{field}} ({{versions}}) changed from {{before}} to {{after}}: objects stored without the field now read {{after}}, and keep it at their next write",
    removed: "default {{before}} removed from {{field}} ({{versions}}): objects stored without the field no longer read {{before}}",
  },
  docs: {
    why: "Defaults are applied when an object is read from storage, not only when it is written: an object stored without the field shows the current default on every read, and stores it at its next write. Changing or removing a default therefore changes what existing objects say, at once, without anyone writing them. A default is applied only where the parent object is present.",
    fix: "Keep the default; if its meaning must change, add a new field or a new version. Adding a default is safe when it matches what an absent field meant before.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/customresource_handler.go (schemaCoercingConverter: defaulting on read); kubernetes/website:content/en/docs/tasks/extend-kubernetes/custom-resources/custom-resource-definitions.md (Defaulting)",
    fail: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {policy: {type: string, default: Retain}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {policy: {type: string, default: Delete}}}}}\n",
    pass: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {policy: {type: string, default: Retain}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {policy: {type: string, default: Retain, description: What happens on delete.}}}}}\n",
  },
  checkRevision(ctx) {
    for (const c of schemaChanges(ctx, "default-changed")) {
      const data = { before: shown(c.before), after: shown(c.after) };
      if (c.before === undefined) ctx.report(changeReport(c, "behaviour-changed", { messageId: "added", data: data }));
      else if (c.after === undefined) ctx.report(changeReport(c, "data-lost", { messageId: "removed", data: data }));
      else ctx.report(changeReport(c, "data-lost", { messageId: "changed", data: data }));
    }
  },
});
