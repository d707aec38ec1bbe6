/** deprecationWarning may not be the empty string. */
import { defineRule } from "../define-rule.js";
import { warningOf } from "./deprecation-warning-not-deprecated.js";

export default defineRule({
  id: "deprecation-warning-empty",
  category: "versions",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "deprecationWarning is the empty string.",
  phase: "crd",
  minMinor: 19,
  messages: {
    mustNotBeAnEmpty: "must not be an empty string",
  },
  docs: {
    why: 'An empty warning cannot be sent; to get the default warning, omit the field instead of setting it to "".',
    fix:
      "Remove deprecationWarning (the default text is `<group>/<version> <Kind> is deprecated...`) or write a real " +
      "message.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go (validateDeprecationWarning)",
    fail: 'versions:\n- {name: v1, served: true, storage: true, deprecated: true, deprecationWarning: "", schema: {openAPIV3Schema: {type: object}}}\n',
    pass: "versions:\n- {name: v1, served: true, storage: true, deprecated: true, schema: {openAPIV3Schema: {type: object}}}\n",
  },
  check(ctx) {
    for (const v of ctx.crd.versions) {
      if (warningOf(v) !== "" || v.raw.deprecated !== true) continue;
      ctx.report({
        path: v.path.child("deprecationWarning"),
        messageId: "mustNotBeAnEmpty",
        value: "",
        suggestion: "remove deprecationWarning to get the default warning",
      });
    }
  },
});
