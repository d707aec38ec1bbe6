/** spec.names.plural is required (after v1 defaulting). */
import { defineRule } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";
import { crdNames } from "../../k8s/objectmeta.js";

export default defineRule({
  id: "names-plural-required",
  category: "names",
  severity: "error",
  apiserver: true,
  type: "Required value",
  description: "spec.names.plural is empty.",
  phase: "crd",
  messages: {
    message: "",
  },
  docs: {
    why:
      "The plural is the resource name in URLs (`/apis/<group>/<version>/<plural>`) and the first part of the CRD " +
      "name; it has no default.",
    fix:
      "Set spec.names.plural (lower case, e.g. `widgets`) and spec.names.kind (CamelCase, e.g. `Widget`); singular " +
      "and listKind then default to `widget` and `WidgetList`.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go " +
      "(validateCustomResourceDefinitionSpec); " +
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/v1/defaults.go",
    fail: 'spec: {names: {plural: "", kind: Widget}}\n',
    pass: "spec: {names: {plural: widgets, kind: Widget}}\n",
  },
  check(ctx) {
    const names = crdNames(ctx.crd.spec);
    if (names.plural !== "") return;
    ctx.report({ path: DualPath.root("spec", "names", "plural"), messageId: "message" });
  },
});
