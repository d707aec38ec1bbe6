/** spec.names.singular changed: `kubectl get <old singular>` stops working. */
import { DualPath } from "../../k8s/path.js";
import { defineRevisionRule, nameField } from "./common.js";
import type { CrdView } from "../../crd/model.js";

/** The singular kubectl resolves: spec.names.singular, defaulted to the lower-cased kind. */
function singular(view: CrdView): string {
  return nameField(view, "singular") || nameField(view, "kind").toLowerCase();
}

export default defineRevisionRule({
  id: "revision-singular-changed",
  severity: "warning",
  description: "spec.names.singular changed: `kubectl get <old singular>` stops working (B15).",
  messages: {
    changed: "singular changes from {{from}} to {{to}}: `kubectl get {{from}}` stops working",
  },
  docs: {
    why: "kubectl resolves the singular name through discovery; scripts that use it break when it changes.",
    fix: "Keep the singular; add the new name as a short name.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/controller/status/naming_controller.go",
    fail: "old: {}\nnew:\n  spec: {names: {singular: gizmo}}\n",
    pass: "old: {}\nnew:\n  spec: {names: {shortNames: [gizmo]}}\n",
  },
  checkRevision(ctx) {
    const from = singular(ctx.old);
    const to = singular(ctx.crd);
    if (from === to || from === "") return;
    ctx.report({
      path: DualPath.root("spec", "names", "singular"),
      effect: "clients-break",
      messageId: "changed",
      data: { from, to },
    });
  },
});
