/** No CRD given to crdlint defines the resource's group and kind: kubectl fails with "no matches for kind" (skip such resources with --ignore-missing-schemas). */
import { defineEngineRule } from "../define-rule.js";

// Emitted by `crdlint validate` (src/commands/validate/index.ts), never by `crdlint lint`: its examples hold a CRD and a resource.
export default defineEngineRule({
  id: "resource-kind-not-found",
  category: "resource",
  severity: "error",
  apiserver: true,
  type: "Not found",
  description:
    'No CRD given to crdlint defines the resource\'s group and kind: kubectl fails with "no matches for kind" (skip ' +
    "such resources with --ignore-missing-schemas).",
  docs: {
    why:
      "kubectl maps apiVersion and kind to a resource through discovery; a kind no installed CRD defines cannot be " +
      "sent at all.",
    fix: "Pass the CRD with --crd, fix apiVersion or kind, or use --ignore-missing-schemas for kinds defined elsewhere.",
    upstream: "kubernetes/kubectl:pkg/cmd/apply (RESTMapper NoKindMatchError)",
    fail: "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}\n  scope: Namespaced\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n            type: object\n            properties:\n              replicas: {type: integer, minimum: 0}\n---\napiVersion: example.com/v1\nkind: Gadget\nmetadata: {name: w1}\nspec: {replicas: 1}\n",
    pass: "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}\n  scope: Namespaced\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n            type: object\n            properties:\n              replicas: {type: integer, minimum: 0}\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w1}\nspec: {replicas: 1}\n",
  },
});
