/**
 * The Kubernetes CEL libraries at runtime: lists (isSorted, sum, min, max, indexOf, lastIndexOf), regex (find,
 * findAll), urls, quantity, ip and cidr, semver, format — with the apiserver's semantics and error texts.
 */
// Upstream: kubernetes/apiserver:pkg/cel/library/{lists,regex,urls,quantity,ip,cidr,semverlib,format}.go, pkg/cel/{url,quantity,ip,cidr,semver,format}.go
import { RE2JS } from "@bufbuild/re2";
import { goURLParse, goURLParseRequestURI, type GoURL } from "../../k8s/url.js";
import { isDNS1035Label, isDNS1123Label, isDNS1123Subdomain, isValidLabelValue } from "../../k8s/validation.js";
import { LABEL_KEY_WORDING_MINOR, maskTrailingDash, qualifiedNameErrors } from "../../k8s/objectmeta.js";
import {
  CelErr,
  DurationV,
  ListV,
  MapV,
  ObjectV,
  OpaqueV,
  OptionalV,
  UintV,
  isErr,
  actualSize,
  celEquals,
  parseTimestamp,
  type Result,
  type Val,
} from "../core/interpreter/values.js";
import { compareValues } from "../core/interpreter/stdlib.js";
import { re2FindAll } from "../core/interpreter/re2find.js";
import { createFunctionRegistry, REGEX_LENGTH, STRING_TRAVERSAL, type FunctionLibrary, type FunctionRegistry, type Impl } from "../core/interpreter/functions.js";
import type { CelEnv } from "../core/env.js";

function vals(l: ListV): Val[] | CelErr {
  const out: Val[] = [];
  for (const x of l) {
    if (isErr(x)) return x;
    out.push(x as Val);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// lists

function isSorted(l: ListV): Result {
  const v = vals(l);
  if (isErr(v)) return v;
  for (let i = 1; i < v.length; i++) {
    const c = compareValues(v[i - 1]!, v[i]!);
    if (isErr(c)) return c;
    if (c > 0) return false;
  }
  return true;
}

function sum(l: ListV, zero: Val): Result {
  const v = vals(l);
  if (isErr(v)) return v;
  let acc: Val = zero;
  for (const x of v) {
    if (typeof acc === "bigint") {
      acc = acc + (x as bigint);
      if (acc > (1n << 63n) - 1n || acc < -(1n << 63n)) return new CelErr("integer overflow");
    } else if (acc instanceof UintV) {
      acc = new UintV(acc.v + (x as UintV).v);
      if (acc.v > (1n << 64n) - 1n) return new CelErr("unsigned integer overflow");
    } else if (typeof acc === "number") acc = acc + (x as number);
    else if (acc instanceof DurationV) acc = new DurationV(acc.ns + (x as DurationV).ns);
  }
  return acc;
}

function extreme(l: ListV, name: "min" | "max"): Result {
  const v = vals(l);
  if (isErr(v)) return v;
  if (v.length === 0) return new CelErr(`${name} called on empty list`);
  let best: Val = v[0] as Val;
  for (const x of v.slice(1)) {
    const c = compareValues(x, best);
    if (isErr(c)) return c;
    if ((name === "min" && c < 0) || (name === "max" && c > 0)) best = x;
  }
  return best;
}

function listIndexOf(l: ListV, x: Val, last: boolean): Result {
  const v = vals(l);
  if (isErr(v)) return v;
  if (!last) {
    for (let i = 0; i < v.length; i++) if (celEquals(v[i]!, x) === true) return BigInt(i);
  } else {
    for (let i = v.length - 1; i >= 0; i--) if (celEquals(v[i]!, x) === true) return BigInt(i);
  }
  return -1n;
}

// ---------------------------------------------------------------------------------------------------------------
// regex

function compileRe(re: string): RE2JS | CelErr {
  try {
    return RE2JS.compile(re);
  } catch (e) {
    return new CelErr(`error parsing regexp: ${(e as Error).message}`);
  }
}

function find(s: string, re: string): Result {
  const r = compileRe(re);
  if (isErr(r)) return r;
  return re2FindAll(r, s, 1)[0] ?? "";
}

function findAll(s: string, re: string, n: number): Result {
  const r = compileRe(re);
  if (isErr(r)) return r;
  return ListV.of(re2FindAll(r, s, n));
}

// ---------------------------------------------------------------------------------------------------------------
// urls

const URL_TYPE = "kubernetes.URL";

function urlVal(u: GoURL, raw: string): OpaqueV {
  return new OpaqueV(URL_TYPE, u, (o) => (o.data as { raw?: string }) === (u as unknown) || JSON.stringify(o.data) === JSON.stringify(u), raw.length);
}

/** ParseRequestURI checks the URL; the value comes from url.Parse (which handles fragments). */
function parseUrl(s: string): Result {
  const r = goURLParseRequestURI(s);
  if (!r.ok) return new CelErr(`URL parse error during conversion from string: ${r.error}`);
  const u = goURLParse(s);
  if (!u.ok) return new CelErr(`URL parse error during conversion from string: ${u.error}`);
  return urlVal(u.url, s);
}

function hostname(host: string): string {
  if (host.startsWith("[")) {
    const end = host.indexOf("]");
    return end < 0 ? host.slice(1) : host.slice(1, end);
  }
  const colon = host.lastIndexOf(":");
  return colon < 0 ? host : host.slice(0, colon);
}

function port(host: string): string {
  if (host.startsWith("[")) {
    const end = host.indexOf("]");
    const rest = end < 0 ? "" : host.slice(end + 1);
    return rest.startsWith(":") ? rest.slice(1) : "";
  }
  const colon = host.lastIndexOf(":");
  return colon < 0 ? "" : host.slice(colon + 1);
}

function escapedPath(u: GoURL): string {
  // url.URL.EscapedPath for the parsed path: re-escape with Go's path escaping (RawPath is not kept)
  return u.path.replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@/]/gu, (c) =>
    [...Buffer.from(c, "utf8")].map((b) => "%" + b.toString(16).toUpperCase().padStart(2, "0")).join(""),
  );
}

function query(u: GoURL): MapV {
  const entries = new Map<string, [Val, Val]>();
  for (const part of u.rawQuery.split(/&/)) {
    if (part === "") continue;
    const eq = part.indexOf("=");
    let k: string;
    let v: string;
    try {
      k = decodeURIComponent((eq < 0 ? part : part.slice(0, eq)).replace(/\+/g, " "));
      v = eq < 0 ? "" : decodeURIComponent(part.slice(eq + 1).replace(/\+/g, " "));
    } catch {
      continue;
    }
    const prev = entries.get("s" + k);
    const list = prev ? [...(prev[1] as ListV)].map((x) => x as Val) : [];
    list.push(v);
    entries.set("s" + k, [k, ListV.of(list)]);
  }
  return MapV.of(entries);
}

// ---------------------------------------------------------------------------------------------------------------
// quantity (k8s.io/apimachinery/pkg/api/resource): exact rational value num/den

const QUANTITY_TYPE = "kubernetes.Quantity";
const QUANTITY_RE = /^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$/;
const QUANTITY_FORMAT_ERR = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

interface Rational {
  num: bigint;
  den: bigint;
}

const BINARY: Record<string, bigint> = { Ki: 1n << 10n, Mi: 1n << 20n, Gi: 1n << 30n, Ti: 1n << 40n, Pi: 1n << 50n, Ei: 1n << 60n };
const DECIMAL: Record<string, number> = { n: -9, u: -6, m: -3, "": 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };

function gcd(a: bigint, b: bigint): bigint {
  a = a < 0n ? -a : a;
  while (b !== 0n) [a, b] = [b, a % b];
  return a === 0n ? 1n : a;
}

function norm(r: Rational): Rational {
  const g = gcd(r.num, r.den);
  return { num: r.num / g, den: r.den / g };
}

const QUANTITY_SUFFIX_ERR = "unable to parse quantity's suffix";

/** resource.ParseQuantity: the value, or the error text (ErrFormatWrong / ErrSuffix). */
function parseQuantityOrError(s: string): Rational | string {
  const m = QUANTITY_RE.exec(s);
  if (!m) return QUANTITY_FORMAT_ERR;
  const suffix = m[2]!;
  if (!(suffix in BINARY) && !(suffix in DECIMAL) && !/^[eE][-+]?\d+$/.test(suffix)) return QUANTITY_SUFFIX_ERR;
  return parseQuantity(s) ?? QUANTITY_FORMAT_ERR;
}

function parseQuantity(s: string): Rational | null {
  const m = QUANTITY_RE.exec(s);
  if (!m) return null;
  const numStr = m[1]!;
  const suffix = m[2]!;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(numStr)) return null;
  let mult: Rational;
  if (suffix in BINARY) mult = { num: BINARY[suffix]!, den: 1n };
  else if (suffix in DECIMAL) {
    const e = DECIMAL[suffix]!;
    mult = e >= 0 ? { num: 10n ** BigInt(e), den: 1n } : { num: 1n, den: 10n ** BigInt(-e) };
  } else {
    const em = /^[eE]([-+]?\d+)$/.exec(suffix);
    if (!em) return null;
    const e = Number(em[1]);
    mult = e >= 0 ? { num: 10n ** BigInt(e), den: 1n } : { num: 1n, den: 10n ** BigInt(-e) };
  }
  const neg = numStr.startsWith("-");
  const body = numStr.replace(/^[+-]/, "");
  const [ip, fp = ""] = body.split(".");
  const num = BigInt((ip || "0") + fp) * (neg ? -1n : 1n);
  const den = 10n ** BigInt(fp.length);
  return norm({ num: num * mult.num, den: den * mult.den });
}

function quantityVal(r: Rational): OpaqueV {
  return new OpaqueV(QUANTITY_TYPE, r, (o) => {
    const q = o.data as Rational;
    return q.num * r.den === r.num * q.den;
  });
}

function qcmp(a: Rational, b: Rational): number {
  const l = a.num * b.den;
  const r = b.num * a.den;
  return l < r ? -1 : l > r ? 1 : 0;
}

const q = (v: Val) => (v as OpaqueV).data as Rational;

// ---------------------------------------------------------------------------------------------------------------
// ip and cidr (net/netip semantics)

const IP_TYPE = "net.IP";
const CIDR_TYPE = "net.CIDR";

interface Addr {
  bytes: number[]; // 4 or 16
  zone: string;
  is4in6: boolean;
}

/** A net/netip parse error: `ParseAddr("in"): msg (at "rest")`. */
function addrError(input: string, msg: string, at?: string): string {
  return `ParseAddr(${JSON.stringify(input)}): ${msg}` + (at ? ` (at ${JSON.stringify(at)})` : "");
}

/** netip parseIPv4Fields over in[off:end]. */
function parseIPv4Fields(input: string, off: number, end: number): number[] | string {
  const s = input.slice(off, end);
  const fields: number[] = [];
  let val = 0;
  let digLen = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c >= "0" && c <= "9") {
      if (digLen === 1 && val === 0) return addrError(input, "IPv4 field has octet with leading zero");
      val = val * 10 + (c.charCodeAt(0) - 48);
      digLen++;
      if (val > 255) return addrError(input, "IPv4 field has value >255");
    } else if (c === ".") {
      if (i === 0 || i === s.length - 1 || s[i - 1] === ".") return addrError(input, "IPv4 field must have at least one digit", s.slice(i));
      if (fields.length === 3) return addrError(input, "IPv4 address too long");
      fields.push(val);
      val = 0;
      digLen = 0;
    } else return addrError(input, "unexpected character", s.slice(i));
  }
  if (fields.length < 3) return addrError(input, "IPv4 address too short");
  fields.push(val);
  return fields;
}

/** netip parseIPv6, with its error texts. */
function parseIPv6(input: string): Addr | string {
  let s = input;
  let zone = "";
  const pct = s.indexOf("%");
  if (pct >= 0) {
    zone = s.slice(pct + 1);
    s = s.slice(0, pct);
    if (zone === "") return addrError(input, "zone must be a non-empty string");
  }
  const ip = new Array<number>(16).fill(0);
  let ellipsis = -1;
  if (s.length >= 2 && s[0] === ":" && s[1] === ":") {
    ellipsis = 0;
    s = s.slice(2);
    if (s.length === 0) return { bytes: ip, zone, is4in6: false };
  }
  let i = 0;
  while (i < 16) {
    let off = 0;
    let acc = 0;
    for (; off < s.length; off++) {
      const c = s[off]!;
      const d = c >= "0" && c <= "9" ? c.charCodeAt(0) - 48 : c >= "a" && c <= "f" ? c.charCodeAt(0) - 87 : c >= "A" && c <= "F" ? c.charCodeAt(0) - 55 : -1;
      if (d < 0) break;
      acc = acc * 16 + d;
      if (off > 3) return addrError(input, "each group must have 4 or less digits", s);
      if (acc > 0xffff) return addrError(input, "IPv6 field has value >=2^16", s);
    }
    if (off === 0) return addrError(input, "each colon-separated field must have at least one digit", s);
    if (off < s.length && s[off] === ".") {
      if (ellipsis < 0 && i !== 12) return addrError(input, "embedded IPv4 address must replace the final 2 fields of the address", s);
      if (i + 4 > 16) return addrError(input, "too many hex fields to fit an embedded IPv4 at the end of the address", s);
      let end = input.length;
      if (zone.length > 0) end -= zone.length + 1;
      const v4 = parseIPv4Fields(input, end - s.length, end);
      if (typeof v4 === "string") return v4;
      for (let k = 0; k < 4; k++) ip[i + k] = v4[k]!;
      s = "";
      i += 4;
      break;
    }
    ip[i] = acc >> 8;
    ip[i + 1] = acc & 0xff;
    i += 2;
    s = s.slice(off);
    if (s.length === 0) break;
    if (s[0] !== ":") return addrError(input, "unexpected character, want colon", s);
    if (s.length === 1) return addrError(input, "colon must be followed by more characters", s);
    s = s.slice(1);
    if (s[0] === ":") {
      if (ellipsis >= 0) return addrError(input, "multiple :: in address", s);
      ellipsis = i;
      s = s.slice(1);
      if (s.length === 0) break;
    }
  }
  if (s.length !== 0) return addrError(input, "trailing garbage after address", s);
  if (i < 16) {
    if (ellipsis < 0) return addrError(input, "address string too short");
    const n = 16 - i;
    for (let j = i - 1; j >= ellipsis; j--) ip[j + n] = ip[j]!;
    for (let j = ellipsis; j < ellipsis + n; j++) ip[j] = 0;
  } else if (ellipsis >= 0) return addrError(input, "the :: must expand to at least one field of zeros");
  const is4in6 = ip.slice(0, 10).every((b) => b === 0) && ip[10] === 0xff && ip[11] === 0xff;
  return { bytes: ip, zone, is4in6 };
}

/** netip.ParseAddr: the address or the error text. */
function parseAddr(s: string): Addr | string {
  for (const c of s) {
    if (c === ".") {
      const v4 = parseIPv4Fields(s, 0, s.length);
      return typeof v4 === "string" ? v4 : { bytes: v4, zone: "", is4in6: false };
    }
    if (c === ":") return parseIPv6(s);
    if (c === "%") return addrError(s, "missing IPv6 address");
  }
  return addrError(s, "unable to parse IP");
}

function addrString(a: Addr): string {
  if (a.bytes.length === 4) return a.bytes.join(".");
  const groups: number[] = [];
  for (let i = 0; i < 16; i += 2) groups.push((a.bytes[i]! << 8) | a.bytes[i + 1]!);
  if (a.is4in6) return "::ffff:" + a.bytes.slice(12).join(".");
  // longest run of zero groups (length >= 2) becomes ::
  let bestStart = -1;
  let bestLen = 0;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen && j - i >= 2) {
      bestStart = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  let s: string;
  if (bestStart < 0) s = hex.join(":");
  else s = hex.slice(0, bestStart).join(":") + "::" + hex.slice(bestStart + bestLen).join(":");
  return a.zone ? `${s}%${a.zone}` : s;
}

function ipVal(a: Addr): OpaqueV {
  return new OpaqueV(IP_TYPE, a, (o) => addrString(o.data as Addr) === addrString(a), a.bytes.length);
}

function ipFromString(s: string): Result {
  const a = parseAddr(s);
  if (typeof a === "string") return new CelErr(`IP Address ${JSON.stringify(s)} parse error during conversion from string: ${a}`);
  if (a.zone !== "") return new CelErr(`IP address ${JSON.stringify(s)} with zone value is not allowed`);
  if (a.is4in6) return new CelErr(`IPv4-mapped IPv6 address ${JSON.stringify(s)} is not allowed`);
  return ipVal(a);
}

interface Prefix {
  addr: Addr;
  bits: number;
}

function parsePrefix(s: string): Prefix | string {
  const slash = s.lastIndexOf("/");
  if (slash < 0) return "no '/'";
  const a = parseAddr(s.slice(0, slash));
  if (typeof a === "string") return a;
  if (a.zone !== "") return "IPv6 zones cannot be present in a prefix";
  const bs = s.slice(slash + 1);
  if (!/^\d+$/.test(bs) || (bs.length > 1 && bs[0] === "0")) return `bad bits after slash: ${JSON.stringify(bs)}`;
  const bits = Number(bs);
  const max = a.bytes.length * 8;
  if (bits > max) return `prefix length out of range`;
  return { addr: a, bits };
}

function cidrVal(p: Prefix): OpaqueV {
  return new OpaqueV(CIDR_TYPE, p, (o) => {
    const x = o.data as Prefix;
    return x.bits === p.bits && addrString(x.addr) === addrString(p.addr);
  }, p.addr.bytes.length);
}

// library/cidr.go: parseCIDR already prefixes its error, and stringToCIDR prefixes it again
const CIDR_PARSE = "network address parse error during conversion from string: ";

function cidrFromString(s: string): Result {
  const p = parsePrefix(s);
  if (typeof p === "string") return new CelErr(`${CIDR_PARSE}${CIDR_PARSE}netip.ParsePrefix(${JSON.stringify(s)}): ${p}`);
  if (p.addr.is4in6) return new CelErr(`${CIDR_PARSE}IPv4-mapped IPv6 address ${JSON.stringify(s)} is not allowed`);
  return cidrVal(p);
}

function masked(p: Prefix): Prefix {
  const bytes = p.addr.bytes.map((b, i) => {
    const start = i * 8;
    if (p.bits >= start + 8) return b;
    if (p.bits <= start) return 0;
    return b & (0xff << (8 - (p.bits - start))) & 0xff;
  });
  return { addr: { ...p.addr, bytes }, bits: p.bits };
}

function prefixContains(p: Prefix, a: Addr): boolean {
  if (a.bytes.length !== p.addr.bytes.length) return false;
  const m1 = masked(p);
  const m2 = masked({ addr: a, bits: p.bits });
  return m1.addr.bytes.every((b, i) => b === m2.addr.bytes[i]);
}

// ---------------------------------------------------------------------------------------------------------------
// semver (blang/semver/v4)

const SEMVER_TYPE = "kubernetes.Semver";
interface Semver {
  major: bigint;
  minor: bigint;
  patch: bigint;
  pre: string[];
}

const DIGITS = /^[0-9]*$/;
const ALNUM = /^[0-9A-Za-z-]*$/;
const leadingZeroes = (x: string) => x.length > 1 && x[0] === "0";

/** blang/semver/v4 Parse (strict), after the library's optional normalization (`v` prefix, missing minor/patch). */
function parseSemver(input: string, normalize: boolean): Semver | string {
  let s = input;
  if (normalize) {
    if (s.startsWith("v")) s = s.slice(1);
    const core = /^[^-+]*/.exec(s)![0];
    const rest = s.slice(core.length);
    const parts = core.split(".");
    while (parts.length < 3) parts.push("0");
    s = parts.map((x) => (/^[0-9]+$/.test(x) ? x.replace(/^0+(?=\d)/, "") : x)).join(".") + rest;
  }
  if (s.length === 0) return "Version string empty";
  const dot1 = s.indexOf(".");
  const dot2 = dot1 < 0 ? -1 : s.indexOf(".", dot1 + 1);
  if (dot1 < 0 || dot2 < 0) return "No Major.Minor.Patch elements found";
  const parts = [s.slice(0, dot1), s.slice(dot1 + 1, dot2), s.slice(dot2 + 1)];
  const num = (x: string, what: string): bigint | string => {
    if (!DIGITS.test(x)) return `Invalid character(s) found in ${what.toLowerCase()} number ${JSON.stringify(x)}`;
    if (leadingZeroes(x)) return `${what} number must not contain leading zeroes ${JSON.stringify(x)}`;
    if (x === "") return `strconv.ParseUint: parsing "": invalid syntax`;
    return BigInt(x);
  };
  const major = num(parts[0]!, "Major");
  if (typeof major === "string") return major;
  const minor = num(parts[1]!, "Minor");
  if (typeof minor === "string") return minor;
  let patchStr = parts[2]!;
  let build: string[] = [];
  let pre: string[] = [];
  const plus = patchStr.indexOf("+");
  if (plus >= 0) {
    build = patchStr.slice(plus + 1).split(".");
    patchStr = patchStr.slice(0, plus);
  }
  const dash = patchStr.indexOf("-");
  if (dash >= 0) {
    pre = patchStr.slice(dash + 1).split(".");
    patchStr = patchStr.slice(0, dash);
  }
  const patch = num(patchStr, "Patch");
  if (typeof patch === "string") return patch;
  for (const p of pre) {
    if (p === "") return "Prerelease is empty";
    if (DIGITS.test(p)) {
      if (leadingZeroes(p)) return `Numeric PreRelease version must not contain leading zeroes ${JSON.stringify(p)}`;
    } else if (!ALNUM.test(p)) return `Invalid character(s) found in prerelease ${JSON.stringify(p)}`;
  }
  for (const b of build) {
    if (b === "") return "Build meta data is empty";
    if (!ALNUM.test(b)) return `Invalid character(s) found in build meta data ${JSON.stringify(b)}`;
  }
  return { major, minor, patch, pre };
}

function semverCmp(a: Semver, b: Semver): number {
  for (const k of ["major", "minor", "patch"] as const) if (a[k] !== b[k]) return a[k] < b[k] ? -1 : 1;
  if (a.pre.length === 0 && b.pre.length === 0) return 0;
  if (a.pre.length === 0) return 1;
  if (b.pre.length === 0) return -1;
  for (let i = 0; i < Math.min(a.pre.length, b.pre.length); i++) {
    const x = a.pre[i]!;
    const y = b.pre[i]!;
    const xn = /^\d+$/.test(x);
    const yn = /^\d+$/.test(y);
    if (xn && yn) {
      const d = BigInt(x) - BigInt(y);
      if (d !== 0n) return d < 0n ? -1 : 1;
    } else if (xn !== yn) return xn ? -1 : 1;
    else if (x !== y) return x < y ? -1 : 1;
  }
  return a.pre.length === b.pre.length ? 0 : a.pre.length < b.pre.length ? -1 : 1;
}

function semverVal(v: Semver): OpaqueV {
  return new OpaqueV(SEMVER_TYPE, v, (o) => semverCmp(o.data as Semver, v) === 0);
}

const sv = (v: Val) => (v as OpaqueV).data as Semver;

// ---------------------------------------------------------------------------------------------------------------
// format (library/format.go)

const FORMAT_TYPE = "kubernetes.NamedFormat";

// strfmt's UUIDPattern and IsDateTime (the formats library validates with kube-openapi's strfmt registry)
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$|^[0-9a-f]{32}$/i;
const DATE_TIME_RE = /^([0-9]{2}):([0-9]{2}):([0-9]{2})(.[0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))$/;

function isStrfmtDate(s: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(s) && parseTimestamp(`${s}T00:00:00Z`) !== null;
}

function isStrfmtDateTime(str: string): boolean {
  if (str.length < 4) return false;
  const parts = str.toLowerCase().split("t");
  if (parts.length < 2 || !isStrfmtDate(parts[0]!)) return false;
  const m = DATE_TIME_RE.exec(parts[1]!);
  return m !== null && m[1]! <= "23" && m[2]! <= "59" && m[3]! <= "59";
}

const NAMED_VALIDATORS: Record<string, (s: string) => string[]> = {
  dns1123Label: isDNS1123Label,
  dns1123Subdomain: isDNS1123Subdomain,
  dns1035Label: isDNS1035Label,
  // validation.IsQualifiedName: its multi-slash wording depends on the release (see formatValidate)
  qualifiedName: (s) => qualifiedNameErrors(s, LABEL_KEY_WORDING_MINOR),
  // NameIsDNSLabel(s, true) etc.: a trailing dash of a prefix is masked before validation
  dns1123LabelPrefix: (s) => isDNS1123Label(maskTrailingDash(s)),
  dns1123SubdomainPrefix: (s) => isDNS1123Subdomain(maskTrailingDash(s)),
  dns1035LabelPrefix: (s) => isDNS1035Label(maskTrailingDash(s)),
  labelValue: isValidLabelValue,
  uri: (s) => {
    const r = goURLParseRequestURI(s);
    return r.ok ? [] : [r.error];
  },
  uuid: (s) => (UUID_RE.test(s) ? [] : ["does not match the UUID format"]),
  byte: (s) => (/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(s) ? [] : ["invalid base64"]),
  date: (s) => (isStrfmtDate(s) ? [] : ["invalid date"]),
  datetime: (s) => (isStrfmtDateTime(s) ? [] : ["invalid datetime"]),
};

function formatVal(name: string): OpaqueV {
  return new OpaqueV(FORMAT_TYPE, name, (o) => o.data === name);
}

// ---------------------------------------------------------------------------------------------------------------

export const K8S_FUNCTIONS: Record<string, Impl> = {
  list_includes_dyn_dyn: ([t, x]) => {
    if (t instanceof ListV) {
      for (const y of t) if (!isErr(y) && celEquals(y, x!) === true) return true;
      return false;
    }
    return celEquals(t!, x!) === true;
  },
  list_a_index_of_int: ([l, x]) => listIndexOf(l as ListV, x!, false),
  list_a_last_index_of_int: ([l, x]) => listIndexOf(l as ListV, x!, true),
  string_find_string: ([s, re]) => find(s as string, re as string),
  string_find_all_string: ([s, re]) => findAll(s as string, re as string, -1),
  string_find_all_string_int: ([s, re, n]) => findAll(s as string, re as string, Number(n as bigint)),
  string_to_url: ([s]) => parseUrl(s as string),
  is_url_string: ([s]) => goURLParseRequestURI(s as string).ok,
  url_get_scheme: ([u]) => ((u as OpaqueV).data as GoURL).scheme,
  url_get_host: ([u]) => ((u as OpaqueV).data as GoURL).host,
  url_get_hostname: ([u]) => hostname(((u as OpaqueV).data as GoURL).host),
  url_get_port: ([u]) => port(((u as OpaqueV).data as GoURL).host),
  url_get_escaped_path: ([u]) => escapedPath((u as OpaqueV).data as GoURL),
  url_get_query: ([u]) => query((u as OpaqueV).data as GoURL),
  string_to_quantity: ([s]) => {
    const r = parseQuantityOrError(s as string);
    return typeof r === "string" ? new CelErr(r) : quantityVal(r);
  },
  is_quantity_string: ([s]) => parseQuantity(s as string) !== null,
  quantity_sign: ([a]) => BigInt(Math.sign(Number(q(a!).num))),
  quantity_is_greater_than: ([a, b]) => qcmp(q(a!), q(b!)) > 0,
  quantity_is_less_than: ([a, b]) => qcmp(q(a!), q(b!)) < 0,
  quantity_compare_to: ([a, b]) => BigInt(qcmp(q(a!), q(b!))),
  quantity_get_float: ([a]) => Number(q(a!).num) / Number(q(a!).den),
  quantity_get_int: ([a]) => {
    const r = q(a!);
    if (r.den !== 1n || r.num > (1n << 63n) - 1n || r.num < -(1n << 63n)) return new CelErr("cannot convert value to integer");
    return r.num;
  },
  quantity_is_integer: ([a]) => {
    const r = q(a!);
    return r.den === 1n && r.num <= (1n << 63n) - 1n && r.num >= -(1n << 63n);
  },
  quantity_add: ([a, b]) => quantityVal(norm({ num: q(a!).num * q(b!).den + q(b!).num * q(a!).den, den: q(a!).den * q(b!).den })),
  quantity_add_int: ([a, b]) => quantityVal(norm({ num: q(a!).num + (b as bigint) * q(a!).den, den: q(a!).den })),
  quantity_sub: ([a, b]) => quantityVal(norm({ num: q(a!).num * q(b!).den - q(b!).num * q(a!).den, den: q(a!).den * q(b!).den })),
  quantity_sub_int: ([a, b]) => quantityVal(norm({ num: q(a!).num - (b as bigint) * q(a!).den, den: q(a!).den })),
  string_to_ip: ([s]) => ipFromString(s as string),
  is_ip: ([s]) => !isErr(ipFromString(s as string)),
  ip_is_canonical: ([s]) => {
    const a = parseAddr(s as string);
    if (typeof a === "string") return new CelErr(`IP Address ${JSON.stringify(s)} parse error during conversion from string: ${a}`);
    return addrString(a) === s;
  },
  ip_family: ([a]) => (((a as OpaqueV).data as Addr).bytes.length === 4 ? 4n : 6n),
  ip_is_unspecified: ([a]) => ((a as OpaqueV).data as Addr).bytes.every((b) => b === 0),
  ip_is_loopback: ([a]) => {
    const b = ((a as OpaqueV).data as Addr).bytes;
    return b.length === 4 ? b[0] === 127 : b.slice(0, 15).every((x) => x === 0) && b[15] === 1;
  },
  ip_is_link_local_multicast: ([a]) => {
    const b = ((a as OpaqueV).data as Addr).bytes;
    return b.length === 4 ? b[0] === 224 && b[1] === 0 && b[2] === 0 : b[0] === 0xff && (b[1]! & 0x0f) === 0x02;
  },
  ip_is_link_local_unicast: ([a]) => {
    const b = ((a as OpaqueV).data as Addr).bytes;
    return b.length === 4 ? b[0] === 169 && b[1] === 254 : b[0] === 0xfe && (b[1]! & 0xc0) === 0x80;
  },
  ip_is_global_unicast: ([a]) => {
    const b = ((a as OpaqueV).data as Addr).bytes;
    if (b.length === 4) {
      if (b.every((x) => x === 255)) return false;
      return !(b.every((x) => x === 0) || b[0] === 127 || (b[0] === 169 && b[1] === 254) || b[0]! >= 224);
    }
    return !(b.every((x) => x === 0) || (b.slice(0, 15).every((x) => x === 0) && b[15] === 1) || b[0] === 0xff || (b[0] === 0xfe && (b[1]! & 0xc0) === 0x80));
  },
  ip_to_string: ([a]) => addrString((a as OpaqueV).data as Addr),
  string_to_cidr: ([s]) => cidrFromString(s as string),
  is_cidr: ([s]) => !isErr(cidrFromString(s as string)),
  cidr_contains_ip_string: ([c, s]) => {
    const ip = ipFromString(s as string);
    if (isErr(ip)) return ip;
    return prefixContains((c as OpaqueV).data as Prefix, (ip as OpaqueV).data as Addr);
  },
  cidr_contains_ip_ip: ([c, ip]) => prefixContains((c as OpaqueV).data as Prefix, (ip as OpaqueV).data as Addr),
  cidr_contains_cidr_string: ([c, s]) => {
    const o = cidrFromString(s as string);
    if (isErr(o)) return o;
    const p = (c as OpaqueV).data as Prefix;
    const x = (o as OpaqueV).data as Prefix;
    return x.bits >= p.bits && prefixContains(p, x.addr);
  },
  cidr_contains_cidr: ([c, o]) => {
    const p = (c as OpaqueV).data as Prefix;
    const x = (o as OpaqueV).data as Prefix;
    return x.bits >= p.bits && prefixContains(p, x.addr);
  },
  cidr_ip: ([c]) => ipVal(((c as OpaqueV).data as Prefix).addr),
  cidr_prefix_length: ([c]) => BigInt(((c as OpaqueV).data as Prefix).bits),
  cidr_masked: ([c]) => cidrVal(masked((c as OpaqueV).data as Prefix)),
  cidr_to_string: ([c]) => {
    const p = (c as OpaqueV).data as Prefix;
    return `${addrString(p.addr)}/${p.bits}`;
  },
  string_to_semver: ([s]) => {
    const v = parseSemver(s as string, false);
    return typeof v === "string" ? new CelErr(v) : semverVal(v);
  },
  string_bool_to_semver: ([s, n]) => {
    const v = parseSemver(s as string, n as boolean);
    return typeof v === "string" ? new CelErr(v) : semverVal(v);
  },
  is_semver_string: ([s]) => typeof parseSemver(s as string, false) !== "string",
  is_semver_string_bool: ([s, n]) => typeof parseSemver(s as string, n as boolean) !== "string",
  semver_is_greater_than: ([a, b]) => semverCmp(sv(a!), sv(b!)) > 0,
  semver_is_less_than: ([a, b]) => semverCmp(sv(a!), sv(b!)) < 0,
  semver_compare_to: ([a, b]) => BigInt(semverCmp(sv(a!), sv(b!))),
  semver_major: ([a]) => sv(a!).major,
  semver_minor: ([a]) => sv(a!).minor,
  semver_patch: ([a]) => sv(a!).patch,
  "format-named": ([n]) => (NAMED_VALIDATORS[n as string] ? new OptionalV(formatVal(n as string)) : new OptionalV(undefined)),
  "format-validate": formatValidate(LABEL_KEY_WORDING_MINOR),
};

for (const n of Object.keys(NAMED_VALIDATORS)) K8S_FUNCTIONS[`format.${n}`] = () => formatVal(n);

/** `<format>.validate(s)` of a Kubernetes 1.`minor` server: optional.none() when valid, else the error list. */
export function formatValidate(minor: number): Impl {
  return ([f, s]) => {
    const name = (f as OpaqueV).data as string;
    const errs = name === "qualifiedName" ? qualifiedNameErrors(s as string, minor) : NAMED_VALIDATORS[name]!(s as string);
    return errs.length === 0 ? new OptionalV(undefined) : new OptionalV(ListV.of(errs));
  };
}

const COMPARABLE: [string, Val][] = [
  ["int", 0n],
  ["uint", new UintV(0n)],
  ["double", 0],
  ["bool", false],
  ["duration", new DurationV(0n)],
  ["timestamp", null],
  ["string", ""],
  ["bytes", new Uint8Array()],
];
for (const [n, zero] of COMPARABLE) {
  K8S_FUNCTIONS[`list_${n}_is_sorted_bool`] = ([l]) => isSorted(l as ListV);
  K8S_FUNCTIONS[`list_${n}_max_${n}`] = ([l]) => extreme(l as ListV, "max");
  K8S_FUNCTIONS[`list_${n}_min_${n}`] = ([l]) => extreme(l as ListV, "min");
  if (n === "int" || n === "uint" || n === "double" || n === "duration") K8S_FUNCTIONS[`list_${n}_sum_${n}`] = ([l]) => sum(l as ListV, zero);
}

/** The Kubernetes libraries at runtime on a server at 1.`minor`: their functions and their CallCost. */
export function kubernetesFunctions(minor: number): FunctionLibrary {
  // implementations whose behaviour depends on the server release
  const byRelease: Record<string, Impl> = { "format-validate": formatValidate(minor) };
  return { impl: (id) => byRelease[id] ?? K8S_FUNCTIONS[id], callCost: k8sCallCost };
}

/** The function registry of a CRD-rule environment: cel-go's functions and the Kubernetes libraries. */
export function createKubernetesFunctionRegistry(env: CelEnv): FunctionRegistry {
  return createFunctionRegistry(env, kubernetesFunctions(env.minor));
}

// ---------------------------------------------------------------------------------------------------------------
// cost (kubernetes/apiserver pkg/cel/library/cost.go CallCost)

const ceil = Math.ceil;

function byteLen(s: string): number {
  return Buffer.byteLength(s, "utf8");
}

/** library/cost.go traversalCost: the cost of walking a value as a data tree (strings by bytes, truncated). */
function traversalCost(v: Result): number {
  if (typeof v === "string") return Math.trunc(byteLen(v) * STRING_TRAVERSAL);
  if (v instanceof Uint8Array) return Math.trunc(v.length * STRING_TRAVERSAL);
  if (v instanceof ListV) {
    let c = 0;
    for (const x of v) c += traversalCost(x);
    return c;
  }
  if (v instanceof MapV) {
    let c = 0;
    for (const k of v.keys()) c += traversalCost(k) + traversalCost(v.get(k)!);
    return c;
  }
  if (v instanceof ObjectV) {
    let c = 0;
    for (const f of v.presentFields()) c += traversalCost(f.name) + traversalCost(f.value);
    return c;
  }
  return 1;
}


/** kubernetes/apiserver pkg/cel/library/cost.go CostEstimator.CallCost (args include the receiver). */
function k8sCallCost(fn: string, id: string, args: Val[], result: Result): number | undefined {
  switch (fn) {
    case "check":
      return 350000;
    case "serviceAccount":
    case "path":
    case "group":
    case "resource":
    case "subresource":
    case "namespace":
    case "name":
    case "allowed":
    case "reason":
    case "error":
    case "errored":
      return 1;
    case "isSorted":
    case "sum":
    case "max":
    case "min":
    case "indexOf":
    case "lastIndexOf":
      return args.length > 0 ? traversalCost(args[0]!) : 0;
    case "url":
    case "lowerAscii":
    case "upperAscii":
    case "substring":
    case "trim":
      if (args.length >= 1) return ceil(actualSize(args[0]!) * STRING_TRAVERSAL);
      return undefined;
    case "replace":
    case "split":
      if (args.length >= 1) return ceil(actualSize(args[0]!) * 2 * STRING_TRAVERSAL);
      return undefined;
    case "join":
      if (args.length >= 1) return ceil(actualSize(result) * 2 * STRING_TRAVERSAL);
      return undefined;
    case "find":
    case "findAll":
      if (args.length >= 2) {
        const strCost = ceil((1 + actualSize(args[0]!)) * STRING_TRAVERSAL);
        const regexCost = ceil(actualSize(args[1]!) * REGEX_LENGTH);
        return strCost * regexCost;
      }
      return undefined;
    case "cidr":
    case "isIP":
    case "isCIDR":
      if (args.length >= 1) return ceil(actualSize(args[0]!) * STRING_TRAVERSAL);
      return undefined;
    case "ip":
      if (args.length >= 1) {
        if (id === "cidr_ip") return 1;
        return ceil(actualSize(args[0]!) * STRING_TRAVERSAL);
      }
      return undefined;
    case "ip.isCanonical":
      if (args.length >= 1) return ceil(actualSize(args[0]!) * 2 * STRING_TRAVERSAL);
      return undefined;
    case "masked":
    case "prefixLength":
    case "family":
    case "isUnspecified":
    case "isLoopback":
    case "isLinkLocalMulticast":
    case "isLinkLocalUnicast":
      return 1;
    case "containsIP":
      if (args.length >= 2) {
        const cidrSize = actualSize(args[0]!);
        let c = ceil((cidrSize + cidrSize) * STRING_TRAVERSAL);
        if (id === "cidr_contains_ip_string") c += ceil(actualSize(args[1]!) * STRING_TRAVERSAL);
        return c;
      }
      return undefined;
    case "containsCIDR":
      if (args.length >= 2) {
        const cidrSize = actualSize(args[0]!);
        let c = ceil((cidrSize + cidrSize) * STRING_TRAVERSAL);
        c += ceil(cidrSize * STRING_TRAVERSAL) + 1;
        if (id === "cidr_contains_cidr_string") c += ceil(actualSize(args[1]!) * STRING_TRAVERSAL);
        return c;
      }
      return undefined;
    case "quantity":
    case "isQuantity":
      if (args.length >= 1) return ceil(actualSize(args[0]!) * STRING_TRAVERSAL);
      return undefined;
    case "sign":
    case "asInteger":
    case "isInteger":
    case "asApproximateFloat":
    case "isGreaterThan":
    case "isLessThan":
    case "compareTo":
    case "add":
    case "sub":
      return 1;
  }
  return undefined;
}
