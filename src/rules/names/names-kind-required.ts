/** spec.names.kind is required (after v1 defaulting). */
import { defineRule } from "../define-rule.js";
import { emptyNamePath, REQUIRED_NAME_FIX, REQUIRED_NAME_UPSTREAM } from "./name-fields.js";

export default defineRule({
  id: "names-kind-required",
  category: "names",
  severity: "error",
  apiserver: true,
  type: "Required value",
  description: "spec.names.kind is empty.",
  phase: "crd",
  messages: {
    message: "",
  },
  docs: {
    why: "The kind is what manifests put in `kind:`; it has no default (singular and listKind are derived from it).",
    fix: REQUIRED_NAME_FIX,
    upstream: REQUIRED_NAME_UPSTREAM,
    fail: 'spec: {names: {plural: widgets, kind: "", singular: widget, listKind: WidgetList}}\n',
    pass: "spec: {names: {plural: widgets, kind: Widget}}\n",
  },
  check(ctx) {
    const path = emptyNamePath(ctx.crd, "kind");
    if (path) ctx.report({ path, messageId: "message" });
  },
});
