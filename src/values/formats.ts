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
 *
 * The parsers are in formats/*.ts; this module is the registries.
 */
// Upstream: kubernetes/apiextensions-apiserver:pkg/apiserver/validation/formats.go (supported formats, stripping)
// Upstream: kubernetes/kube-openapi:pkg/validation/strfmt/{default,duration,kubernetes-extensions,quantity,semver,bson}.go, time.go/date.go
// Upstream: golang/go:src/net/ip.go (ParseIP, and the pre-1.17 parser k8s.io/utils/net keeps as ParseIPSloppy), src/net/mac.go,
//           src/net/mail/message.go (ParseAddress), src/time/format.go (Parse "2006-01-02"), src/time/format.go (ParseDuration)
import { goURLParseRequestURI } from "../k8s/url.js";
import { byteLength } from "../k8s/go.js";
import { goParseIP, goParseIPSloppy, goParseCIDRSloppy, goParseMAC } from "./formats/ip.js";
import { isEmail } from "./formats/mail.js";
import { isDate, isDateTime, isDuration } from "./formats/time.js";
import { isISBN, isCreditCard } from "./formats/govalidator.js";
import { isQuantity } from "./formats/quantity.js";
import { isSemver } from "./formats/semver.js";
import { releaseHas, type Release } from "../k8s/releases.js";

export type FormatCheck = (s: string) => boolean;

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
    /^rgb\(\s*(0|[1-9]\d?|1\d\d?|2[0-4]\d|25[0-5])\s*,\s*(0|[1-9]\d?|1\d\d?|2[0-4]\d|25[0-5])\s*,\s*(0|[1-9]\d?|1\d\d?|2[0-4]\d|25[0-5])\s*\)$/.test(
      s,
    ),
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
  "bsonobjectid",
  "uri",
  "email",
  "hostname",
  "ipv4",
  "ipv6",
  "cidr",
  "mac",
  "uuid",
  "uuid3",
  "uuid4",
  "uuid5",
  "isbn",
  "isbn10",
  "isbn13",
  "creditcard",
  "ssn",
  "hexcolor",
  "rgbcolor",
  "byte",
  "password",
  "date",
  "duration",
  "datetime",
];

function normalizeFormat(f: string): string {
  return f.replace(/-/g, "");
}

/**
 * Whether the apiserver of 1.<minor> recognizes a string format (supportedVersionedFormats, normalized like go-openapi):
 * a custom resource's value is checked against it, and a CRD that names another gets schema-format-unrecognized.
 */
export function isRecognizedStringFormat(format: string, minor: Release): boolean {
  const n = normalizeFormat(format);
  return (
    SUPPORTED_BASE.includes(n) || ((n === "k8sshortname" || n === "k8slongname") && releaseHas(minor, "k8sNameFormats"))
  );
}

/**
 * The format a custom-resource validator keeps for a node (after StripUnsupportedFormatsPostProcessorForVersion), or "".
 */
export function keptFormat(format: string, type: string, minor: Release): string {
  if (format === "") return "";
  if (type === "" || type === "string") return isRecognizedStringFormat(format, minor) ? format : "";
  if (releaseHas(minor, "numericFormats")) {
    if (type === "integer" && (format === "int32" || format === "int64")) return format;
    if (type === "number" && (format === "float" || format === "double")) return format;
  }
  return "";
}

/** The strfmt.Default registry's check for a format name (normalized lookup), or null when the registry lacks it. */
export function registryCheck(format: string, registry: "crd" | "default", minor: Release): FormatCheck | null {
  if (format === "") return null;
  const n = normalizeFormat(format);
  if (registry === "crd") return CHECKS[n] ?? null;
  // Unstripped (defaults at CRD creation): whatever kube-openapi's registry of that release knows.
  if (SUPPORTED_BASE.includes(n)) return CHECKS[n]!;
  if ((n === "k8sshortname" || n === "k8slongname" || n === "k8sipsloppy") && releaseHas(minor, "registryK8sFormats"))
    return CHECKS[n]!;
  if ((n === "quantity" || n === "semver") && releaseHas(minor, "registryQuantitySemverFormats")) return CHECKS[n]!;
  return null;
}
