/** A field the CRD's schema does not describe: under kubectl's default strict field validation the apiserver rejects the request (`--field-validation=warn` makes it a warning). */
import { defineEngineRule } from "../define-rule.js";

// Emitted by `crdlint validate` (src/commands/validate/index.ts), never by `crdlint lint`: its examples hold a CRD and a resource.
export default defineEngineRule({
  id: "resource-unknown-field",
  category: "resource",
  severity: "error",
  apiserver: true,
  type: "Unknown field",
  description:
    "A field the CRD's schema does not describe: under kubectl's default strict field validation the apiserver " +
    "rejects the request (`--field-validation=warn` makes it a warning).",
  docs: {
    why:
      "The apiserver prunes fields its schema does not know; with `fieldValidation=Strict` (kubectl's default) every " +
      'pruned path is an error `unknown field "spec.foo"` and the object is not created.',
    fix:
      "Remove the field, fix its spelling, or add it to the schema (or mark the parent " +
      "`x-kubernetes-preserve-unknown-fields: true`).",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/pruning/algorithm.go",
    fail: "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}\n  scope: Namespaced\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n            type: object\n            properties:\n              replicas: {type: integer, minimum: 0}\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w1}\nspec: {replicas: 1, replica: 2}\n",
    pass: "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}\n  scope: Namespaced\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n            type: object\n            properties:\n              replicas: {type: integer, minimum: 0}\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w1}\nspec: {replicas: 1}\n",
  },
});
