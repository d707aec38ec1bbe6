/** deprecationWarning must only contain printable characters. */
import { defineRule } from "../define-rule.js";
import { warningOf, warningValue } from "./deprecation-warning-not-deprecated.js";

/** Go's unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space. */
const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;
const LONE_SURROGATE = /^[\uD800-\uDFFF]$/;

/** Byte offset (in UTF-8) of the first non-printable rune, or -1. */
export function firstNonPrintable(s: string): number {
  let offset = 0;
  for (const ch of s) {
    // A lone surrogate reaches Go as U+FFFD (printable, 3 bytes).
    if (LONE_SURROGATE.test(ch)) {
      offset += 3;
      continue;
    }
    if (!PRINTABLE.test(ch)) return offset;
    offset += Buffer.byteLength(ch, "utf8");
  }
  return -1;
}

export default defineRule({
  id: "deprecation-warning-not-printable",
  category: "versions",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "deprecationWarning contains a non-printable character (tab, newline, NBSP, control).",
  phase: "crd",
  minMinor: 19,
  messages: {
    mustOnlyContainPrintableUtf:
      "must only contain printable UTF-8 characters; non-printable character found at index {{at}}",
  },
  docs: {
    why:
      "The warning is sent in an HTTP header, so only printable characters are allowed (Go's unicode.IsPrint: no " +
      "tabs, newlines, non-breaking or other special spaces). The index in the message is a byte offset.",
    fix:
      "Write the warning on one line with plain spaces (a YAML block scalar `|` adds a newline at the end; use a " +
      "quoted string or `>-`).",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go (validateDeprecationWarning)",
    fail: 'versions:\n- {name: v1, served: true, storage: true, deprecated: true, deprecationWarning: "tab\\there", schema: {openAPIV3Schema: {type: object}}}\n',
    pass: 'versions:\n- {name: v1, served: true, storage: true, deprecated: true, deprecationWarning: "use v2", schema: {openAPIV3Schema: {type: object}}}\n',
  },
  check(ctx) {
    for (const v of ctx.crd.versions) {
      const w = warningOf(v);
      if (w === null || v.raw.deprecated !== true) continue;
      const at = firstNonPrintable(w);
      if (at < 0) continue;
      ctx.report({
        path: v.path.child("deprecationWarning"),
        messageId: "mustOnlyContainPrintableUtf",
        data: { at },
        value: warningValue(w, ctx.minor),
      });
    }
  },
});
