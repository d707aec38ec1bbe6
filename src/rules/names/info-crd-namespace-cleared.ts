/** metadata.namespace on a CRD is silently cleared (CRDs are cluster-scoped). */
import { defineRule } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";
import { isObject } from "../../crd/model.js";
import { stringField } from "../../k8s/objectmeta.js";

export default defineRule({
  id: "info-crd-namespace-cleared",
  category: "names",
  severity: "info",
  apiserver: false,
  type: null,
  description: "metadata.namespace is set on a CRD; the apiserver drops it silently.",
  preset: "strict",
  presetWhy:
    "Harmless: the apiserver clears the field and the CRD works; it usually comes from a kustomize or Helm namespace " +
    "applied to every object.",
  phase: "crd",
  messages: {
    metadataNamespaceIsIgnoredCustomresourcedefinitions:
      'metadata.namespace "{{ns}}" is ignored: CustomResourceDefinitions are cluster-scoped and the apiserver clears ' +
      "it",
  },
  docs: {
    why:
      "CustomResourceDefinitions are cluster-scoped: the apiserver clears metadata.namespace before validation, so " +
      "the field has no effect. It often comes from a kustomize `namespace:` or a Helm template applied to every " +
      "object, and suggests the author expected a namespaced object.",
    fix:
      "Remove metadata.namespace (for kustomize, CRDs are not namespaced by `namespace:` unless a transformer config " +
      "says so).",
    upstream:
      "kubernetes/apiserver:pkg/registry/rest/create.go (BeforeCreate clears the namespace of cluster-scoped objects)",
    fail: "metadata: {name: widgets.example.com, namespace: default}\n",
    pass: "metadata: {name: widgets.example.com}\n",
  },
  check(ctx) {
    const md = isObject(ctx.crd.raw.metadata) ? ctx.crd.raw.metadata : {};
    const ns = stringField(md, "namespace");
    if (!ns) return;
    ctx.report({
      path: DualPath.root("metadata", "namespace"),
      messageId: "metadataNamespaceIsIgnoredCustomresourcedefinitions",
      data: { ns },
      suggestion: "remove metadata.namespace",
    });
  },
});
