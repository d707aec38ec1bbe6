/** An x-kubernetes-validations rule of the schema is false for the resource (or fails to evaluate), with its message, messageExpression, reason and fieldPath. */
import { defineEngineRule } from "../define-rule.js";

// Emitted by `crdlint validate` (src/commands/validate/index.ts), never by `crdlint lint`: its examples hold a CRD and a resource.
export default defineEngineRule({
  id: "resource-cel-rule-failed",
  category: "resource",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description:
    "An x-kubernetes-validations rule of the schema is false for the resource (or fails to evaluate), with its " +
    "message, messageExpression, reason and fieldPath.",
  docs: {
    why: "CEL rules run last, on the pruned and defaulted object; each failing rule is a field error of the 422 response.",
    fix: "Change the resource so the rule holds (the message says what it expects).",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/cel/validation.go",
    fail: "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}\n  scope: Namespaced\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n            type: object\n            x-kubernetes-validations: [{rule: 'self.min <= self.max', message: min must not exceed max}]\n            properties:\n              min: {type: integer}\n              max: {type: integer}\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w1}\nspec: {min: 5, max: 1}\n",
    pass: "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}\n  scope: Namespaced\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n            type: object\n            x-kubernetes-validations: [{rule: 'self.min <= self.max', message: min must not exceed max}]\n            properties:\n              min: {type: integer}\n              max: {type: integer}\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w1}\nspec: {min: 1, max: 5}\n",
  },
});
