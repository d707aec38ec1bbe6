/** The decoding rules, in id order. */
import type { Rule } from "../define-rule.js";
import decodeTypeMismatch from "./decode-type-mismatch.js";
import decodeUnknownField from "./decode-unknown-field.js";
import decodeUnknownFieldDropped from "./decode-unknown-field-dropped.js";
import decodeUnknownFieldIgnored from "./decode-unknown-field-ignored.js";

export default [
  decodeTypeMismatch,
  decodeUnknownField,
  decodeUnknownFieldDropped,
  decodeUnknownFieldIgnored,
] satisfies Rule[] as Rule[];
