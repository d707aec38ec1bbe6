/** spec.names.singular is required (after v1 defaulting). */
import { defineRule } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";
import { crdNames } from "../../k8s/objectmeta.js";

export default defineRule({
  id: "names-singular-required",
  category: "names",
  severity: "error",
  apiserver: true,
  type: "Required value",
  description: "spec.names.singular is empty and cannot be defaulted because kind is empty.",
  phase: "crd",
  messages: {
    message: "",
  },
  docs: {
    why:
      "In v1 the singular defaults to lowercase(kind); it is reported missing only when kind is empty too (then " +
      "kind, singular and listKind are all reported).",
    fix:
      "Set spec.names.plural (lower case, e.g. `widgets`) and spec.names.kind (CamelCase, e.g. `Widget`); singular " +
      "and listKind then default to `widget` and `WidgetList`.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go " +
      "(validateCustomResourceDefinitionSpec); " +
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/v1/defaults.go",
    fail: 'spec: {names: {plural: widgets, singular: "", kind: "", listKind: ""}}\n',
    pass: 'spec: {names: {plural: widgets, singular: "", kind: Widget}}\n',
  },
  check(ctx) {
    const names = crdNames(ctx.crd.spec);
    if (names.singular !== "") return;
    ctx.report({ path: DualPath.root("spec", "names", "singular"), messageId: "message" });
  },
});
