/** spec.names.kind or listKind changed: kind is immutable once established; either breaks typed clients. */
import { defineRule } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";
import { nameField } from "./common.js";

export default defineRule({
  id: "revision-kind-changed",
  category: "revision",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description:
    "spec.names.kind changed (immutable once Established, B14, A5), or listKind changed (breaks typed clients).",
  phase: "revision",
  messages: {
    immutable: "field is immutable",
    kindNotEstablished:
      "kind changes from {{from}} to {{to}}: allowed only because OLD is not Established; every manifest and typed " +
      "client names the old kind",
    listKind: "listKind changes from {{from}} to {{to}}: typed clients and generated code decode lists by the old name",
  },
  docs: {
    why:
      "Manifests, typed clients and generated code name the kind. Once the CRD is Established the apiserver refuses " +
      "a kind change (crdlint assumes OLD is Established unless its status says otherwise); a listKind change is " +
      "accepted but breaks clients that decode lists.",
    fix: "Keep kind and listKind. A renamed kind is a new API: add a new CRD and migrate.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go " +
      "(validateCustomResourceDefinitionSpecUpdate, requireImmutableNames)",
    fail: "old: {}\nnew:\n  spec: {names: {kind: Gadget}}\n",
    pass: "old: {}\nnew: {}\n",
  },
  checkRevision(ctx) {
    const from = nameField(ctx.old, "kind");
    const to = nameField(ctx.crd, "kind");
    const assumes = ctx.update.established.source === "assumed" ? (["established"] as const) : undefined;
    if (from !== to) {
      if (ctx.update.requireImmutableNames)
        ctx.report({
          path: DualPath.root("spec", "names", "kind"),
          effect: "rejected",
          messageId: "immutable",
          value: to,
          ...(assumes ? { assumes } : {}),
        });
      else
        ctx.report({
          path: DualPath.root("spec", "names", "kind"),
          effect: "clients-break",
          messageId: "kindNotEstablished",
          data: { from, to },
        });
    }
    const listFrom = nameField(ctx.old, "listKind") || `${from}List`;
    const listTo = nameField(ctx.crd, "listKind") || `${to}List`;
    if (listFrom !== listTo && from === to)
      ctx.report({
        path: DualPath.root("spec", "names", "listKind"),
        effect: "clients-break",
        messageId: "listKind",
        data: { from: listFrom, to: listTo },
      });
  },
});
