/**
 * Go's net/url parsing (url.Parse / url.ParseRequestURI) as far as the apiserver's checks observe it, and the
 * webhook client-config helpers of kubernetes/apiserver built on it (URL and service reference validation).
 */
// Upstream: golang/go:src/net/url/url.go (parse, getScheme, parseAuthority, parseHost, unescape, shouldEscape)
// Upstream: kubernetes/apiserver:pkg/util/webhook/validation.go (ValidateWebhookURL, ValidateWebhookService)
import type { ErrorType } from "../diagnostics/index.js";
import { isDNS1123Subdomain } from "./validation.js";
import { releaseHas } from "./releases.js";

export interface GoUserinfo {
  username: string;
  password: string | null;
}

export interface GoURL {
  scheme: string;
  opaque: string;
  user: GoUserinfo | null;
  host: string;
  path: string;
  rawQuery: string;
  forceQuery: boolean;
  fragment: string;
}

export type GoURLResult = { ok: true; url: GoURL } | { ok: false; error: string };

/** strconv.Quote: Go's double-quoted string literal. */
export function strconvQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    switch (ch) {
      case '"':
        out += '\\"';
        continue;
      case "\\":
        out += "\\\\";
        continue;
      case "\x07":
        out += "\\a";
        continue;
      case "\b":
        out += "\\b";
        continue;
      case "\f":
        out += "\\f";
        continue;
      case "\n":
        out += "\\n";
        continue;
      case "\r":
        out += "\\r";
        continue;
      case "\t":
        out += "\\t";
        continue;
      case "\v":
        out += "\\v";
        continue;
    }
    if (c < 0x20 || c === 0x7f) out += "\\x" + c.toString(16).padStart(2, "0");
    else if (c >= 0x80 && c <= 0x9f) out += "\\u" + c.toString(16).padStart(4, "0");
    else out += ch;
  }
  return out + '"';
}

const HEX = "0123456789ABCDEF";

function isHex(c: string | undefined): boolean {
  return c !== undefined && /^[0-9a-fA-F]$/.test(c);
}

function unhex(c: string): number {
  return parseInt(c, 16);
}

type Encoding = "path" | "host" | "zone" | "userPassword" | "fragment" | "query";

/** shouldEscape for the modes the parser uses. */
function shouldEscape(c: number, mode: Encoding): boolean {
  if ((c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39)) return false;
  const ch = String.fromCharCode(c);
  if (mode === "host" || mode === "zone") {
    if ("!$&'()*+,;=:[]<>\"".includes(ch)) return false;
  }
  if ("-_.~".includes(ch)) return false;
  if ("$&+,/:;=?@".includes(ch)) {
    switch (mode) {
      case "path":
        return ch === "?";
      case "userPassword":
        return ch === "@" || ch === "/" || ch === "?" || ch === ":";
      case "query":
        return true;
      case "fragment":
        return false;
      default:
        break;
    }
  }
  if (mode === "fragment" && "!()*".includes(ch)) return false;
  return true;
}

/** Percent-decoding with Go's error texts; returns the decoded string (as UTF-8 bytes → JS string) or an error. */
function unescape(s: string, mode: Encoding): { ok: true; value: string } | { ok: false; error: string } {
  let n = 0;
  for (let i = 0; i < s.length;) {
    const c = s[i]!;
    if (c === "%") {
      n++;
      if (i + 2 >= s.length || !isHex(s[i + 1]) || !isHex(s[i + 2])) {
        let bad = s.slice(i);
        if (bad.length > 3) bad = bad.slice(0, 3);
        return { ok: false, error: "invalid URL escape " + strconvQuote(bad) };
      }
      if (mode === "host" && unhex(s[i + 1]!) < 8 && s.slice(i, i + 3) !== "%25")
        return { ok: false, error: "invalid URL escape " + strconvQuote(s.slice(i, i + 3)) };
      if (mode === "zone") {
        const v = unhex(s[i + 1]!) * 16 + unhex(s[i + 2]!);
        if (s.slice(i, i + 3) !== "%25" && v !== 0x20 && shouldEscape(v, "host"))
          return { ok: false, error: "invalid URL escape " + strconvQuote(s.slice(i, i + 3)) };
      }
      i += 3;
    } else {
      const code = c.charCodeAt(0);
      if ((mode === "host" || mode === "zone") && code < 0x80 && shouldEscape(code, mode))
        return { ok: false, error: "invalid character " + strconvQuote(c) + " in host name" };
      i++;
    }
  }
  if (n === 0) return { ok: true, value: s };
  const bytes: number[] = [];
  for (let i = 0; i < s.length;) {
    const c = s[i]!;
    if (c === "%") {
      bytes.push(unhex(s[i + 1]!) * 16 + unhex(s[i + 2]!));
      i += 3;
    } else {
      for (const b of Buffer.from(c, "utf8")) bytes.push(b);
      i++;
    }
  }
  return { ok: true, value: Buffer.from(bytes).toString("utf8") };
}

/** url.PathEscape-style escaping used by Userinfo.String (mode encodeUserPassword). */
function escape(s: string, mode: Encoding): string {
  let out = "";
  for (const b of Buffer.from(s, "utf8")) {
    if (b < 0x80 && !shouldEscape(b, mode)) out += String.fromCharCode(b);
    else out += "%" + HEX[b >> 4] + HEX[b & 15];
  }
  return out;
}

/** Userinfo.String(): what the apiserver prints as the value of the "user information" error. */
export function userinfoString(u: GoUserinfo): string {
  let s = escape(u.username, "userPassword");
  if (u.password !== null) s += ":" + escape(u.password, "userPassword");
  return s;
}

function containsCTLByte(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

function getScheme(raw: string): { ok: true; scheme: string; rest: string } | { ok: false; error: string } {
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if ((c >= "a" && c <= "z") || (c >= "A" && c <= "Z")) continue;
    if ((c >= "0" && c <= "9") || c === "+" || c === "-" || c === ".") {
      if (i === 0) return { ok: true, scheme: "", rest: raw };
      continue;
    }
    if (c === ":") {
      if (i === 0) return { ok: false, error: "missing protocol scheme" };
      return { ok: true, scheme: raw.slice(0, i), rest: raw.slice(i + 1) };
    }
    return { ok: true, scheme: "", rest: raw };
  }
  return { ok: true, scheme: "", rest: raw };
}

function validOptionalPort(port: string): boolean {
  if (port === "") return true;
  if (port[0] !== ":") return false;
  for (let i = 1; i < port.length; i++) if (port[i]! < "0" || port[i]! > "9") return false;
  return true;
}

function parseHost(host: string): { ok: true; value: string } | { ok: false; error: string } {
  if (host.startsWith("[")) {
    const i = host.lastIndexOf("]");
    if (i < 0) return { ok: false, error: "missing ']' in host" };
    const colonPort = host.slice(i + 1);
    if (!validOptionalPort(colonPort))
      return { ok: false, error: `invalid port ${strconvQuote(colonPort)} after host` };
    const zone = host.slice(0, i).indexOf("%25");
    if (zone >= 0) {
      const h1 = unescape(host.slice(0, zone), "host");
      if (!h1.ok) return h1;
      const h2 = unescape(host.slice(zone, i), "zone");
      if (!h2.ok) return h2;
      const h3 = unescape(host.slice(i), "host");
      if (!h3.ok) return h3;
      return { ok: true, value: h1.value + h2.value + h3.value };
    }
  } else {
    const i = host.lastIndexOf(":");
    if (i !== -1) {
      const colonPort = host.slice(i);
      if (!validOptionalPort(colonPort))
        return { ok: false, error: `invalid port ${strconvQuote(colonPort)} after host` };
    }
  }
  return unescape(host, "host");
}

function validUserinfo(s: string): boolean {
  for (const ch of s) {
    if ((ch >= "A" && ch <= "Z") || (ch >= "a" && ch <= "z") || (ch >= "0" && ch <= "9")) continue;
    if ("-._:~!$&'()*+,;=%@".includes(ch)) continue;
    return false;
  }
  return true;
}

function parseAuthority(
  authority: string,
): { ok: true; user: GoUserinfo | null; host: string } | { ok: false; error: string } {
  const i = authority.lastIndexOf("@");
  const h = parseHost(i < 0 ? authority : authority.slice(i + 1));
  if (!h.ok) return h;
  if (i < 0) return { ok: true, user: null, host: h.value };
  const userinfo = authority.slice(0, i);
  if (!validUserinfo(userinfo)) return { ok: false, error: "net/url: invalid userinfo" };
  const colon = userinfo.indexOf(":");
  if (colon < 0) {
    const u = unescape(userinfo, "userPassword");
    if (!u.ok) return u;
    return { ok: true, user: { username: u.value, password: null }, host: h.value };
  }
  const u = unescape(userinfo.slice(0, colon), "userPassword");
  if (!u.ok) return u;
  const p = unescape(userinfo.slice(colon + 1), "userPassword");
  if (!p.ok) return p;
  return { ok: true, user: { username: u.value, password: p.value }, host: h.value };
}

function parse(raw: string, viaRequest: boolean): GoURLResult {
  if (containsCTLByte(raw)) return { ok: false, error: "net/url: invalid control character in URL" };
  if (raw === "" && viaRequest) return { ok: false, error: "empty url" };
  const url: GoURL = {
    scheme: "",
    opaque: "",
    user: null,
    host: "",
    path: "",
    rawQuery: "",
    forceQuery: false,
    fragment: "",
  };
  if (raw === "*") {
    url.path = "*";
    return { ok: true, url };
  }
  const sch = getScheme(raw);
  if (!sch.ok) return sch;
  url.scheme = sch.scheme.toLowerCase();
  let rest = sch.rest;
  if (rest.endsWith("?") && rest.split("?").length === 2) {
    url.forceQuery = true;
    rest = rest.slice(0, -1);
  } else {
    const q = rest.indexOf("?");
    if (q >= 0) {
      url.rawQuery = rest.slice(q + 1);
      rest = rest.slice(0, q);
    }
  }
  if (!rest.startsWith("/")) {
    if (url.scheme !== "") {
      url.opaque = rest;
      return { ok: true, url };
    }
    if (viaRequest) return { ok: false, error: "invalid URI for request" };
    const slash = rest.indexOf("/");
    const segment = slash >= 0 ? rest.slice(0, slash) : rest;
    if (segment.includes(":")) return { ok: false, error: "first path segment in URL cannot contain colon" };
  }
  if ((url.scheme !== "" || (!viaRequest && !rest.startsWith("///"))) && rest.startsWith("//")) {
    let authority = rest.slice(2);
    rest = "";
    const i = authority.indexOf("/");
    if (i >= 0) {
      rest = authority.slice(i);
      authority = authority.slice(0, i);
    }
    const a = parseAuthority(authority);
    if (!a.ok) return a;
    url.user = a.user;
    url.host = a.host;
  }
  const p = unescape(rest, "path");
  if (!p.ok) return p;
  url.path = p.value;
  return { ok: true, url };
}

/** url.Parse: the error text is the whole `parse "<url>": <reason>` as Go prints it. */
export function goURLParse(raw: string): GoURLResult {
  const hash = raw.indexOf("#");
  const u = hash >= 0 ? raw.slice(0, hash) : raw;
  const frag = hash >= 0 ? raw.slice(hash + 1) : "";
  const r = parse(u, false);
  if (!r.ok) return { ok: false, error: `parse ${strconvQuote(u)}: ${r.error}` };
  if (frag === "") return r;
  const f = unescape(frag, "fragment");
  if (!f.ok) return { ok: false, error: `parse ${strconvQuote(raw)}: ${f.error}` };
  r.url.fragment = f.value;
  return r;
}

/** url.ParseRequestURI: no fragment splitting; rejects relative references. */
export function goURLParseRequestURI(raw: string): GoURLResult {
  const r = parse(raw, true);
  if (!r.ok) return { ok: false, error: `parse ${strconvQuote(raw)}: ${r.error}` };
  return r;
}

/** One field error of the webhook helpers: `sub` is the child of the helper's path (null = the path itself). */
export interface WebhookFieldError {
  sub: "name" | "namespace" | "port" | "path" | null;
  type: ErrorType;
  value?: unknown;
  message: string;
}

const URL_FORM = "; desired format: https://host[/path]";

/** ValidateWebhookURL(fldPath, url, forceHttps=true) as the CRD conversion validator calls it. */
export function validateWebhookURL(raw: string): WebhookFieldError[] {
  const errs: WebhookFieldError[] = [];
  const r = goURLParse(raw);
  if (!r.ok) {
    errs.push({ sub: null, type: "Required value", message: "url must be a valid URL: " + r.error + URL_FORM });
    return errs;
  }
  const u = r.url;
  if (u.scheme !== "https")
    errs.push({
      sub: null,
      type: "Invalid value",
      value: u.scheme,
      message: "'https' is the only allowed URL scheme" + URL_FORM,
    });
  if (u.host.length === 0)
    errs.push({ sub: null, type: "Invalid value", value: u.host, message: "host must be specified" + URL_FORM });
  if (u.user !== null)
    errs.push({
      sub: null,
      type: "Invalid value",
      value: userinfoString(u.user),
      message: "user information is not permitted in the URL",
    });
  if (u.fragment.length !== 0)
    errs.push({
      sub: null,
      type: "Invalid value",
      value: u.fragment,
      message: "fragments are not permitted in the URL",
    });
  if (u.rawQuery.length !== 0)
    errs.push({
      sub: null,
      type: "Invalid value",
      value: u.rawQuery,
      message: "query parameters are not permitted in the URL",
    });
  return errs;
}

/**
 * ValidateWebhookService(fldPath, namespace, name, path, port). The parameters are in the helper's order: the CRD
 * validator passes (service.name, service.namespace) into (namespace, name), which is why its Required errors land
 * on the other field. Callers pass the arguments the way the apiserver does.
 */
export function validateWebhookService(
  namespace: string,
  name: string,
  path: string | null,
  port: number,
  minor = Infinity,
): WebhookFieldError[] {
  const errs: WebhookFieldError[] = [];
  // Up to 1.33 the Required errors carried a detail; 1.34 dropped it.
  const old = !releaseHas(minor, "requiredWithoutDetail");
  if (name.length === 0)
    errs.push({ sub: "name", type: "Required value", message: old ? "service name is required" : "" });
  if (namespace.length === 0)
    errs.push({ sub: "namespace", type: "Required value", message: old ? "service namespace is required" : "" });
  if (!(Number.isInteger(port) && port >= 1 && port <= 65535))
    errs.push({
      sub: "port",
      type: "Invalid value",
      value: port,
      message: "port is not valid: must be between 1 and 65535, inclusive",
    });
  if (path === null) return errs;
  if (path === "/" || path.length === 0) return errs;
  if (path === "//") {
    errs.push({ sub: "path", type: "Invalid value", value: path, message: "segment[0] may not be empty" });
    return errs;
  }
  if (!path.startsWith("/"))
    errs.push({ sub: "path", type: "Invalid value", value: path, message: "must start with a '/'" });
  let toCheck = path.slice(1);
  if (toCheck.endsWith("/")) toCheck = toCheck.slice(0, -1);
  toCheck.split("/").forEach((step, i) => {
    if (step.length === 0) {
      errs.push({ sub: "path", type: "Invalid value", value: path, message: `segment[${i}] may not be empty` });
      return;
    }
    for (const failure of isDNS1123Subdomain(step))
      errs.push({ sub: "path", type: "Invalid value", value: path, message: `segment[${i}]: ${failure}` });
  });
  return errs;
}
