/** Each spec.names.categories entry must be a DNS-1035 label. */
import { defineRule } from "../define-rule.js";
import { NAMES_UPSTREAM } from "./name-fields.js";
import { DualPath } from "../../k8s/path.js";
import { crdNames } from "../../k8s/objectmeta.js";
import { isDNS1035Label, joined } from "../../k8s/validation.js";

export default defineRule({
  id: "names-category-invalid",
  category: "names",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "A spec.names.categories entry is not a DNS-1035 label.",
  phase: "crd",
  docs: {
    why:
      "Categories (used by `kubectl get <category>`) must be DNS-1035 labels: lower case letters, digits and '-', " +
      "starting with a letter.",
    fix: "Use lower case letters, digits and '-' only, starting with a letter.",
    upstream: NAMES_UPSTREAM,
    fail: "spec: {names: {plural: widgets, kind: Widget, categories: [My_Category]}}\n",
    pass: "spec: {names: {plural: widgets, kind: Widget, categories: [gadgets]}}\n",
  },
  check(ctx) {
    const list = crdNames(ctx.crd.spec).categories;
    if (!list) return;
    for (const { index, value } of list) {
      const errs = isDNS1035Label(value);
      if (errs.length > 0)
        ctx.report({ path: DualPath.root("spec", "names", "categories").index(index), message: joined(errs), value });
    }
  },
});
