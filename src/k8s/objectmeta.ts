/**
 * apimachinery's generic ObjectMeta validation on create (labels, annotations, finalizers, owner references) and
 * the name helpers the CRD validator plugs into it (NameIsDNSSubdomain with generateName masking).
 */
// Upstream: kubernetes/apimachinery:pkg/api/validation/objectmeta.go (ValidateObjectMetaAccessor, ValidateAnnotations, ValidateFinalizers, ValidateOwnerReferences)
// Upstream: kubernetes/apimachinery:pkg/apis/meta/v1/validation/validation.go (ValidateLabels)
// Upstream: kubernetes/apimachinery:pkg/api/validate/content/kube.go (IsLabelKey, formerly IsQualifiedName)
import type { ErrorType } from "../diagnostics/index.js";
import { goQuote, isDNS1123Subdomain, isValidLabelValue, RenderedValue } from "./validation.js";
import { GoStruct, goJson, isPlainObject } from "./go.js";
import { RELEASE_BEHAVIOURS, releaseHas, type Release } from "./releases.js";

/** TotalAnnotationSizeLimitB: 256 KiB for keys plus values. */
export const TOTAL_ANNOTATION_SIZE_LIMIT = 256 * 1024;

/** SimpleNameGenerator: the base of generateName is cut to 63 - 5 characters, then 5 random characters are added. */
export const MAX_GENERATED_NAME_BASE = 58;
/** A stand-in for the 5 random characters (from the generator's alphabet, so DNS checks behave the same). */
export const GENERATED_SUFFIX_PLACEHOLDER = "xxxxx";

const QUALIFIED_NAME_FMT = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
const QUALIFIED_NAME_RE = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const QUALIFIED_NAME_ERR =
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const QUALIFIED_NAME_EXAMPLES =
  "(e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '" + QUALIFIED_NAME_FMT + "')";

/**
 * The release whose wording CEL's library functions (src/cel) give qualified-name errors: the first that says "a valid
 * label key" (RELEASE_BEHAVIOURS.validLabelKeyWording); the CEL library is the same code at every release.
 */
export const LABEL_KEY_WORDING_MINOR = RELEASE_BEHAVIOURS.validLabelKeyWording.since;

/**
 * IsQualifiedName / IsLabelKey: `[prefix/]name`. Unlike a shortcut, an empty name part yields both the "must be
 * non-empty" and the format message (the regex does not match the empty string), as upstream does.
 */
export function qualifiedNameErrors(value: string, minor: Release): string[] {
  const errs: string[] = [];
  const parts = value.split("/");
  let name: string;
  if (parts.length === 1) name = parts[0]!;
  else if (parts.length === 2) {
    const prefix = parts[0]!;
    name = parts[1]!;
    if (prefix.length === 0) errs.push("prefix part must be non-empty");
    else for (const m of isDNS1123Subdomain(prefix)) errs.push("prefix part " + m);
  } else {
    const what = releaseHas(minor, "validLabelKeyWording") ? "a valid label key " : "a qualified name ";
    errs.push(
      what +
        QUALIFIED_NAME_ERR +
        " " +
        QUALIFIED_NAME_EXAMPLES +
        " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
    );
    return errs;
  }
  if (name.length === 0) errs.push("name part must be non-empty");
  else if (name.length > 63)
    errs.push(`name part must be no more than 63 ${releaseHas(minor, "messageWordsBytes") ? "bytes" : "characters"}`);
  if (!QUALIFIED_NAME_RE.test(name)) errs.push("name part " + QUALIFIED_NAME_ERR + " " + QUALIFIED_NAME_EXAMPLES);
  return errs;
}

/** maskTrailingDash: with a prefix, a trailing '-' (length > 1) is replaced, dropping the last two characters. */
export function maskTrailingDash(name: string): string {
  if (name.length > 1 && name.endsWith("-")) return name.slice(0, -2) + "a";
  return name;
}

/** NameIsDNSSubdomain(name, prefix): separate messages. */
export function nameIsDNSSubdomain(name: string, prefix: boolean): string[] {
  return isDNS1123Subdomain(prefix ? maskTrailingDash(name) : name);
}

/** The name the apiserver generates from generateName, with a placeholder for the random part. */
export function generatedName(generateName: string): string {
  const base =
    generateName.length > MAX_GENERATED_NAME_BASE ? generateName.slice(0, MAX_GENERATED_NAME_BASE) : generateName;
  return base + GENERATED_SUFFIX_PLACEHOLDER;
}

/** One ObjectMeta error: `field` is the metadata child (labels, annotations, finalizers, ownerReferences), `index` an ownerReferences entry. */
export interface MetaFieldError {
  field: "labels" | "annotations" | "finalizers" | "ownerReferences";
  /** The ownerReferences entry the error is about, where the release's path names it. */
  index?: number;
  /** Sub-path below the field (and the entry): ownerReferences: ["apiVersion"] etc. */
  sub?: string[];
  type: ErrorType;
  value?: unknown;
  message: string;
}

/** TooLong's detail: reworded in Kubernetes 1.32 (field.TooLong clean-up). */
export function tooLongBytesMessage(limit: number, minor: Release): string {
  return releaseHas(minor, "tooLongReworded")
    ? `may not be more than ${limit} bytes`
    : `must have at most ${limit} bytes`;
}

/**
 * The generic ObjectMeta checks after the name: labels, annotations, owner references, finalizers (in upstream
 * order). Values of the wrong JSON type are skipped: the request would not decode (the decoding rules say so).
 */
export function validateGenericObjectMeta(metadata: Record<string, unknown>, minor: Release): MetaFieldError[] {
  const errs: MetaFieldError[] = [];
  const labels = metadata.labels;
  if (isPlainObject(labels)) {
    for (const [k, v] of Object.entries(labels)) {
      for (const m of qualifiedNameErrors(k, minor))
        errs.push({ field: "labels", type: "Invalid value", value: k, message: m });
      if (typeof v === "string")
        for (const m of isValidLabelValue(v, minor))
          errs.push({ field: "labels", type: "Invalid value", value: v, message: m });
    }
  }
  const annotations = metadata.annotations;
  if (isPlainObject(annotations)) {
    let total = 0;
    for (const [k, v] of Object.entries(annotations)) {
      for (const m of qualifiedNameErrors(k.toLowerCase(), minor))
        errs.push({ field: "annotations", type: "Invalid value", value: k, message: m });
      total += Buffer.byteLength(k, "utf8") + (typeof v === "string" ? Buffer.byteLength(v, "utf8") : 0);
    }
    if (total > TOTAL_ANNOTATION_SIZE_LIMIT)
      errs.push({
        field: "annotations",
        type: "Too long",
        message: tooLongBytesMessage(TOTAL_ANNOTATION_SIZE_LIMIT, minor),
      });
  }
  const owners = metadata.ownerReferences;
  // From 1.34 an owner reference prints as json.Marshal of metav1.OwnerReference: its fields in declaration order,
  // controller and blockOwnerDeletion only when set (omitempty pointers). Before, %#v with pointer addresses.
  // Asked only where a value prints (the release is asked only when it matters).
  const rendered = (): boolean => releaseHas(minor, "fieldValueRendered");
  const ownerStruct = (ref: Record<string, unknown>): GoStruct => {
    const str = (k: string): string => (typeof ref[k] === "string" ? (ref[k] as string) : "");
    const fields: [string, unknown][] = [
      ["apiVersion", str("apiVersion")],
      ["kind", str("kind")],
      ["name", str("name")],
      ["uid", str("uid")],
    ];
    for (const k of ["controller", "blockOwnerDeletion"]) if (typeof ref[k] === "boolean") fields.push([k, ref[k]]);
    return new GoStruct(fields);
  };
  // Up to 1.33 %#v of the struct: a set pointer prints as its address, which cannot be reproduced (it is written
  // with the value it points to instead).
  const ownerGoSyntax = (ref: Record<string, unknown>): string => {
    const str = (k: string): string => goQuote(typeof ref[k] === "string" ? (ref[k] as string) : "");
    const ptr = (k: string): string => (typeof ref[k] === "boolean" ? `(*bool)(${String(ref[k])})` : "(*bool)(nil)");
    return `v1.OwnerReference{APIVersion:${str("apiVersion")}, Kind:${str("kind")}, Name:${str("name")}, UID:${str("uid")}, Controller:${ptr("controller")}, BlockOwnerDeletion:${ptr("blockOwnerDeletion")}}`;
  };
  if (Array.isArray(owners)) {
    let firstController = "";
    const indexed = releaseHas(minor, "ownerReferenceIndexed");
    const emptyDetail = (what: string): string =>
      releaseHas(minor, "ownerReferenceEmptyReworded") ? "must not be empty" : `${what} must not be empty`;
    for (const [i, ref] of owners.entries()) {
      if (!isPlainObject(ref)) continue;
      const at = indexed ? { index: i } : {};
      const apiVersion = typeof ref.apiVersion === "string" ? ref.apiVersion : "";
      const kind = typeof ref.kind === "string" ? ref.kind : "";
      const name = typeof ref.name === "string" ? ref.name : "";
      const uid = typeof ref.uid === "string" ? ref.uid : "";
      // schema.ParseGroupVersion: "" and "/" are the empty group/version; more than one '/' does not parse.
      const slash = apiVersion === "/" ? ["", ""] : apiVersion.split("/");
      const parses = slash.length <= 2;
      const version = !parses ? "" : slash.length === 1 ? slash[0]! : slash[1]!;
      const group = slash.length === 2 ? slash[0]! : "";
      const empty = (field: string, value: string): void => {
        if (indexed)
          errs.push({
            field: "ownerReferences",
            ...at,
            sub: [field],
            type: "Required value",
            message: "must not be empty",
          });
        else
          errs.push({
            field: "ownerReferences",
            sub: [field],
            type: "Invalid value",
            value,
            message: field === "apiVersion" ? "version must not be empty" : emptyDetail(field),
          });
      };
      if (indexed && apiVersion.length === 0) empty("apiVersion", apiVersion);
      else if (indexed && version.length === 0)
        errs.push({
          field: "ownerReferences",
          ...at,
          sub: ["apiVersion"],
          type: "Invalid value",
          value: apiVersion,
          message: "must be <group>/<version> or <version>",
        });
      else if (!indexed && version.length === 0) empty("apiVersion", apiVersion);
      if (kind.length === 0) empty("kind", kind);
      if (name.length === 0) empty("name", name);
      if (uid.length === 0) empty("uid", uid);
      if (group === "" && version === "v1" && kind === "Event")
        errs.push({
          field: "ownerReferences",
          ...at,
          type: "Invalid value",
          value: new RenderedValue(rendered() ? goJson(ownerStruct(ref)) : ownerGoSyntax(ref)),
          message: "/v1, Kind=Event is disallowed from being an owner",
        });
      if (ref.controller === true) {
        const cur = kind + "/" + name;
        if (firstController !== "")
          errs.push({
            field: "ownerReferences",
            type: "Invalid value",
            value: new RenderedValue(
              rendered()
                ? goJson(owners.filter(isPlainObject).map(ownerStruct))
                : `[]v1.OwnerReference{${owners.filter(isPlainObject).map(ownerGoSyntax).join(", ")}}`,
            ),
            message: `Only one reference can have Controller set to true. Found "true" in references for ${firstController} and ${cur}`,
          });
        else firstController = cur;
      }
    }
  }
  const finalizers = metadata.finalizers;
  if (Array.isArray(finalizers)) {
    let orphan = false;
    let foreground = false;
    for (const f of finalizers) {
      if (typeof f !== "string") continue;
      for (const m of qualifiedNameErrors(f, minor))
        errs.push({ field: "finalizers", type: "Invalid value", value: f, message: m });
      if (f === "orphan") orphan = true;
      if (f === "foregroundDeletion") foreground = true;
    }
    if (orphan && foreground)
      errs.push({
        field: "finalizers",
        type: "Invalid value",
        // Up to 1.33 the value is %#v of the []string (not of the decoded []interface {}).
        value: rendered()
          ? finalizers
          : new RenderedValue(
              `[]string{${finalizers
                .filter((f): f is string => typeof f === "string")
                .map(goQuote)
                .join(", ")}}`,
            ),
        message: "finalizer orphan and foregroundDeletion cannot be both set",
      });
  }
  return errs;
}

/**
 * A string field as the apiserver sees it after decoding: absent or null → "" (Go's zero value); a value of another
 * JSON type → null (the request would not decode; callers skip the check and leave it to the decoding rules).
 */
export function stringField(obj: unknown, key: string): string | null {
  if (!isPlainObject(obj)) return "";
  const v = obj[key];
  if (v === undefined || v === null) return "";
  return typeof v === "string" ? v : null;
}

/**
 * A []string field: absent/null → []; wrong types → null; non-string entries are dropped (they fail decoding), but a
 * null entry decodes to "" (JSON null leaves a Go string at its zero value), which the apiserver then validates.
 */
export function stringListField(obj: unknown, key: string): { index: number; value: string }[] | null {
  if (!isPlainObject(obj)) return [];
  const v = obj[key];
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) return null;
  const out: { index: number; value: string }[] = [];
  v.forEach((item, index) => {
    if (typeof item === "string") out.push({ index, value: item });
    else if (item === null) out.push({ index, value: "" });
  });
  return out;
}

/** spec.names after v1 defaulting (singular ← lowercase(kind), listKind ← kind + "List"); null fields had a wrong type. */
export interface CrdNames {
  plural: string | null;
  singular: string | null;
  kind: string | null;
  listKind: string | null;
  singularDefaulted: boolean;
  listKindDefaulted: boolean;
  shortNames: { index: number; value: string }[] | null;
  categories: { index: number; value: string }[] | null;
}

export function crdNames(spec: Record<string, unknown>): CrdNames {
  const names = isPlainObject(spec.names) ? spec.names : {};
  const plural = stringField(names, "plural");
  const kind = stringField(names, "kind");
  let singular = stringField(names, "singular");
  let listKind = stringField(names, "listKind");
  let singularDefaulted = false;
  let listKindDefaulted = false;
  if (singular === "" && kind === null) singular = null;
  if (listKind === "" && kind === null) listKind = null;
  if (singular === "" && kind !== null) {
    singular = kind.toLowerCase();
    singularDefaulted = true;
  }
  if (listKind === "" && kind !== null && kind.length > 0) {
    listKind = kind + "List";
    listKindDefaulted = true;
  }
  return {
    plural,
    singular,
    kind,
    listKind,
    singularDefaulted,
    listKindDefaulted,
    shortNames: stringListField(names, "shortNames"),
    categories: stringListField(names, "categories"),
  };
}
