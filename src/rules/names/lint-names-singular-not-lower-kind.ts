/** spec.names.singular differs from lowercase(kind). */
import { defineRule } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";
import { crdNames } from "../../k8s/objectmeta.js";
import { isDNS1035Label } from "../../k8s/validation.js";

export default defineRule({
  id: "lint-names-singular-not-lower-kind",
  category: "names",
  severity: "warning",
  apiserver: false,
  type: null,
  description: "spec.names.singular is not lowercase(kind).",
  preset: "strict",
  presetWhy: "Convention: a different singular works.",
  phase: "crd",
  messages: {
    singularIsNotTheLower: 'singular "{{singular}}" is not the lower-cased kind "{{expected}}"',
  },
  docs: {
    why:
      "kubectl, client generators and RBAC tooling assume the singular resource name is the lower-cased kind (the v1 " +
      "default). A different singular (`widgetitem` for kind `Widget`) works, but surprises users of " +
      "`kubectl get <singular>` and code generated from the kind.",
    fix: "Omit spec.names.singular (it defaults to lowercase(kind)) or set it to the lower-cased kind.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/v1/defaults.go " +
      "(SetDefaults_CustomResourceDefinitionSpec)",
    fail: "spec: {names: {plural: widgets, singular: gadget, kind: Widget}}\n",
    pass: "spec: {names: {plural: widgets, singular: widget, kind: Widget}}\n",
  },
  check(ctx) {
    const { singular, kind, singularDefaulted } = crdNames(ctx.crd.spec);
    if (singularDefaulted || !singular || !kind) return;
    const expected = kind.toLowerCase();
    if (singular === expected || isDNS1035Label(singular).length > 0 || isDNS1035Label(expected).length > 0) return;
    ctx.report({
      path: DualPath.root("spec", "names", "singular"),
      messageId: "singularIsNotTheLower",
      data: { singular, expected },
      suggestion: `use singular: ${expected} (or omit it)`,
    });
  },
});
