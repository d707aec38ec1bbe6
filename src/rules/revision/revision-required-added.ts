/** A field became required (B25): ratcheted only at the object that lists it (any change there fails). */
import { changeReport, isCelResourceRoot, schemaChanges, underStatusSubresource } from "./schema-changes.js";
import { defineRevisionRule } from "./common.js";
import { EMBEDDED_RESOURCE } from "../../crd/structural.js";
import type { VersionSchemaChange } from "../../crd/schema-diff.js";

/**
 * Fields no stored object can lack, so requiring them fails nothing: at the schema root the apiserver sets apiVersion
 * and kind on every object it decodes and metadata on every object it stores (name, uid, creationTimestamp); an
 * embedded resource must already carry apiVersion and kind (validateEmbeddedResource requires both).
 */
function alwaysPresent(c: VersionSchemaChange, name: string): boolean {
  if (!isCelResourceRoot(c)) return false;
  if (c.newNode?.[EMBEDDED_RESOURCE] === true && c.newChain.length > 1) return name === "apiVersion" || name === "kind";
  return name === "apiVersion" || name === "kind" || name === "metadata";
}

export default defineRevisionRule({
  id: "revision-required-added",
  severity: "error",
  description: "A field of an existing object became required (B25).",
  messages: {
    required:
      "{{name}} is now required in {{field}} ({{versions}}): existing objects without it fail their next create and " +
      "any update that changes anything in {{field}} (only updates that leave {{field}} unchanged pass); clients " +
      "that omit it break",
    requiredNew:
      "{{name}} is now required in {{field}} ({{versions}}), and the field is new: every existing object fails its " +
      "next create and any update that changes anything in {{field}} (only updates that leave {{field}} unchanged " +
      "pass)",
    requiredStatus:
      "{{name}} is now required in {{field}} ({{versions}}): status writes (the /status subresource) that change " +
      "anything in {{field}} fail for objects without it, so a controller that does not set it can no longer report " +
      "status (creates drop status and other updates keep the stored one, so they pass)",
    requiredNewStatus:
      "{{name}} is now required in {{field}} ({{versions}}), and the field is new: every status write (the /status " +
      "subresource) that changes anything in {{field}} fails until the writer sets it, so a controller older than " +
      "this CRD can no longer report status (creates drop status and other updates keep the stored one, so they pass)",
    defaulted:
      "{{name}} is now required in {{field}} ({{versions}}), and it has a default: no object can lack it, since the " +
      "default fills it in on read and on write wherever {{field}} is present, and `required` is only checked where " +
      "{{field}} is present",
    alwaysSet:
      "{{name}} is now required in {{field}} ({{versions}}): every object has it ({{why}}), so no object fails",
  },
  docs: {
    why:
      "Existing objects without the field fail validation at their next create, and at every update that changes " +
      "anything in the object that lists it as required. The Kubernetes docs say `required` is not ratcheted; the " +
      "apiserver's code (ratchetingValueValidator) does ratchet it, but at the object that holds the list, not at " +
      "the missing field, so only updates that leave that whole object unchanged pass. A new required field makes " +
      "every existing object invalid. A field no object can lack fails nothing: one with a default (applied on read " +
      "and on write wherever the object that lists it is present, and `required` is only checked there), and " +
      "apiVersion, kind and metadata at the root (the apiserver sets them on every object; an embedded resource must " +
      "carry apiVersion and kind). Under status, with the status subresource, only /status writes fail: a create " +
      "drops status and other updates keep the stored one; so a controller that does not know the field stops " +
      "reporting status (Argo CD 2.12's ApplicationSet targetRevisions, argoproj/argo-cd#20576).",
    fix:
      "Make the field optional (and default it in the controller), or give it a default; require it only in a new " +
      "version.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apiserver/validation/ratcheting.go " +
      "(ratchetingValueValidator.Validate); " +
      "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/defaulting/algorithm.go",
    fail: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {image: {type: string}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, required: [image], properties: {image: {type: string}}}}}\n",
    pass: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {image: {type: string}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {image: {type: string}, extra: {type: object, required: [name], properties: {name: {type: string}}}}}}}\n",
  },
  checkRevision(ctx) {
    for (const c of schemaChanges(ctx, "required-added")) {
      const name = String(c.values![0]);
      const list = Array.isArray(c.newNode!.required) ? c.newNode!.required : [];
      const index = list.indexOf(name);
      const path = index >= 0 ? c.newPath!.child("required").index(index) : c.newPath!.child("required");
      if (alwaysPresent(c, name)) {
        const why =
          c.newChain.length > 1
            ? "an embedded resource must carry apiVersion and kind"
            : "the apiserver sets apiVersion, kind and metadata on every object it stores";
        ctx.report(changeReport(c, "none", { messageId: "alwaysSet", data: { name, why }, path }));
      } else if (c.hasDefault) ctx.report(changeReport(c, "none", { messageId: "defaulted", data: { name }, path }));
      else {
        const status = underStatusSubresource(ctx.crd, c.field, c.versions);
        ctx.report(
          changeReport(c, "objects-fail", {
            messageId: c.newField
              ? status
                ? "requiredNewStatus"
                : "requiredNew"
              : status
                ? "requiredStatus"
                : "required",
            data: { name },
            path,
            ratcheted: false,
          }),
        );
      }
    }
  },
});
