/** Warning (1.34+): a format the apiserver does not recognize for the property's type (and ignores). */
import { MemoKey } from "../../crd/memo.js";
import { forEachRawSchemaObject } from "../../crd/schema.js";
import { defineRule } from "../define-rule.js";
import { releaseHas } from "../../k8s/releases.js";
import { isRecognizedStringFormat } from "../../values/formats.js";

/**
 * GetUnrecognizedFormats: a string (or untyped) property takes the string formats, an integer int32 and int64, a
 * number float and double; any format on another type (boolean, object, array) is unrecognized.
 */
export function isRecognizedFormat(format: string, type: string, minor: number): boolean {
  if (!releaseHas(minor, "unrecognizedFormatsOfAllTypes"))
    return type !== "string" || isRecognizedStringFormat(format, minor);
  switch (type) {
    case "":
    case "string":
      return isRecognizedStringFormat(format, minor);
    case "integer":
      return format === "int32" || format === "int64";
    case "number":
      return format === "float" || format === "double";
    default:
      return false;
  }
}

const SEEN = new MemoKey<boolean>("schema-format-unrecognized");
const OLD_FORMATS = new MemoKey<ReadonlySet<string>>("schema-format-unrecognized:old");

/**
 * The formats under the roots that are unrecognized for their type at the release (OLD's, for the update ratchet:
 * WarningsOnUpdate compares getUnrecognizedFormatsInCRD of OLD and NEW by format text).
 */
function unrecognizedFormatsOf(roots: readonly unknown[], minor: number): Set<string> {
  const out = new Set<string>();
  forEachRawSchemaObject(roots, (o) => {
    if (
      typeof o.format === "string" &&
      o.format !== "" &&
      !isRecognizedFormat(o.format, typeof o.type === "string" ? o.type : "", minor)
    )
      out.add(o.format);
  });
  return out;
}

export default defineRule({
  id: "schema-format-unrecognized",
  category: "schema-values",
  severity: "warning",
  apiserver: false,
  apiserverWarning: true,
  type: null,
  update: { warns: true },
  description: "A property uses a format the apiserver does not recognize for its type; it is ignored, not validated.",
  preset: "apiserver",
  presetWhy: "The apiserver's own warning, `unrecognized format`, since Kubernetes 1.34.",
  phase: "walk",
  minMinor: 34,
  messages: {
    unrecognizedFormat: "unrecognized format {{fJson}}",
  },
  docs: {
    why:
      "Unknown formats are silently dropped before validation, so a `format` the apiserver does not know validates " +
      'nothing. Since Kubernetes 1.34 the apiserver says so with a warning, `unrecognized format "<format>"`, once ' +
      "per distinct format in the request. In 1.34 and 1.35 only `type: string` properties are checked; from 1.36 " +
      "every type is (an untyped property takes the string formats, `integer` only `int32` and `int64`, `number` " +
      "only `float` and `double`, and any format on `boolean`, `object` or `array` is unrecognized). " +
      "`k8s-short-name` and `k8s-long-name` are recognized from Kubernetes 1.35 (compatibility version 1.34).",
    fix:
      "Use a recognized format (`date-time`, `date`, `duration`, `byte`, `uri`, `email`, `hostname`, `ipv4`, `ipv6`, " +
      "`cidr`, `mac`, `uuid`...), or replace it with a `pattern` or a CEL rule that enforces what you meant.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/validation/formats.go",
    fail: "openAPIV3Schema: {type: object, properties: {a: {type: string, format: int32}}}\n",
    pass: "openAPIV3Schema: {type: object, properties: {a: {type: string, format: date-time}, b: {type: integer, format: int32}}}\n",
  },
  visitKeys: ["format"],
  visitNode(node, ctx) {
    const s = node.schema;
    const f = s.format;
    if (typeof f !== "string" || f === "" || isRecognizedFormat(f, typeof s.type === "string" ? s.type : "", ctx.minor))
      return;
    // The apiserver sends each distinct warning text once per request.
    if (ctx.memo.has(SEEN, f)) return;
    // WarningsOnUpdate is ratcheted: a format OLD already had draws no warning on update.
    if (
      ctx.update &&
      ctx.memo
        .compute(OLD_FORMATS, () =>
          unrecognizedFormatsOf(
            ctx.update!.old.schemas.map((s) => s.root),
            ctx.minor,
          ),
        )
        .has(f)
    )
      return;
    ctx.memo.set(SEEN, true, f);
    ctx.report({
      path: node.path.child("format"),
      messageId: "unrecognizedFormat",
      data: { fJson: JSON.stringify(f) },
    });
  },
});
