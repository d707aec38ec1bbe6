/**
 * The Kubernetes IP library (kubernetes/apiserver pkg/cel/library/ip.go): its declarations, its functions at
 * runtime, and its costs, estimated and at runtime (which upstream keeps in library/cost.go).
 */
// Upstream: kubernetes/apiserver:pkg/cel/library/ip.go, pkg/cel/ip.go, pkg/cel/library/cost.go
import { BOOL, INT, IP_TYPE, STRING } from "../core/typeutil.js";
import { g, m, type Lib } from "../core/checker/decls.js";
import { CelErr, OpaqueV, isErr, actualSize, type Result } from "../core/interpreter/values.js";
import { STRING_TRAVERSAL, type Impl } from "../core/interpreter/functions.js";
import { ST, ONE, rfac } from "../core/cost/range.js";
import type { KubernetesLibrary } from "./library.js";

// ---------------------------------------------------------------------------------------------------------------
// declarations

export const ipLib: Lib = {
  fns: [
    ["ip", [g("string_to_ip", [STRING], IP_TYPE)]],
    ["family", [m("ip_family", [IP_TYPE], INT)]],
    ["ip.isCanonical", [g("ip_is_canonical", [STRING], BOOL)]],
    ["isUnspecified", [m("ip_is_unspecified", [IP_TYPE], BOOL)]],
    ["isLoopback", [m("ip_is_loopback", [IP_TYPE], BOOL)]],
    ["isLinkLocalMulticast", [m("ip_is_link_local_multicast", [IP_TYPE], BOOL)]],
    ["isLinkLocalUnicast", [m("ip_is_link_local_unicast", [IP_TYPE], BOOL)]],
    ["isGlobalUnicast", [m("ip_is_global_unicast", [IP_TYPE], BOOL)]],
    ["isIP", [g("is_ip", [STRING], BOOL)]],
    ["string", [g("ip_to_string", [IP_TYPE], STRING)]],
  ],
};

// ---------------------------------------------------------------------------------------------------------------
// runtime

const IP_TYPE_NAME = "net.IP";

export interface Addr {
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
      if (i === 0 || i === s.length - 1 || s[i - 1] === ".")
        return addrError(input, "IPv4 field must have at least one digit", s.slice(i));
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
      const d =
        c >= "0" && c <= "9"
          ? c.charCodeAt(0) - 48
          : c >= "a" && c <= "f"
            ? c.charCodeAt(0) - 87
            : c >= "A" && c <= "F"
              ? c.charCodeAt(0) - 55
              : -1;
      if (d < 0) break;
      acc = acc * 16 + d;
      if (off > 3) return addrError(input, "each group must have 4 or less digits", s);
      if (acc > 0xffff) return addrError(input, "IPv6 field has value >=2^16", s);
    }
    if (off === 0) return addrError(input, "each colon-separated field must have at least one digit", s);
    if (off < s.length && s[off] === ".") {
      if (ellipsis < 0 && i !== 12)
        return addrError(input, "embedded IPv4 address must replace the final 2 fields of the address", s);
      if (i + 4 > 16)
        return addrError(input, "too many hex fields to fit an embedded IPv4 at the end of the address", s);
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
export function parseAddr(s: string): Addr | string {
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

export function addrString(a: Addr): string {
  if (a.bytes.length === 4) return a.bytes.join(".");
  const groups: number[] = [];
  for (let i = 0; i < 16; i += 2) groups.push((a.bytes[i]! << 8) | a.bytes[i + 1]!);
  if (a.is4in6) return "::ffff:" + a.bytes.slice(12).join(".");
  // longest run of zero groups (length >= 2) becomes ::
  let bestStart = -1;
  let bestLen = 0;
  for (let i = 0; i < 8;) {
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

export function ipVal(a: Addr): OpaqueV {
  return new OpaqueV(IP_TYPE_NAME, a, (o) => addrString(o.data as Addr) === addrString(a), a.bytes.length);
}

export function ipFromString(s: string): Result {
  const a = parseAddr(s);
  if (typeof a === "string")
    return new CelErr(`IP Address ${JSON.stringify(s)} parse error during conversion from string: ${a}`);
  if (a.zone !== "") return new CelErr(`IP address ${JSON.stringify(s)} with zone value is not allowed`);
  if (a.is4in6) return new CelErr(`IPv4-mapped IPv6 address ${JSON.stringify(s)} is not allowed`);
  return ipVal(a);
}

export const IP_FUNCTIONS: Record<string, Impl> = {
  string_to_ip: ([s]) => ipFromString(s as string),
  is_ip: ([s]) => !isErr(ipFromString(s as string)),
  ip_is_canonical: ([s]) => {
    const a = parseAddr(s as string);
    if (typeof a === "string")
      return new CelErr(`IP Address ${JSON.stringify(s)} parse error during conversion from string: ${a}`);
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
    return !(
      b.every((x) => x === 0) ||
      (b.slice(0, 15).every((x) => x === 0) && b[15] === 1) ||
      b[0] === 0xff ||
      (b[0] === 0xfe && (b[1]! & 0xc0) === 0x80)
    );
  },
  ip_to_string: ([a]) => addrString((a as OpaqueV).data as Addr),
};

// ---------------------------------------------------------------------------------------------------------------
// cost

const COST_ONE = new Set([
  "family",
  "isUnspecified",
  "isLoopback",
  "isLinkLocalMulticast",
  "isLinkLocalUnicast",
  "isGlobalUnicast",
]);
// isGlobalUnicast is not in CallCost's list: it falls to cel-go's default, also 1
const COST_ONE_AT_RUNTIME = new Set([
  "family",
  "isUnspecified",
  "isLoopback",
  "isLinkLocalMulticast",
  "isLinkLocalUnicast",
]);

export const ipLibrary: KubernetesLibrary = {
  functions: IP_FUNCTIONS,
  estimate(coster, fn, ov, target, args) {
    if (COST_ONE.has(fn)) return { cost: ONE, size: null };
    switch (fn) {
      case "isIP":
        if (args.length >= 1) return { cost: rfac(coster.libSize(args[0]!), ST), size: null };
        return null;
      // cidr.ip() is the CIDR library's
      case "ip":
        if (ov === "cidr_ip") return null;
        if (args.length >= 1) return { cost: rfac(coster.libSize(args[0]!), ST), size: null };
        if (target) return { cost: ONE, size: null };
        return null;
      case "ip.isCanonical":
        if (args.length >= 1) return { cost: rfac(coster.libSize(args[0]!), 2 * ST), size: null };
        return null;
    }
    return null;
  },
  estimateEquality: (name) => (name === "net.IP" ? { cost: ONE, size: null } : null),
  callCost(fn, id, args) {
    if (COST_ONE_AT_RUNTIME.has(fn)) return 1;
    switch (fn) {
      case "isIP":
        if (args.length >= 1) return Math.ceil(actualSize(args[0]!) * STRING_TRAVERSAL);
        return undefined;
      case "ip":
        if (args.length >= 1 && id !== "cidr_ip") return Math.ceil(actualSize(args[0]!) * STRING_TRAVERSAL);
        return undefined;
      case "ip.isCanonical":
        if (args.length >= 1) return Math.ceil(actualSize(args[0]!) * 2 * STRING_TRAVERSAL);
        return undefined;
    }
    return undefined;
  },
};
