/** spec.names.plural is required (after v1 defaulting). */
import { defineRule } from "../define-rule.js";
import { emptyNamePath, REQUIRED_NAME_FIX, REQUIRED_NAME_UPSTREAM } from "./name-fields.js";

export default defineRule({
  id: "names-plural-required",
  category: "names",
  severity: "error",
  apiserver: true,
  type: "Required value",
  description: "spec.names.plural is empty.",
  phase: "crd",
  messages: {
    message: "",
  },
  docs: {
    why:
      "The plural is the resource name in URLs (`/apis/<group>/<version>/<plural>`) and the first part of the CRD " +
      "name; it has no default.",
    fix: REQUIRED_NAME_FIX,
    upstream: REQUIRED_NAME_UPSTREAM,
    fail: 'spec: {names: {plural: "", kind: Widget}}\n',
    pass: "spec: {names: {plural: widgets, kind: Widget}}\n",
  },
  check(ctx) {
    const path = emptyNamePath(ctx.crd, "plural");
    if (path) ctx.report({ path, messageId: "message" });
  },
});
