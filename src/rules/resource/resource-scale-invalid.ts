/** The replicas (or label selector) at the scale subresource's paths is not a non-negative int32 (or not a string). */
import { defineEngineRule } from "../define-rule.js";

// Emitted by `crdlint validate` (src/commands/validate/index.ts), never by `crdlint lint`: its examples hold a CRD and a resource.
export default defineEngineRule({
  id: "resource-scale-invalid",
  category: "resource",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description:
    "The replicas (or label selector) at the scale subresource's paths is not a non-negative int32 (or not a string).",
  docs: {
    why:
      "With a scale subresource the apiserver reads specReplicasPath and statusReplicasPath as int64 and checks " +
      "them, with the JSONPath as written as the field.",
    fix: "Make the replicas a whole number between 0 and 2147483647.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/registry/customresource/validator.go",
    fail: "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}\n  scope: Namespaced\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    subresources:\n      scale: {specReplicasPath: .spec.replicas, statusReplicasPath: .status.replicas}\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n            type: object\n            properties:\n              replicas: {type: integer}\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w1}\nspec: {replicas: -1}\n",
    pass: "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}\n  scope: Namespaced\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    subresources:\n      scale: {specReplicasPath: .spec.replicas, statusReplicasPath: .status.replicas}\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n            type: object\n            properties:\n              replicas: {type: integer}\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w1}\nspec: {replicas: 1}\n",
  },
});
