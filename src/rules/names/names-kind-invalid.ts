/** spec.names.kind must be a DNS-1035 label once lower-cased. */
import { defineRule } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";
import { crdNames } from "../../k8s/objectmeta.js";
import { isDNS1035Label, joined } from "../../k8s/validation.js";

export default defineRule({
  id: "names-kind-invalid",
  category: "names",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "Lower-cased spec.names.kind is not a DNS-1035 label.",
  phase: "crd",
  messages: {
    mixedCase: "may have mixed case, but should otherwise match: {{errors}}",
  },
  docs: {
    why:
      "The kind may be CamelCase, but once lower-cased it must be a DNS-1035 label: letters and digits (and '-'), " +
      "starting with a letter. Underscores, dots and leading digits are rejected.",
    fix: "Use letters and digits only (CamelCase is fine), starting with a letter: e.g. `Widget`, `WidgetList`.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go " +
      "(ValidateCustomResourceDefinitionNames)",
    fail: "spec: {names: {plural: widgets, singular: widget, kind: Wid_get, listKind: WidgetList}}\n",
    pass: "spec: {names: {plural: widgets, kind: Widget}}\n",
  },
  check(ctx) {
    const names = crdNames(ctx.crd.spec);
    const v = names.kind;
    if (!v) return;
    const errs = isDNS1035Label(v.toLowerCase());
    if (errs.length === 0) return;
    ctx.report({
      path: DualPath.root("spec", "names", "kind"),
      messageId: "mixedCase",
      data: { errors: joined(errs) },
      value: v,
    });
  },
});
