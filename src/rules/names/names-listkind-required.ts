/** spec.names.listKind is required (after v1 defaulting). */
import { defineRule } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";
import { crdNames } from "../../k8s/objectmeta.js";

export default defineRule({
  id: "names-listkind-required",
  category: "names",
  severity: "error",
  apiserver: true,
  type: "Required value",
  description: "spec.names.listKind is empty and cannot be defaulted because kind is empty.",
  phase: "crd",
  messages: {
    message: "",
  },
  docs: {
    why: 'In v1 the listKind defaults to kind + "List"; it is reported missing only when kind is empty too.',
    fix:
      "Set spec.names.plural (lower case, e.g. `widgets`) and spec.names.kind (CamelCase, e.g. `Widget`); singular " +
      "and listKind then default to `widget` and `WidgetList`.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go " +
      "(validateCustomResourceDefinitionSpec); " +
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/v1/defaults.go",
    fail: 'spec: {names: {plural: widgets, singular: widget, kind: "", listKind: ""}}\n',
    pass: 'spec: {names: {plural: widgets, kind: Widget, listKind: ""}}\n',
  },
  check(ctx) {
    const names = crdNames(ctx.crd.spec);
    if (names.listKind !== "") return;
    ctx.report({ path: DualPath.root("spec", "names", "listKind"), messageId: "message" });
  },
});
