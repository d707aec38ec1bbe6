/** spec.names.listKind must be a DNS-1035 label once lower-cased. */
import { defineRule } from "../define-rule.js";
import { CAMEL_CASE_NAME_FIX, invalidName, NAMES_UPSTREAM } from "./name-fields.js";

export default defineRule({
  id: "names-listkind-invalid",
  category: "names",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "Lower-cased spec.names.listKind is not a DNS-1035 label.",
  phase: "crd",
  messages: {
    mixedCase: "may have mixed case, but should otherwise match: {{errors}}",
  },
  docs: {
    why: "Like the kind, the listKind may be CamelCase but must otherwise be a DNS-1035 label.",
    fix: CAMEL_CASE_NAME_FIX,
    upstream: NAMES_UPSTREAM,
    fail: "spec: {names: {plural: widgets, kind: Widget, listKind: Widget_List}}\n",
    pass: "spec: {names: {plural: widgets, kind: Widget, listKind: WidgetList}}\n",
  },
  check(ctx) {
    const bad = invalidName(ctx.crd, "listKind");
    if (bad) ctx.report({ path: bad.path, messageId: "mixedCase", data: { errors: bad.errors }, value: bad.value });
  },
});
