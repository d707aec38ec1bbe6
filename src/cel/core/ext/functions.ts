/**
 * cel-go extension libraries the apiserver enables: strings (ext.Strings), sets (ext.Sets), lists (ext.Lists) and
 * the two-variable comprehension helper `cel.@mapInsert`, with cel-go's error texts.
 */
// Upstream: google/cel-go:ext/strings.go, ext/sets.go, ext/lists.go, ext/comprehensions.go
import { CelErr, ListV, MapV, isErr, mapKeyString, celEquals, type Result, type Val } from "../interpreter/values.js";
import { compareValues, toCelString, goFormatDouble } from "../interpreter/stdlib.js";
import type { Impl } from "../interpreter/functions.js";

/** Strings as code point arrays (cel-go indexes strings by rune). */
function runes(s: string): string[] {
  return Array.from(s);
}

function indexOf(s: string, sub: string, offset: bigint | undefined, last: boolean): Result {
  const r = runes(s);
  const sr = runes(sub);
  if (!last) {
    const off = offset === undefined ? 0 : Number(offset);
    if (offset !== undefined && (off < 0 || off > r.length)) return new CelErr(`index out of range: ${off}`);
    if (sub === "") return BigInt(off);
    for (let i = off; i + sr.length <= r.length; i++) {
      let ok = true;
      for (let j = 0; j < sr.length; j++) if (r[i + j] !== sr[j]) ok = false;
      if (ok) return BigInt(i);
    }
    return -1n;
  }
  const off = offset === undefined ? r.length - 1 : Number(offset);
  if (offset !== undefined && (off < 0 || off > r.length)) return new CelErr(`index out of range: ${off}`);
  if (sub === "") return BigInt(offset === undefined ? r.length : off);
  for (let i = Math.min(off, r.length - sr.length); i >= 0; i--) {
    let ok = true;
    for (let j = 0; j < sr.length; j++) if (r[i + j] !== sr[j]) ok = false;
    if (ok) return BigInt(i);
  }
  return -1n;
}

function substring(s: string, start: bigint, end?: bigint): Result {
  const r = runes(s);
  const st = Number(start);
  const en = end === undefined ? r.length : Number(end);
  if (st < 0 || st > r.length) return new CelErr(`index out of range: ${st}`);
  if (en < 0 || en > r.length) return new CelErr(`index out of range: ${en}`);
  if (st > en) return new CelErr(`invalid substring range. start: ${st}, end: ${en}`);
  return r.slice(st, en).join("");
}

function replace(s: string, old: string, rep: string, n: number): string {
  if (n === 0) return s;
  if (old === "") {
    // Go strings.Replace with an empty old string inserts at every rune boundary
    const r = runes(s);
    const out: string[] = [];
    let count = 0;
    for (let i = 0; i <= r.length; i++) {
      if (n < 0 || count < n) {
        out.push(rep);
        count++;
      }
      if (i < r.length) out.push(r[i]!);
    }
    return out.join("");
  }
  let out = "";
  let rest = s;
  let count = 0;
  for (;;) {
    const at = rest.indexOf(old);
    if (at < 0 || (n >= 0 && count >= n)) break;
    out += rest.slice(0, at) + rep;
    rest = rest.slice(at + old.length);
    count++;
  }
  return out + rest;
}

function split(s: string, sep: string, n: number): ListV {
  if (n === 0) return ListV.of([]);
  if (sep === "") {
    const r = runes(s);
    if (n < 0 || n >= r.length) return ListV.of(r);
    return ListV.of([...r.slice(0, n - 1), r.slice(n - 1).join("")]);
  }
  const parts = s.split(sep);
  if (n < 0 || parts.length <= n) return ListV.of(parts);
  return ListV.of([...parts.slice(0, n - 1), parts.slice(n - 1).join(sep)]);
}

const UNICODE_SPACE = /^[\s\u0085]+|[\s\u0085]+$/gu;

function lowerAscii(s: string): string {
  return s.replace(/[A-Z]/g, (c) => c.toLowerCase());
}
function upperAscii(s: string): string {
  return s.replace(/[a-z]/g, (c) => c.toUpperCase());
}

function stringsOf(l: ListV): string[] | CelErr {
  const out: string[] = [];
  for (const x of l) {
    if (isErr(x)) return x;
    if (typeof x !== "string") return new CelErr("no such overload");
    out.push(x);
  }
  return out;
}

/** strings.quote: cel-go's quoting (escapes, invalid UTF-8 replaced). */
function quote(s: string): string {
  let out = '"';
  for (const ch of s) {
    switch (ch) {
      case "\x07":
        out += "\\a";
        break;
      case "\b":
        out += "\\b";
        break;
      case "\f":
        out += "\\f";
        break;
      case "\n":
        out += "\\n";
        break;
      case "\r":
        out += "\\r";
        break;
      case "\t":
        out += "\\t";
        break;
      case "\v":
        out += "\\v";
        break;
      case "\\":
        out += "\\\\";
        break;
      case '"':
        out += '\\"';
        break;
      default:
        out += ch;
    }
  }
  return out + '"';
}

/** The `format` string function (ext.Strings v1+): %s %d %f %e %x %X %o %b verbs. */
function format(fmt: string, args: ListV): Result {
  let out = "";
  let argi = 0;
  for (let i = 0; i < fmt.length; i++) {
    const c = fmt[i]!;
    if (c !== "%") {
      out += c;
      continue;
    }
    i++;
    if (fmt[i] === "%") {
      out += "%";
      continue;
    }
    let precision: number | undefined;
    if (fmt[i] === ".") {
      let j = i + 1;
      while (j < fmt.length && /\d/.test(fmt[j]!)) j++;
      precision = Number(fmt.slice(i + 1, j));
      i = j;
    }
    const verb = fmt[i];
    if (verb === undefined) return new CelErr("unexpected end of format string");
    if (argi >= args.size) return new CelErr(`index ${argi} out of range`);
    const arg = args.get(argi++);
    if (isErr(arg)) return arg;
    const r = formatVerb(verb, arg, precision);
    if (isErr(r)) return r;
    out += r as string;
  }
  return out;
}

function formatVerb(verb: string, arg: Val, precision: number | undefined): Result {
  switch (verb) {
    case "s":
      return formatAsString(arg);
    case "d":
      if (typeof arg === "bigint") return arg.toString();
      if (typeof arg === "number") return new CelErr("decimal clause can only be used on integers, was given double");
      return toCelString(arg);
    case "f":
      if (typeof arg === "number" || typeof arg === "bigint") return Number(arg).toFixed(precision ?? 6);
      return new CelErr(`fixed-point clause can only be used on doubles, was given ${typeof arg}`);
    case "e":
      if (typeof arg === "number" || typeof arg === "bigint") {
        const s = Number(arg).toExponential(precision ?? 6);
        return s.replace(/e([+-])(\d)$/, "e$10$2");
      }
      return new CelErr("scientific clause can only be used on doubles");
    case "x":
    case "X": {
      let s: string;
      if (typeof arg === "bigint") s = arg < 0n ? "-" + (-arg).toString(16) : arg.toString(16);
      else if (typeof arg === "string") s = Buffer.from(arg, "utf8").toString("hex");
      else if (arg instanceof Uint8Array) s = Buffer.from(arg).toString("hex");
      else return new CelErr("hex clause can only be used on integers, byte buffers, and strings");
      return verb === "X" ? s.toUpperCase() : s;
    }
    case "o":
      if (typeof arg === "bigint") return arg < 0n ? "-" + (-arg).toString(8) : arg.toString(8);
      return new CelErr("octal clause can only be used on integers");
    case "b":
      if (typeof arg === "bigint") return arg < 0n ? "-" + (-arg).toString(2) : arg.toString(2);
      if (typeof arg === "boolean") return arg ? "1" : "0";
      return new CelErr("only integers and bools can be formatted as binary");
    default:
      return new CelErr(`could not parse formatting clause: unrecognized formatting clause "${verb}"`);
  }
}

function formatAsString(v: Val): Result {
  if (v instanceof ListV) {
    const parts: string[] = [];
    for (const x of v) {
      if (isErr(x)) return x;
      const s = formatAsString(x);
      if (isErr(s)) return s;
      parts.push(s as string);
    }
    return "[" + parts.join(", ") + "]";
  }
  if (v instanceof MapV) {
    const parts: string[] = [];
    const keys = v.keys().map((k) => ({ k, s: formatAsString(k as Val) }));
    for (const { s } of keys) if (isErr(s)) return s;
    keys.sort((a, b) => ((a.s as string) < (b.s as string) ? -1 : 1));
    for (const { k, s } of keys) {
      const val = formatAsString(v.get(k) as Val);
      if (isErr(val)) return val;
      parts.push(`${s as string}: ${val as string}`);
    }
    return "{" + parts.join(", ") + "}";
  }
  if (v === null) return "null";
  if (typeof v === "number") return goFormatDouble(v);
  return toCelString(v);
}

function listVals(l: ListV): Val[] | CelErr {
  const out: Val[] = [];
  for (const x of l) {
    if (isErr(x)) return x;
    out.push(x);
  }
  return out;
}

function contains(l: Val[], x: Val): boolean {
  for (const y of l) if (celEquals(x, y) === true) return true;
  return false;
}

function sortList(l: ListV): Result {
  const vals = listVals(l);
  if (isErr(vals)) return vals;
  let err: CelErr | undefined;
  const sorted = [...vals].sort((a, b) => {
    const c = compareValues(a, b);
    if (isErr(c)) {
      err ??= c;
      return 0;
    }
    return c;
  });
  return err ?? ListV.of(sorted);
}

function flatten(l: ListV, depth: number): Result {
  if (depth < 0) return new CelErr("level must be non-negative");
  const out: Val[] = [];
  const walk = (x: ListV, d: number): CelErr | undefined => {
    for (const v of x) {
      if (isErr(v)) return v;
      if (v instanceof ListV && d > 0) {
        const e = walk(v, d - 1);
        if (e) return e;
      } else out.push(v);
    }
    return undefined;
  };
  const e = walk(l, depth);
  return e ?? ListV.of(out);
}

export const EXT_FUNCTIONS: Record<string, Impl> = {
  string_char_at_int: ([s, i]) => {
    const r = runes(s as string);
    const idx = Number(i as bigint);
    if (idx < 0 || idx > r.length) return new CelErr(`index out of range: ${idx}`);
    return idx === r.length ? "" : r[idx]!;
  },
  string_index_of_string: ([s, sub]) => indexOf(s as string, sub as string, undefined, false),
  string_index_of_string_int: ([s, sub, o]) => indexOf(s as string, sub as string, o as bigint, false),
  string_last_index_of_string: ([s, sub]) => indexOf(s as string, sub as string, undefined, true),
  string_last_index_of_string_int: ([s, sub, o]) => indexOf(s as string, sub as string, o as bigint, true),
  string_lower_ascii: ([s]) => lowerAscii(s as string),
  string_upper_ascii: ([s]) => upperAscii(s as string),
  string_replace_string_string: ([s, a, b]) => replace(s as string, a as string, b as string, -1),
  string_replace_string_string_int: ([s, a, b, n]) =>
    replace(s as string, a as string, b as string, Number(n as bigint)),
  string_split_string: ([s, sep]) => split(s as string, sep as string, -1),
  string_split_string_int: ([s, sep, n]) => split(s as string, sep as string, Number(n as bigint)),
  string_substring_int: ([s, a]) => substring(s as string, a as bigint),
  string_substring_int_int: ([s, a, b]) => substring(s as string, a as bigint, b as bigint),
  string_trim: ([s]) => (s as string).replace(UNICODE_SPACE, ""),
  string_format: ([f, l]) => format(f as string, l as ListV),
  strings_quote: ([s]) => quote(s as string),
  list_join: ([l]) => {
    const s = stringsOf(l as ListV);
    return isErr(s) ? s : s.join("");
  },
  list_join_string: ([l, sep]) => {
    const s = stringsOf(l as ListV);
    return isErr(s) ? s : s.join(sep as string);
  },
  string_reverse: ([s]) =>
    runes(s as string)
      .reverse()
      .join(""),
  // sets
  list_sets_contains_list: ([a, b]) => {
    const av = listVals(a as ListV);
    const bv = listVals(b as ListV);
    if (isErr(av)) return av;
    if (isErr(bv)) return bv;
    return bv.every((x) => contains(av, x));
  },
  list_sets_equivalent_list: ([a, b]) => {
    const av = listVals(a as ListV);
    const bv = listVals(b as ListV);
    if (isErr(av)) return av;
    if (isErr(bv)) return bv;
    return bv.every((x) => contains(av, x)) && av.every((x) => contains(bv, x));
  },
  list_sets_intersects_list: ([a, b]) => {
    const av = listVals(a as ListV);
    const bv = listVals(b as ListV);
    if (isErr(av)) return av;
    if (isErr(bv)) return bv;
    return bv.some((x) => contains(av, x));
  },
  // lists
  list_slice: ([l, a, b]) => {
    const vals = listVals(l as ListV);
    if (isErr(vals)) return vals;
    const s = Number(a as bigint);
    const e = Number(b as bigint);
    if (s < 0 || e < 0) return new CelErr(`cannot slice(${s}, ${e}), negative indexes not supported`);
    if (s > e) return new CelErr(`cannot slice(${s}, ${e}), start index must be less than or equal to end index`);
    if (e > vals.length) return new CelErr(`cannot slice(${s}, ${e}), list is length ${vals.length}`);
    return ListV.of(vals.slice(s, e));
  },
  list_flatten: ([l]) => flatten(l as ListV, 1),
  list_flatten_int: ([l, d]) => flatten(l as ListV, Number(d as bigint)),
  lists_range: ([n]) => {
    const out: Val[] = [];
    for (let i = 0n; i < (n as bigint); i++) out.push(i);
    return ListV.of(out);
  },
  list_reverse: ([l]) => {
    const vals = listVals(l as ListV);
    return isErr(vals) ? vals : ListV.of([...vals].reverse());
  },
  list_distinct: ([l]) => {
    const vals = listVals(l as ListV);
    if (isErr(vals)) return vals;
    const out: Val[] = [];
    for (const v of vals) if (!contains(out, v)) out.push(v);
    return ListV.of(out);
  },
  // two-variable comprehensions
  "@mapInsert_map_key_value": ([m, k, v]) => {
    const map = m as MapV;
    if (map.has(k!)) return new CelErr(`insert failed: key ${String(k)} already exists`);
    const entries = new Map<string, [Val, Result]>();
    for (const key of map.keys()) entries.set(mapKeyString(key)!, [key, map.get(key)!]);
    const ks = mapKeyString(k!);
    if (ks === null) return new CelErr("unsupported key type");
    entries.set(ks, [k!, v!]);
    return MapV.of(entries);
  },
  "@mapInsert_map_map": ([m, other]) => {
    const map = m as MapV;
    const o = other as MapV;
    const entries = new Map<string, [Val, Result]>();
    for (const key of map.keys()) entries.set(mapKeyString(key)!, [key, map.get(key)!]);
    for (const key of o.keys()) {
      if (map.has(key)) return new CelErr(`insert failed: key ${String(key)} already exists`);
      entries.set(mapKeyString(key)!, [key, o.get(key)!]);
    }
    return MapV.of(entries);
  },
};

for (const t of [
  "int",
  "uint",
  "double",
  "bool",
  "google.protobuf.Duration",
  "google.protobuf.Timestamp",
  "string",
  "bytes",
]) {
  EXT_FUNCTIONS[`list_${t}_sort`] = ([l]) => sortList(l as ListV);
  EXT_FUNCTIONS[`list_${t}_sortByAssociatedKeys`] = ([l, keys]) => {
    const vals = listVals(l as ListV);
    const kv = listVals(keys as ListV);
    if (isErr(vals)) return vals;
    if (isErr(kv)) return kv;
    if (vals.length !== kv.length)
      return new CelErr(
        `@sortByAssociatedKeys() expected a list of the same size as the associated keys list, but got ${vals.length} and ${kv.length} elements respectively.`,
      );
    const idx = vals.map((_, i) => i);
    let err: CelErr | undefined;
    idx.sort((a, b) => {
      const c = compareValues(kv[a]!, kv[b]!);
      if (isErr(c)) {
        err ??= c;
        return 0;
      }
      return c;
    });
    return err ?? ListV.of(idx.map((i) => vals[i]!));
  };
}
