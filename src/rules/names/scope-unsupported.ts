/** spec.scope must be Cluster or Namespaced (case-sensitive). */
import { defineRule } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";
import { stringField } from "../../k8s/objectmeta.js";

const SUPPORTED = ["Cluster", "Namespaced"];

export default defineRule({
  id: "scope-unsupported",
  category: "names",
  severity: "error",
  apiserver: true,
  type: "Unsupported value",
  description: "spec.scope is not Cluster or Namespaced.",
  phase: "crd",
  messages: {
    supportedValuesClusterNamespaced: 'supported values: "Cluster", "Namespaced"',
  },
  docs: {
    why: "The scope is an enum compared case-sensitively: `namespaced` or `cluster` are rejected.",
    fix: "Write `Namespaced` or `Cluster` exactly.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go (validateEnumStrings)",
    fail: "spec: {scope: namespaced}\n",
    pass: "spec: {scope: Namespaced}\n",
  },
  check(ctx) {
    const scope = stringField(ctx.crd.spec, "scope");
    if (!scope || SUPPORTED.includes(scope)) return;
    const fixed = SUPPORTED.find((s) => s.toLowerCase() === scope.toLowerCase());
    ctx.report({
      path: DualPath.root("spec", "scope"),
      messageId: "supportedValuesClusterNamespaced",
      value: scope,
      suggestion: fixed ? `use ${fixed}` : undefined,
    });
  },
});
