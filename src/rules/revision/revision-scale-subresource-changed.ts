/** subresources.scale added, removed or re-pathed in a version: HPA and kubectl scale. */
import { isObject } from "../../crd/model.js";
import { deepEqual } from "../../k8s/go.js";
import { defineRevisionRule } from "./common.js";

export default defineRevisionRule({
  id: "revision-scale-subresource-changed",
  severity: "warning",
  description:
    "The scale subresource was added, removed or given other paths in a version: HorizontalPodAutoscalers and " +
    "`kubectl scale` change behaviour (B18).",
  messages: {
    removed:
      "version {{version}} loses the scale subresource: HorizontalPodAutoscalers and `kubectl scale` targeting it fail",
    changed:
      "the scale subresource of {{version}} changes ({{what}}): HorizontalPodAutoscalers and `kubectl scale` now " +
      "read and write other fields",
    added:
      "version {{version}} gains the scale subresource: HorizontalPodAutoscalers and `kubectl scale` can now target it",
  },
  docs: {
    why:
      "The scale subresource maps /scale onto the object's fields; autoscalers and kubectl scale use it. Removing it " +
      "breaks them; changing its paths makes them drive other fields.",
    fix: "Keep the scale paths stable; when they must move, keep the old fields in sync for a release.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/registry/customresource/etcd.go (ScaleREST)",
    fail: "old:\n  subresources: {scale: {specReplicasPath: .spec.replicas, statusReplicasPath: .status.replicas}}\nnew: {}\n",
    pass: "old:\n  subresources: {scale: {specReplicasPath: .spec.replicas, statusReplicasPath: .status.replicas}}\nnew:\n  subresources: {scale: {specReplicasPath: .spec.replicas, statusReplicasPath: .status.replicas}}\n",
  },
  checkRevision(ctx) {
    const scale = (raw: Record<string, unknown>) =>
      isObject(raw.subresources) && isObject(raw.subresources.scale) ? raw.subresources.scale : null;
    for (const p of ctx.versions) {
      if (!p.old || !p.new) continue;
      const before = scale(p.old.raw);
      const after = scale(p.new.raw);
      if (!before && !after) continue;
      if (before && !after)
        ctx.report({
          path: p.old.path.child("subresources", "scale"),
          inOld: true,
          effect: "clients-break",
          messageId: "removed",
          data: { version: p.name },
          version: p.name,
        });
      else if (!before && after)
        ctx.report({
          path: p.new.path.child("subresources", "scale"),
          effect: "none",
          messageId: "added",
          data: { version: p.name },
          version: p.name,
        });
      else if (before && after && !deepEqual(before, after)) {
        const keys = ["specReplicasPath", "statusReplicasPath", "labelSelectorPath"].filter(
          (k) => before[k] !== after[k],
        );
        const what = keys
          .map((k) => `${k} ${String(before[k] ?? "unset")} → ${String(after[k] ?? "unset")}`)
          .join(", ");
        ctx.report({
          path: p.new.path.child("subresources", "scale"),
          effect: "clients-break",
          messageId: "changed",
          data: { version: p.name, what },
          version: p.name,
        });
      }
    }
  },
});
