/**
 * String formats as kube-openapi's strfmt registry checks them, and which formats a node keeps.
 *
 * Two registries matter:
 * - custom resources: the CRD schema is converted with `StripUnsupportedFormatsPostProcessorForVersion`, which keeps a
 *   format only on `type: string` (or no type) when its name without dashes is in apiextensions' supported list
 *   (k8s-short-name / k8s-long-name from compatibility version 1.34, i.e. 1.35 servers); integer/number formats are
 *   dropped until 1.36, which keeps int32/int64 and float/double for range checks;
 * - default values at CRD creation: the structural schema goes to kube-openapi unstripped, so every format the
 *   strfmt.Default registry knows is checked, whatever the node's type.
 */
// Upstream: kubernetes/apiextensions-apiserver:pkg/apiserver/validation/formats.go (supported formats, stripping)
// Upstream: kubernetes/kube-openapi:pkg/validation/strfmt/{default,duration,kubernetes-extensions,quantity,semver,bson}.go, time.go/date.go
// Upstream: golang/go:src/net/ip.go (ParseIP, and the pre-1.17 parser k8s.io/utils/net keeps as ParseIPSloppy), src/net/mac.go,
//           src/net/mail/message.go (ParseAddress), src/time/format.go (Parse "2006-01-02"), src/time/format.go (ParseDuration)
import { goURLParseRequestURI } from "../k8s/url.js";
import { byteLength } from "../k8s/go.js";
import { parseGoDuration } from "../k8s/duration.js";

export type FormatCheck = (s: string) => boolean;

// ---------------------------------------------------------------------------------------------------------------
// IP addresses

function parseDec(s: string, i: number, sloppy: boolean): { n: number; next: number } | null {
  let j = i;
  let n = 0;
  while (j < s.length && s.charCodeAt(j) >= 48 && s.charCodeAt(j) <= 57) {
    n = n * 10 + (s.charCodeAt(j) - 48);
    if (n >= 0xffffff) return null;
    j++;
  }
  if (j === i) return null;
  if (!sloppy) {
    // Go 1.17+: at most 3 digits, no leading zero.
    if (j - i > 3) return null;
    if (j - i > 1 && s.charCodeAt(i) === 48) return null;
  }
  return { n, next: j };
}

function parseIPv4(s: string, sloppy: boolean): boolean {
  let i = 0;
  for (let part = 0; part < 4; part++) {
    if (i >= s.length) return false;
    if (part > 0) {
      if (s[i] !== ".") return false;
      i++;
    }
    const d = parseDec(s, i, sloppy);
    if (!d || d.n > 0xff) return false;
    i = d.next;
  }
  return i === s.length;
}

function isHex(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

function parseIPv6(s: string, sloppy: boolean): boolean {
  let groups = 0;
  let ellipsis = -1;
  let i = 0;
  if (s.length >= 2 && s[0] === ":" && s[1] === ":") {
    ellipsis = 0;
    i = 2;
    if (i === s.length) return true;
  }
  while (groups < 8) {
    // hex group
    let j = i;
    while (j < s.length && isHex(s.charCodeAt(j))) j++;
    if (j === i) return false;
    // Go 1.17+ (netip): at most 4 hex digits; the old parser only bounds the value.
    if (sloppy ? parseInt(s.slice(i, Math.min(j, i + 8)), 16) > 0xffff || j - i > 8 : j - i > 4) {
      if (!(j < s.length && s[j] === ".")) return false;
    }
    // an embedded IPv4 address at the end
    if (j < s.length && s[j] === ".") {
      if (ellipsis < 0 && groups !== 6) return false;
      if (groups + 2 > 8) return false;
      if (!parseIPv4(s.slice(i), sloppy)) return false;
      groups += 2;
      i = s.length;
      break;
    }
    groups++;
    i = j;
    if (i === s.length) break;
    if (s[i] !== ":" || i + 1 === s.length) return false;
    i++;
    if (s[i] === ":") {
      if (ellipsis >= 0) return false;
      ellipsis = groups;
      i++;
      if (i === s.length) break;
    }
  }
  if (i !== s.length) return false;
  if (groups < 8) {
    if (ellipsis < 0) return false;
  } else if (ellipsis >= 0) return false;
  return true;
}

/** net.ParseIP (Go 1.17+: leading zeros in IPv4 parts rejected, no zones). */
export function goParseIP(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    if (s[i] === ".") return parseIPv4(s, false);
    if (s[i] === ":") return parseIPv6(s, false);
  }
  return false;
}

/** k8s.io/utils/net ParseIPSloppy: the pre-1.17 parser (leading zeros accepted). */
export function goParseIPSloppy(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    if (s[i] === ".") return parseIPv4(s, true);
    if (s[i] === ":") return parseIPv6(s, true);
  }
  return false;
}

/** ParseCIDRSloppy. */
export function goParseCIDRSloppy(s: string): boolean {
  const slash = s.indexOf("/");
  if (slash < 0) return false;
  const addr = s.slice(0, slash);
  const mask = s.slice(slash + 1);
  let bits = 32;
  if (!parseIPv4(addr, true)) {
    bits = 128;
    if (!parseIPv6(addr, true)) return false;
  }
  const d = parseDec(mask, 0, true);
  if (!d || d.next !== mask.length) return false;
  return d.n <= bits;
}

/** net.ParseMAC: 6, 8 or 20 octets as aa:bb:…, aa-bb-… or aabb.ccdd.… */
export function goParseMAC(s: string): boolean {
  if (s.length < 14 || /[^\x00-\x7f]/.test(s)) return false;
  const hex2 = (i: number) => isHex(s.charCodeAt(i)) && isHex(s.charCodeAt(i + 1));
  if (s[2] === ":" || s[2] === "-") {
    if ((s.length + 1) % 3 !== 0) return false;
    const n = (s.length + 1) / 3;
    if (n !== 6 && n !== 8 && n !== 20) return false;
    for (let i = 0, x = 0; i < n; i++, x += 3) {
      if (!hex2(x)) return false;
      if (x + 2 < s.length && s[x + 2] !== s[2]) return false;
    }
    return true;
  }
  if (s[4] === ".") {
    if ((s.length + 1) % 5 !== 0) return false;
    const n = (2 * (s.length + 1)) / 5;
    if (n !== 6 && n !== 8 && n !== 20) return false;
    for (let i = 0, x = 0; i < n; i += 2, x += 5) {
      if (!hex2(x) || !hex2(x + 2)) return false;
      if (x + 4 < s.length && s[x + 4] !== ".") return false;
    }
    return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------------------
// e-mail (net/mail.ParseAddress, single mailbox; group syntax is not supported)

class MailParser {
  constructor(public s: string) {}
  empty(): boolean {
    return this.s.length === 0;
  }
  skipSpace(): void {
    this.s = this.s.replace(/^[ \t]+/, "");
  }
  skipCFWS(): boolean {
    this.skipSpace();
    for (;;) {
      if (this.s[0] !== "(") break;
      if (!this.skipComment()) return false;
      this.skipSpace();
    }
    return true;
  }
  skipComment(): boolean {
    // s starts with '('
    let depth = 1;
    let i = 1;
    for (; i < this.s.length && depth > 0; i++) {
      const c = this.s[i];
      if (c === "\\") i++;
      else if (c === "(") depth++;
      else if (c === ")") depth--;
    }
    if (depth !== 0) return false;
    this.s = this.s.slice(i);
    return true;
  }
  consume(c: string): boolean {
    if (this.s[0] !== c) return false;
    this.s = this.s.slice(1);
    return true;
  }
  static isAtext(ch: string, dot: boolean): boolean {
    if (ch === ".") return dot;
    if ('()<>[]:;@\\,"'.includes(ch)) return false;
    const c = ch.codePointAt(0)!;
    return (c >= 0x21 && c <= 0x7e) || c >= 0x80;
  }
  consumeAtom(dot: boolean, permissive: boolean): string | null {
    let i = 0;
    while (i < this.s.length) {
      const ch = String.fromCodePoint(this.s.codePointAt(i)!);
      if (!MailParser.isAtext(ch, dot)) break;
      i += ch.length;
    }
    if (i === 0) return null;
    const atom = this.s.slice(0, i);
    this.s = this.s.slice(i);
    if (!permissive && (atom.startsWith(".") || atom.includes("..") || atom.endsWith("."))) return null;
    return atom;
  }
  consumeQuotedString(): string | null {
    // s starts with '"'
    let i = 1;
    let out = "";
    for (;;) {
      if (i >= this.s.length) return null;
      const ch = String.fromCodePoint(this.s.codePointAt(i)!);
      if (ch === '"') break;
      if (ch === "\\") {
        if (i + 1 >= this.s.length) return null;
        const n = String.fromCodePoint(this.s.codePointAt(i + 1)!);
        const c = n.codePointAt(0)!;
        if (!((c >= 0x21 && c <= 0x7e) || c >= 0x80 || n === " " || n === "\t")) return null;
        out += n;
        i += 1 + n.length;
        continue;
      }
      const c = ch.codePointAt(0)!;
      if (!((c >= 0x21 && c <= 0x7e) || c >= 0x80 || ch === " " || ch === "\t")) return null;
      out += ch;
      i += ch.length;
    }
    this.s = this.s.slice(i + 1);
    return out;
  }
  consumeDomainLiteral(): string | null {
    // s starts with '['
    const end = this.s.indexOf("]");
    if (end < 0) return null;
    const inner = this.s.slice(1, end);
    if (!goParseIP(inner)) return null;
    this.s = this.s.slice(end + 1);
    return "[" + inner + "]";
  }
  consumeAddrSpec(): string | null {
    const orig = this.s;
    const fail = (): null => {
      this.s = orig;
      return null;
    };
    this.skipSpace();
    if (this.empty()) return fail();
    let local: string | null;
    if (this.s[0] === '"') {
      local = this.consumeQuotedString();
      if (local === "") local = null;
    } else local = this.consumeAtom(true, false);
    if (local === null) return fail();
    if (!this.consume("@")) return fail();
    this.skipSpace();
    if (this.empty()) return fail();
    const domain = this.s[0] === "[" ? this.consumeDomainLiteral() : this.consumeAtom(true, false);
    if (domain === null) return fail();
    return local + "@" + domain;
  }
  consumePhrase(): boolean {
    let words = 0;
    for (;;) {
      if (!this.skipCFWS()) return false;
      if (this.empty()) break;
      let w: string | null;
      if (this.s[0] === '"') w = this.consumeQuotedString();
      else w = this.consumeAtom(true, true);
      if (w === null) break;
      words++;
    }
    return words > 0;
  }
}

/** strfmt IsEmail: mail.ParseAddress succeeds with a non-empty address. */
export function isEmail(str: string): boolean {
  const p = new MailParser(str);
  p.skipSpace();
  if (p.empty()) return false;
  let spec = p.consumeAddrSpec();
  if (spec !== null) {
    p.skipSpace();
    if (!p.empty() && p.s[0] === "(") {
      if (!p.skipComment()) return false;
    }
  } else {
    if (p.s[0] !== "<" && !p.consumePhrase()) return false;
    p.skipSpace();
    if (!p.consume("<")) return false;
    spec = p.consumeAddrSpec();
    if (spec === null) return false;
    if (!p.consume(">")) return false;
  }
  if (!p.skipCFWS()) return false;
  return p.empty() && spec !== "";
}

// ---------------------------------------------------------------------------------------------------------------
// dates, times, durations

function daysIn(month: number, year: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
}

/** time.Parse("2006-01-02", s). */
export function isDate(s: string): boolean {
  const m = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(s);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12) return false;
  return day >= 1 && day <= daysIn(month, year);
}

const rxDateTime = /^([0-9]{2}):([0-9]{2}):([0-9]{2})(.[0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))$/;

/** strfmt IsDateTime: a date, a `t`, then hh:mm:ss[.frac](z|±hh:mm), case-insensitive. */
export function isDateTime(str: string): boolean {
  if (str.length < 4) return false;
  const s = str.toLowerCase().split("t");
  if (s.length < 2 || !isDate(s[0]!)) return false;
  const m = rxDateTime.exec(s[1]!);
  if (!m) return false;
  return m[1]! <= "23" && m[2]! <= "59" && m[3]! <= "59";
}

const SCALA_UNITS: string[][] = [
  ["ns", "nano"],
  ["us", "\u00b5s", "micro"],
  ["ms", "milli"],
  ["s", "sec"],
  ["m", "min"],
  ["h", "hr", "hour"],
  ["d", "day"],
  ["w", "wk", "week"],
];

/** strfmt ParseDuration: Go's syntax, else the Scala-style "<n> <unit>" pieces found anywhere in the string. */
export function isDuration(str: string): boolean {
  if (parseGoDuration(str) !== null) return true;
  const re = /((?:-[\t\n\f\r ]?)?[0-9]+)[\t\n\f\r ]*([A-Za-z\u00b5]+)/g;
  let ok = false;
  for (let m = re.exec(str); m !== null; m = re.exec(str)) {
    const value = m[1]!.startsWith("-") ? m[1]!.slice(1) : m[1]!;
    const digits = value.trim();
    if (!/^[0-9]+$/.test(digits) || BigInt(digits) > 9223372036854775807n) return false; // strconv.Atoi error
    const unit = m[2]!.trim().toLowerCase();
    for (const variants of SCALA_UNITS) {
      const last = variants.length - 1;
      variants.forEach((variant, i) => {
        if ((i === last && unit.startsWith(variant)) || variant.toLowerCase() === unit) ok = true;
      });
    }
  }
  return ok;
}

// ---------------------------------------------------------------------------------------------------------------
// govalidator helpers

function isISBN(str: string, version: 10 | 13): boolean {
  const s = str.replace(/[\s-]+/g, "");
  if (version === 10) {
    if (!/^(?:[0-9]{9}X|[0-9]{10})$/.test(s)) return false;
    let sum = 0;
    for (let i = 0; i < 9; i++) sum += (i + 1) * (s.charCodeAt(i) - 48);
    sum += s[9] === "X" ? 100 : 10 * (s.charCodeAt(9) - 48);
    return sum % 11 === 0;
  }
  if (!/^(?:[0-9]{13})$/.test(s)) return false;
  const factor = [1, 3];
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += factor[i % 2]! * (s.charCodeAt(i) - 48);
  return s.charCodeAt(12) - 48 - ((10 - (sum % 10)) % 10) === 0;
}

const rxCreditCard =
  /^(?:4[0-9]{12}(?:[0-9]{3})?|5[1-5][0-9]{14}|6(?:011|5[0-9][0-9])[0-9]{12}|3[47][0-9]{13}|3(?:0[0-5]|[68][0-9])[0-9]{11}|(?:2131|1800|35\d{3})\d{11})$/;

function isCreditCard(str: string): boolean {
  const s = str.replace(/[^0-9]+/g, "");
  if (!rxCreditCard.test(s)) return false;
  let sum = 0;
  let dbl = false;
  for (let i = s.length - 1; i >= 0; i--) {
    let n = s.charCodeAt(i) - 48;
    if (dbl) {
      n *= 2;
      sum += n >= 10 ? (n % 10) + 1 : n;
    } else sum += n;
    dbl = !dbl;
  }
  return sum % 10 === 0;
}

// ---------------------------------------------------------------------------------------------------------------
// quantity and semver

/** resource.ParseQuantity's syntax: [+-]digits[.digits][suffix], suffix a binary/decimal SI unit or an e/E exponent. */
export function isQuantity(str: string): boolean {
  if (str.length === 0) return false;
  if (str === "0") return true;
  let pos = 0;
  const end = str.length;
  if (str[0] === "-" || str[0] === "+") pos++;
  while (pos < end && str[pos] === "0") pos++;
  if (pos >= end) return true;
  while (pos < end && str[pos]! >= "0" && str[pos]! <= "9") pos++;
  if (pos >= end) return true;
  if (str[pos] === ".") {
    pos++;
    while (pos < end && str[pos]! >= "0" && str[pos]! <= "9") pos++;
    if (pos >= end) return true;
  }
  const suffixStart = pos;
  while (pos < end && "eEinumkKMGTP".includes(str[pos]!)) pos++;
  if (pos < end && (str[pos] === "-" || str[pos] === "+")) pos++;
  while (pos < end && str[pos]! >= "0" && str[pos]! <= "9") pos++;
  if (pos < end) return false;
  const suffix = str.slice(suffixStart);
  if (["", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei", "n", "u", "m", "k", "M", "G", "T", "P", "E"].includes(suffix)) return true;
  if (suffix.length > 1 && (suffix[0] === "e" || suffix[0] === "E")) return /^[+-]?[0-9]+$/.test(suffix.slice(1)) && Math.abs(Number(suffix.slice(1))) < 2 ** 63;
  return false;
}

/** blang/semver v4 Parse. */
export function isSemver(s: string): boolean {
  if (s.length === 0) return false;
  const first = s.indexOf(".");
  const second = first < 0 ? -1 : s.indexOf(".", first + 1);
  if (second < 0) return false;
  const parts = [s.slice(0, first), s.slice(first + 1, second), s.slice(second + 1)];
  const numeric = (x: string) => /^[0-9]+$/.test(x) && !(x.length > 1 && x[0] === "0") && BigInt(x) < 1n << 64n;
  if (!numeric(parts[0]!) || !numeric(parts[1]!)) return false;
  const rest = parts[2]!;
  const pre = rest.indexOf("-");
  const build = rest.indexOf("+");
  let sub: number;
  if (pre !== -1 && build === -1) sub = pre;
  else if (pre === -1 && build !== -1) sub = build;
  else if (pre === -1 && build === -1) sub = rest.length;
  else sub = Math.min(pre, build);
  if (!numeric(rest.slice(0, sub))) return false;
  const alnum = /^[0-9A-Za-z-]+$/;
  if (pre !== -1 && (build === -1 || pre < build)) {
    const prerelease = rest.slice(pre + 1, build === -1 ? undefined : build);
    for (const p of prerelease.split(".")) {
      if (p.length === 0) return false;
      if (/^[0-9]+$/.test(p)) {
        if (p.length > 1 && p[0] === "0") return false;
      } else if (!alnum.test(p)) return false;
    }
  }
  if (build !== -1) {
    for (const b of rest.slice(build + 1).split(".")) if (b.length === 0 || !alnum.test(b)) return false;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------------------------
// the registries

// The hostname rule of strfmt (RFC 1034 labels, letters and symbols of any script).
const rxHostname =
  /^([a-zA-Z0-9\p{S}\p{L}]((-?[a-zA-Z0-9\p{S}\p{L}]{0,62})?)|([a-zA-Z0-9\p{S}\p{L}](([a-zA-Z0-9\-\p{S}\p{L}]{0,61}[a-zA-Z0-9\p{S}\p{L}])?)(\.)){1,}([a-zA-Z\p{L}]){2,63})$/u;
const rxUUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const rxUUID3 = /^[0-9a-f]{8}-?[0-9a-f]{4}-?3[0-9a-f]{3}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const rxUUID4 = /^[0-9a-f]{8}-?[0-9a-f]{4}-?4[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$/i;
const rxUUID5 = /^[0-9a-f]{8}-?[0-9a-f]{4}-?5[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$/i;
const rxShortName = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const rxLongName = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

function isHostname(str: string): boolean {
  if (!rxHostname.test(str)) return false;
  if (byteLength(str) > 255) return false;
  return str.split(".").every((p) => byteLength(p) <= 63);
}

/** Validators by normalized name (dashes removed, as strfmt's registry normalizes). */
const CHECKS: Record<string, FormatCheck> = {
  bsonobjectid: (s) => /^[0-9a-fA-F]{24}$/.test(s),
  uri: (s) => goURLParseRequestURI(s).ok,
  email: isEmail,
  hostname: isHostname,
  ipv4: (s) => goParseIPSloppy(s) && s.includes("."),
  ipv6: (s) => goParseIP(s) && s.includes(":"),
  cidr: goParseCIDRSloppy,
  mac: goParseMAC,
  uuid: (s) => rxUUID.test(s),
  uuid3: (s) => rxUUID3.test(s),
  uuid4: (s) => rxUUID4.test(s),
  uuid5: (s) => rxUUID5.test(s),
  isbn: (s) => isISBN(s, 10) || isISBN(s, 13),
  isbn10: (s) => isISBN(s, 10),
  isbn13: (s) => isISBN(s, 13),
  creditcard: isCreditCard,
  ssn: (s) => s.length === 11 && /^\d{3}[- ]?\d{2}[- ]?\d{4}$/.test(s),
  hexcolor: (s) => /^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(s),
  rgbcolor: (s) =>
    /^rgb\(\s*(0|[1-9]\d?|1\d\d?|2[0-4]\d|25[0-5])\s*,\s*(0|[1-9]\d?|1\d\d?|2[0-4]\d|25[0-5])\s*,\s*(0|[1-9]\d?|1\d\d?|2[0-4]\d|25[0-5])\s*\)$/.test(s),
  byte: (s) => /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$/.test(s),
  password: () => true,
  date: isDate,
  datetime: isDateTime,
  duration: isDuration,
  k8sshortname: (s) => byteLength(s) <= 63 && rxShortName.test(s),
  k8slongname: (s) => byteLength(s) <= 253 && rxLongName.test(s),
  k8sipsloppy: goParseIPSloppy,
  quantity: isQuantity,
  semver: isSemver,
};

/** apiextensions' supported CRD formats (normalized), before 1.34 compatibility. */
const SUPPORTED_BASE = [
  "bsonobjectid", "uri", "email", "hostname", "ipv4", "ipv6", "cidr", "mac", "uuid", "uuid3", "uuid4", "uuid5", "isbn", "isbn10",
  "isbn13", "creditcard", "ssn", "hexcolor", "rgbcolor", "byte", "password", "date", "duration", "datetime",
];

/** Minor from which k8s-short-name / k8s-long-name are validated in custom resources (compatibility 1.34 = n-1). */
export const K8S_NAME_FORMATS_MINOR = 35;
/** Minor from which integer/number formats are kept and range-checked. */
export const NUMERIC_FORMATS_MINOR = 36;

export function normalizeFormat(f: string): string {
  return f.replace(/-/g, "");
}

/**
 * The format a custom-resource validator keeps for a node (after StripUnsupportedFormatsPostProcessorForVersion), or "".
 */
export function keptFormat(format: string, type: string, minor: number): string {
  if (format === "") return "";
  if (type === "" || type === "string") {
    const n = normalizeFormat(format);
    if (SUPPORTED_BASE.includes(n)) return format;
    if (minor >= K8S_NAME_FORMATS_MINOR && (n === "k8sshortname" || n === "k8slongname")) return format;
    return "";
  }
  if (minor >= NUMERIC_FORMATS_MINOR) {
    if (type === "integer" && (format === "int32" || format === "int64")) return format;
    if (type === "number" && (format === "float" || format === "double")) return format;
  }
  return "";
}

/** The strfmt.Default registry's check for a format name (normalized lookup), or null when the registry lacks it. */
export function registryCheck(format: string, registry: "crd" | "default", minor: number): FormatCheck | null {
  if (format === "") return null;
  const n = normalizeFormat(format);
  if (registry === "crd") return CHECKS[n] ?? null;
  // Unstripped (defaults at CRD creation): whatever kube-openapi's registry of that release knows.
  if (SUPPORTED_BASE.includes(n)) return CHECKS[n]!;
  if ((n === "k8sshortname" || n === "k8slongname" || n === "k8sipsloppy") && minor >= 34) return CHECKS[n]!;
  if ((n === "quantity" || n === "semver") && minor >= 36) return CHECKS[n]!;
  return null;
}
