/** A default that pruning against its own schema would change. */
import { defineRule } from "../define-rule.js";
import { defaultValue, defaultOutcome } from "./analyze.js";

export default defineRule({
  id: "default-not-pruned",
  category: "defaults",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  update: { oldFindingLifts: "requirePrunedDefaults" },
  description: "A default contains fields that pruning against its own schema would drop.",
  phase: "defaults",
  minMinor: 16,
  messages: {
    mustNotHaveUnknownFields: "must not have unknown fields",
  },
  docs: {
    why:
      "Defaults are applied after pruning, so a default must already be pruned: the apiserver prunes a copy against " +
      "the defaulted node's own schema and rejects the CRD if anything is dropped (`must not have unknown fields`). " +
      "Only the node's own `x-kubernetes-preserve-unknown-fields` (and those below it) keep unknown keys — a " +
      "preserving ancestor does not; `additionalProperties: true` has no schema, so objects under its keys lose all " +
      "their keys; an embedded resource's `apiVersion`/`kind`/`metadata` are not pruned.",
    fix:
      "Remove the unknown keys from the default, describe them under `properties`, or set " +
      "`x-kubernetes-preserve-unknown-fields: true` on the defaulted node.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/defaulting/validation.go",
    fail: "openAPIV3Schema:\n  type: object\n  properties:\n    spec: {type: object, properties: {a: {type: string}}, default: {a: x, b: y}}\n",
    pass: "openAPIV3Schema:\n  type: object\n  properties:\n    spec: {type: object, properties: {a: {type: string}, b: {type: string}}, default: {a: x, b: y}}\n",
  },
  visitKeys: ["default"],
  visitNode(node, ctx) {
    // Most nodes have no default: they answer before reading the release (a run over several releases replays them).
    if (defaultValue(node) === undefined) return;
    const o = defaultOutcome(node, ctx.minor, ctx.memo, ctx.services.schemaValidators);
    if (!o || !o.notPruned) return;
    // requirePrunedDefaults: an update may keep unpruned defaults when OLD had some.
    if (ctx.update && !ctx.update.requirePrunedDefaults) return;
    ctx.report({ path: o.base, value: defaultValue(node), messageId: "mustNotHaveUnknownFields" });
  },
});
