/** spec.names.singular changed: `kubectl get <old singular>` stops working. */
import { defineRule } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";
import { RECOMMENDED_REVISION, nameField } from "./common.js";
import type { CrdView } from "../../crd/model.js";

/** The singular kubectl resolves: spec.names.singular, defaulted to the lower-cased kind. */
function singular(view: CrdView): string {
  return nameField(view, "singular") || nameField(view, "kind").toLowerCase();
}

export default defineRule({
  id: "revision-singular-changed",
  category: "revision",
  severity: "warning",
  apiserver: false,
  ...RECOMMENDED_REVISION["warning"],
  type: null,
  description: "spec.names.singular changed: `kubectl get <old singular>` stops working (B15).",
  phase: "revision",
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
