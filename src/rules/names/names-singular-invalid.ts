/** spec.names.singular must be a DNS-1035 label. */
import { defineRule } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";
import { crdNames } from "../../k8s/objectmeta.js";
import { isDNS1035Label, joined } from "../../k8s/validation.js";

export default defineRule({
  id: "names-singular-invalid",
  category: "names",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "spec.names.singular (explicit or defaulted from kind) is not a DNS-1035 label.",
  phase: "crd",
  docs: {
    why:
      "The singular (used by kubectl) must be a DNS-1035 label. When it is omitted it defaults to lowercase(kind), " +
      "so a kind with an underscore or digit first also yields an invalid singular.",
    fix:
      "Use lower case letters, digits and '-' only, starting with a letter, at most 63 characters: e.g. `widgets`, " +
      "`widget`.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go " +
      "(ValidateCustomResourceDefinitionNames)",
    fail: "spec: {names: {plural: widgets, singular: Widget, kind: Widget}}\n",
    pass: "spec: {names: {plural: widgets, singular: widget, kind: Widget}}\n",
  },
  check(ctx) {
    const names = crdNames(ctx.crd.spec);
    const v = names.singular;
    if (!v) return;
    const errs = isDNS1035Label(v);
    if (errs.length === 0) return;
    ctx.report({
      path: DualPath.root("spec", "names", "singular"),
      message: joined(errs),
      value: v,
      detail: names.singularDefaulted ? "singular defaults to lowercase(kind)" : undefined,
    });
  },
});
