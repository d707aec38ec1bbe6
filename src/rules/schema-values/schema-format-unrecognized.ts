/** Warning (1.34+): a string format the apiserver does not recognize (and ignores). */
import { MemoKey } from "../../crd/memo.js";
import { defineRule } from "../define-rule.js";

/** Formats of kube-openapi's registry the apiserver validates, normalized (dashes removed) like go-openapi does. */
const BASE_FORMATS: ReadonlySet<string> = new Set([
  "bsonobjectid", "uri", "email", "hostname", "ipv4", "ipv6", "cidr", "mac", "uuid", "uuid3", "uuid4", "uuid5",
  "isbn", "isbn10", "isbn13", "creditcard", "ssn", "hexcolor", "rgbcolor", "byte", "password", "date", "duration",
  "datetime",
]);
/** Introduced at compatibility version 1.34; the apiserver's compatibility version is its minor - 1. */
const K8S_NAME_FORMATS: ReadonlySet<string> = new Set(["k8sshortname", "k8slongname"]);

export function isRecognizedStringFormat(format: string, minor: number): boolean {
  const normalized = format.replaceAll("-", "");
  return BASE_FORMATS.has(normalized) || (minor - 1 >= 34 && K8S_NAME_FORMATS.has(normalized));
}

const SEEN = new MemoKey<boolean>("schema-format-unrecognized");
const OLD_FORMATS = new MemoKey<ReadonlySet<string>>("schema-format-unrecognized:old");

/** Every format of a `type: string` schema under the roots (OLD's, for the update ratchet). */
function stringFormatsOf(roots: readonly unknown[]): Set<string> {
  const out = new Set<string>();
  const visit = (v: unknown, depth: number): void => {
    if (depth > 500 || v === null || typeof v !== "object") return;
    if (Array.isArray(v)) {
      for (const x of v) visit(x, depth + 1);
      return;
    }
    const o = v as Record<string, unknown>;
    if (o.type === "string" && typeof o.format === "string") out.add(o.format);
    for (const [k, x] of Object.entries(o)) if (k !== "default" && k !== "enum" && k !== "example") visit(x, depth + 1);
  };
  for (const r of roots) visit(r, 0);
  return out;
}

export default defineRule({
  id: "schema-format-unrecognized",
  category: "schema-values",
  severity: "warning",
  apiserver: false,
  type: null,
  description: "A string property uses a format the apiserver does not recognize; it is ignored, not validated.",
  phase: "walk",
  minMinor: 34,
  messages: {
    unrecognizedFormat: "unrecognized format {{fJson}}",
  },
  docs: {
    why: "Unknown formats are silently dropped before validation, so a `format` the apiserver does not know validates nothing. Since Kubernetes 1.34 the apiserver says so with a warning, `unrecognized format \"<format>\"`, once per distinct format in the request. Since the 1.34 regression fix (1.34.1) only `type: string` properties are checked. `k8s-short-name` and `k8s-long-name` are recognized from Kubernetes 1.35 (compatibility version 1.34). Integer and number formats are the business of `lint-format-on-non-string`.",
    fix: "Use a recognized format (`date-time`, `date`, `duration`, `byte`, `uri`, `email`, `hostname`, `ipv4`, `ipv6`, `cidr`, `mac`, `uuid`...), or replace it with a `pattern` or a CEL rule that enforces what you meant.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/validation/formats.go",
    fail: "openAPIV3Schema: {type: object, properties: {a: {type: string, format: int32}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {a: {type: string, format: date-time}, b: {type: integer, format: int32}}}\n",
  },
  visitNode(node, ctx) {
    const s = node.schema;
    const f = s.format;
    if (typeof f !== "string" || f === "" || s.type !== "string" || isRecognizedStringFormat(f, ctx.minor)) return;
    // The apiserver sends each distinct warning text once per request.
    if (ctx.memo.has(SEEN, f)) return;
    // WarningsOnUpdate is ratcheted: a format OLD already had draws no warning on update.
    if (ctx.update && ctx.memo.compute(OLD_FORMATS, () => stringFormatsOf(ctx.update!.old.schemas.map((s) => s.root))).has(f)) return;
    ctx.memo.set(SEEN, true, f);
    ctx.report({ path: node.path.child("format"), messageId: "unrecognizedFormat", data: { fJson: JSON.stringify(f) } });
  },
});
