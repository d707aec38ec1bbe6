/** subresources.status added or removed in a version: who may write status changes. */
import { isObject } from "../../crd/model.js";
import { defineRevisionRule } from "./common.js";

export default defineRevisionRule({
  id: "revision-status-subresource-changed",
  severity: "warning",
  description:
    "The status subresource was added or removed in a version: writes of status through the main resource, or " +
    "through /status, change meaning (B17).",
  messages: {
    added:
      "version {{version}} gains the status subresource: updates of the main resource now silently drop status " +
      "changes; controllers must write status through /status",
    removed:
      "version {{version}} loses the status subresource: /status requests get 404, and status is written through the " +
      "main resource again",
  },
  docs: {
    why:
      "With the status subresource, the main resource ignores status and /status ignores everything else. A " +
      "controller written for one mode loses its status writes, or gets 404, in the other.",
    fix: "Release the controller change (UpdateStatus vs Update) together with the CRD change.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/registry/customresource/strategy.go (PrepareForUpdate)",
    fail: "old: {}\nnew:\n  subresources: {status: {}}\n",
    pass: "old:\n  subresources: {status: {}}\nnew:\n  subresources: {status: {}}\n",
  },
  checkRevision(ctx) {
    const has = (raw: Record<string, unknown>) =>
      isObject(raw.subresources) && raw.subresources.status !== undefined && raw.subresources.status !== null;
    for (const p of ctx.versions) {
      if (!p.old || !p.new) continue;
      const before = has(p.old.raw);
      const after = has(p.new.raw);
      if (before === after) continue;
      ctx.report({
        path: after ? p.new.path.child("subresources", "status") : p.old.path.child("subresources", "status"),
        inOld: !after,
        effect: "clients-break",
        messageId: after ? "added" : "removed",
        data: { version: p.name },
        version: p.name,
      });
    }
  },
});
