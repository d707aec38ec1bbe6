/** spec.names.plural must be a DNS-1035 label. */
import { defineRule } from "../define-rule.js";
import { invalidName, LOWER_CASE_NAME_FIX, NAMES_UPSTREAM } from "./name-fields.js";

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
    fix: LOWER_CASE_NAME_FIX,
    upstream: NAMES_UPSTREAM,
    fail: "spec: {names: {plural: Widgets, singular: widget, kind: Widget}}\n",
    pass: "spec: {names: {plural: widgets, singular: widget, kind: Widget}}\n",
  },
  check(ctx) {
    const bad = invalidName(ctx.crd, "plural");
    if (bad) ctx.report({ path: bad.path, message: bad.errors, value: bad.value });
  },
});
