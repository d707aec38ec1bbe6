/** The apiserver's strict decoding of a v1 CRD: unknown fields and wrong JSON types, checked by an ajv-compiled JSON Schema. */
// Upstream: kubernetes/apimachinery:pkg/runtime/serializer/json/json.go (strict decoding with sigs.k8s.io/json),
//           sigs.k8s.io/json (UnmarshalStrict: `unknown field "a.b[0].c"`), Go encoding/json (UnmarshalTypeError text),
//           kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/v1/marshal.go (the non-strict OrBool/OrArray wrappers).
//
// The request body is decoded before anything else: a wrong JSON type fails the whole request
// (`CustomResourceDefinition in version "v1" cannot be handled as a CustomResourceDefinition: json: cannot unmarshal …`),
// and under strict field validation (kubectl's default) every unknown field fails it too
// (`… strict decoding error: unknown field "spec.verisons", unknown field "…"`). Decoding works on the v1 object as
// written, so paths are written paths (no hoisting).
//
// Divergence: the apiserver stops at the first fatal type error and only lists unknown fields when there is none;
// crdlint reports every problem at once.
import { FieldPath, type PathSegment } from "../k8s/path.js";
import { goQuote } from "../k8s/validation.js";
import { inReleaseRange, NEWEST_KUBERNETES_MINOR } from "../k8s/releases.js";
import { isObject as isPlainObject } from "./model.js";
import {
  crdV1JsonSchema,
  CUSTOM_RESOURCE_DEFINITION,
  JSON_SCHEMA_PROPS,
  fieldApplies,
  goTypeName,
  releaseBoundFieldsOf,
  schemaBandStart,
  type GoField,
  type GoType,
} from "./crd-v1.schema.js";
import { base64ErrorOffset, rfc3339Error } from "./go-formats.js";
import { quickDecodeCheck } from "./quick-decode.js";

export type DecodeIssueKind = "unknown-field" | "type-mismatch" | "dropped-field";

export interface DecodeIssue {
  /** The field as the apiserver's field.Path renders it (map keys in brackets): `spec.versions[0].schema.openAPIV3Schema.properties[spec].x-kubernetes-validation`. */
  path: FieldPath;
  /**
   * `unknown-field`: rejected under strict field validation; `type-mismatch`: the request cannot be decoded at all;
   * `dropped-field`: an unknown field below items/additionalProperties/additionalItems/dependencies, which the
   * apiserver decodes without strict checks and silently drops.
   */
  kind: DecodeIssueKind;
  /** The decoder's text: `unknown field "spec.verisons"` (sigs.k8s.io/json path notation) or Go's `json: cannot unmarshal …`. */
  message: string;
  /** The offending JSON value (type mismatches). */
  value?: unknown;
  /** A likely intended field name (`versions` for `verisons`). */
  suggestion?: string;
  /** Extra explanation (a field newer than the target Kubernetes version). */
  detail?: string;
}

export interface Decoder {
  /** The Kubernetes minor whose decoder this is. */
  readonly minor: number;
  /** Problems Kubernetes 1.<minor>'s decoder finds in the CRD object. */
  decode(crd: unknown): DecodeIssue[];
}

/** What crdlint reads of an ajv error (the generated validators report ajv's ErrorObject). */
export interface ValidationError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

interface GeneratedValidator {
  (data: unknown): boolean;
  errors?: ValidationError[] | null;
}

/**
 * The decoder of Kubernetes 1.<minor>. Its validator was compiled from crdV1JsonSchema by ajv at build time
 * (scripts/gen-decoders.mjs writes dist/crd/decoders/, one module per schema band), so a run neither loads ajv
 * nor compiles a schema: compiling took about 40 ms of every cold start.
 */
export async function createDecoder(
  minor: number = NEWEST_KUBERNETES_MINOR,
  shared?: DecodedVerdicts,
): Promise<Decoder> {
  const band = schemaBandStart(minor);
  const { validate } = (await import(`./decoders/v1-${band}.js`)) as { validate: GeneratedValidator };
  // The validator's own schema: an object this finds clean is one the validator finds clean (src/crd/quick-decode.ts).
  const clean = quickDecodeCheck(crdV1JsonSchema(band));
  const verdict = (crd: unknown): readonly ValidationError[] | null =>
    clean(crd) ? null : validate(crd) ? null : [...(validate.errors ?? [])];
  return {
    minor,
    decode(crd: unknown): DecodeIssue[] {
      let errors: readonly ValidationError[] | null | undefined;
      if (shared && typeof crd === "object" && crd !== null) {
        // Bands differ only in the fields a release adds or drops: releases that agree on those the object sets
        // decode it alike, so a run over several releases decodes most CRDs once.
        let kept = shared.get(crd);
        if (!kept) shared.set(crd, (kept = { fields: releaseBoundFieldsOf(crd), verdicts: new Map() }));
        const key = kept.fields.map((f) => (fieldApplies(f, minor) ? "1" : "0")).join("");
        errors = kept.verdicts.get(key);
        if (errors === undefined) kept.verdicts.set(key, (errors = verdict(crd)));
      } else errors = verdict(crd);
      // The texts name the release (a field newer than it): they are made per release, the verdict is shared.
      return errors === null ? [] : mapErrors(crd, errors, minor);
    },
  };
}

/**
 * The decoders' verdicts on CRD objects, shared by the releases of a run: per object, the release-bound fields it sets
 * and a verdict per combination of those fields' presence (null where the object decodes, else the validator's errors).
 */
export type DecodedVerdicts = WeakMap<
  object,
  { fields: readonly GoField[]; verdicts: Map<string, readonly ValidationError[] | null> }
>;

// ---------------------------------------------------------------------------------------------------------------
// ajv error → path, kind and the Go decoder's text

interface Located {
  segments: PathSegment[];
  /** The Go type at the location (after resolving the OrX wrappers when the value is a schema). */
  type: GoType;
  /** The wrapper type when the location is an OrX field whose value is not a schema. */
  wrapper: GoType | null;
  value: unknown;
  /** errorContext of Go's decoder: the struct owning the last field, and the struct field names from the root. */
  structName: string | null;
  fieldStack: string[];
  /** Under a non-strict OrX wrapper; laxContext is the errorContext at the outermost wrapper (what the apiserver prints). */
  lax: boolean;
  laxContext: { structName: string | null; fieldStack: string[] } | null;
}

const PROPS_SLICE: GoType = { kind: "slice", elem: { kind: "props" }, go: "[]v1.JSONSchemaProps" };
const STRING_SLICE: GoType = { kind: "slice", elem: { kind: "string", go: "string" } };
const UINT8: GoType = { kind: "int", go: "uint8" };

function decodePointer(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** Steps through the OrX wrappers (which consume no path token) and `props` references. */
function resolve(loc: Located): void {
  for (;;) {
    const t = loc.type;
    if (t.kind === "props") {
      loc.type = JSON_SCHEMA_PROPS;
      continue;
    }
    if (t.kind !== "propsOrBool" && t.kind !== "propsOrArray" && t.kind !== "propsOrStringArray") return;
    const v = loc.value;
    let next: GoType | null = null;
    if (isPlainObject(v)) next = JSON_SCHEMA_PROPS;
    else if (Array.isArray(v) && t.kind === "propsOrArray") next = PROPS_SLICE;
    else if (Array.isArray(v) && t.kind === "propsOrStringArray") next = STRING_SLICE;
    if (!next) {
      loc.wrapper = t;
      return;
    }
    if (!loc.lax) {
      loc.lax = true;
      loc.laxContext = { structName: loc.structName, fieldStack: [...loc.fieldStack] };
    }
    loc.type = next;
  }
}

function locate(root: unknown, pointer: string): Located | null {
  const loc: Located = {
    segments: [],
    type: CUSTOM_RESOURCE_DEFINITION,
    wrapper: null,
    value: root,
    structName: null,
    fieldStack: [],
    lax: false,
    laxContext: null,
  };
  for (const token of decodePointer(pointer)) {
    resolve(loc);
    const t = loc.type;
    const v = loc.value;
    if (t.kind === "struct" && isPlainObject(v)) {
      const field = t.fields[token];
      if (!field) return null;
      loc.segments.push({ kind: "field", name: token });
      loc.fieldStack.push(token);
      loc.structName = t.go.slice(t.go.lastIndexOf(".") + 1);
      loc.type = field.type;
      loc.value = v[token];
    } else if (t.kind === "map" && isPlainObject(v)) {
      loc.segments.push({ kind: "key", key: token });
      loc.type = t.elem;
      loc.value = v[token];
    } else if ((t.kind === "slice" || t.kind === "bytes") && Array.isArray(v)) {
      const i = Number(token);
      loc.segments.push({ kind: "index", index: i });
      loc.type = t.kind === "slice" ? t.elem : UINT8;
      loc.value = v[i];
    } else return null;
  }
  resolve(loc);
  return loc;
}

/** sigs.k8s.io/json's strict-error path: struct fields and map keys joined with dots, indices in brackets. */
function strictPath(segments: readonly PathSegment[]): string {
  let out = "";
  for (const s of segments) {
    if (s.kind === "index") out += `[${s.index}]`;
    else out += (out === "" ? "" : ".") + (s.kind === "field" ? s.name : s.key);
  }
  return out;
}

function goNumberLiteral(n: number): string {
  // kubectl re-encodes YAML numbers with Go's float formatting: 1e+21, 1.5, 100.
  return String(n);
}

/** The JSON value as encoding/json names it in UnmarshalTypeError (`number 1.5` only where an integer did not parse). */
function goValueKind(value: unknown, target: GoType): string {
  if (typeof value === "string") return "string";
  if (typeof value === "boolean") return "bool";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return target.kind === "int" ? `number ${goNumberLiteral(value)}` : "number";
  if (value === null) return "null";
  return "object";
}

function typeMessage(loc: Located): string {
  if (loc.wrapper?.kind === "propsOrBool") return "boolean or JSON schema expected";
  const target = loc.wrapper ?? loc.type;
  // metav1.Time unmarshals a string first, so its type errors name `string`.
  const typeName = target.kind === "time" ? "string" : goTypeName(target);
  const ctx = loc.lax && loc.laxContext ? loc.laxContext : { structName: loc.structName, fieldStack: loc.fieldStack };
  const kind = goValueKind(loc.value, target);
  if (ctx.fieldStack.length > 0 && ctx.structName)
    return `json: cannot unmarshal ${kind} into Go struct field ${ctx.structName}.${ctx.fieldStack.join(".")} of type ${typeName}`;
  return `json: cannot unmarshal ${kind} into Go value of type ${typeName}`;
}

function shortValue(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  const s = JSON.stringify(value);
  return s.length <= 60 ? value : undefined;
}

function mapErrors(root: unknown, errors: readonly ValidationError[], minor: number): DecodeIssue[] {
  const out: DecodeIssue[] = [];
  const seen = new Set<string>();
  const push = (issue: DecodeIssue): void => {
    const key = `${issue.kind}\0${issue.path.toString()}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(issue);
  };
  for (const e of errors) {
    if (e.keyword === "if") continue;
    const loc = locate(root, e.instancePath);
    if (!loc) continue;
    if (e.keyword === "additionalProperties") {
      const name = String(e.params.additionalProperty);
      const segments: PathSegment[] = [...loc.segments, { kind: "field", name }];
      const issue: DecodeIssue = {
        path: FieldPath.from(segments),
        kind: loc.lax ? "dropped-field" : "unknown-field",
        message: `unknown field ${goQuote(strictPath(segments))}`,
      };
      if (loc.type.kind === "struct") {
        const gated = loc.type.fields[name];
        if (gated && !fieldApplies(gated, minor)) {
          issue.detail = !inReleaseRange(minor, gated.since)
            ? `${name} exists in apiextensions.k8s.io/v1 since Kubernetes 1.${gated.since}; the target is 1.${minor}`
            : `${name} was removed after Kubernetes 1.${gated.until}; the target is 1.${minor}`;
        } else {
          const fields = loc.type.fields;
          const known = Object.keys(fields).filter((k) => fieldApplies(fields[k]!, minor));
          const guess = closestName(name, known);
          if (guess) issue.suggestion = `did you mean ${goQuote(guess)}?`;
        }
      }
      push(issue);
      continue;
    }
    let message: string;
    if (e.keyword === "goBase64" && typeof loc.value === "string")
      message = `illegal base64 data at input byte ${base64ErrorOffset(loc.value)}`;
    else if (e.keyword === "goTime" && typeof loc.value === "string")
      message = rfc3339Error(loc.value) ?? typeMessage(loc);
    else message = typeMessage(loc);
    const issue: DecodeIssue = { path: FieldPath.from(loc.segments), kind: "type-mismatch", message };
    const value = shortValue(loc.value);
    if (value !== undefined) issue.value = value;
    push(issue);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Typos: the closest known field name (case-insensitive match, or at most two edits for names of 4+ characters).

function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const prev = new Array<number>(b.length + 1);
  const cur = new Array<number>(b.length + 1);
  const prev2 = new Array<number>(b.length + 1).fill(0);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = cur[0]!;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      // Transposition (verisons → versions) counts as one edit.
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      cur[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > limit) return limit + 1;
    for (let j = 0; j <= b.length; j++) {
      prev2[j] = prev[j]!;
      prev[j] = cur[j]!;
    }
  }
  return prev[b.length]!;
}

function closestName(name: string, known: readonly string[]): string | null {
  const lower = name.toLowerCase();
  for (const k of known) if (k.toLowerCase() === lower) return k;
  if (name.length < 4) return null;
  let best: string | null = null;
  let bestD = 3;
  for (const k of known) {
    const d = editDistance(lower, k.toLowerCase(), 2);
    if (d < bestD) {
      bestD = d;
      best = k;
    }
  }
  return best;
}
