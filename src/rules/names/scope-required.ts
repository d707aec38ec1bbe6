/** spec.scope must be set (v1 has no default). */
import { defineRule } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";
import { stringField } from "../../k8s/objectmeta.js";

export default defineRule({
  id: "scope-required",
  category: "names",
  severity: "error",
  apiserver: true,
  type: "Required value",
  description: "spec.scope is empty.",
  phase: "crd",
  minMinor: 16,
  messages: {
    message: "",
  },
  docs: {
    why:
      "apiextensions.k8s.io/v1 does not default the scope (v1beta1 defaulted to Namespaced): every CRD must say " +
      "whether its objects are Namespaced or Cluster-scoped.",
    fix: "Add `scope: Namespaced` (objects live in a namespace) or `scope: Cluster`.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go " +
      "(validateCustomResourceDefinitionSpec, validateEnumStrings)",
    fail: 'spec: {scope: ""}\n',
    pass: "spec: {scope: Namespaced}\n",
  },
  check(ctx) {
    if (stringField(ctx.crd.spec, "scope") !== "") return;
    ctx.report({
      path: DualPath.root("spec", "scope"),
      messageId: "message",
      suggestion: "add scope: Namespaced (or Cluster)",
    });
  },
});
