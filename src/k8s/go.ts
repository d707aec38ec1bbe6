/**
 * Small Go-compatibility helpers shared by the value validator, pruning and the defaults rules: how Go's JSON
 * decoder types numbers (int64 vs float64), how fmt prints them (%v), how encoding/json marshals them, reflect-style
 * deep equality, UTF-8 rune counting and byte-order string comparison.
 */
// Upstream: golang/go:src/strconv/ftoa.go (shortest 'g' formatting), src/encoding/json/encode.go (map key order, HTML escaping)
// Upstream: kubernetes/apimachinery:pkg/util/json/json.go (integers that fit int64 decode as int64, the rest as float64)
import { goQuote, RenderedValue, renderValue } from "./validation.js";
import type { ErrorType } from "../diagnostics/index.js";
import type { FieldPath } from "./path.js";
import { releaseHas, type Release } from "./releases.js";

/** The Go kind a decoded JSON value has on the apiserver: kubectl turns `1.0` into `1`, so integral numbers are int64. */
export type GoKind = "null" | "bool" | "string" | "int" | "float" | "array" | "object";

const TWO_63 = 9223372036854775808;

export function isGoInt(v: number): boolean {
  return Number.isInteger(v) && v < TWO_63 && v >= -TWO_63;
}

export function goKind(v: unknown): GoKind {
  if (v === null || v === undefined) return "null";
  switch (typeof v) {
    case "string":
      return "string";
    case "boolean":
      return "bool";
    case "number":
      return isGoInt(v) ? "int" : "float";
    case "bigint":
      return "int";
    case "object":
      return Array.isArray(v) ? "array" : "object";
    default:
      return "null";
  }
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The one-character escapes of Go's quoted strings (strconv.UnquoteChar): `\a \b \f \n \r \t \v \\`. */
export const GO_SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  a: "\x07",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
  "\\": "\\",
};

export const hasOwn = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

/** fmt's %v for a float64: strconv 'g' with the shortest precision (exponent below 1e-4 and from 1e+06 up). */
export function goFloat(x: number): string {
  if (Number.isNaN(x)) return "NaN";
  if (x === Infinity) return "+Inf";
  if (x === -Infinity) return "-Inf";
  if (x === 0) return Object.is(x, -0) ? "-0" : "0";
  const e = x.toExponential(); // shortest round-tripping digits, like strconv with precision -1
  const at = e.indexOf("e");
  const exp = Number(e.slice(at + 1));
  if (exp < -4 || exp >= 6) {
    const mant = e.slice(0, at);
    const sign = exp < 0 ? "-" : "+";
    const abs = Math.abs(exp);
    return mant + "e" + sign + (abs < 10 ? "0" + abs : String(abs));
  }
  return String(x);
}

/** fmt's %v for a number the apiserver holds as int64 (integral) or float64. */
export function goNumber(x: number): string {
  return isGoInt(x) ? String(x) : goFloat(x);
}

/** encoding/json's string encoding (HTML-safe: <, >, & and U+2028/U+2029 escaped). */
function goJsonString(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const ch = s[i]!;
    if (ch === '"') out += '\\"';
    else if (ch === "\\") out += "\\\\";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    // encoding/json writes \b and \f short since Go 1.22 (the toolchain of Kubernetes 1.30 and later, and the oracle's)
    else if (ch === "\b") out += "\\b";
    else if (ch === "\f") out += "\\f";
    else if (c < 0x20 || ch === "<" || ch === ">" || ch === "&" || c === 0x2028 || c === 0x2029)
      out += "\\u" + c.toString(16).padStart(4, "0");
    else out += ch;
  }
  return out + '"';
}

/**
 * A Go struct value as json.Marshal sees it: its fields in declaration order. The apiserver's internal API types
 * carry no json tags, so the names are the Go field names and no field is omitted (zero values print too).
 */
export class GoStruct {
  constructor(readonly fields: readonly (readonly [string, unknown])[]) {}
}

/** A decoded JSON value held in an interface{} (apiextensions.JSON): it marshals as itself and compares strictly. */
export class GoInterface {
  constructor(readonly value: unknown) {}
}

/**
 * json.Marshal of a decoded JSON value or of a Go value built from GoStruct / GoInterface: map keys (plain objects)
 * sorted, struct fields in order, Go's number and string encoding. null stands for a nil pointer, slice or map.
 */
export function goJson(v: unknown): string {
  if (v instanceof GoStruct) return "{" + v.fields.map(([k, f]) => goJsonString(k) + ":" + goJson(f)).join(",") + "}";
  if (v instanceof GoInterface) return goJson(v.value);
  if (v === null || v === undefined) return "null";
  switch (typeof v) {
    case "string":
      return goJsonString(v);
    case "boolean":
      return v ? "true" : "false";
    case "number":
      return JSON.stringify(v) ?? "null"; // same thresholds (1e-6, 1e21) and exponent form as Go
    case "bigint":
      return v.toString();
    // no default: arrays and objects are handled below
  }
  if (Array.isArray(v)) return "[" + v.map(goJson).join(",") + "]";
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o).sort(compareBytes);
  return "{" + keys.map((k) => goJsonString(k) + ":" + goJson(o[k])).join(",") + "}";
}

/** A deep copy of a JSON value whose objects have their keys in Go's (sorted) order, for rendering like the apiserver. */
export function sortedCopy(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortedCopy);
  if (isPlainObject(v)) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort(compareBytes)) out[k] = sortedCopy(v[k]);
    return out;
  }
  return v;
}

export function deepCopy<T>(v: T): T {
  if (Array.isArray(v)) return v.map(deepCopy) as T;
  if (isPlainObject(v)) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v)) out[k] = deepCopy(v[k]);
    return out as T;
  }
  return v;
}

/**
 * reflect.DeepEqual on decoded JSON (numbers compare by value: the decoder types them consistently). `written`: the
 * same as written instead, keys in the same order and numbers as Object.is tells them apart (NaN is itself, -0 is
 * not 0): two inputs that crdlint reads alike, whatever the order of what it reports may follow.
 */
export function deepEqual(a: unknown, b: unknown, written = false): boolean {
  if (written ? Object.is(a, b) : a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i], written)) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ak = Object.keys(a);
  const bo = b as Record<string, unknown>;
  const bk = Object.keys(bo);
  if (ak.length !== bk.length) return false;
  for (let i = 0; i < ak.length; i++) {
    const k = ak[i]!;
    if (written ? k !== bk[i] : !hasOwn(bo, k)) return false;
    if (!deepEqual((a as Record<string, unknown>)[k], bo[k], written)) return false;
  }
  return true;
}

/**
 * apiequality.Semantic.DeepEqual on Go values built from GoStruct / GoInterface / arrays (slices) / plain objects
 * (maps): a nil and an empty slice or map are equal, a nil pointer (null) differs from any struct, and the values
 * inside an interface{} compare strictly (an empty list there is not null).
 */
// Upstream: kubernetes/apimachinery:third_party/forked/golang/reflect/deep_equal.go (Equalities.DeepEqual)
export function goSemanticEqual(a: unknown, b: unknown): boolean {
  if (a instanceof GoInterface || b instanceof GoInterface)
    return a instanceof GoInterface && b instanceof GoInterface && deepEqual(a.value, b.value);
  if (a instanceof GoStruct || b instanceof GoStruct) {
    if (!(a instanceof GoStruct && b instanceof GoStruct) || a.fields.length !== b.fields.length) return false;
    return a.fields.every(([k, v], i) => b.fields[i]![0] === k && goSemanticEqual(v, b.fields[i]![1]));
  }
  const emptyA =
    a === null ||
    a === undefined ||
    (Array.isArray(a) && a.length === 0) ||
    (isPlainObject(a) && Object.keys(a).length === 0);
  const emptyB =
    b === null ||
    b === undefined ||
    (Array.isArray(b) && b.length === 0) ||
    (isPlainObject(b) && Object.keys(b).length === 0);
  if (emptyA || emptyB) return emptyA && emptyB;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => goSemanticEqual(x, b[i]));
  }
  if (isPlainObject(a) || isPlainObject(b)) {
    if (!isPlainObject(a) || !isPlainObject(b)) return false;
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((k) => hasOwn(b, k) && goSemanticEqual(a[k], b[k]));
  }
  return a === b;
}

/** utf8.RuneCountInString: code points (a surrogate pair is one rune). */
export function runeCount(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length - 1; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** len(s) in Go: UTF-8 bytes (a lone surrogate counts as U+FFFD's three, as Go writes invalid UTF-8 it is given). */
export function byteLength(s: string): number {
  return Buffer.byteLength(s, "utf8");
}

/** sort.Strings order: UTF-8 byte order, i.e. code point order (differs from UTF-16 order around surrogates). */
export function compareBytes(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs !== ys) return xs ? 1 : -1; // a surrogate (a code point >= U+10000) sorts after any BMP unit
    return x - y;
  }
  return a.length - b.length;
}

/** One apiserver field error, as produced by every validator in this directory. */
export interface ValueError {
  /** The field path as the apiserver prints it; an empty path prints as `<nil>`. */
  path: FieldPath;
  type: ErrorType;
  /** The bad value, for value-carrying types (absent for Required, Forbidden, Too long). */
  value?: unknown;
  /** The detail (may be empty, e.g. for Required). */
  message: string;
  /**
   * For an error raised inside an allOf/anyOf/oneOf/not branch: the path of the outermost node holding such a branch.
   * kube-openapi validates a branch without the ratcheting options, so ratcheting can drop the error only there or
   * above.
   */
  junctorPath?: FieldPath;
}

/** A field error's value as the apiserver prints it (1.34+): strings quoted, numbers with %v, the rest as JSON. */
export function renderGoValue(v: unknown): string {
  if (typeof v === "string") return goQuote(v);
  if (typeof v === "number") return goNumber(v);
  return renderValue(v);
}

/**
 * A field error's value as the apiserver of the target release prints it: from 1.34 renderGoValue; up to 1.33 a
 * composite value with fmt's %#v (a nil value as the string "null").
 */
// Upstream: kubernetes/apimachinery:pkg/util/validation/field/errors.go (Error.ErrorBody, v0.33 vs v0.34)
export function renderFieldValue(v: unknown, minor: Release): string {
  // A scalar prints alike at every release (the release is asked only when it matters).
  if (v instanceof RenderedValue || typeof v === "string" || typeof v === "number" || typeof v === "boolean")
    return renderGoValue(v);
  // A decoded object or list marshals as Go's json.Marshal does: map keys sorted, <, > and & escaped.
  if (releaseHas(minor, "fieldValueRendered"))
    return v !== null && typeof v === "object" ? goJson(v) : renderGoValue(v);
  if (v === null || v === undefined) return '"null"';
  return goSyntax(v);
}

/** fmt's %#v of a decoded JSON value (what ≤1.33 printed for composite values). */
export function goSyntax(v: unknown): string {
  if (v === null || v === undefined) return "interface {}(nil)";
  if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") return renderGoValue(v);
  if (Array.isArray(v)) return "[]interface {}{" + v.map(goSyntax).join(", ") + "}";
  const o = v as Record<string, unknown>;
  return (
    "map[string]interface {}{" +
    Object.keys(o)
      .sort(compareBytes)
      .map((k) => renderGoValue(k) + ":" + goSyntax(o[k]))
      .join(", ") +
    "}"
  );
}

/** field.Error.Error(): `<path>: <Type>[: <value>][: <detail>]` (value rendering of 1.34+; strings quoted). */
export function fieldErrorString(e: ValueError): string {
  return fieldErrorStringAt(e, Infinity);
}

/** fieldErrorString with the value rendered as the apiserver of the target minor prints it. */
export function fieldErrorStringAt(e: ValueError, minor: number): string {
  const p = e.path.segments.length === 0 ? "<nil>" : e.path.toString();
  let body: string = e.type;
  const omit =
    e.type === "Required value" || e.type === "Forbidden" || e.type === "Too long" || e.type === "Internal error";
  if (!omit && "value" in e) body += ": " + renderFieldValue(e.value, minor);
  if (e.message) body += ": " + e.message;
  return p + ": " + body;
}

/** utilerrors.NewAggregate(...).Error(): one message as is, several as `[a, b]`, repeats removed. */
export function aggregateString(errs: ValueError[], minor = Infinity): string {
  return aggregateTexts(errs.map((e) => fieldErrorStringAt(e, minor)));
}

/** The same over errors already in text (ErrorList.ToAggregate().Error()). */
export function aggregateTexts(texts: readonly string[]): string {
  const msgs = [...new Set(texts)];
  return msgs.length === 1 ? msgs[0]! : "[" + msgs.join(", ") + "]";
}

/**
 * Go's time.Parse for the numeric layouts the apiserver parses custom-resource dates with (strfmt's "2006-01-02"
 * for format: date, and "2006-01-02T15:04:05", the last of strfmt.ParseDateTime's layouts, whose error is the one a
 * format: date-time value that parses under none of them reports): null when the value parses, else time.ParseError's
 * text.
 */
// Upstream: golang/go:src/time/format.go (Parse, ParseError.Error, getnum, skip, quote)

const STD = ["2006", "01", "02", "15", "04", "05"] as const;
type Std = (typeof STD)[number];

/** time's quote: bytes outside printable ASCII as \x escapes, `"` and `\` backslashed. */
function timeQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c >= 0x80 || c < 0x20) for (const b of Buffer.from(ch, "utf8")) out += "\\x" + b.toString(16).padStart(2, "0");
    else out += (ch === '"' || ch === "\\" ? "\\" : "") + ch;
  }
  return out + '"';
}

const isDigit = (s: string, i: number): boolean => i < s.length && s[i]! >= "0" && s[i]! <= "9";

/** getnum: one or two digits (exactly two when fixed). */
function getnum(s: string, fixed: boolean): [number, string] | null {
  if (!isDigit(s, 0)) return null;
  if (!isDigit(s, 1)) return fixed ? null : [Number(s[0]), s.slice(1)];
  return [Number(s.slice(0, 2)), s.slice(2)];
}

/** atoi of the 4-byte year: an optional sign, then digits only. */
function atoi(s: string): number | null {
  const m = /^[-+]?(\d+)$/.exec(s);
  if (!m) return null;
  return s.startsWith("-") ? -Number(m[1]) : Number(m[1]);
}

function daysIn(month: number, year: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export function goTimeParseError(layout: string, value: string): string | null {
  const whole = value;
  const cannot = (valueElem: string, layoutElem: string): string =>
    `parsing time ${timeQuote(whole)} as ${timeQuote(layout)}: cannot parse ${timeQuote(valueElem)} as ${timeQuote(layoutElem)}`;
  const range = (what: string): string => `parsing time ${timeQuote(whole)}: ${what} out of range`;
  let rest = layout;
  let year = 0;
  let month = -1;
  let day = -1;
  while (rest !== "") {
    // The literal text before the next layout element must be there as it is.
    let at = rest.length;
    let std: Std | null = null;
    for (let i = 0; i < rest.length && std === null; i++)
      for (const s of STD)
        if (rest.startsWith(s, i)) {
          at = i;
          std = s;
          break;
        }
    const prefix = rest.slice(0, at);
    if (!value.startsWith(prefix)) return cannot(value, prefix);
    value = value.slice(prefix.length);
    if (std === null) break;
    rest = rest.slice(at + std.length);
    const hold = value;
    let n: [number, string] | null;
    switch (std) {
      case "2006": {
        const y = value.length < 4 ? null : atoi(value.slice(0, 4));
        if (y === null) return cannot(hold, std);
        year = y;
        value = value.slice(4);
        continue;
      }
      case "01":
        n = getnum(value, true);
        if (!n) return cannot(hold, std);
        if (n[0] <= 0 || n[0] > 12) return range("month");
        month = n[0];
        break;
      case "02":
        n = getnum(value, true);
        if (!n) return cannot(hold, std);
        if (n[0] > 31) return range("day");
        day = n[0];
        break;
      case "15":
        n = getnum(value, false);
        if (!n) return cannot(hold, std);
        if (n[0] >= 24) return range("hour");
        break;
      case "04":
        n = getnum(value, true);
        if (!n) return cannot(hold, std);
        if (n[0] >= 60) return range("minute");
        break;
      case "05": {
        n = getnum(value, true);
        if (!n) return cannot(hold, std);
        if (n[0] >= 60) return range("second");
        let v = n[1];
        // Fractional seconds the layout does not spell out are taken after the seconds.
        if (v.length >= 2 && (v[0] === "." || v[0] === ",") && isDigit(v, 1)) {
          let k = 2;
          while (isDigit(v, k)) k++;
          v = v.slice(k);
        }
        value = v;
        continue;
      }
    }
    value = n[1];
  }
  if (value !== "") return `parsing time ${timeQuote(whole)}: extra text: ${timeQuote(value)}`;
  if (day !== -1 && month !== -1 && (day < 1 || day > daysIn(month, year))) return range("day");
  return null;
}

/**
 * Go's fmt.Sprintf(format) with no arguments (fmt/print.go doPrintf): `%%` is a percent sign, any other verb, with its
 * flags, width, precision and argument index, prints as a missing (or badly indexed) argument.
 */
export function goSprintf(format: string): string {
  let out = "";
  const end = format.length;
  /** parsenum: past the digits at i, whether there were any (none, and `stop`, for a number past 10^6). */
  const parsenum = (i: number, stop = end): { i: number; isnum: boolean } => {
    let num = 0;
    let isnum = false;
    for (; i < stop && format[i]! >= "0" && format[i]! <= "9"; i++) {
      if (num > 1e6) return { i: stop, isnum: false };
      num = num * 10 + Number(format[i]);
      isnum = true;
    }
    return { i, isnum };
  };
  const digits = (i: number): number => parsenum(i).i;
  /** An explicit argument index `[n]`: its end, and whether it is well formed (no index is in range here). */
  const argIndex = (i: number): { i: number; found: boolean } => {
    if (i >= end || format[i] !== "[") return { i, found: false };
    good = false;
    if (end - i < 3) return { i: i + 1, found: false };
    const close = format.indexOf("]", i + 1);
    if (close < 0) return { i: i + 1, found: false };
    const num = parsenum(i + 1, close);
    const ok = num.isnum && num.i === close;
    return { i: close + 1, found: ok };
  };
  /** p.goodArgNum: false once the verb has an argument index (no argument is in range). */
  let good: boolean;
  for (let i = 0; i < end;) {
    const pct = format.indexOf("%", i);
    if (pct < 0) {
      out += format.slice(i);
      break;
    }
    out += format.slice(i, pct);
    i = pct + 1;
    good = true;
    while (i < end && "#0+- ".includes(format[i]!)) i++;
    let idx = argIndex(i);
    i = idx.i;
    let afterIndex = idx.found;
    if (i < end && format[i] === "*") {
      i++;
      out += "%!(BADWIDTH)";
      afterIndex = false;
    } else {
      const w = parsenum(i);
      if (afterIndex && w.isnum) good = false;
      i = w.i;
    }
    if (i + 1 < end && format[i] === ".") {
      i++;
      if (afterIndex) good = false;
      idx = argIndex(i);
      i = idx.i;
      afterIndex = idx.found;
      if (i < end && format[i] === "*") {
        i++;
        out += "%!(BADPREC)";
        afterIndex = false;
      } else i = digits(i);
    }
    if (!afterIndex) i = argIndex(i).i;
    if (i >= end) {
      out += "%!(NOVERB)";
      break;
    }
    const verb = String.fromCodePoint(format.codePointAt(i)!);
    i += verb.length;
    if (verb === "%") out += "%";
    else out += good ? `%!${verb}(MISSING)` : `%!${verb}(BADINDEX)`;
  }
  return out;
}
