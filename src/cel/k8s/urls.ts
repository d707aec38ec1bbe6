/**
 * The Kubernetes URLs library (kubernetes/apiserver pkg/cel/library/urls.go): its declarations, its functions at
 * runtime, and its costs, estimated and at runtime (which upstream keeps in library/cost.go).
 */
// Upstream: kubernetes/apiserver:pkg/cel/library/urls.go, pkg/cel/url.go, pkg/cel/library/cost.go
import { BOOL, LIST_STRING, mapOf, STRING, URL_TYPE } from "../core/typeutil.js";
import { g, m, type Lib } from "../core/checker/decls.js";
import { goURLParse, goURLParseRequestURI, type GoURL } from "../../k8s/url.js";
import { CelErr, ListV, MapV, OpaqueV, actualSize, type Result, type Val } from "../core/interpreter/values.js";
import { STRING_TRAVERSAL, type Impl } from "../core/interpreter/functions.js";
import { ST, ONE, rfac, rmul, runion, type R } from "../core/cost/range.js";
import type { KubernetesLibrary } from "./library.js";

// ---------------------------------------------------------------------------------------------------------------
// declarations

export const urlsLib: Lib = {
  fns: [
    ["url", [g("string_to_url", [STRING], URL_TYPE)]],
    ["getScheme", [m("url_get_scheme", [URL_TYPE], STRING)]],
    ["getHost", [m("url_get_host", [URL_TYPE], STRING)]],
    ["getHostname", [m("url_get_hostname", [URL_TYPE], STRING)]],
    ["getPort", [m("url_get_port", [URL_TYPE], STRING)]],
    ["getEscapedPath", [m("url_get_escaped_path", [URL_TYPE], STRING)]],
    ["getQuery", [m("url_get_query", [URL_TYPE], mapOf(STRING, LIST_STRING))]],
    ["isURL", [g("is_url_string", [STRING], BOOL)]],
  ],
};

// ---------------------------------------------------------------------------------------------------------------
// runtime

const URL_TYPE_NAME = "kubernetes.URL";

function urlVal(u: GoURL, raw: string): OpaqueV {
  return new OpaqueV(
    URL_TYPE_NAME,
    u,
    (o) => (o.data as { raw?: string }) === (u as unknown) || JSON.stringify(o.data) === JSON.stringify(u),
    raw.length,
  );
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

export const URLS_FUNCTIONS: Record<string, Impl> = {
  string_to_url: ([s]) => parseUrl(s as string),
  is_url_string: ([s]) => goURLParseRequestURI(s as string).ok,
  url_get_scheme: ([u]) => ((u as OpaqueV).data as GoURL).scheme,
  url_get_host: ([u]) => ((u as OpaqueV).data as GoURL).host,
  url_get_hostname: ([u]) => hostname(((u as OpaqueV).data as GoURL).host),
  url_get_port: ([u]) => port(((u as OpaqueV).data as GoURL).host),
  url_get_escaped_path: ([u]) => escapedPath((u as OpaqueV).data as GoURL),
  url_get_query: ([u]) => query((u as OpaqueV).data as GoURL),
};

// ---------------------------------------------------------------------------------------------------------------
// cost

const URL_ESCAPE_FACTOR: R = { min: 1, max: 3 };
const COST_ONE = new Set(["getScheme", "getHostname", "getHost", "getPort", "getEscapedPath", "getQuery"]);

export const urlsLibrary: KubernetesLibrary = {
  functions: URLS_FUNCTIONS,
  estimate(coster, fn, _ov, target, args) {
    if (COST_ONE.has(fn)) {
      // Since kubernetes/kubernetes#141984 an accessor's result is no larger than its URL, so that a string function
      // on it (matches) is priced from the URL's size rather than from an unbounded string; getEscapedPath may
      // percent-encode every byte (%XX), three times the size.
      if (target === null) return { cost: ONE, size: null };
      coster.releaseChange("url-accessor-sizes");
      if (!coster.f.urlAccessorSizes) return { cost: ONE, size: null };
      const size = coster.libSize(target);
      return { cost: ONE, size: fn === "getEscapedPath" ? rmul(size, URL_ESCAPE_FACTOR) : size };
    }
    if (fn === "url" && args.length === 1) {
      const s = coster.libSize(args[0]!);
      return { cost: rfac(s, ST), size: s };
    }
    return null;
  },
  estimateEquality(name, _lhs, rhs) {
    if (name !== "kubernetes.URL") return null;
    // upstream reads the right operand's size twice
    let size: R = ONE;
    if (rhs.size) size = runion(rhs.size, rhs.size);
    return { cost: rfac({ min: 1, max: size.max }, ST), size: null };
  },
  callCost(fn, _id, args) {
    if (fn === "url" && args.length >= 1) return Math.ceil(actualSize(args[0]!) * STRING_TRAVERSAL);
    return undefined;
  },
};
