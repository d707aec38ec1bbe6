/** spec.names.kind must be a DNS-1035 label once lower-cased. */
import { defineRule } from "../define-rule.js";
import { CAMEL_CASE_NAME_FIX, invalidName, NAMES_UPSTREAM } from "./name-fields.js";

export default defineRule({
  id: "names-kind-invalid",
  category: "names",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "Lower-cased spec.names.kind is not a DNS-1035 label.",
  phase: "crd",
  messages: {
    mixedCase: "may have mixed case, but should otherwise match: {{errors}}",
  },
  docs: {
    why:
      "The kind may be CamelCase, but once lower-cased it must be a DNS-1035 label: letters and digits (and '-'), " +
      "starting with a letter. Underscores, dots and leading digits are rejected.",
    fix: CAMEL_CASE_NAME_FIX,
    upstream: NAMES_UPSTREAM,
    fail: "spec: {names: {plural: widgets, singular: widget, kind: Wid_get, listKind: WidgetList}}\n",
    pass: "spec: {names: {plural: widgets, kind: Widget}}\n",
  },
  check(ctx) {
    const bad = invalidName(ctx.crd, "kind");
    if (bad) ctx.report({ path: bad.path, messageId: "mixedCase", data: { errors: bad.errors }, value: bad.value });
  },
});
