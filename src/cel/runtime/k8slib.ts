/**
 * The Kubernetes CEL libraries at runtime: lists (isSorted, sum, min, max, indexOf, lastIndexOf), regex (find,
 * findAll), urls, quantity, ip and cidr, semver, format — with the apiserver's semantics and error texts.
 */
// Upstream: kubernetes/apiserver:pkg/cel/library/{lists,regex,urls,quantity,ip,cidr,semverlib,format}.go, pkg/cel/{url,quantity,ip,cidr,semver,format}.go
import { RE2JS } from "@bufbuild/re2";
import { goURLParseRequestURI, type GoURL } from "../../k8s/url.js";
import { isDNS1035Label, isDNS1123Label, isDNS1123Subdomain, isValidLabelValue } from "../../k8s/validation.js";
import {
  CelErr,
  DurationV,
  ListV,
  MapV,
  OpaqueV,
  OptionalV,
  UintV,
  isErr,
  celEquals,
  parseTimestamp,
  type Result,
  type Val,
} from "./values.js";
import { compareValues } from "./stdlib.js";
import { re2FindAll } from "./re2find.js";
import type { Impl } from "./functions.js";

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

function parseUrl(s: string): Result {
  const r = goURLParseRequestURI(s);
  if (!r.ok) return new CelErr(`URL parse error during conversion from string: ${r.error}`);
  return urlVal(r.url, s);
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

function parseIPv4(s: string): number[] | string {
  const parts = s.split(".");
  if (parts.length !== 4) return "IPv4 address too short";
  const out: number[] = [];
  for (const p of parts) {
    if (p === "" || !/^\d+$/.test(p)) return `unexpected character`;
    if (p.length > 1 && p[0] === "0") return "IPv4 field has octet with leading zero";
    const n = Number(p);
    if (n > 255) return "IPv4 field has value >255";
    out.push(n);
  }
  return out;
}

function parseAddr(s: string): Addr | string {
  if (s === "") return "missing IP address";
  if (!s.includes(":")) {
    const v4 = parseIPv4(s);
    return typeof v4 === "string" ? v4 : { bytes: v4, zone: "", is4in6: false };
  }
  let zone = "";
  let body = s;
  const pct = s.indexOf("%");
  if (pct >= 0) {
    zone = s.slice(pct + 1);
    body = s.slice(0, pct);
    if (zone === "") return "zone must be a non-empty string";
  }
  const groups: number[] = [];
  let ellipsis = -1;
  let rest = body;
  if (rest.startsWith("::")) {
    ellipsis = 0;
    rest = rest.slice(2);
  }
  while (rest.length > 0) {
    const m = /^[0-9a-fA-F]{1,4}/.exec(rest);
    if (!m) return "unexpected character";
    if (rest[m[0].length] === "." ) {
      const v4 = parseIPv4(rest);
      if (typeof v4 === "string") return v4;
      groups.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      rest = "";
      break;
    }
    groups.push(parseInt(m[0], 16));
    rest = rest.slice(m[0].length);
    if (rest.startsWith("::")) {
      if (ellipsis >= 0) return "multiple :: in address";
      ellipsis = groups.length;
      rest = rest.slice(2);
    } else if (rest.startsWith(":")) {
      rest = rest.slice(1);
      if (rest === "") return "trailing colon";
    } else if (rest !== "") return "unexpected character";
  }
  if (ellipsis >= 0) {
    if (groups.length > 7) return "address string too long";
    const fill = new Array(8 - groups.length).fill(0);
    groups.splice(ellipsis, 0, ...fill);
  }
  if (groups.length !== 8) return "address string too short";
  const bytes: number[] = [];
  for (const g of groups) bytes.push(g >> 8, g & 0xff);
  const is4in6 = bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  return { bytes, zone, is4in6 };
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
  if (typeof a === "string") return new CelErr(`IP Address ${JSON.stringify(s)} parse error during conversion from string: ParseAddr(${JSON.stringify(s)}): ${a}`);
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

function cidrFromString(s: string): Result {
  const p = parsePrefix(s);
  if (typeof p === "string") return new CelErr(`network address ${JSON.stringify(s)} parse error during conversion from string: netip.ParsePrefix(${JSON.stringify(s)}): ${p}`);
  if (p.addr.is4in6) return new CelErr(`IPv4-mapped IPv6 address ${JSON.stringify(s)} is not allowed`);
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

function parseSemver(s: string, normalize: boolean): Semver | string {
  let v = s;
  if (normalize) {
    if (v.startsWith("v")) v = v.slice(1);
    const core = v.split(/[-+]/, 1)[0]!;
    const rest = v.slice(core.length);
    const parts = core.split(".");
    while (parts.length < 3) parts.push("0");
    v = parts.map((p) => (/^\d+$/.test(p) ? String(BigInt(p)) : p)).join(".") + rest;
  }
  const m = /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+([0-9A-Za-z.-]+))?$/.exec(v);
  if (!m) {
    const parts = v.split(/[-+]/, 1)[0]!.split(".");
    if (parts.length !== 3) return "No Major.Minor.Patch elements found";
    return `Invalid character(s) found in version ${JSON.stringify(v)}`;
  }
  for (const p of [m[1]!, m[2]!, m[3]!]) if (p.length > 1 && p[0] === "0") return `Version segment starts with 0: ${JSON.stringify(p)}`;
  const pre = m[4] ? m[4].split(".") : [];
  for (const p of pre) {
    if (p === "") return "Prerelease is empty";
    if (/^\d+$/.test(p) && p.length > 1 && p[0] === "0") return `Numeric PreRelease version must not contain leading zeroes ${JSON.stringify(p)}`;
  }
  return { major: BigInt(m[1]!), minor: BigInt(m[2]!), patch: BigInt(m[3]!), pre };
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

function uuidErrors(s: string): string[] {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(s) ? [] : ["does not match the UUID format"];
}

const NAMED_VALIDATORS: Record<string, (s: string) => string[]> = {
  dns1123Label: isDNS1123Label,
  dns1123Subdomain: isDNS1123Subdomain,
  dns1035Label: isDNS1035Label,
  qualifiedName: (s) => qualifiedName(s),
  dns1123LabelPrefix: (s) => isDNS1123Label(s.endsWith("-") ? s.slice(0, -1) : s),
  dns1123SubdomainPrefix: (s) => isDNS1123Subdomain(s.endsWith("-") ? s.slice(0, -1) : s),
  dns1035LabelPrefix: (s) => isDNS1035Label(s.endsWith("-") ? s.slice(0, -1) : s),
  labelValue: isValidLabelValue,
  uri: (s) => (goURLParseRequestURI(s).ok ? [] : ["invalid URI"]),
  uuid: uuidErrors,
  byte: (s) => (/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(s) ? [] : ["invalid base64"]),
  date: (s) => (/^\d{4}-\d{2}-\d{2}$/.test(s) && parseTimestamp(`${s}T00:00:00Z`) !== null ? [] : ["invalid date"]),
  datetime: (s) => (parseTimestamp(s) !== null ? [] : ["invalid datetime"]),
};

function qualifiedName(value: string): string[] {
  const errs: string[] = [];
  const parts = value.split("/");
  let name: string;
  if (parts.length === 1) name = parts[0]!;
  else if (parts.length === 2) {
    const [prefix, n] = parts as [string, string];
    name = n;
    if (prefix.length === 0) errs.push("prefix part must be non-empty");
    else for (const e of isDNS1123Subdomain(prefix)) errs.push("prefix part " + e);
  } else {
    return [
      "a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
    ];
  }
  if (name.length === 0) errs.push("name part must be non-empty");
  else if (name.length > 63) errs.push("name part must be no more than 63 characters");
  if (!/^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/.test(name))
    errs.push(
      "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
    );
  return errs;
}

function formatVal(name: string): OpaqueV {
  return new OpaqueV(FORMAT_TYPE, name, (o) => o.data === name);
}

// ---------------------------------------------------------------------------------------------------------------

export const K8S_FUNCTIONS: Record<string, Impl> = {
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
    const r = parseQuantity(s as string);
    return r ? quantityVal(r) : new CelErr(QUANTITY_FORMAT_ERR);
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
    if (typeof a === "string") return new CelErr(`IP Address ${JSON.stringify(s)} parse error during conversion from string: ParseAddr(${JSON.stringify(s)}): ${a}`);
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
  "format-validate": ([f, s]) => {
    const errs = NAMED_VALIDATORS[(f as OpaqueV).data as string]!(s as string);
    return errs.length === 0 ? new OptionalV(undefined) : new OptionalV(ListV.of(errs));
  },
};

for (const n of Object.keys(NAMED_VALIDATORS)) K8S_FUNCTIONS[`format.${n}`] = () => formatVal(n);

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
