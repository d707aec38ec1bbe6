/** Short names were removed: kubectl aliases stop working (B15). */
import { defineRule } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";
import { RECOMMENDED_REVISION, nameList } from "./common.js";

export default defineRule({
  id: "revision-short-names-removed",
  category: "revision",
  severity: "warning",
  apiserver: false,
  ...RECOMMENDED_REVISION["warning"],
  type: null,
  description: "Short names were removed: kubectl aliases stop working (B15).",
  phase: "revision",
  messages: {
    removed: "short names removed: {{names}}; `kubectl get {{first}}` and scripts using it stop working",
  },
  docs: {
    why: "kubectl resolves short names through discovery: removing one breaks every script and habit that uses it. A name that conflicts with another CRD of the group is not rejected: the apiserver keeps serving the old accepted names (NamesAccepted=False).",
    fix: "Keep the old names; add new ones next to them.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/controller/status/naming_controller.go",
    fail: "old:\n  spec: {names: {shortNames: [wd, wdg]}}\nnew:\n  spec: {names: {shortNames: [wd]}}\n",
    pass: "old:\n  spec: {names: {shortNames: [wd]}}\nnew:\n  spec: {names: {shortNames: [wd, wdg]}}\n",
  },
  checkRevision(ctx) {
    const after = new Set(nameList(ctx.crd, "shortNames"));
    const lost = nameList(ctx.old, "shortNames").filter((n) => !after.has(n));
    if (lost.length === 0) return;
    const at = after.size > 0 ? DualPath.root("spec", "names", "shortNames") : DualPath.root("spec", "names");
    ctx.report({ path: at, effect: "clients-break", messageId: "removed", data: { names: lost.join(", "), first: lost[0]! } });
  },
});
