/**
 * How kubectl reads a YAML scalar: go-yaml v2's `resolve` (as vendored by sigs.k8s.io/yaml v1.4.0, which kubectl
 * 1.27 to 1.33 carry), then sigs.k8s.io/yaml's conversion of map keys to JSON object names.
 */
// Upstream: kubernetes-sigs/yaml:goyaml.v2/resolve.go (resolve, resolveTable, resolveMap, yamlStyleFloat, parseTimestamp)
// Upstream: kubernetes-sigs/yaml:goyaml.v2/decode.go (scalar: untagged quoted scalars are strings, timestamps stay the
//   original text, !!binary is base64-decoded)
// Upstream: kubernetes-sigs/yaml:yaml.go (convertToJSONableObject: key types int, int64, float64, bool, string)
// Upstream: golang/go:src/strconv/atoi.go (ParseInt/ParseUint with base 0), src/strconv/ftoa.go ('g' formatting)

/** A resolved scalar with the Go type go-yaml gives it when decoding into interface{}. */
export type GoScalar =
  | { kind: "string"; value: string }
  | { kind: "bool"; value: boolean }
  | { kind: "null" }
  | { kind: "int"; value: bigint }
  | { kind: "uint"; value: bigint }
  | { kind: "float"; value: number }
  /** A failure go-yaml reports while decoding (the tag does not fit the text, bad base64): kubectl stops. */
  | { kind: "error"; message: string };

const TAG_PREFIX = "tag:yaml.org,2002:";
const STR = TAG_PREFIX + "str";
const BOOL = TAG_PREFIX + "bool";
const INT = TAG_PREFIX + "int";
const FLOAT = TAG_PREFIX + "float";
const NULL = TAG_PREFIX + "null";
const TIMESTAMP = TAG_PREFIX + "timestamp";
const BINARY = TAG_PREFIX + "binary";

/** The tags go-yaml resolves itself; any other explicit tag leaves the text a string. */
export const GO_RESOLVED_TAGS = [STR, BOOL, INT, FLOAT, NULL, TIMESTAMP, BINARY] as const;

type Hint = "S" | "D" | "M" | "." | null;

/** resolveTable: the first character says what a plain scalar may be. */
function hintOf(text: string): Hint {
  if (text === "") return "M"; // go-yaml's 'N' hint for the empty string: only the map (null) applies
  const c = text.charCodeAt(0);
  if (c === 43 || c === 45) return "S"; // + -
  if (c >= 48 && c <= 57) return "D";
  if (c === 46) return "."; // .
  switch (text[0]) {
    case "y":
    case "Y":
    case "n":
    case "N":
    case "t":
    case "T":
    case "f":
    case "F":
    case "o":
    case "O":
    case "~":
      return "M";
  }
  return null;
}

const BOOL_TRUE = ["y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"];
const BOOL_FALSE = ["n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"];
const NULLS = ["", "~", "null", "Null", "NULL"];

/** resolveMap (YAML 1.1 booleans, nulls, infinities and NaN); `<<` is handled by the merge-key logic instead. */
const RESOLVE_MAP: ReadonlyMap<string, GoScalar> = new Map<string, GoScalar>([
  ...BOOL_TRUE.map((s): [string, GoScalar] => [s, { kind: "bool", value: true }]),
  ...BOOL_FALSE.map((s): [string, GoScalar] => [s, { kind: "bool", value: false }]),
  ...NULLS.map((s): [string, GoScalar] => [s, { kind: "null" }]),
  ...[".nan", ".NaN", ".NAN"].map((s): [string, GoScalar] => [s, { kind: "float", value: NaN }]),
  ...[".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF"].map((s): [string, GoScalar] => [
    s,
    { kind: "float", value: Infinity },
  ]),
  ...["-.inf", "-.Inf", "-.INF"].map((s): [string, GoScalar] => [s, { kind: "float", value: -Infinity }]),
]);

/**
 * Whether go-yaml resolves this plain scalar to the string itself at a glance: it starts with a letter, `_` or `/`
 * (resolveTable gives such text no number hint) and is none of resolveMap's YAML 1.1 words. The readers' fast path.
 */
export function isPlainWord(text: string): boolean {
  const c = text.charCodeAt(0);
  return ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 47) && !RESOLVE_MAP.has(text);
}

const YAML_STYLE_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
/** strconv.ParseFloat on a text starting with '.' (underscores aside): decimal digits, then an optional exponent. */
const DOT_FLOAT = /^\.[0-9]+([eE][-+]?[0-9]+)?$/;

const UINT64_MAX = (1n << 64n) - 1n;
const INT64_CUTOFF = 1n << 63n;

const INT64_LIMIT = 2 ** 63;
const LARGEST_DOUBLE_BELOW_2_63 = 2 ** 63 - 1024;

type ParsedUint = bigint | "syntax" | "range";

/** strconv.ParseUint(s, base, 64); base 0 reads the 0b/0o/0x prefixes and a leading 0 as octal. */
function parseUint(s: string, base: number): ParsedUint {
  if (s === "") return "syntax";
  let i = 0;
  if (base === 0) {
    base = 10;
    if (s[0] === "0") {
      const p = s.length >= 3 ? s[1]!.toLowerCase() : "";
      if (p === "b") {
        base = 2;
        i = 2;
      } else if (p === "o") {
        base = 8;
        i = 2;
      } else if (p === "x") {
        base = 16;
        i = 2;
      } else {
        base = 8;
        i = 1;
      }
    }
  }
  const b = BigInt(base);
  let n = 0n;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i) | 0x20; // lower case for letters; digits are unchanged
    const d = c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 122 ? c - 97 + 10 : 99;
    if (d >= base) return "syntax";
    n = n * b + BigInt(d);
    // Go returns the range error as soon as the value overflows, before looking at the rest of the text.
    if (n > UINT64_MAX) return "range";
  }
  return n;
}

/** strconv.ParseInt(s, base, 64). */
function parseInt64(s: string, base: number): ParsedUint {
  if (s === "") return "syntax";
  let neg = false;
  if (s[0] === "+") s = s.slice(1);
  else if (s[0] === "-") {
    neg = true;
    s = s.slice(1);
  }
  const un = parseUint(s, base);
  if (un === "syntax") return "syntax";
  if (un === "range") return "range";
  if (!neg && un >= INT64_CUTOFF) return "range";
  if (neg && un > INT64_CUTOFF) return "range";
  return neg ? -un : un;
}

/** strconv.ParseFloat for a text already known to be a decimal float: an overflow to infinity is an error. */
function parseFloat64(s: string): number | null {
  const v = Number(s);
  return Number.isFinite(v) ? v : null;
}

/** strconv's underscoreOK for a decimal text: every underscore sits between two digits. */
function underscoreOK(s: string): boolean {
  let saw = "^";
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c >= "0" && c <= "9") saw = "0";
    else if (c === "_") {
      if (saw !== "0") return false;
      saw = "_";
    } else if (saw === "_") return false;
    else saw = "!";
  }
  return saw !== "_";
}

function resolveNumber(text: string, tag: string): GoScalar | null {
  // Timestamps (`2001-12-14`) are tried first but stay the original text when decoded into interface{}; none of
  // them can parse as a number either.
  if (tag === TIMESTAMP && isGoTimestamp(text)) return { kind: "string", value: text };
  const plain = text.includes("_") ? text.replaceAll("_", "") : text;
  const i = parseInt64(plain, 0);
  if (typeof i === "bigint") return { kind: "int", value: i };
  const u = parseUint(plain, 0);
  if (typeof u === "bigint") return { kind: "uint", value: u };
  if (YAML_STYLE_FLOAT.test(plain)) {
    const f = parseFloat64(plain);
    if (f !== null) return { kind: "float", value: f };
  }
  if (plain.startsWith("0b")) {
    const b = parseInt64(plain.slice(2), 2);
    if (typeof b === "bigint") return { kind: "int", value: b };
    const ub = parseUint(plain.slice(2), 2);
    if (typeof ub === "bigint") return { kind: "uint", value: ub };
  } else if (plain.startsWith("-0b")) {
    const b = parseInt64("-" + plain.slice(3), 2);
    if (typeof b === "bigint") return { kind: "int", value: b };
  }
  // sigs.k8s.io/yaml v1.4.0 has no big-integer branch: a hex, octal or binary integer beyond uint64 stays a string
  // (a decimal one already matched yamlStyleFloat above and is a float64).
  return null;
}

/** go-yaml's resolve(tag, text) for a plain scalar (tag "") or an explicitly tagged one. */
export function resolveGoScalar(text: string, tag = ""): GoScalar {
  if (tag !== "" && !(GO_RESOLVED_TAGS as readonly string[]).includes(tag)) return { kind: "string", value: text };
  if (tag === BINARY) return decodeBinary(text);
  let out: GoScalar = { kind: "string", value: text };
  let rtag = STR;
  const hint = hintOf(text);
  if (hint !== null && tag !== STR) {
    const mapped = RESOLVE_MAP.get(text);
    if (mapped) {
      out = mapped;
      rtag = mapped.kind === "bool" ? BOOL : mapped.kind === "null" ? NULL : FLOAT;
    } else if (hint === ".") {
      // ParseFloat reads the text itself, where underscores may only separate digits (`.5_0` is 0.5, `._5` is not).
      const digits = text.includes("_") ? (underscoreOK(text) ? text.replaceAll("_", "") : "") : text;
      const f = DOT_FLOAT.test(digits) ? parseFloat64(digits) : null;
      if (f !== null) {
        out = { kind: "float", value: f };
        rtag = FLOAT;
      }
    } else if (hint === "D" || hint === "S") {
      const n = resolveNumber(text, tag);
      if (n) {
        out = n;
        rtag = n.kind === "float" ? FLOAT : n.kind === "string" ? TIMESTAMP : INT;
      }
    }
  }
  if (tag === "" || tag === rtag || tag === STR) return out;
  if (tag === FLOAT && rtag === INT && out.kind === "int") return { kind: "float", value: Number(out.value) };
  return { kind: "error", message: `cannot decode ${shortTag(rtag)} \`${text}\` as a ${shortTag(tag)}` };
}

function shortTag(tag: string): string {
  return tag.startsWith(TAG_PREFIX) ? "!!" + tag.slice(TAG_PREFIX.length) : tag;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** base64.StdEncoding.DecodeString (padding required; it skips CR and LF only), then the bytes as a Go string. */
function decodeBinary(text: string): GoScalar {
  const compact = text.replace(/[\r\n]/g, "");
  if (!BASE64.test(compact)) return { kind: "error", message: "!!binary value contains invalid base64 data" };
  return { kind: "string", value: goJsonString(Buffer.from(compact, "base64")) };
}

/**
 * Bytes as encoding/json writes a Go string of them: valid UTF-8 as it is, and each byte that does not start a valid
 * sequence (utf8.DecodeRune's size-1 RuneError) as one U+FFFD. TextDecoder replaces a maximal invalid subpart with one
 * U+FFFD instead, so `E2 82 41` would be one replacement there and two here.
 */
export function goJsonString(bytes: Uint8Array): string {
  let out = "";
  let i = 0;
  while (i < bytes.length) {
    const b0 = bytes[i]!;
    if (b0 < 0x80) {
      out += String.fromCharCode(b0);
      i++;
      continue;
    }
    // The first byte says how many continuation bytes follow and the range the second one must be in (utf8.acceptRanges).
    let n = 0;
    let lo = 0x80;
    let hi = 0xbf;
    if (b0 >= 0xc2 && b0 <= 0xdf) n = 1;
    else if (b0 >= 0xe0 && b0 <= 0xef) {
      n = 2;
      if (b0 === 0xe0) lo = 0xa0;
      else if (b0 === 0xed) hi = 0x9f;
    } else if (b0 >= 0xf0 && b0 <= 0xf4) {
      n = 3;
      if (b0 === 0xf0) lo = 0x90;
      else if (b0 === 0xf4) hi = 0x8f;
    }
    let ok = n > 0 && i + n < bytes.length;
    if (ok) {
      for (let k = 1; k <= n; k++) {
        const b = bytes[i + k];
        if (b === undefined || b < (k === 1 ? lo : 0x80) || b > (k === 1 ? hi : 0xbf)) {
          ok = false;
          break;
        }
      }
    }
    if (!ok) {
      out += "\ufffd";
      i++;
      continue;
    }
    let cp = b0 & (n === 1 ? 0x1f : n === 2 ? 0x0f : 0x07);
    for (let k = 1; k <= n; k++) cp = (cp << 6) | (bytes[i + k]! & 0x3f);
    out += String.fromCodePoint(cp);
    i += n + 1;
  }
  return out;
}

/** The JavaScript value crdlint works with: numbers as kubectl sends them after its own JSON round trip. */
export function goScalarToJs(s: GoScalar): string | boolean | number | null {
  switch (s.kind) {
    case "string":
    case "bool":
      return s.value;
    case "null":
    case "error":
      return null;
    case "int": {
      // A double holds an int64 exactly up to 2^53, and beyond that the nearest double. Near the top of int64 the
      // nearest double is 2^63, which is no longer an int64: take the largest double below it, so that every int64
      // kubectl sends (9223372036854775807 is a common maximum) keeps Go kind int in the schema and CEL checks.
      const n = Number(s.value);
      return n >= INT64_LIMIT ? LARGEST_DOUBLE_BELOW_2_63 : n;
    }
    case "uint":
      // Beyond int64 the apiserver's JSON decoder reads a float64, which a double is.
      return Number(s.value);
    case "float":
      // kubectl writes -0 as 0 and reads it back as the integer 0.
      return s.value === 0 ? 0 : s.value;
  }
}

/**
 * The JSON object name sigs.k8s.io/yaml gives a key of this type, or the reason the conversion fails
 * (`unsupported map key of type ...`): null and uint64 keys have no name.
 */
export function goKeyName(s: GoScalar): { name: string } | { unsupported: string } {
  switch (s.kind) {
    case "string":
      return { name: s.value };
    case "bool":
      return { name: s.value ? "true" : "false" };
    case "int":
      return { name: s.value.toString() };
    case "float":
      return { name: formatFloat32(s.value) };
    case "uint":
      return { unsupported: "uint64" };
    case "null":
      return { unsupported: "<nil>" };
    case "error":
      return { unsupported: "error" };
  }
}

/** strconv.FormatFloat(x, 'g', -1, 32) with go-yaml's names for infinities and NaN. */
export function formatFloat32(x: number): string {
  if (Number.isNaN(x)) return ".nan";
  if (x === Infinity) return ".inf";
  if (x === -Infinity) return "-.inf";
  const f = Math.fround(x);
  if (!Number.isFinite(f)) return f > 0 ? ".inf" : "-.inf";
  if (f === 0) return Object.is(f, -0) ? "-0" : "0";
  // The shortest decimal that reads back as the same float32.
  let digits = "";
  let exp = 0;
  for (let p = 1; p <= 9; p++) {
    const e = Math.abs(f).toExponential(p - 1);
    if (Math.fround(Number(e)) === Math.abs(f) || p === 9) {
      const at = e.indexOf("e");
      digits = e.slice(0, at).replace(".", "");
      exp = Number(e.slice(at + 1));
      break;
    }
  }
  const sign = f < 0 ? "-" : "";
  // %g with the shortest precision: exponent form below 1e-4 and from 1e+06 (eprec is 6 when shortest).
  if (exp < -4 || exp >= 6) {
    const mant = digits.length > 1 ? digits[0] + "." + digits.slice(1) : digits;
    const abs = Math.abs(exp);
    return sign + mant + "e" + (exp < 0 ? "-" : "+") + (abs < 10 ? "0" : "") + abs;
  }
  if (exp < 0) return sign + "0." + "0".repeat(-exp - 1) + digits;
  if (digits.length <= exp + 1) return sign + digits + "0".repeat(exp + 1 - digits.length);
  return sign + digits.slice(0, exp + 1) + "." + digits.slice(exp + 1);
}

/** The layouts go-yaml tries with time.Parse, as [date-time separator or null for date only, zone allowed]. */
const TIMESTAMP_LAYOUTS: readonly [string | null, boolean][] = [
  ["T", true],
  ["t", true],
  [" ", false],
  [null, false],
];

/** parseTimestamp: YYYY-M-D, optionally followed by a time (time.Parse with go-yaml's four layouts). */
export function isGoTimestamp(s: string): boolean {
  const date = /^(\d{4})-(\d{1,2})-(\d{1,2})/.exec(s);
  if (!date) return false;
  const year = Number(date[1]);
  const month = Number(date[2]);
  const day = Number(date[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(month, year)) return false;
  const rest = s.slice(date[0].length);
  for (const [sep, zone] of TIMESTAMP_LAYOUTS) {
    if (sep === null) {
      if (rest === "") return true;
      continue;
    }
    if (!rest.startsWith(sep)) continue;
    const t = /^(\d{1,2}):(\d{1,2}):(\d{1,2})(?:[.,]\d+)?/.exec(rest.slice(1));
    if (!t || Number(t[1]) > 23 || Number(t[2]) > 59 || Number(t[3]) > 59) continue;
    const tz = rest.slice(1 + t[0].length);
    // The T layouts end in Z07:00, which needs a zone; the space layout has none.
    if (zone ? tz === "Z" || /^[+-]\d{2}:\d{2}$/.test(tz) : tz === "") return true;
  }
  return false;
}

function daysIn(month: number, year: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}
