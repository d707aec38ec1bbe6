/** deprecationWarning is limited to 256 bytes. */
import { defineRule } from "../define-rule.js";
import { warningOf, warningValue } from "./deprecation-warning-not-deprecated.js";

export default defineRule({
  id: "deprecation-warning-too-long",
  category: "versions",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "deprecationWarning is longer than 256 bytes.",
  phase: "crd",
  minMinor: 19,
  messages: {
    mustBe256CharactersLong: "must be <= 256 characters long",
  },
  docs: {
    why:
      "The warning travels in an HTTP `Warning:` header; the apiserver caps it at 256 bytes (UTF-8 bytes, not " +
      "characters), although the message says characters.",
    fix: "Shorten the warning; link to documentation for details.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go (validateDeprecationWarning)",
    fail: 'versions:\n- {name: v1, served: true, storage: true, deprecated: true, deprecationWarning: "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", schema: {openAPIV3Schema: {type: object}}}\n',
    pass: 'versions:\n- {name: v1, served: true, storage: true, deprecated: true, deprecationWarning: "use example.com/v2 Widget", schema: {openAPIV3Schema: {type: object}}}\n',
  },
  check(ctx) {
    for (const v of ctx.crd.versions) {
      const w = warningOf(v);
      if (w === null || v.raw.deprecated !== true) continue;
      const bytes = Buffer.byteLength(w, "utf8");
      if (bytes <= 256) continue;
      ctx.report({
        path: v.path.child("deprecationWarning"),
        messageId: "mustBe256CharactersLong",
        value: warningValue(w, ctx.minor),
        detail: `${bytes} bytes`,
      });
    }
  },
});
