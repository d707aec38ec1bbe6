/** x-kubernetes-list-type or x-kubernetes-list-map-keys changed (B34); unset means atomic. */
import { changeReport, schemaChanges, shown, shownList } from "./schema-changes.js";
import { defineRevisionRule } from "./common.js";

export default defineRevisionRule({
  id: "revision-list-type-changed",
  severity: "error",
  description: "The list type (x-kubernetes-list-type, unset = atomic) or the map keys of a list changed (B34).",
  messages: {
    stricter:
      "{{field}} ({{versions}}) changed from list-type {{before}} to {{after}}: items must now be unique{{by}}, so " +
      "objects with duplicates fail their next create (an update passes while the stored object already had them); " +
      "server-side apply now merges items instead of replacing the list",
    atomic:
      "{{field}} ({{versions}}) changed from list-type {{before}} to atomic: server-side apply replaces the whole " +
      "list now (field managers of single items lose them), and CEL transition rules (oldSelf) below it can no " +
      "longer correlate items",
    keys:
      "map keys of {{field}} ({{versions}}) changed from [{{before}}] to [{{after}}]: items are identified by other " +
      "fields now, so server-side apply ownership of existing items changes, and objects whose items are not unique " +
      "by the new keys fail their next create",
  },
  docs: {
    why:
      "The list type decides how server-side apply merges a list (atomic: replaced whole; set and map: item by " +
      "item), how CEL compares it, and whether items must be unique. Making items unique fails existing objects with " +
      "duplicates on create (updates are ratcheted as a whole object: they pass while the stored object already had " +
      "duplicates). Going back to atomic makes items uncorrelatable for transition rules, which the apiserver " +
      "rejects when such rules exist (A15). An unset list type is atomic, so writing atomic explicitly is no change.",
    fix:
      "Choose the list type when the field is introduced; change it only in a new version, after checking stored " +
      "objects for duplicates.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/registry/customresource/strategy.go (ValidateUpdate: list-type errors " +
      "only when the old object had none); sigs.k8s.io/structured-merge-diff (list types)",
    fail: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {ports: {type: array, items: {type: integer}}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {ports: {type: array, x-kubernetes-list-type: set, items: {type: integer}}}}}}\n",
    pass: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {ports: {type: array, items: {type: integer}}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {ports: {type: array, x-kubernetes-list-type: atomic, items: {type: integer}}}}}}\n",
  },
  checkRevision(ctx) {
    for (const c of schemaChanges(ctx, "list-type-changed")) {
      if (c.keyword === "x-kubernetes-list-map-keys") {
        ctx.report(
          changeReport(c, "objects-fail", {
            messageId: "keys",
            data: { before: (c.before as string[]).join(", "), after: (c.after as string[]).join(", ") },
            ratcheted: true,
          }),
        );
        continue;
      }
      if (c.after === "atomic") {
        ctx.report(changeReport(c, "behaviour-changed", { messageId: "atomic", data: { before: shown(c.before) } }));
        continue;
      }
      const keys = Array.isArray(c.newNode!["x-kubernetes-list-map-keys"])
        ? (c.newNode!["x-kubernetes-list-map-keys"] as unknown[])
        : [];
      const by = c.after === "map" && keys.length ? ` by ${shownList(keys)}` : "";
      ctx.report(
        changeReport(c, "objects-fail", {
          messageId: "stricter",
          data: { before: shown(c.before), after: shown(c.after), by },
          ratcheted: true,
        }),
      );
    }
  },
});
