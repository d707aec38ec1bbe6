/** Category "all" puts the resource into `kubectl get all`. */
import { defineRule } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";
import { crdNames } from "../../k8s/objectmeta.js";

export default defineRule({
  id: "lint-names-category-all",
  category: "names",
  severity: "info",
  apiserver: false,
  type: null,
  description: 'spec.names.categories contains "all".',
  preset: "strict",
  presetWhy: "A design choice: the CRD works, and joining `kubectl get all` is sometimes intended.",
  phase: "crd",
  messages: {
    categoryAllMakesKubectlGet: 'category "all" makes `kubectl get all` list this resource',
  },
  docs: {
    why:
      "`kubectl get all` lists every resource in the `all` category. Adding a custom resource there is occasionally " +
      "intended, but it makes `get all` slower and noisier for every user of the cluster, and tools that back up or " +
      'delete "all" resources pick it up too.',
    fix: "Use a category of your own (e.g. `example`) so users can opt in with `kubectl get example`.",
    upstream: "kubernetes/kubectl (category expansion for `kubectl get all`)",
    fail: "spec: {names: {plural: widgets, kind: Widget, categories: [all]}}\n",
    pass: "spec: {names: {plural: widgets, kind: Widget, categories: [example]}}\n",
  },
  check(ctx) {
    for (const { index, value } of crdNames(ctx.crd.spec).categories ?? []) {
      if (value !== "all") continue;
      ctx.report({
        path: DualPath.root("spec", "names", "categories").index(index),
        messageId: "categoryAllMakesKubectlGet",
      });
    }
  },
});
