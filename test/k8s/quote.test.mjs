// goQuote is Go's %q (strconv.Quote) of a field error's string value: the expected texts are what Go prints for the
// same strings (go1.26 `fmt.Printf("%q", s)`).
import { test } from "node:test";
import assert from "node:assert/strict";
import { goQuote } from "../../dist/k8s/validation.js";

test("goQuote: the one-letter escapes and \\x for other control characters", () => {
  assert.equal(goQuote("a\x07\b\f\v\x01\x7f"), String.raw`"a\a\b\f\v\x01\x7f"`);
  assert.equal(goQuote('tab\there\n"q"\\'), String.raw`"tab\there\n\"q\"\\"`);
});

test("goQuote: runes that are not printable (format, space separators) as \\u, above the BMP as \\U", () => {
  assert.equal(
    goQuote("soft\u00adhyphen zero\u200bwidth nbsp\u00a0"),
    String.raw`"soft\u00adhyphen zero\u200bwidth nbsp\u00a0"`,
  );
  assert.equal(goQuote("é😀\u{E0001}\u{10FFFF}"), String.raw`"é😀\U000e0001\U0010ffff"`);
});

test("goQuote: a lone surrogate is the U+FFFD Go decoded it as", () => {
  assert.equal(goQuote("a\ud800b"), '"a\ufffdb"');
});
