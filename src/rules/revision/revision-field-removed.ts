/** A field of a version present on both sides is gone from its schema (B21): stored objects lose it on read. */
import { celReferenceBreaks, changeReport, schemaChanges } from "./schema-changes.js";
import { defineRevisionRule } from "./common.js";

export default defineRevisionRule({
  id: "revision-field-removed",
  severity: "error",
  description:
    "A field was removed from the schema of a version that both revisions serve (B21): stored objects lose it on read.",
  messages: {
    pruned:
      "field {{field}} ({{versions}}) was removed: stored objects lose it on every read (pruned) and for good at " +
      "their next write; clients that set it have it dropped{{cel}}",
    kept:
      "field {{field}} ({{versions}}) was removed: its parent keeps unknown fields, so stored values stay, but " +
      "nothing validates them any more and clients lose it from the schema{{cel}}",
    keptByCrd:
      "field {{field}} ({{versions}}) was removed: the CRD keeps unknown fields (spec.preserveUnknownFields: true, " +
      "the apiextensions.k8s.io/v1beta1 default), so stored values stay, but nothing validates them any more and " +
      "clients lose it from the schema{{cel}}",
  },
  docs: {
    why:
      "An object is stored as it was written and read through the current schema of its version: a field the schema " +
      "no longer has is pruned from every read, and gone for good at the object's next write. Clients that read or " +
      "write it break, and an existing CEL rule that references it no longer compiles (the apiserver rejects the " +
      "update). Adding or removing properties is not ratcheted. A field of a version that was removed with it is not " +
      "reported here (see the version rules). Where the parent keeps unknown fields " +
      "(x-kubernetes-preserve-unknown-fields), or the whole CRD does (spec.preserveUnknownFields: true, the " +
      "apiextensions.k8s.io/v1beta1 default), nothing is pruned: the stored values stay unvalidated (a warning).",
    fix:
      "Keep the field (mark it deprecated in its description) until no stored object has it, or move it to a new " +
      "version with conversion. If the removal is intended, say so in diff.ignore with a reason.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apiserver/customresource_handler.go (unstructuredSchemaCoercer.apply: " +
      "pruning on read); kubernetes/apiextensions-apiserver:pkg/apiserver/schema/pruning/algorithm.go",
    fail: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {replicas: {type: integer}, image: {type: string}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {image: {type: string}}}}}\n",
    pass: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {image: {type: string}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {image: {type: string}, replicas: {type: integer}}}}}\n",
  },
  checkRevision(ctx) {
    for (const c of schemaChanges(ctx, "field-removed")) {
      const cel = celReferenceBreaks(ctx, c);
      // spec.preserveUnknownFields: true (a v1beta1 CRD's default, kept by v1 CRDs converted from one) prunes nothing.
      const keptByCrd = ctx.crd.spec.preserveUnknownFields === true;
      const kept = keptByCrd || c.parentPreservesUnknown === true;
      ctx.report(
        changeReport(c, kept ? "clients-break" : "data-lost", {
          messageId: keptByCrd ? "keptByCrd" : kept ? "kept" : "pruned",
          data: { cel },
        }),
      );
    }
  },
});
