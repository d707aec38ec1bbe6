/** spec.scope changed: rejected once the CRD is established; before that, every object's address changes. */
import { defineRule } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";

export default defineRule({
  id: "revision-scope-changed",
  category: "revision",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "spec.scope changed (Namespaced ↔ Cluster): immutable once the CRD is Established (B12, A4).",
  phase: "revision",
  messages: {
    immutable: "field is immutable",
    notEstablished:
      "scope changes from {{from}} to {{to}}: allowed only because OLD is not Established; every object's URL and " +
      "storage key change",
  },
  docs: {
    why:
      "Scope decides every object's URL and etcd key. Once the CRD is Established the apiserver refuses the change; " +
      "crdlint assumes OLD is Established unless OLD's status says otherwise.",
    fix: "Keep the scope. A namespaced and a cluster-scoped API are different APIs: create a new CRD and migrate.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go " +
      "(validateCustomResourceDefinitionSpecUpdate, requireImmutableNames)",
    fail: "old: {}\nnew:\n  spec: {scope: Cluster}\n",
    pass: "old: {}\nnew: {}\n",
  },
  checkRevision(ctx) {
    const from = ctx.old.spec.scope;
    const to = ctx.crd.spec.scope;
    if (from === to) return;
    const assumes = ctx.update.established.source === "assumed" ? (["established"] as const) : undefined;
    if (ctx.update.requireImmutableNames)
      ctx.report({
        path: DualPath.root("spec", "scope"),
        effect: "rejected",
        messageId: "immutable",
        value: to ?? "",
        ...(assumes ? { assumes } : {}),
      });
    else
      ctx.report({
        path: DualPath.root("spec", "scope"),
        effect: "clients-break",
        messageId: "notEstablished",
        data: { from: String(from), to: String(to) },
      });
  },
});
