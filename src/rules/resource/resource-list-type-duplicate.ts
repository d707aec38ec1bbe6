/** A list with x-kubernetes-list-type set or map holds a repeated item or map key. */
import { defineEngineRule } from "../define-rule.js";

// Emitted by `crdlint validate` (src/commands/validate/index.ts), never by `crdlint lint`: its examples hold a CRD and a resource.
export default defineEngineRule({
  id: "resource-list-type-duplicate",
  category: "resource",
  severity: "error",
  apiserver: true,
  type: "Duplicate value",
  description: "A list with x-kubernetes-list-type set or map holds a repeated item or map key.",
  docs: {
    why:
      "The apiserver checks set items and map keys for uniqueness and reports the second occurrence of each repeated " +
      "value.",
    fix: "Remove the repeated entry or give it a distinct key.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/listtype/validation.go",
    fail: "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}\n  scope: Namespaced\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n            type: object\n            properties:\n              tags: {type: array, x-kubernetes-list-type: set, items: {type: string}}\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w1}\nspec: {tags: [a, b, a]}\n",
    pass: "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}\n  scope: Namespaced\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n            type: object\n            properties:\n              tags: {type: array, x-kubernetes-list-type: set, items: {type: string}}\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w1}\nspec: {tags: [a, b]}\n",
  },
});
