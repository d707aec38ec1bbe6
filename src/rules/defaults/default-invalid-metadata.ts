/** A default inside an embedded resource's metadata/kind/apiVersion that does not make valid ObjectMeta. */
import { defineRule } from "../define-rule.js";
import { defaultValue, defaultOutcome } from "./analyze.js";

export default defineRule({
  id: "default-invalid-metadata",
  category: "defaults",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "A default inside an embedded resource's metadata would make invalid ObjectMeta.",
  phase: "defaults",
  minMinor: 16,
  messages: {
    invalidMetadata: "must result in valid metadata: {{errors}}",
  },
  docs: {
    why:
      "A default under the `metadata` of an `x-kubernetes-embedded-resource` is checked in context: the apiserver " +
      "plugs it into an object (`{apiVersion: validation/v1, kind: Validation, metadata: {...}}`) and validates that " +
      "object's ObjectMeta — names as path segments (no `/` or `%`, not `.` or `..`), namespaces as DNS labels, " +
      "labels, annotations, finalizers. A failure is reported at the default as " +
      "`must result in valid metadata: <errors>`.",
    fix: "Make the default a valid value for that metadata field (e.g. a name without `/`).",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/defaulting/validation.go",
    fail: "openAPIV3Schema:\n  type: object\n  properties:\n    tpl:\n      type: object\n      x-kubernetes-embedded-resource: true\n      properties:\n        metadata:\n          type: object\n          properties:\n            name: {type: string, default: a/b}\n",
    pass: "openAPIV3Schema:\n  type: object\n  properties:\n    tpl:\n      type: object\n      x-kubernetes-embedded-resource: true\n      properties:\n        metadata:\n          type: object\n          properties:\n            name: {type: string, default: a-b}\n",
  },
  visitKeys: ["default"],
  visitNode(node, ctx) {
    // Most nodes have no default: they answer before reading the release (a run over several releases replays them).
    if (defaultValue(node) === undefined) return;
    const o = defaultOutcome(node, ctx.minor, ctx.memo, ctx.services.schemaValidators);
    if (!o || o.metadata === null) return;
    ctx.report({ path: o.base, value: defaultValue(node), messageId: "invalidMetadata", data: { errors: o.metadata } });
  },
});
