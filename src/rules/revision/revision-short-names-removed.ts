/** Short names were removed: kubectl aliases stop working (B15). */
import { defineRevisionRule, reportRemovedNames } from "./common.js";

export default defineRevisionRule({
  id: "revision-short-names-removed",
  severity: "warning",
  description: "Short names were removed: kubectl aliases stop working (B15).",
  messages: {
    removed: "short names removed: {{names}}; `kubectl get {{first}}` and scripts using it stop working",
  },
  docs: {
    why:
      "kubectl resolves short names through discovery: removing one breaks every script and habit that uses it. A " +
      "name that conflicts with another CRD of the group is not rejected: the apiserver keeps serving the old " +
      "accepted names (NamesAccepted=False).",
    fix: "Keep the old names; add new ones next to them.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/controller/status/naming_controller.go",
    fail: "old:\n  spec: {names: {shortNames: [wd, wdg]}}\nnew:\n  spec: {names: {shortNames: [wd]}}\n",
    pass: "old:\n  spec: {names: {shortNames: [wd]}}\nnew:\n  spec: {names: {shortNames: [wd, wdg]}}\n",
  },
  checkRevision(ctx) {
    reportRemovedNames(ctx, "shortNames");
  },
});
