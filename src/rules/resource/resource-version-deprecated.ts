/** The resource uses a version its CRD marks deprecated: the apiserver answers with a warning (the version's deprecationWarning or its default text). */
import { defineEngineRule } from "../define-rule.js";

// Emitted by `crdlint validate` (src/commands/validate/index.ts), never by `crdlint lint`: its examples hold a CRD and a resource.
export default defineEngineRule({
  id: "resource-version-deprecated",
  category: "resource",
  severity: "warning",
  apiserver: false,
  apiserverWarning: true,
  type: null,
  description:
    "The resource uses a version its CRD marks deprecated: the apiserver answers with a warning (the version's " +
    "deprecationWarning or its default text).",
  preset: "apiserver",
  presetWhy: "The apiserver's own warning on every request to a deprecated version.",
  docs: {
    why: "Deprecated versions may stop being served; the apiserver warns on every request.",
    fix: "Move the resource to the version the warning names.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/customresource_handler.go",
    fail: "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}\n  scope: Namespaced\n  versions:\n  - name: v1beta1\n    served: true\n    storage: false\n    deprecated: true\n    schema: {openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {replicas: {type: integer}}}}}}\n  - name: v1\n    served: true\n    storage: true\n    schema: {openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {replicas: {type: integer}}}}}}\n---\napiVersion: example.com/v1beta1\nkind: Widget\nmetadata: {name: w1}\nspec: {replicas: 1}\n",
    pass: "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}\n  scope: Namespaced\n  versions:\n  - name: v1beta1\n    served: true\n    storage: false\n    deprecated: true\n    schema: {openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {replicas: {type: integer}}}}}}\n  - name: v1\n    served: true\n    storage: true\n    schema: {openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {replicas: {type: integer}}}}}}\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w1}\nspec: {replicas: 1}\n",
  },
});
