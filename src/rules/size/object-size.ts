/**
 * How many bytes a CRD takes on the wire and in its annotations, computed from the loaded object as kubectl
 * serialises it (shared by the size rules; memoised per CRD).
 */
// Upstream: kubernetes/kubectl:pkg/util/apply.go (GetModifiedConfiguration, CreateApplyAnnotation): the existing
//   last-applied annotation is deleted, the annotations map is set back (an empty map when there was none, so
//   `"annotations":{}` appears), and the object is encoded with unstructured.UnstructuredJSONScheme, i.e. Go's
//   json.Encoder: compact, map keys sorted, HTML-safe escapes, and a trailing newline.
// Upstream: kubernetes/apimachinery:pkg/api/validation/objectmeta.go (ValidateAnnotationsSize: len(key)+len(value)
//   of every annotation together, at most 262144 bytes).
// Upstream: kubernetes/apiserver:pkg/server/config.go (MaxRequestBodyBytes 3 MiB), etcd's --max-request-bytes default.
import { isObject, type JsonObject } from "../../crd/model.js";
import { byteLength, goJson } from "../../k8s/go.js";
import { TOTAL_ANNOTATION_SIZE_LIMIT } from "../../k8s/objectmeta.js";
import type { RuleContext } from "../define-rule.js";
import { MemoKey } from "../../crd/memo.js";
import { LastingKey } from "../../crd/content-store.js";

export const LAST_APPLIED_CONFIG_ANNOTATION = "kubectl.kubernetes.io/last-applied-configuration";
export { TOTAL_ANNOTATION_SIZE_LIMIT };
/** The apiserver refuses a request body larger than this (413 Request Entity Too Large). */
export const MAX_REQUEST_BODY_BYTES = 3 * 1024 * 1024;
/** etcd's default --max-request-bytes: a larger write fails with `etcdserver: request is too large`. */
export const ETCD_MAX_REQUEST_BYTES = 1.5 * 1024 * 1024;

/** The value `kubectl apply` (client side), `kubectl create --save-config` and `replace --save-config` store in the annotation. */
export function lastAppliedConfiguration(object: JsonObject): string {
  const metadata = isObject(object.metadata) ? object.metadata : {};
  const annotations: JsonObject = isObject(metadata.annotations) ? { ...metadata.annotations } : {};
  delete annotations[LAST_APPLIED_CONFIG_ANNOTATION];
  return goJson({ ...object, metadata: { ...metadata, annotations } }) + "\n";
}

/** ValidateAnnotationsSize's total: the bytes of every key and value. */
export function annotationsBytes(annotations: JsonObject): number {
  let total = 0;
  for (const [k, v] of Object.entries(annotations))
    total += byteLength(k) + (typeof v === "string" ? byteLength(v) : 0);
  return total;
}

// Printable ASCII that encoding/json writes as is (not ", \\, <, > or &).
const PLAIN_ASCII = /^[\x20\x21\x23-\x25\x27-\x3b\x3d\x3f-\x5b\x5d-\x7e]*$/;
// Runs of characters encoding/json writes as their UTF-8 bytes: what is left once they are removed is what it escapes.
const UNESCAPED_RUNS = /[^"\\\x00-\x1f<>&\u2028\u2029]+/g;

/**
 * Bytes of encoding/json's quoted form of s, without building it (CRD descriptions make these strings long): the
 * string's UTF-8 bytes (a lone surrogate is U+FFFD's three, as Go writes invalid UTF-8), plus what each escape adds.
 * Most descriptions have a newline or a quote, so the escapes are counted on what is left of the string once the
 * regexp engine removes the runs written as they are, not character by character here.
 */
export function goJsonStringBytes(s: string): number {
  // Short strings (keys, types, formats: most of a CRD's strings) are counted here: a regexp call costs more than
  // their characters.
  const length = s.length;
  if (length <= SHORT_STRING) {
    let n = 2;
    for (let i = 0; i < length; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x80) return escapedBytes(s);
      n += ASCII_JSON_BYTES[c]!;
    }
    return n;
  }
  return escapedBytes(s);
}

/** What encoding/json writes for each ASCII character: \" \\ \n \r \t take 2 bytes, \u00XX (other controls, <, >, &) 6. */
const ASCII_JSON_BYTES = Uint8Array.from({ length: 128 }, (_, c) =>
  c === 0x22 || c === 0x5c || c === 0x0a || c === 0x0d || c === 0x09
    ? 2
    : c < 0x20 || c === 0x3c || c === 0x3e || c === 0x26
      ? 6
      : 1,
);
const SHORT_STRING = 48;

function escapedBytes(s: string): number {
  if (PLAIN_ASCII.test(s)) return s.length + 2;
  let n = byteLength(s) + 2;
  const escaped = s.replace(UNESCAPED_RUNS, "");
  for (let i = 0; i < escaped.length; i++) {
    const c = escaped.charCodeAt(i);
    // \" \\ \n \r \t: two bytes for one; \u00XX for another control character, <, > or &: six for one;
    // \u2028 and \u2029: six for three.
    n += c === 0x22 || c === 0x5c || c === 0x0a || c === 0x0d || c === 0x09 ? 1 : c === 0x2028 || c === 0x2029 ? 3 : 5;
  }
  return n;
}

/** Sizes by object: a Map of one run, or a lint session's WeakMap kept between texts (src/crd/content-store.ts). */
export interface SizeMemo {
  get(o: object): number | undefined;
  set(o: object, n: number): unknown;
}

/** Sizes already known, by object (what the size rules read back). */
export type KnownSizes = Pick<SizeMemo, "get">;

/**
 * Bytes of json.Marshal(v) (see goJson), computed bottom-up without building the text; with `memo`, the size of
 * every object and array inside of at least `recordFrom` bytes is kept too (keyed by identity).
 */
export function jsonBytes(v: unknown, memo?: SizeMemo, recordFrom = 0): number {
  if (typeof v === "string") return goJsonStringBytes(v);
  if (typeof v === "boolean") return v ? 4 : 5;
  if (v === null || v === undefined) return 4;
  if (typeof v !== "object") return goJson(v).length; // numbers: ASCII digits
  if (memo) {
    const known = memo.get(v);
    if (known !== undefined) return known;
  }
  // Brackets, and a comma between two members.
  let n: number;
  if (Array.isArray(v)) {
    n = v.length > 1 ? v.length + 1 : 2;
    for (let i = 0; i < v.length; i++) n += jsonBytes(v[i], memo, recordFrom);
  } else {
    // for...in rather than Object.keys: no array per object (a CRD's objects are plain, with no inherited keys).
    let count = 0;
    n = 0;
    for (const k in v) {
      count++;
      n += goJsonStringBytes(k) + 1 + jsonBytes((v as JsonObject)[k], memo, recordFrom);
    }
    n += count > 1 ? count + 1 : 2;
  }
  if (memo && n >= recordFrom) memo.set(v, n);
  return n;
}

// Fields of the CRD whose JSON object is a Go map: its keys are stored verbatim (struct field names are not).
const MAP_FIELDS = new Set(["properties", "patternProperties", "definitions", "dependencies", "labels", "annotations"]);

/**
 * A lower bound of the CRD's size in etcd. The apiserver stores CRDs as protobuf, where struct field names become
 * one-byte tags but every string value, every map key and every raw JSON value (default, example, enum) is kept
 * byte for byte: the sum of the string values and map keys cannot exceed the stored object.
 */
export function storedBytesLowerBound(v: unknown, isMap = false): number {
  if (typeof v === "string") return Buffer.byteLength(v, "utf8");
  if (v === null || typeof v !== "object") return 0;
  let n = 0;
  if (Array.isArray(v)) for (const item of v) n += storedBytesLowerBound(item);
  else
    for (const k in v) {
      if (isMap) n += Buffer.byteLength(k, "utf8");
      n += storedBytesLowerBound((v as JsonObject)[k], !isMap && MAP_FIELDS.has(k));
    }
  return n;
}

export interface ObjectSizes {
  /** The last-applied annotation a client-side apply writes. */
  lastApplied: number;
  /**
   * Bytes of every object and array of the CRD of at least SUBTREE_RECORDED_BYTES (keyed by identity), from the
   * same pass: a lint that looks for a large subtree to shrink need not walk the CRD again.
   */
  subtrees: KnownSizes;
  /** A lint session's: the size of every object and array of the CRD (kept between texts). */
  every?: KnownSizes;
  /** All annotations together after a client-side apply (the file's others, plus the key and the new value). */
  annotationsAfterApply: number;
  /** The request body of `kubectl create`/`replace`/`apply --server-side`: the object's compact JSON and newline. */
  object: number;
}

/** Objects and arrays smaller than this are not worth replacing to make a CRD fit: their sizes are not kept. */
export const SUBTREE_RECORDED_BYTES = 4096;
const EMPTY_ANNOTATIONS_BYTES = '"annotations":{}'.length;

/** A lint session's sizes of every object and array, kept between texts (src/crd/content-store.ts). */
const SIZES_BY_OBJECT = new LastingKey("size:jsonBytes", () => new WeakMap<object, number>());

/** The CRD's sizes, computed once per CRD. */
const SIZES = new MemoKey<ObjectSizes>("size:object");

export function objectSizes(ctx: RuleContext): ObjectSizes {
  // Computed through the memo, which sees that the sizes do not depend on the release whatever the asker read
  // (a run over several releases computes them once).
  return ctx.memo.compute(SIZES, () => computeSizes(ctx));
}

function computeSizes(ctx: RuleContext): ObjectSizes {
  const raw = ctx.crd.raw;
  const metadata = isObject(raw.metadata) ? raw.metadata : {};
  const others: JsonObject = isObject(metadata.annotations) ? { ...metadata.annotations } : {};
  const hadLastApplied = LAST_APPLIED_CONFIG_ANNOTATION in others;
  delete others[LAST_APPLIED_CONFIG_ANNOTATION];
  // A lint session keeps every object's size between texts: only the objects an edit made are sized again, and the
  // subtrees of SUBTREE_RECORDED_BYTES and more are read from the same sizes.
  const lasting = ctx.memo.lasting?.get(SIZES_BY_OBJECT);
  const every = lasting && { get: (o: object) => lasting.get(o) };
  const subtrees: KnownSizes = lasting
    ? { get: (o) => ((n) => (n !== undefined && n >= SUBTREE_RECORDED_BYTES ? n : undefined))(lasting.get(o)) }
    : new Map<object, number>();
  const object = jsonBytes(raw, lasting ?? (subtrees as Map<object, number>), lasting ? 0 : SUBTREE_RECORDED_BYTES) + 1;
  // The annotation encodes the object with the old annotation removed, or with an empty annotations map added.
  let lastApplied = object;
  if (!hadLastApplied && !("annotations" in metadata) && isObject(raw.metadata))
    // `"annotations":{}` in metadata, after a comma when metadata has other fields: no second pass for it.
    lastApplied = object + EMPTY_ANNOTATIONS_BYTES + (Object.keys(metadata).length > 0 ? 1 : 0);
  else if (hadLastApplied || !isObject(metadata.annotations))
    lastApplied = jsonBytes({ ...raw, metadata: { ...metadata, annotations: others } }, lasting) + 1;
  const sizes: ObjectSizes = {
    lastApplied,
    subtrees,
    annotationsAfterApply: annotationsBytes(others) + byteLength(LAST_APPLIED_CONFIG_ANNOTATION) + lastApplied,
    object,
    ...(every ? { every } : {}),
  };
  return sizes;
}

/** 1234567 → "1,234,567". */
export function bytes(n: number): string {
  return n.toLocaleString("en-US");
}

/** 1572864 → "1.5 MiB", for messages. */
export function mebibytes(n: number): string {
  return `${(n / (1024 * 1024)).toFixed(2).replace(/\.?0+$/, "")} MiB`;
}
