/** spec.names.listKind must be a DNS-1035 label once lower-cased. */
import { defineRule } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";
import { crdNames } from "../../k8s/objectmeta.js";
import { isDNS1035Label, joined } from "../../k8s/validation.js";

export default defineRule({
  id: "names-listkind-invalid",
  category: "names",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "Lower-cased spec.names.listKind is not a DNS-1035 label.",
  phase: "crd",
  messages: {
    mixedCase: "may have mixed case, but should otherwise match: {{errors}}",
  },
  docs: {
    why: "Like the kind, the listKind may be CamelCase but must otherwise be a DNS-1035 label.",
    fix: "Use letters and digits only (CamelCase is fine), starting with a letter: e.g. `Widget`, `WidgetList`.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go " +
      "(ValidateCustomResourceDefinitionNames)",
    fail: "spec: {names: {plural: widgets, kind: Widget, listKind: Widget_List}}\n",
    pass: "spec: {names: {plural: widgets, kind: Widget, listKind: WidgetList}}\n",
  },
  check(ctx) {
    const names = crdNames(ctx.crd.spec);
    const v = names.listKind;
    if (!v) return;
    const errs = isDNS1035Label(v.toLowerCase());
    if (errs.length === 0) return;
    ctx.report({
      path: DualPath.root("spec", "names", "listKind"),
      messageId: "mixedCase",
      data: { errors: joined(errs) },
      value: v,
    });
  },
});
