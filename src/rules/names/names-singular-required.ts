/** spec.names.singular is required (after v1 defaulting). */
import { defineRule } from "../define-rule.js";
import { emptyNamePath, REQUIRED_NAME_FIX, REQUIRED_NAME_UPSTREAM } from "./name-fields.js";

export default defineRule({
  id: "names-singular-required",
  category: "names",
  severity: "error",
  apiserver: true,
  type: "Required value",
  description: "spec.names.singular is empty and cannot be defaulted because kind is empty.",
  phase: "crd",
  messages: {
    message: "",
  },
  docs: {
    why:
      "In v1 the singular defaults to lowercase(kind); it is reported missing only when kind is empty too (then " +
      "kind, singular and listKind are all reported).",
    fix: REQUIRED_NAME_FIX,
    upstream: REQUIRED_NAME_UPSTREAM,
    fail: 'spec: {names: {plural: widgets, singular: "", kind: "", listKind: ""}}\n',
    pass: 'spec: {names: {plural: widgets, singular: "", kind: Widget}}\n',
  },
  check(ctx) {
    const path = emptyNamePath(ctx.crd, "singular");
    if (path) ctx.report({ path, messageId: "message" });
  },
});
