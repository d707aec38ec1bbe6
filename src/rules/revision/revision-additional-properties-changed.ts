/** additionalProperties removed or changed in kind (B37). */
import { isPlainObject } from "../../k8s/go.js";
import { changeReport, schemaChanges } from "./schema-changes.js";
import { defineRevisionRule } from "./common.js";

export default defineRevisionRule({
  id: "revision-additional-properties-changed",
  severity: "error",
  description: "additionalProperties was removed from a map, or added to or changed on an object (B37).",
  messages: {
    removed:
      "additionalProperties removed from {{field}} ({{versions}}): the map's entries are no longer in the schema, so " +
      "they are pruned from stored objects on every read and lost at their next write",
    changed:
      "additionalProperties of {{field}} ({{versions}}) changed from {{before}} to {{after}}: entries are kept and " +
      "validated differently now",
  },
  docs: {
    why:
      "additionalProperties makes an object a map whose keys are kept. Without it (and without " +
      "x-kubernetes-preserve-unknown-fields), keys the schema does not list are pruned from every read and lost at " +
      "the next write. Removing it is not ratcheted. Adding it where there was none keeps keys that used to be " +
      "pruned. Changes of the value schema itself are reported as changes of `field[*]`.",
    fix: "Keep additionalProperties while stored objects have entries, or list the keys as properties first.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/pruning/algorithm.go; " +
      "kubernetes/apiextensions-apiserver:pkg/apiserver/validation/ratcheting.go",
    fail: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {labels: {type: object, additionalProperties: {type: string}}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {labels: {type: object}}}}}\n",
    pass: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {labels: {type: object, additionalProperties: {type: string}}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {labels: {type: object, additionalProperties: {type: string, maxLength: 63}}}}}}\n",
  },
  checkRevision(ctx) {
    const kind = (v: unknown): string =>
      isPlainObject(v) ? "a schema" : v === true ? "true" : v === false ? "false" : "unset";
    for (const c of schemaChanges(ctx, "additional-properties-changed")) {
      const kept = (v: unknown) => isPlainObject(v) || v === true;
      if (kept(c.before) && !kept(c.after) && c.newNode!["x-kubernetes-preserve-unknown-fields"] !== true)
        ctx.report(changeReport(c, "data-lost", { messageId: "removed", data: {} }));
      else
        ctx.report(
          changeReport(c, "behaviour-changed", {
            messageId: "changed",
            data: { before: kind(c.before), after: kind(c.after) },
          }),
        );
    }
  },
});
