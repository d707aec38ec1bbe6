/** An earlier error (type, enum, required, too long, too many) stops CEL: the apiserver adds "some validation rules were not checked because the object was invalid". */
import { defineEngineRule } from "../define-rule.js";

// Emitted by `crdlint validate` (src/commands/validate/index.ts), never by `crdlint lint`: its examples hold a CRD and a resource.
export default defineEngineRule({
  id: "resource-cel-not-checked",
  category: "resource",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description:
    'An earlier error (type, enum, required, too long, too many) stops CEL: the apiserver adds "some validation ' +
    'rules were not checked because the object was invalid".',
  docs: {
    why:
      "CEL rules assume a well-typed object, so the apiserver skips them all when a blocking error was found and " +
      "says so with one `<nil>` error. An enum error (`Unsupported value`) blocks them from Kubernetes 1.29 on.",
    fix: "Fix the other errors; the CEL rules are checked once they are gone.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/registry/customresource/strategy.go",
    fail: "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}\n  scope: Namespaced\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n            type: object\n            x-kubernetes-validations: [{rule: 'self.replicas <= 10'}]\n            properties:\n              replicas: {type: integer}\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w1}\nspec: {replicas: three}\n",
    pass: "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}\n  scope: Namespaced\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n            type: object\n            x-kubernetes-validations: [{rule: 'self.replicas <= 10'}]\n            properties:\n              replicas: {type: integer}\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w1}\nspec: {replicas: 3}\n",
  },
});
