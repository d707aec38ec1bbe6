/** A finalizer name that is not domain-qualified: the apiserver accepts it with a warning. */
import { defineEngineRule } from "../define-rule.js";

// Emitted by `crdlint validate` (src/commands/validate/index.ts), never by `crdlint lint`: its examples hold a CRD and a resource.
export default defineEngineRule({
  id: "resource-finalizer-name",
  category: "resource",
  severity: "warning",
  apiserver: false,
  apiserverWarning: true,
  type: null,
  description: "A finalizer name that is not domain-qualified: the apiserver accepts it with a warning.",
  preset: "apiserver",
  presetWhy: "The apiserver's own warning on create.",
  docs: {
    why:
      "Finalizers without a domain prefix can collide with other controllers' finalizers; the apiserver warns on " +
      "create.",
    fix: "Use a name such as example.com/cleanup.",
    upstream: "kubernetes/apimachinery:pkg/api/validation/objectmeta.go",
    fail: "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}\n  scope: Namespaced\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n            type: object\n            properties:\n              replicas: {type: integer, minimum: 0}\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w1, finalizers: [cleanup]}\nspec: {replicas: 1}\n",
    pass: "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}\n  scope: Namespaced\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n            type: object\n            properties:\n              replicas: {type: integer, minimum: 0}\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w1, finalizers: [example.com/cleanup]}\nspec: {replicas: 1}\n",
  },
});
