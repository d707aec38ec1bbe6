/** metadata breaks the apiserver's ObjectMeta rules: name (DNS subdomain, required unless generateName), namespace, labels, annotations, finalizers, owner references. */
import { defineEngineRule } from "../define-rule.js";

// Emitted by `crdlint validate` (src/commands/validate/index.ts), never by `crdlint lint`: its examples hold a CRD and a resource.
export default defineEngineRule({
  id: "resource-metadata-invalid",
  category: "resource",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description:
    "metadata breaks the apiserver's ObjectMeta rules: name (DNS subdomain, required unless generateName), " +
    "namespace, labels, annotations, finalizers, owner references.",
  docs: {
    why:
      "Every object's metadata is validated on create; a name with upper-case letters or a label value with spaces " +
      "is rejected with the same messages kubectl prints.",
    fix: "Use a lower-case DNS subdomain name, valid label keys and values, and qualified annotation keys.",
    upstream: "kubernetes/apimachinery:pkg/api/validation/objectmeta.go",
    fail: "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}\n  scope: Namespaced\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n            type: object\n            properties:\n              replicas: {type: integer, minimum: 0}\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: My_Widget}\nspec: {replicas: 1}\n",
    pass: "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}\n  scope: Namespaced\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n            type: object\n            properties:\n              replicas: {type: integer, minimum: 0}\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: my-widget}\nspec: {replicas: 1}\n",
  },
});
