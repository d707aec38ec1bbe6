/**
 * The CEL standard library at runtime, with cel-go's semantics and error texts (overflow checks on int/uint
 * arithmetic, "division by zero", "modulus by zero", Go strconv parse errors in conversions, RE2 matching).
 */
// Upstream: google/cel-go:common/types/{int,uint,double,string,bytes,duration,timestamp,bool}.go, common/stdlib/standard.go
import { RE2JS } from "@bufbuild/re2";
import { parseGoDuration } from "../../../k8s/duration.js";
import {
  CelErr,
  DurationV,
  ListV,
  MapV,
  ObjectV,
  OptionalV,
  TimestampV,
  TypeV,
  UintV,
  MAX_TS_NS,
  MIN_TS_NS,
  actualSize,
  celEquals,
  civilFromDays,
  compareStrings,
  isErr,
  parseTimestamp,
  runeLength,
  sameListMapKey,
  typeNameOf,
  type Result,
  type Val,
} from "./values.js";
import type { Impl } from "./functions.js";

const MAX_INT = (1n << 63n) - 1n;
const MIN_INT = -(1n << 63n);
const MAX_UINT = (1n << 64n) - 1n;
const NS = 1000000000n;

const INT_OVERFLOW = () => new CelErr("integer overflow");
const UINT_OVERFLOW = () => new CelErr("unsigned integer overflow");

function checkInt(v: bigint): Result {
  return v > MAX_INT || v < MIN_INT ? INT_OVERFLOW() : v;
}
function checkUint(v: bigint): Result {
  return v > MAX_UINT || v < 0n ? UINT_OVERFLOW() : new UintV(v);
}
function checkTs(ns: bigint): Result {
  return ns < MIN_TS_NS || ns > MAX_TS_NS ? new CelErr("timestamp overflow") : new TimestampV(ns);
}
function checkDur(ns: bigint): Result {
  return ns > MAX_INT || ns < MIN_INT ? new CelErr("duration overflow") : new DurationV(ns);
}

/** Go's %g / strconv 'g' with shortest precision (cel-go's double to string). */
export function goFormatDouble(x: number): string {
  if (Number.isNaN(x)) return "NaN";
  if (x === Infinity) return "+Inf";
  if (x === -Infinity) return "-Inf";
  if (x === 0) return Object.is(x, -0) ? "-0" : "0";
  const e = x.toExponential();
  const at = e.indexOf("e");
  const exp = Number(e.slice(at + 1));
  if (exp < -4 || exp >= 6) {
    const mant = e.slice(0, at);
    const abs = Math.abs(exp);
    return mant + "e" + (exp < 0 ? "-" : "+") + (abs < 10 ? "0" + abs : String(abs));
  }
  return String(x);
}

/** strconv.FormatFloat(f, 'f', -1, 64). */
function formatFloatF(x: number): string {
  if (Number.isInteger(x) && Math.abs(x) < 1e21) return x.toFixed(0);
  const s = String(x);
  if (!s.includes("e")) return s;
  return x.toFixed(20).replace(/\.?0+$/, "");
}

function durationString(ns: bigint): string {
  // cel-go: strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + "s"
  const secs = Number(ns) / 1e9;
  return formatFloatF(secs) + "s";
}

function timestampString(ns: bigint): string {
  // time.RFC3339Nano in UTC: trailing zeros of the fraction trimmed
  const secs = ns >= 0n ? ns / NS : -((-ns + NS - 1n) / NS);
  const frac = ns - secs * NS;
  const days = Number(secs >= 0n ? secs / 86400n : -((-secs + 86399n) / 86400n));
  const rem = Number(secs - BigInt(days) * 86400n);
  const { y, m, d } = civilFromDays(days);
  const p = (n: number, w = 2) => String(n).padStart(w, "0");
  let out = `${p(y, 4)}-${p(m)}-${p(d)}T${p(Math.floor(rem / 3600))}:${p(Math.floor((rem % 3600) / 60))}:${p(rem % 60)}`;
  if (frac !== 0n) out += "." + frac.toString().padStart(9, "0").replace(/0+$/, "");
  return out + "Z";
}

function cmp(a: Val, b: Val): number | CelErr {
  const num = (v: Val): number | bigint | undefined =>
    typeof v === "bigint" ? v : v instanceof UintV ? v.v : typeof v === "number" ? v : undefined;
  const na = num(a);
  const nb = num(b);
  if (na !== undefined && nb !== undefined) {
    if (typeof na === "number" || typeof nb === "number") {
      const x = Number(na);
      const y = Number(nb);
      if (Number.isNaN(x) || Number.isNaN(y)) return NaN;
      // exact comparison of a big integer with a double
      if (typeof na === "bigint" && Number.isFinite(y) && Number.isInteger(y))
        return na < BigInt(y) ? -1 : na > BigInt(y) ? 1 : 0;
      if (typeof nb === "bigint" && Number.isFinite(x) && Number.isInteger(x))
        return BigInt(x) < nb ? -1 : BigInt(x) > nb ? 1 : 0;
      return x < y ? -1 : x > y ? 1 : 0;
    }
    return na < nb ? -1 : na > nb ? 1 : 0;
  }
  if (typeof a === "string" && typeof b === "string") return compareStrings(a, b);
  if (typeof a === "boolean" && typeof b === "boolean") return a === b ? 0 : a ? 1 : -1;
  if (a instanceof Uint8Array && b instanceof Uint8Array) return Buffer.compare(a, b);
  if (a instanceof TimestampV && b instanceof TimestampV) return a.ns < b.ns ? -1 : a.ns > b.ns ? 1 : 0;
  if (a instanceof DurationV && b instanceof DurationV) return a.ns < b.ns ? -1 : a.ns > b.ns ? 1 : 0;
  return new CelErr("no such overload");
}

export { cmp as compareValues };

function relation(test: (c: number) => boolean): Impl {
  return ([a, b]) => {
    const c = cmp(a!, b!);
    if (isErr(c)) return c;
    if (Number.isNaN(c)) return false;
    return test(c);
  };
}

const LT = relation((c) => c < 0);
const LE = relation((c) => c <= 0);
const GT = relation((c) => c > 0);
const GE = relation((c) => c >= 0);

// int(), uint() and double() of a string are String.ConvertToType: whatever strconv says, the error is cel-go's
// "type conversion error" (every cel-go release of Kubernetes 1.28 to 1.37).
function parseIntStrict(s: string): Result {
  if (!/^[+-]?\d+$/.test(s)) return new CelErr(`type conversion error from 'string' to 'int'`);
  const v = BigInt(s);
  if (v > MAX_INT || v < MIN_INT) return new CelErr(`type conversion error from 'string' to 'int'`);
  return v;
}

function parseUintStrict(s: string): Result {
  if (!/^\+?\d+$/.test(s)) return new CelErr(`type conversion error from 'string' to 'uint'`);
  const v = BigInt(s);
  if (v > MAX_UINT) return new CelErr(`type conversion error from 'string' to 'uint'`);
  return new UintV(v);
}

function parseDouble(s: string): Result {
  const t = s.trim() === s ? s : "";
  if (/^[+-]?(inf|infinity)$/i.test(t)) return t.startsWith("-") ? -Infinity : Infinity;
  if (/^nan$/i.test(t)) return NaN;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t))
    return new CelErr(`type conversion error from 'string' to 'double'`);
  return Number(t);
}

function doubleToInt(d: number): Result {
  // eslint-disable-next-line no-loss-of-precision -- cel-go compares with float64(math.MaxInt64), which is 2^63 too
  if (!(d > -9223372036854775808.0 && d < 9223372036854775807.0)) return INT_OVERFLOW();
  return BigInt(Math.trunc(d));
}

function doubleToUint(d: number): Result {
  if (!(d >= 0 && d < 18446744073709551616.0)) return UINT_OVERFLOW();
  return new UintV(BigInt(Math.trunc(d)));
}

/** Go time zone offset (seconds east of UTC) of an IANA name or a fixed `±HH:MM` offset at an instant. */
function zoneOffset(tz: string, ns: bigint): number | CelErr {
  const fixed = /^([+-])?(\d{2}):(\d{2})$/.exec(tz);
  if (fixed) {
    const secs = (+fixed[2]! * 60 + +fixed[3]!) * 60;
    return fixed[1] === "-" ? -secs : secs;
  }
  if (tz === "UTC" || tz === "") return 0;
  try {
    const ms = Number(ns / 1000000n);
    const parts = new Intl.DateTimeFormat("en-US", {
      timeZone: tz,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    }).formatToParts(new Date(ms));
    const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
    const local = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
    return Math.round((local - Math.floor(ms / 1000) * 1000) / 1000);
  } catch {
    return new CelErr(`unknown time zone ${tz}`);
  }
}

interface Civil {
  y: number;
  m: number;
  d: number;
  hh: number;
  mm: number;
  ss: number;
  ms: number;
  dow: number;
  doy: number;
}

function civil(ns: bigint, offsetSecs: number): Civil {
  const shifted = ns + BigInt(offsetSecs) * NS;
  const secs = shifted >= 0n ? shifted / NS : -((-shifted + NS - 1n) / NS);
  const nanos = Number(shifted - secs * NS);
  const days = Number(secs >= 0n ? secs / 86400n : -((-secs + 86399n) / 86400n));
  const rem = Number(secs - BigInt(days) * 86400n);
  const { y, m, d } = civilFromDays(days);
  const jan1 = Date.UTC(y, 0, 1) / 86400000;
  return {
    y,
    m,
    d,
    hh: Math.floor(rem / 3600),
    mm: Math.floor((rem % 3600) / 60),
    ss: rem % 60,
    ms: Math.floor(nanos / 1e6),
    dow: (((days + 4) % 7) + 7) % 7,
    doy: days - jan1,
  };
}

function tsAccessor(f: (c: Civil) => number): [Impl, Impl] {
  return [
    ([t]) => BigInt(f(civil((t as TimestampV).ns, 0))),
    ([t, tz]) => {
      const off = zoneOffset(tz as string, (t as TimestampV).ns);
      if (isErr(off)) return off;
      return BigInt(f(civil((t as TimestampV).ns, off)));
    },
  ];
}

function size(v: Val): Result {
  return BigInt(actualSize(v));
}

function regexMatches(s: string, re: string): Result {
  try {
    return RE2JS.compile(re).test(s);
  } catch {
    return new CelErr(`invalid regular expression: ${re}`);
  }
}

function toStringVal(v: Val): Result {
  if (typeof v === "string") return v;
  if (typeof v === "boolean") return v ? "true" : "false";
  if (typeof v === "bigint") return v.toString();
  if (v instanceof UintV) return v.v.toString();
  if (typeof v === "number") return goFormatDouble(v);
  if (v instanceof Uint8Array) {
    const s = Buffer.from(v).toString("utf8");
    if (!Buffer.from(s, "utf8").equals(Buffer.from(v)))
      return new CelErr("invalid UTF-8 in bytes, cannot convert to string");
    return s;
  }
  if (v instanceof DurationV) return durationString(v.ns);
  if (v instanceof TimestampV) return timestampString(v.ns);
  return new CelErr(`type conversion error from '${typeNameOf(v)}' to 'string'`);
}

export const toCelString = toStringVal;

/**
 * `X + Y`. For list-type set lists a union (X's positions kept, new elements of Y appended); for list-type map lists
 * a merge by key (X's positions kept, values replaced by Y's for shared keys, new keys appended); else concatenation.
 */
function addList(a: ListV, b: ListV): Result {
  if (!a.literal && (a.semantics === "set" || (a.semantics === "map" && a.mapKeys.length > 0))) {
    const merged: Val[] = [];
    for (const x of a) {
      if (isErr(x)) return x;
      merged.push(x);
    }
    for (const y of b) {
      if (isErr(y)) return y;
      if (a.semantics === "set") {
        if (!merged.some((x) => celEquals(x, y) === true)) merged.push(y);
        continue;
      }
      const at = merged.findIndex((x) => sameListMapKey(x, y, a.mapKeys));
      if (at >= 0) merged[at] = y;
      else merged.push(y);
    }
    return new ListV(null, merged, null, a.semantics, a.mapKeys, false);
  }
  const out: Val[] = [];
  for (const x of a) {
    if (isErr(x)) return x;
    out.push(x);
  }
  for (const x of b) {
    if (isErr(x)) return x;
    out.push(x);
  }
  return ListV.of(out);
}

function inList(x: Val, l: ListV): Result {
  for (const y of l) {
    if (isErr(y)) return y;
    if (celEquals(x, y) === true) return true;
  }
  return false;
}

function typeOfVal(v: Val): TypeV {
  return new TypeV(typeNameOf(v));
}

const [yearUTC, yearTZ] = tsAccessor((c) => c.y);
const [monthUTC, monthTZ] = tsAccessor((c) => c.m - 1);
const [doyUTC, doyTZ] = tsAccessor((c) => c.doy);
const [domUTC, domTZ] = tsAccessor((c) => c.d - 1);
const [dateUTC, dateTZ] = tsAccessor((c) => c.d);
const [dowUTC, dowTZ] = tsAccessor((c) => c.dow);
const [hoursUTC, hoursTZ] = tsAccessor((c) => c.hh);
const [minutesUTC, minutesTZ] = tsAccessor((c) => c.mm);
const [secondsUTC, secondsTZ] = tsAccessor((c) => c.ss);
const [msUTC, msTZ] = tsAccessor((c) => c.ms);

const int = (v: Val) => v as bigint;
const uint = (v: Val) => (v as UintV).v;
const dbl = (v: Val) => v as number;
const dur = (v: Val) => (v as DurationV).ns;
const ts = (v: Val) => (v as TimestampV).ns;

export const STD_FUNCTIONS: Record<string, Impl> = {
  logical_not: ([b]) => !(b as boolean),
  not_strictly_false: ([b]) => b !== false,
  equals: ([a, b]) => celEquals(a!, b!),
  // cel-go's evalNe: Bool(Equal(l, r) != True), so an error while comparing (a value that does not convert) makes
  // `!=` true instead of failing; `==` returns the error.
  not_equals: ([a, b]) => celEquals(a!, b!) !== true,
  add_int64: ([a, b]) => checkInt(int(a!) + int(b!)),
  add_uint64: ([a, b]) => checkUint(uint(a!) + uint(b!)),
  add_double: ([a, b]) => dbl(a!) + dbl(b!),
  add_string: ([a, b]) => (a as string) + (b as string),
  add_bytes: ([a, b]) => new Uint8Array([...(a as Uint8Array), ...(b as Uint8Array)]),
  add_list: ([a, b]) => addList(a as ListV, b as ListV),
  add_duration_duration: ([a, b]) => checkDur(dur(a!) + dur(b!)),
  add_duration_timestamp: ([a, b]) => checkTs(dur(a!) + ts(b!)),
  add_timestamp_duration: ([a, b]) => checkTs(ts(a!) + dur(b!)),
  subtract_int64: ([a, b]) => checkInt(int(a!) - int(b!)),
  subtract_uint64: ([a, b]) => checkUint(uint(a!) - uint(b!)),
  subtract_double: ([a, b]) => dbl(a!) - dbl(b!),
  subtract_duration_duration: ([a, b]) => checkDur(dur(a!) - dur(b!)),
  subtract_timestamp_duration: ([a, b]) => checkTs(ts(a!) - dur(b!)),
  subtract_timestamp_timestamp: ([a, b]) => checkDur(ts(a!) - ts(b!)),
  multiply_int64: ([a, b]) => checkInt(int(a!) * int(b!)),
  multiply_uint64: ([a, b]) => checkUint(uint(a!) * uint(b!)),
  multiply_double: ([a, b]) => dbl(a!) * dbl(b!),
  divide_int64: ([a, b]) => {
    if (int(b!) === 0n) return new CelErr("division by zero");
    return checkInt(int(a!) / int(b!));
  },
  divide_uint64: ([a, b]) => (uint(b!) === 0n ? new CelErr("division by zero") : new UintV(uint(a!) / uint(b!))),
  divide_double: ([a, b]) => dbl(a!) / dbl(b!),
  modulo_int64: ([a, b]) => {
    if (int(b!) === 0n) return new CelErr("modulus by zero");
    return checkInt(int(a!) % int(b!));
  },
  modulo_uint64: ([a, b]) => (uint(b!) === 0n ? new CelErr("modulus by zero") : new UintV(uint(a!) % uint(b!))),
  negate_int64: ([a]) => checkInt(-int(a!)),
  negate_double: ([a]) => -dbl(a!),
  in_list: ([x, l]) => inList(x!, l as ListV),
  in_map: ([x, m]) =>
    m instanceof MapV ? m.has(x!) : m instanceof ObjectV ? typeof x === "string" && m.has(x) : false,
  size_bytes: ([v]) => size(v!),
  bytes_size: ([v]) => size(v!),
  size_list: ([v]) => size(v!),
  list_size: ([v]) => size(v!),
  size_map: ([v]) => size(v!),
  map_size: ([v]) => size(v!),
  size_string: ([v]) => BigInt(runeLength(v as string)),
  string_size: ([v]) => BigInt(runeLength(v as string)),
  type: ([v]) => typeOfVal(v!),
  bool_to_bool: ([v]) => v!,
  string_to_bool: ([v]) => {
    switch (v as string) {
      case "1":
      case "t":
      case "T":
      case "true":
      case "TRUE":
      case "True":
        return true;
      case "0":
      case "f":
      case "F":
      case "false":
      case "FALSE":
      case "False":
        return false;
      default:
        return new CelErr(`type conversion error from 'string' to 'bool'`);
    }
  },
  bytes_to_bytes: ([v]) => v!,
  string_to_bytes: ([v]) => new Uint8Array(Buffer.from(v as string, "utf8")),
  double_to_double: ([v]) => v!,
  int64_to_double: ([v]) => Number(int(v!)),
  uint64_to_double: ([v]) => Number(uint(v!)),
  string_to_double: ([v]) => parseDouble(v as string),
  duration_to_duration: ([v]) => v!,
  int64_to_duration: ([v]) => checkDur(int(v!)),
  string_to_duration: ([v]) => {
    const ns = parseGoDuration(v as string);
    return ns === null
      ? new CelErr(`type conversion error from 'string' to 'google.protobuf.Duration'`)
      : new DurationV(ns);
  },
  to_dyn: ([v]) => v!,
  int64_to_int64: ([v]) => v!,
  double_to_int64: ([v]) => doubleToInt(dbl(v!)),
  duration_to_int64: ([v]) => dur(v!),
  string_to_int64: ([v]) => parseIntStrict(v as string),
  timestamp_to_int64: ([v]) => {
    const n = ts(v!);
    return n >= 0n ? n / NS : -((-n + NS - 1n) / NS);
  },
  uint64_to_int64: ([v]) => (uint(v!) > MAX_INT ? INT_OVERFLOW() : uint(v!)),
  string_to_string: ([v]) => v!,
  bool_to_string: ([v]) => toStringVal(v!),
  bytes_to_string: ([v]) => toStringVal(v!),
  double_to_string: ([v]) => toStringVal(v!),
  duration_to_string: ([v]) => toStringVal(v!),
  int64_to_string: ([v]) => toStringVal(v!),
  timestamp_to_string: ([v]) => toStringVal(v!),
  uint64_to_string: ([v]) => toStringVal(v!),
  timestamp_to_timestamp: ([v]) => v!,
  int64_to_timestamp: ([v]) => checkTs(int(v!) * NS),
  string_to_timestamp: ([v]) => {
    const ns = parseTimestamp(v as string);
    return ns === null
      ? new CelErr(`type conversion error from 'string' to 'google.protobuf.Timestamp'`)
      : new TimestampV(ns);
  },
  uint64_to_uint64: ([v]) => v!,
  double_to_uint64: ([v]) => doubleToUint(dbl(v!)),
  int64_to_uint64: ([v]) => (int(v!) < 0n ? UINT_OVERFLOW() : new UintV(int(v!))),
  string_to_uint64: ([v]) => parseUintStrict(v as string),
  contains_string: ([s, sub]) => (s as string).includes(sub as string),
  ends_with_string: ([s, sub]) => (s as string).endsWith(sub as string),
  starts_with_string: ([s, sub]) => (s as string).startsWith(sub as string),
  matches: ([s, re]) => regexMatches(s as string, re as string),
  matches_string: ([s, re]) => regexMatches(s as string, re as string),
  timestamp_to_year: yearUTC,
  timestamp_to_year_with_tz: yearTZ,
  timestamp_to_month: monthUTC,
  timestamp_to_month_with_tz: monthTZ,
  timestamp_to_day_of_year: doyUTC,
  timestamp_to_day_of_year_with_tz: doyTZ,
  timestamp_to_day_of_month: domUTC,
  timestamp_to_day_of_month_with_tz: domTZ,
  timestamp_to_day_of_month_1_based: dateUTC,
  timestamp_to_day_of_month_1_based_with_tz: dateTZ,
  timestamp_to_day_of_week: dowUTC,
  timestamp_to_day_of_week_with_tz: dowTZ,
  timestamp_to_hours: hoursUTC,
  timestamp_to_hours_with_tz: hoursTZ,
  timestamp_to_minutes: minutesUTC,
  timestamp_to_minutes_with_tz: minutesTZ,
  timestamp_to_seconds: secondsUTC,
  timestamp_to_seconds_with_tz: secondsTZ,
  timestamp_to_milliseconds: msUTC,
  timestamp_to_milliseconds_with_tz: msTZ,
  duration_to_hours: ([d]) => dur(d!) / (3600n * NS),
  duration_to_minutes: ([d]) => dur(d!) / (60n * NS),
  duration_to_seconds: ([d]) => dur(d!) / NS,
  duration_to_milliseconds: ([d]) => dur(d!) / 1000000n,
  // optional types (cel.OptionalTypes)
  optional_of: ([v]) => new OptionalV(v!),
  optional_ofNonZeroValue: ([v]) => (isZeroValue(v!) ? new OptionalV(undefined) : new OptionalV(v!)),
  optional_none: () => new OptionalV(undefined),
  optional_value: ([o]) =>
    (o as OptionalV).hasValue ? (o as OptionalV).value! : new CelErr("optional.none() dereference"),
  optional_hasValue: ([o]) => (o as OptionalV).hasValue,
  optional_or_optional: ([a, b]) => ((a as OptionalV).hasValue ? a! : b!),
  optional_orValue_value: ([a, b]) => ((a as OptionalV).hasValue ? (a as OptionalV).value! : b!),
};

for (const [prefix, f] of [
  ["less", LT],
  ["less_equals", LE],
  ["greater", GT],
  ["greater_equals", GE],
] as const) {
  for (const suffix of [
    "bool",
    "int64",
    "int64_double",
    "int64_uint64",
    "uint64",
    "uint64_double",
    "uint64_int64",
    "double",
    "double_int64",
    "double_uint64",
    "string",
    "bytes",
    "timestamp",
    "duration",
  ]) {
    STD_FUNCTIONS[`${prefix}_${suffix}`] = f;
  }
}

function isZeroValue(v: Val): boolean {
  if (v === null) return true;
  if (v === false || v === 0n || v === 0 || v === "") return true;
  if (v instanceof UintV) return v.v === 0n;
  if (v instanceof Uint8Array) return v.length === 0;
  if (v instanceof ListV || v instanceof MapV) return v.size === 0;
  if (v instanceof DurationV) return v.ns === 0n;
  if (v instanceof TimestampV) return v.ns === 0n;
  if (v instanceof OptionalV) return !v.hasValue;
  if (v instanceof ObjectV) return v.size === 0;
  return false;
}
