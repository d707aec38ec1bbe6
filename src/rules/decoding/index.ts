/** The decoding rules, in id order. */
import type { Rule } from "../define-rule.js";
import decodeTypeMismatch from "./decode-type-mismatch.js";
import decodeUnknownField from "./decode-unknown-field.js";
import decodeUnknownFieldDropped from "./decode-unknown-field-dropped.js";

export default [decodeTypeMismatch, decodeUnknownField, decodeUnknownFieldDropped] satisfies Rule[] as Rule[];
