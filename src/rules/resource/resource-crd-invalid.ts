/** The CRD that defines the resource would itself be rejected by the apiserver: its resources are not validated against it. */
import { defineEngineRule } from "../define-rule.js";

// Emitted by `crdlint validate` (src/commands/validate/index.ts), never by `crdlint lint`: its examples hold a CRD and a resource.
export default defineEngineRule({
  id: "resource-crd-invalid",
  category: "resource",
  severity: "error",
  apiserver: false,
  type: null,
  description:
    "The CRD that defines the resource would itself be rejected by the apiserver: its resources are not validated " +
    "against it.",
  preset: "apiserver",
  presetWhy: "The apiserver rejects the CRD, so no resource of it can be created.",
  docs: {
    why:
      "A CRD with apiserver errors is never created, so no resource of it can be; crdlint validate says so once and " +
      "skips its resources.",
    fix: "Run crdlint lint on the CRD and fix its errors.",
    fail: "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}\n  scope: Namespaced\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n            type: object\n            properties:\n              replicas: {type: integr}\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w1}\nspec: {replicas: 1}\n",
    pass: "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}\n  scope: Namespaced\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n            type: object\n            properties:\n              replicas: {type: integer}\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w1}\nspec: {replicas: 1}\n",
  },
});
