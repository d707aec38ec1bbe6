import { releaseHas, type Release } from "./releases.js";
/** apimachinery's name validators and their exact messages (DNS-1035 label, DNS-1123 subdomain/label). */
// Upstream: kubernetes/apimachinery:pkg/util/validation/validation.go

export const DNS1035_MAX = 63;
export const DNS1123_SUBDOMAIN_MAX = 253;
export const DNS1123_LABEL_MAX = 63;

const dns1035Re = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;
const dns1123LabelRe = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const dns1123SubdomainRe = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

export const DNS1035_MSG =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";
export const DNS1123_LABEL_MSG =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
export const DNS1123_SUBDOMAIN_MSG =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

function maxLenError(n: number): string {
  return `must be no more than ${n} characters`;
}

/** Each message is one entry; callers decide whether the apiserver joins them (with ",") or reports them apart. */
export function isDNS1035Label(value: string): string[] {
  const errs: string[] = [];
  if (value.length > DNS1035_MAX) errs.push(maxLenError(DNS1035_MAX));
  if (!dns1035Re.test(value)) errs.push(DNS1035_MSG);
  return errs;
}

export function isDNS1123Label(value: string): string[] {
  const errs: string[] = [];
  if (value.length > DNS1123_LABEL_MAX) errs.push(maxLenError(DNS1123_LABEL_MAX));
  if (!dns1123LabelRe.test(value)) errs.push(DNS1123_LABEL_MSG);
  return errs;
}

export function isDNS1123Subdomain(value: string): string[] {
  const errs: string[] = [];
  if (value.length > DNS1123_SUBDOMAIN_MAX) errs.push(maxLenError(DNS1123_SUBDOMAIN_MAX));
  if (!dns1123SubdomainRe.test(value)) errs.push(DNS1123_SUBDOMAIN_MSG);
  return errs;
}

/** The apiserver's "joined" form: the messages concatenated with a bare comma into one error. */
export function joined(messages: string[]): string {
  return messages.join(",");
}

const labelValueRe = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;
export function isValidLabelValue(value: string, minor: Release = 0): string[] {
  const errs: string[] = [];
  if (value.length > 63)
    errs.push(releaseHas(minor, "messageWordsBytes") ? "must be no more than 63 bytes" : maxLenError(63));
  if (!labelValueRe.test(value))
    errs.push(
      "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
    );
  return errs;
}

/** strconv.Quote's one-letter escapes beyond \n \r \t. */
const GO_QUOTE_ESCAPES: Readonly<Record<string, string>> = { "\x07": "\\a", "\b": "\\b", "\f": "\\f", "\v": "\\v" };
/** strconv.IsPrint (as unicode.IsPrint): letters, marks, numbers, punctuation, symbols and the ASCII space. */
const GO_PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;

/** Go's %q (strconv.Quote) of a string decoded from JSON (valid UTF-8: a lone surrogate arrived as U+FFFD). */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === '"') out += '\\"';
    else if (ch === "\\") out += "\\\\";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (GO_QUOTE_ESCAPES[ch] !== undefined) out += GO_QUOTE_ESCAPES[ch];
    else if (c < 0x20 || c === 0x7f) out += "\\x" + c.toString(16).padStart(2, "0");
    // A lone surrogate reached Go as U+FFFD (JSON decoding), which is printable.
    else if (c >= 0xd800 && c <= 0xdfff) out += "\ufffd";
    else if (!GO_PRINTABLE.test(ch))
      out += c < 0x10000 ? "\\u" + c.toString(16).padStart(4, "0") : "\\U" + c.toString(16).padStart(8, "0");
    else out += ch;
  }
  return out + '"';
}

/**
 * A field error value already rendered the way the apiserver prints it (json.Marshal of a Go struct, whose field
 * order and zero values a plain object cannot carry); renderValue passes its text through.
 */
export class RenderedValue {
  constructor(readonly text: string) {}
}

/** The apiserver renders a field error value: strings quoted, scalars plain, the rest JSON (1.34+). */
export function renderValue(value: unknown): string {
  if (value instanceof RenderedValue) return value.text;
  if (typeof value === "string") return goQuote(value);
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
  if (value === undefined) return "null";
  return JSON.stringify(value);
}
