/** spec.names.listKind is required (after v1 defaulting). */
import { defineRule } from "../define-rule.js";
import { emptyNamePath, REQUIRED_NAME_FIX, REQUIRED_NAME_UPSTREAM } from "./name-fields.js";

export default defineRule({
  id: "names-listkind-required",
  category: "names",
  severity: "error",
  apiserver: true,
  type: "Required value",
  description: "spec.names.listKind is empty and cannot be defaulted because kind is empty.",
  phase: "crd",
  messages: {
    message: "",
  },
  docs: {
    why: 'In v1 the listKind defaults to kind + "List"; it is reported missing only when kind is empty too.',
    fix: REQUIRED_NAME_FIX,
    upstream: REQUIRED_NAME_UPSTREAM,
    fail: 'spec: {names: {plural: widgets, singular: widget, kind: "", listKind: ""}}\n',
    pass: 'spec: {names: {plural: widgets, kind: Widget, listKind: ""}}\n',
  },
  check(ctx) {
    const path = emptyNamePath(ctx.crd, "listKind");
    if (path) ctx.report({ path, messageId: "message" });
  },
});
