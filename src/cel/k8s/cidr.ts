/**
 * The Kubernetes CIDR library (kubernetes/apiserver pkg/cel/library/cidr.go): its declarations, its functions at
 * runtime, and its costs, estimated and at runtime (which upstream keeps in library/cost.go).
 */
// Upstream: kubernetes/apiserver:pkg/cel/library/cidr.go, pkg/cel/cidr.go, pkg/cel/library/cost.go
import { BOOL, CIDR_TYPE, INT, IP_TYPE, STRING } from "../core/typeutil.js";
import { g, m, type Lib } from "../core/checker/decls.js";
import { CelErr, OpaqueV, isErr, actualSize, type Result } from "../core/interpreter/values.js";
import { STRING_TRAVERSAL, type Impl } from "../core/interpreter/functions.js";
import { ST, ONE, radd, rfac, type R } from "../core/cost/range.js";
import type { KubernetesLibrary } from "./library.js";
import { addrString, ipFromString, ipVal, parseAddr, type Addr } from "./ip.js";

// ---------------------------------------------------------------------------------------------------------------
// declarations

export const cidrLib: Lib = {
  fns: [
    ["cidr", [g("string_to_cidr", [STRING], CIDR_TYPE)]],
    [
      "containsIP",
      [m("cidr_contains_ip_string", [CIDR_TYPE, STRING], BOOL), m("cidr_contains_ip_ip", [CIDR_TYPE, IP_TYPE], BOOL)],
    ],
    [
      "containsCIDR",
      [
        m("cidr_contains_cidr_string", [CIDR_TYPE, STRING], BOOL),
        m("cidr_contains_cidr", [CIDR_TYPE, CIDR_TYPE], BOOL),
      ],
    ],
    ["ip", [m("cidr_ip", [CIDR_TYPE], IP_TYPE)]],
    ["prefixLength", [m("cidr_prefix_length", [CIDR_TYPE], INT)]],
    ["masked", [m("cidr_masked", [CIDR_TYPE], CIDR_TYPE)]],
    ["isCIDR", [g("is_cidr", [STRING], BOOL)]],
    ["string", [g("cidr_to_string", [CIDR_TYPE], STRING)]],
  ],
};

/**
 * The CIDR library at version 1 (base.go registers it from compatibility version 1.38; version 0 until then): adds
 * isMask, whether every bit after the prefix length is 0.
 */
export const cidrLibV1: Lib = {
  fns: [...cidrLib.fns, ["isMask", [m("cidr_is_mask", [CIDR_TYPE], BOOL)]]],
};

// ---------------------------------------------------------------------------------------------------------------
// runtime

const CIDR_TYPE_NAME = "net.CIDR";

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
  return new OpaqueV(
    CIDR_TYPE_NAME,
    p,
    (o) => {
      const x = o.data as Prefix;
      return x.bits === p.bits && addrString(x.addr) === addrString(p.addr);
    },
    p.addr.bytes.length,
  );
}

// library/cidr.go: parseCIDR already prefixes its error, and stringToCIDR prefixes it again
const CIDR_PARSE = "network address parse error during conversion from string: ";

function cidrFromString(s: string): Result {
  const p = parsePrefix(s);
  if (typeof p === "string")
    return new CelErr(`${CIDR_PARSE}${CIDR_PARSE}netip.ParsePrefix(${JSON.stringify(s)}): ${p}`);
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

export const CIDR_FUNCTIONS: Record<string, Impl> = {
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
  cidr_is_mask: ([c]) => {
    // netip.Prefix == its Masked(): the same address bytes (no zone in a CIDR) and prefix length.
    const p = (c as OpaqueV).data as Prefix;
    const q = masked(p);
    return p.addr.bytes.every((b, i) => b === q.addr.bytes[i]);
  },
  cidr_to_string: ([c]) => {
    const p = (c as OpaqueV).data as Prefix;
    return `${addrString(p.addr)}/${p.bits}`;
  },
};

// ---------------------------------------------------------------------------------------------------------------
// cost

const COST_ONE = new Set(["masked", "isMask", "prefixLength"]);

export const cidrLibrary: KubernetesLibrary = {
  functions: CIDR_FUNCTIONS,
  estimate(coster, fn, ov, _target, args) {
    if (COST_ONE.has(fn)) return { cost: ONE, size: null };
    const ipSz: R = { min: 4, max: 16 };
    switch (fn) {
      case "cidr":
      case "isCIDR":
        if (args.length >= 1) return { cost: rfac(coster.libSize(args[0]!), ST), size: null };
        return null;
      case "ip":
        return ov === "cidr_ip" ? { cost: ONE, size: null } : null;
      case "containsIP":
        if (args.length >= 1) {
          let c = rfac(radd(ipSz, ipSz), ST);
          if (ov === "cidr_contains_ip_string") c = radd(c, rfac(coster.libSize(args[0]!), ST));
          return { cost: c, size: null };
        }
        return null;
      case "containsCIDR":
        if (args.length >= 1) {
          let c = rfac(radd(ipSz, ipSz), ST);
          c = radd(c, rfac(ipSz, ST));
          c = radd(c, ONE);
          if (ov === "cidr_contains_cidr_string") c = radd(c, rfac(coster.libSize(args[0]!), ST));
          return { cost: c, size: null };
        }
        return null;
    }
    return null;
  },
  estimateEquality: (name) => (name === "net.CIDR" ? { cost: ONE, size: null } : null),
  callCost(fn, id, args) {
    if (COST_ONE.has(fn)) return 1;
    const ceil = Math.ceil;
    switch (fn) {
      case "cidr":
      case "isCIDR":
        if (args.length >= 1) return ceil(actualSize(args[0]!) * STRING_TRAVERSAL);
        return undefined;
      case "ip":
        if (args.length >= 1 && id === "cidr_ip") return 1;
        return undefined;
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
    }
    return undefined;
  },
};
