/** x-kubernetes-map-type changed (B35); unset means granular. */
import { changeReport, schemaChanges } from "./schema-changes.js";
import { defineRevisionRule } from "./common.js";

export default defineRevisionRule({
  id: "revision-map-type-changed",
  severity: "info",
  description: "The map type (x-kubernetes-map-type, unset = granular) of an object changed (B35).",
  messages: {
    atomic:
      "{{field}} ({{versions}}) became x-kubernetes-map-type atomic: server-side apply replaces the whole object now " +
      "(field managers of single fields lose them), and CEL transition rules (oldSelf) below it can no longer " +
      "correlate its fields",
    granular:
      "{{field}} ({{versions}}) became x-kubernetes-map-type granular: server-side apply merges its fields one by " +
      "one now instead of replacing the object",
  },
  docs: {
    why:
      "The map type decides how server-side apply merges an object: atomic replaces it whole, granular merges field " +
      "by field. Nothing stored changes, but who owns which field does, and transition rules below an atomic object " +
      "are rejected by the apiserver (A15). An unset map type is granular, so writing granular explicitly is no " +
      "change.",
    fix: "Choose the map type when the field is introduced; change it in a new version.",
    upstream:
      "sigs.k8s.io/structured-merge-diff (map types); " +
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go (oldSelf on uncorrelatable " +
      "paths)",
    fail: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {selector: {type: object, properties: {app: {type: string}}}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {selector: {type: object, x-kubernetes-map-type: atomic, properties: {app: {type: string}}}}}}}\n",
    pass: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {selector: {type: object, properties: {app: {type: string}}}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {selector: {type: object, x-kubernetes-map-type: granular, properties: {app: {type: string}}}}}}}\n",
  },
  checkRevision(ctx) {
    for (const c of schemaChanges(ctx, "map-type-changed"))
      ctx.report(
        changeReport(c, "behaviour-changed", { messageId: c.after === "atomic" ? "atomic" : "granular", data: {} }),
      );
  },
});
