/** The resource breaks its CRD version's OpenAPI schema (type, enum, format, pattern, bounds, required, lengths, item and property counts, anyOf/oneOf/allOf/not). */
import { defineEngineRule } from "../define-rule.js";

// Emitted by `crdlint validate` (src/commands/validate/index.ts), never by `crdlint lint`: its examples hold a CRD and a resource.
export default defineEngineRule({
  id: "resource-schema-invalid",
  category: "resource",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description:
    "The resource breaks its CRD version's OpenAPI schema (type, enum, format, pattern, bounds, required, lengths, " +
    "item and property counts, anyOf/oneOf/allOf/not).",
  docs: {
    why:
      "The apiserver validates every custom resource with kube-openapi against the version's openAPIV3Schema after " +
      "pruning and defaulting; each violation is a field error of the 422 response.",
    fix: "Change the value to satisfy the schema (the message names the bound or type).",
    upstream: "kubernetes/kube-openapi:pkg/validation/validate/schema.go",
    fail: "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}\n  scope: Namespaced\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n            type: object\n            properties:\n              replicas: {type: integer, minimum: 0}\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w1}\nspec: {replicas: -1}\n",
    pass: "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}\n  scope: Namespaced\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n            type: object\n            properties:\n              replicas: {type: integer, minimum: 0}\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w1}\nspec: {replicas: 1}\n",
  },
});
