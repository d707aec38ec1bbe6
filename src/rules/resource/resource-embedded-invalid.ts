/** An x-kubernetes-embedded-resource object lacks apiVersion or kind, or its metadata breaks the ObjectMeta rules. */
import { defineEngineRule } from "../define-rule.js";

// Emitted by `crdlint validate` (src/commands/validate/index.ts), never by `crdlint lint`: its examples hold a CRD and a resource.
export default defineEngineRule({
  id: "resource-embedded-invalid",
  category: "resource",
  severity: "error",
  apiserver: true,
  type: "Required value",
  description:
    "An x-kubernetes-embedded-resource object lacks apiVersion or kind, or its metadata breaks the ObjectMeta rules.",
  docs: {
    why:
      "Embedded resources are objects in their own right: the apiserver requires their TypeMeta and validates their " +
      "metadata.",
    fix: "Give the embedded object apiVersion, kind and valid metadata.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/objectmeta/validation.go",
    fail: "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}\n  scope: Namespaced\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n            type: object\n            properties:\n              template: {type: object, x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true}\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w1}\nspec: {template: {metadata: {name: a}}}\n",
    pass: "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}\n  scope: Namespaced\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n            type: object\n            properties:\n              template: {type: object, x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true}\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w1}\nspec: {template: {apiVersion: v1, kind: Pod, metadata: {name: a}}}\n",
  },
});
