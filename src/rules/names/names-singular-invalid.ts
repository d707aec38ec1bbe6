/** spec.names.singular must be a DNS-1035 label. */
import { defineRule } from "../define-rule.js";
import { invalidName, LOWER_CASE_NAME_FIX, NAMES_UPSTREAM } from "./name-fields.js";
import { crdNames } from "../../k8s/objectmeta.js";

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
    fix: LOWER_CASE_NAME_FIX,
    upstream: NAMES_UPSTREAM,
    fail: "spec: {names: {plural: widgets, singular: Widget, kind: Widget}}\n",
    pass: "spec: {names: {plural: widgets, singular: widget, kind: Widget}}\n",
  },
  check(ctx) {
    const bad = invalidName(ctx.crd, "singular");
    if (!bad) return;
    ctx.report({
      path: bad.path,
      message: bad.errors,
      value: bad.value,
      detail: crdNames(ctx.crd.spec).singularDefaulted ? "singular defaults to lowercase(kind)" : undefined,
    });
  },
});
