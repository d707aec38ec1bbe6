/**
 * The Kubernetes format library (kubernetes/apiserver pkg/cel/library/format.go): its declarations, its functions at
 * runtime, and its costs, estimated and at runtime (which upstream keeps in library/cost.go).
 */
// Upstream: kubernetes/apiserver:pkg/cel/library/format.go, pkg/cel/format.go, pkg/cel/library/cost.go
import { FORMAT_TYPE, LIST_STRING, optionalOf, STRING } from "../core/typeutil.js";
import { g, m, type OverloadDecl, type Lib } from "../core/checker/decls.js";
import { goURLParseRequestURI } from "../../k8s/url.js";
import { isDNS1035Label, isDNS1123Label, isDNS1123Subdomain, isValidLabelValue } from "../../k8s/validation.js";
import { LABEL_KEY_WORDING_MINOR, maskTrailingDash, qualifiedNameErrors } from "../../k8s/objectmeta.js";
import { ListV, OpaqueV, OptionalV, parseTimestamp } from "../core/interpreter/values.js";
import type { Impl } from "../core/interpreter/functions.js";
import { ST, RX, K8S, ONE, rfac } from "../core/cost/range.js";
import type { KubernetesLibrary } from "./library.js";

// ---------------------------------------------------------------------------------------------------------------
// declarations

/** Named formats of the Kubernetes format library (`format.<name>()`). */
export const NAMED_FORMATS = [
  "dns1123Label",
  "dns1123Subdomain",
  "dns1035Label",
  "qualifiedName",
  "dns1123LabelPrefix",
  "dns1123SubdomainPrefix",
  "dns1035LabelPrefix",
  "labelValue",
  "uri",
  "uuid",
  "byte",
  "date",
  "datetime",
] as const;

export const formatLib: Lib = {
  fns: [
    ["validate", [m("format-validate", [FORMAT_TYPE, STRING], optionalOf(LIST_STRING))]],
    ["format.named", [g("format-named", [STRING], optionalOf(FORMAT_TYPE))]],
    ...NAMED_FORMATS.map((n): [string, OverloadDecl[]] => [`format.${n}`, [g(`format.${n}`, [], FORMAT_TYPE)]]),
  ],
};

// ---------------------------------------------------------------------------------------------------------------
// runtime

const FORMAT_TYPE_NAME = "kubernetes.NamedFormat";

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
  return new OpaqueV(FORMAT_TYPE_NAME, name, (o) => o.data === name);
}

export const FORMAT_FUNCTIONS: Record<string, Impl> = {
  "format-named": ([n]) =>
    NAMED_VALIDATORS[n as string] ? new OptionalV(formatVal(n as string)) : new OptionalV(undefined),
  "format-validate": formatValidate(LABEL_KEY_WORDING_MINOR),
};

for (const n of Object.keys(NAMED_VALIDATORS)) FORMAT_FUNCTIONS[`format.${n}`] = () => formatVal(n);

/** `<format>.validate(s)` of a Kubernetes 1.`minor` server: optional.none() when valid, else the error list. */
export function formatValidate(minor: number): Impl {
  return ([f, s]) => {
    const name = (f as OpaqueV).data as string;
    const errs =
      name === "qualifiedName" ? qualifiedNameErrors(s as string, minor) : NAMED_VALIDATORS[name]!(s as string);
    return errs.length === 0 ? new OptionalV(undefined) : new OptionalV(ListV.of(errs));
  };
}

// ---------------------------------------------------------------------------------------------------------------
// cost

export const formatLibrary: KubernetesLibrary = {
  functions: FORMAT_FUNCTIONS,
  estimate(coster, fn, _ov, _target, args) {
    if (fn === "format.named") return { cost: ONE, size: null };
    if (fn === "validate" && args.length >= 1)
      return { cost: rfac(rfac(coster.libSize(args[0]!), ST), Number(K8S.MaxNameFormatRegexSize) * RX), size: null };
    return null;
  },
  estimateEquality: (name) =>
    name === "kubernetes.NamedFormat"
      ? { cost: rfac({ min: 1, max: Number(K8S.MaxFormatSize) }, ST), size: null }
      : null,
};
