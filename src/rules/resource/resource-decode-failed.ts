/** The resource cannot be decoded: metadata of the wrong shape, or an embedded resource whose apiVersion or kind is not a string (a 400 from the apiserver). */
import { defineEngineRule } from "../define-rule.js";

// Emitted by `crdlint validate` (src/commands/validate/index.ts), never by `crdlint lint`: its examples hold a CRD and a resource.
export default defineEngineRule({
  id: "resource-decode-failed",
  category: "resource",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description:
    "The resource cannot be decoded: metadata of the wrong shape, or an embedded resource whose apiVersion or kind " +
    "is not a string (a 400 from the apiserver).",
  docs: {
    why:
      "ObjectMeta is decoded into a Go struct: `labels` as a list or `name` as a number fails the whole request " +
      "before any validation.",
    fix: "Give the field the type ObjectMeta (or TypeMeta) defines.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/objectmeta/coerce.go",
    fail: "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}\n  scope: Namespaced\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n            type: object\n            properties:\n              replicas: {type: integer, minimum: 0}\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w1, labels: [a, b]}\nspec: {replicas: 1}\n",
    pass: "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}\n  scope: Namespaced\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n            type: object\n            properties:\n              replicas: {type: integer, minimum: 0}\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w1, labels: {a: b}}\nspec: {replicas: 1}\n",
  },
});
