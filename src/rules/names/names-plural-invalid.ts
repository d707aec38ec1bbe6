/** spec.names.plural must be a DNS-1035 label. */
import { defineRule } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";
import { crdNames } from "../../k8s/objectmeta.js";
import { isDNS1035Label, joined } from "../../k8s/validation.js";

export default defineRule({
  id: "names-plural-invalid",
  category: "names",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "spec.names.plural is not a DNS-1035 label.",
  phase: "crd",
  docs: {
    why:
      "The plural is a URL path segment and must be a DNS-1035 label: lower case letters, digits and '-', starting " +
      "with a letter, at most 63 characters. Dots and upper case are rejected.",
    fix:
      "Use lower case letters, digits and '-' only, starting with a letter, at most 63 characters: e.g. `widgets`, " +
      "`widget`.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go " +
      "(ValidateCustomResourceDefinitionNames)",
    fail: "spec: {names: {plural: Widgets, singular: widget, kind: Widget}}\n",
    pass: "spec: {names: {plural: widgets, singular: widget, kind: Widget}}\n",
  },
  check(ctx) {
    const names = crdNames(ctx.crd.spec);
    const v = names.plural;
    if (!v) return;
    const errs = isDNS1035Label(v);
    if (errs.length === 0) return;
    ctx.report({ path: DualPath.root("spec", "names", "plural"), message: joined(errs), value: v });
  },
});
