/** spec.names.kind is required (after v1 defaulting). */
import { defineRule } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";
import { crdNames } from "../../k8s/objectmeta.js";

export default defineRule({
  id: "names-kind-required",
  category: "names",
  severity: "error",
  apiserver: true,
  type: "Required value",
  description: "spec.names.kind is empty.",
  phase: "crd",
  messages: {
    message: "",
  },
  docs: {
    why: "The kind is what manifests put in `kind:`; it has no default (singular and listKind are derived from it).",
    fix:
      "Set spec.names.plural (lower case, e.g. `widgets`) and spec.names.kind (CamelCase, e.g. `Widget`); singular " +
      "and listKind then default to `widget` and `WidgetList`.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go " +
      "(validateCustomResourceDefinitionSpec); " +
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/v1/defaults.go",
    fail: 'spec: {names: {plural: widgets, kind: "", singular: widget, listKind: WidgetList}}\n',
    pass: "spec: {names: {plural: widgets, kind: Widget}}\n",
  },
  check(ctx) {
    const names = crdNames(ctx.crd.spec);
    if (names.kind !== "") return;
    ctx.report({ path: DualPath.root("spec", "names", "kind"), messageId: "message" });
  },
});
