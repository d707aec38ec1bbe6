/** spec.names.listKind differs from kind + "List". */
import { defineRule } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";
import { crdNames } from "../../k8s/objectmeta.js";
import { isDNS1035Label } from "../../k8s/validation.js";

export default defineRule({
  id: "lint-names-listkind-not-kind-list",
  category: "names",
  severity: "warning",
  apiserver: false,
  type: null,
  description: 'spec.names.listKind is not kind + "List".',
  preset: "strict",
  presetWhy: "Convention: a different listKind works.",
  phase: "crd",
  messages: {
    listkindIsNot: 'listKind "{{listKind}}" is not "{{expected}}"',
  },
  docs: {
    why:
      "Every built-in list type is named `<Kind>List`, and generated clients and kubectl's table printing assume it. " +
      "A listKind like `Widgets` works but breaks that expectation.",
    fix: 'Omit spec.names.listKind (it defaults to kind + "List") or set it to e.g. `WidgetList`.',
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/v1/defaults.go " +
      "(SetDefaults_CustomResourceDefinitionSpec)",
    fail: "spec: {names: {plural: widgets, kind: Widget, listKind: Widgets}}\n",
    pass: "spec: {names: {plural: widgets, kind: Widget, listKind: WidgetList}}\n",
  },
  check(ctx) {
    const { listKind, kind, listKindDefaulted } = crdNames(ctx.crd.spec);
    if (listKindDefaulted || !listKind || !kind || listKind === kind) return;
    const expected = kind + "List";
    // An invalid kind or listKind is an apiserver error already.
    if (
      listKind === expected ||
      isDNS1035Label(kind.toLowerCase()).length > 0 ||
      isDNS1035Label(listKind.toLowerCase()).length > 0
    )
      return;
    ctx.report({
      path: DualPath.root("spec", "names", "listKind"),
      messageId: "listkindIsNot",
      data: { listKind, expected },
      suggestion: `use listKind: ${expected} (or omit it)`,
    });
  },
});
