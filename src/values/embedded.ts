/**
 * Embedded resources (x-kubernetes-embedded-resource, and the resource root when asked): the TypeMeta/ObjectMeta
 * coercion that runs while decoding (`Coerce`: apiVersion/kind must be strings, metadata must decode as ObjectMeta,
 * then it is normalized) and the ObjectMeta/TypeMeta validation (`Validate`).
 */
// Upstream: kubernetes/apiextensions-apiserver:pkg/apiserver/schema/objectmeta/{algorithm,coerce,validation}.go
// Upstream: kubernetes/apimachinery:pkg/api/validation/objectmeta.go (ValidateObjectMetaAccessor), pkg/api/validation/path/name.go
// Upstream: kubernetes/apimachinery:pkg/runtime/schema/group_version.go (ParseGroupVersion)
import { FieldPath } from "../k8s/path.js";
import { isDNS1035Label, isDNS1123Label } from "../k8s/validation.js";
import { validateGenericObjectMeta } from "../k8s/objectmeta.js";
import { deepCopy, isGoInt, isPlainObject, type ValueError } from "../k8s/go.js";
import { releaseHas, type Release } from "../k8s/releases.js";

export interface EmbeddedOptions {
  /** Path of the value; absent = the apiserver's nil path. */
  rootPath?: FieldPath;
  /** Treat the value itself as an embedded resource (the resource root). */
  isResourceRoot?: boolean;
  minor?: Release;
  /**
   * Coerce's dropInvalidFields (what PruneDefaults asks): an apiVersion/kind that is no string is deleted, metadata
   * that does not decode keeps the fields that do, one by one, and metadata that is no object stays as it is.
   */
  dropInvalidFields?: boolean;
}

const embedded = (s: Record<string, unknown>): boolean => s["x-kubernetes-embedded-resource"] === true;

// ---------------------------------------------------------------------------------------------------------------
// ObjectMeta decoding (json into metav1.ObjectMeta; unknown keys ignored, wrong types fail)

type Decoded = { ok: true; meta: Record<string, unknown> } | { ok: false; error: string };

const STRING_FIELDS = ["name", "generateName", "namespace", "selfLink", "uid", "resourceVersion"];
const OWNER_STRINGS = ["apiVersion", "kind", "name", "uid"];
const MANAGED_STRINGS = ["manager", "operation", "apiVersion", "fieldsType", "subresource"];

function jsonTypeName(v: unknown): string {
  if (Array.isArray(v)) return "array";
  if (typeof v === "boolean") return "bool";
  if (typeof v === "object" && v !== null) return "object";
  return typeof v;
}

function mismatch(v: unknown, field: string, goType: string): string {
  return `json: cannot unmarshal ${jsonTypeName(v)} into Go struct field ${field} of type ${goType}`;
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

function timeError(v: unknown, field: string): string | null {
  if (v === null) return null;
  if (typeof v !== "string") return mismatch(v, field, "string");
  const m = RFC3339.exec(v);
  if (
    !m ||
    Number(m[2]) < 1 ||
    Number(m[2]) > 12 ||
    Number(m[3]) < 1 ||
    Number(m[3]) > 31 ||
    Number(m[4]) > 23 ||
    Number(m[5]) > 59 ||
    Number(m[6]) > 59
  )
    return `parsing time ${JSON.stringify(v)} as "2006-01-02T15:04:05Z07:00": cannot parse ${JSON.stringify(v)} as "2006"`;
  return null;
}

function stringMapError(v: unknown, field: string): string | null {
  if (v === null) return null;
  if (!isPlainObject(v)) return mismatch(v, field, "map[string]string");
  for (const x of Object.values(v)) if (x !== null && typeof x !== "string") return mismatch(x, field, "string");
  return null;
}

function stringListError(v: unknown, field: string): string | null {
  if (v === null) return null;
  if (!Array.isArray(v)) return mismatch(v, field, "[]string");
  for (const x of v) if (x !== null && typeof x !== "string") return mismatch(x, field, "string");
  return null;
}

function int64Error(v: unknown, field: string): string | null {
  if (v === null) return null;
  if (typeof v !== "number" || !isGoInt(v)) return mismatch(v, field, "int64");
  return null;
}

/** GetObjectMeta(obj, false): the decoded, normalized metadata, or the decode error. */
export function decodeObjectMeta(v: unknown): Decoded {
  if (v === null) return { ok: true, meta: {} };
  if (!isPlainObject(v))
    return { ok: false, error: `json: cannot unmarshal ${jsonTypeName(v)} into Go value of type v1.ObjectMeta` };
  const meta: Record<string, unknown> = {};
  for (const f of STRING_FIELDS) {
    const x = v[f];
    if (x === undefined || x === null) continue;
    if (typeof x !== "string") return { ok: false, error: mismatch(x, "ObjectMeta." + f, "string") };
    if (x !== "") meta[f] = x;
  }
  const checks: [string, (x: unknown, f: string) => string | null, string][] = [
    ["generation", int64Error, "ObjectMeta.generation"],
    ["creationTimestamp", timeError, "ObjectMeta.creationTimestamp"],
    ["deletionTimestamp", timeError, "ObjectMeta.deletionTimestamp"],
    ["deletionGracePeriodSeconds", int64Error, "ObjectMeta.deletionGracePeriodSeconds"],
    ["labels", stringMapError, "ObjectMeta.labels"],
    ["annotations", stringMapError, "ObjectMeta.annotations"],
    ["finalizers", stringListError, "ObjectMeta.finalizers"],
  ];
  for (const [f, check, name] of checks) {
    const x = v[f];
    if (x === undefined) continue;
    const err = check(x, name);
    if (err) return { ok: false, error: err };
    if (x === null) continue;
    if (f === "generation" || f === "deletionGracePeriodSeconds") {
      if (f === "deletionGracePeriodSeconds" || x !== 0) meta[f] = x;
    } else if (f === "labels" || f === "annotations") {
      const m: Record<string, string> = {};
      for (const [k, s] of Object.entries(x as Record<string, unknown>)) m[k] = typeof s === "string" ? s : "";
      if (Object.keys(m).length > 0) meta[f] = m;
    } else if (f === "finalizers") {
      if ((x as unknown[]).length > 0) meta[f] = (x as unknown[]).map((s) => (typeof s === "string" ? s : ""));
    } else if (f === "deletionTimestamp") meta[f] = x;
    // creationTimestamp: kept when set (a zero timestamp is removed by Coerce anyway)
    else if (f === "creationTimestamp") meta[f] = x;
  }
  for (const [f, strings] of [
    ["ownerReferences", OWNER_STRINGS],
    ["managedFields", MANAGED_STRINGS],
  ] as const) {
    const x = v[f];
    if (x === undefined || x === null) continue;
    if (!Array.isArray(x)) return { ok: false, error: mismatch(x, "ObjectMeta." + f, "[]") };
    const list: Record<string, unknown>[] = [];
    for (const e of x) {
      if (e === null) {
        list.push({});
        continue;
      }
      if (!isPlainObject(e)) return { ok: false, error: mismatch(e, "ObjectMeta." + f, "struct") };
      const item: Record<string, unknown> = {};
      for (const k of strings) {
        const s = e[k];
        if (s !== undefined && s !== null && typeof s !== "string")
          return { ok: false, error: mismatch(s, `${f}.${k}`, "string") };
        // OwnerReference's strings have no omitempty; ManagedFieldsEntry's have.
        if (f === "ownerReferences") item[k] = typeof s === "string" ? s : "";
        else if (typeof s === "string" && s !== "") item[k] = s;
      }
      if (f === "ownerReferences") {
        for (const k of ["controller", "blockOwnerDeletion"]) {
          const b = e[k];
          if (b === undefined || b === null) continue;
          if (typeof b !== "boolean") return { ok: false, error: mismatch(b, `OwnerReference.${k}`, "bool") };
          item[k] = b;
        }
      } else {
        const t = e.time;
        if (t !== undefined) {
          const err = timeError(t, "ManagedFieldsEntry.time");
          if (err) return { ok: false, error: err };
          if (t !== null) item.time = t;
        }
        if (e.fieldsV1 !== undefined && e.fieldsV1 !== null) {
          if (!isPlainObject(e.fieldsV1))
            return { ok: false, error: mismatch(e.fieldsV1, "ManagedFieldsEntry.fieldsV1", "struct") };
          item.fieldsV1 = e.fieldsV1;
        }
      }
      list.push(item);
    }
    if (list.length > 0) meta[f] = list;
  }
  return { ok: true, meta };
}

// ---------------------------------------------------------------------------------------------------------------
// Coerce

export interface CoerceResult {
  /** The first error (Coerce stops there), or null. */
  error: ValueError | null;
  /** A copy of the value with every embedded metadata normalized (unknown keys dropped, zero creationTimestamp removed). */
  value: unknown;
}

/** objectmeta.Coerce(pth, obj, s, isResourceRoot, dropInvalidFields=false), on a copy. */
export function coerceEmbedded(value: unknown, schema: unknown, options: EmbeddedOptions = {}): CoerceResult {
  const copy = deepCopy(value);
  if (!isPlainObject(schema)) return { error: null, value: copy };
  const s =
    options.isResourceRoot && !embedded(schema) ? { ...schema, "x-kubernetes-embedded-resource": true } : schema;
  const error = coerce(options.rootPath ?? FieldPath.from([]), copy, s, options.dropInvalidFields === true);
  return { error, value: copy };
}

/**
 * GetObjectMetaWithOptions(DropMalformedFields): when the whole metadata does not decode, each field is decoded alone
 * and kept when it decodes (unknown fields decode to nothing); metadata that is no object is an error.
 */
function decodeObjectMetaDropping(v: unknown): Decoded {
  const whole = decodeObjectMeta(v);
  if (whole.ok || !isPlainObject(v)) return whole;
  const meta: Record<string, unknown> = {};
  for (const k of Object.keys(v)) {
    const one = decodeObjectMeta({ [k]: v[k] });
    if (one.ok) Object.assign(meta, one.meta);
  }
  return { ok: true, meta };
}

function coerce(path: FieldPath, x: unknown, s: Record<string, unknown> | null, drop: boolean): ValueError | null {
  if (!s) return null;
  if (Array.isArray(x)) {
    const items = isPlainObject(s.items) ? s.items : null;
    for (let i = 0; i < x.length; i++) {
      const e = coerce(path.index(i), x[i], items, drop);
      if (e) return e;
    }
    return null;
  }
  if (!isPlainObject(x)) return null;
  const props = isPlainObject(s.properties) ? s.properties : null;
  const addl = isPlainObject(s.additionalProperties) ? s.additionalProperties : null;
  for (const k of Object.keys(x)) {
    const v = x[k];
    if (embedded(s)) {
      if ((k === "apiVersion" || k === "kind") && typeof v !== "string") {
        if (!drop) return { path: path.child(k), type: "Invalid value", value: v, message: "must be a string" };
        delete x[k];
      }
      if (k === "metadata") {
        const d = drop ? decodeObjectMetaDropping(v) : decodeObjectMeta(v);
        if (!d.ok) {
          if (!drop) return { path: path.child("metadata"), type: "Invalid value", value: v, message: d.error };
        } else {
          const meta = d.meta;
          if (meta.creationTimestamp === undefined || meta.creationTimestamp === null) delete meta.creationTimestamp;
          x.metadata = meta;
        }
      }
    }
    const prop = props && isPlainObject(props[k]) ? (props[k] as Record<string, unknown>) : null;
    let e: ValueError | null = null;
    if (prop) e = coerce(path.child(k), x[k], prop, drop);
    else if (s.additionalProperties !== undefined && s.additionalProperties !== null)
      e = coerce(path.key(k), x[k], addl, drop);
    if (e) return e;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Validate

/** schema.ParseGroupVersion's error, or null. */
function parseGroupVersionError(gv: string): string | null {
  if (gv === "" || gv === "/") return null;
  const slashes = gv.split("/").length - 1;
  return slashes <= 1 ? null : `unexpected GroupVersion string: ${gv}`;
}

/** path.ValidatePathSegmentName. */
export function pathSegmentNameErrors(name: string, prefix: boolean): string[] {
  if (!prefix) for (const bad of [".", ".."]) if (name === bad) return [`may not be '${bad}'`];
  const errs: string[] = [];
  for (const bad of ["/", "%"]) if (name.includes(bad)) errs.push(`may not contain '${bad}'`);
  return errs;
}

/** objectmeta.Validate(pth, obj, s, isResourceRoot): embedded TypeMeta/ObjectMeta checks at every embedded resource. */
export function validateEmbedded(value: unknown, schema: unknown, options: EmbeddedOptions = {}): ValueError[] {
  const errs: ValueError[] = [];
  if (!isPlainObject(schema)) return errs;
  const s =
    options.isResourceRoot && !embedded(schema) ? { ...schema, "x-kubernetes-embedded-resource": true } : schema;
  walk(options.rootPath ?? FieldPath.from([]), value, s, options.minor ?? 37, errs);
  return errs;
}

function walk(
  path: FieldPath,
  x: unknown,
  s: Record<string, unknown> | null,
  minor: Release,
  errs: ValueError[],
): void {
  if (!s) return;
  if (Array.isArray(x)) {
    const items = isPlainObject(s.items) ? s.items : null;
    x.forEach((v, i) => walk(path.index(i), v, items, minor, errs));
    return;
  }
  if (!isPlainObject(x)) return;
  if (embedded(s)) validateResource(path, x, minor, errs);
  const props = isPlainObject(s.properties) ? s.properties : null;
  const addl = isPlainObject(s.additionalProperties) ? s.additionalProperties : null;
  for (const k of Object.keys(x)) {
    const prop = props && isPlainObject(props[k]) ? (props[k] as Record<string, unknown>) : null;
    if (prop) walk(path.child(k), x[k], prop, minor, errs);
    else if (s.additionalProperties !== undefined && s.additionalProperties !== null)
      walk(path.key(k), x[k], addl, minor, errs);
  }
}

function validateResource(path: FieldPath, x: Record<string, unknown>, minor: Release, errs: ValueError[]): void {
  const requiredDetail = (): string => (!releaseHas(minor, "requiredWithoutDetail") ? "must not be empty" : "");
  if (!("apiVersion" in x))
    errs.push({ path: path.child("apiVersion"), type: "Required value", message: requiredDetail() });
  if (!("kind" in x)) errs.push({ path: path.child("kind"), type: "Required value", message: requiredDetail() });
  for (const k of Object.keys(x)) {
    const v = x[k];
    if (k === "apiVersion") {
      const p = path.child("apiVersion");
      if (typeof v !== "string") errs.push({ path: p, type: "Invalid value", value: v, message: "must be a string" });
      else if (v.length === 0) errs.push({ path: p, type: "Invalid value", value: v, message: "must not be empty" });
      else {
        const e = parseGroupVersionError(v);
        if (e) errs.push({ path: p, type: "Invalid value", value: v, message: e });
      }
    } else if (k === "kind") {
      const p = path.child("kind");
      if (typeof v !== "string") errs.push({ path: p, type: "Invalid value", value: v, message: "must be a string" });
      else if (v.length === 0) errs.push({ path: p, type: "Invalid value", value: v, message: "must not be empty" });
      else {
        const msgs = isDNS1035Label(v.toLowerCase());
        if (msgs.length > 0)
          errs.push({
            path: p,
            type: "Invalid value",
            value: v,
            message: "may have mixed case, but should otherwise match: " + msgs.join(","),
          });
      }
    } else if (k === "metadata") {
      const p = path.child("metadata");
      const d = decodeObjectMeta(v);
      if (!d.ok) errs.push({ path: p, type: "Invalid value", value: v, message: d.error });
      else validateObjectMeta(p, d.meta, minor, errs);
    }
  }
}

/** ValidateObjectMeta with the path-segment name rule; the namespace only when set; name optional (a placeholder). */
function validateObjectMeta(p: FieldPath, meta: Record<string, unknown>, minor: Release, errs: ValueError[]): void {
  const str = (k: string): string => (typeof meta[k] === "string" ? (meta[k] as string) : "");
  const generateName = str("generateName");
  if (generateName !== "")
    for (const m of pathSegmentNameErrors(generateName, true))
      errs.push({ path: p.child("generateName"), type: "Invalid value", value: generateName, message: m });
  const name = str("name") || "fakename";
  for (const m of pathSegmentNameErrors(name, false))
    errs.push({ path: p.child("name"), type: "Invalid value", value: name, message: m });
  const namespace = str("namespace");
  if (namespace !== "")
    for (const m of isDNS1123Label(namespace))
      errs.push({ path: p.child("namespace"), type: "Invalid value", value: namespace, message: m });
  validateObjectMetaAfterNames(p, meta, minor, errs);
}

/** The ObjectMeta checks after name and namespace, shared by resource roots and embedded resources: generation, labels, annotations, owner references, finalizers. */
export function validateObjectMetaAfterNames(
  p: FieldPath,
  meta: Record<string, unknown>,
  minor: Release,
  errs: ValueError[],
): void {
  const generation = typeof meta.generation === "number" ? meta.generation : 0;
  if (generation < 0)
    errs.push({
      path: p.child("generation"),
      type: "Invalid value",
      value: generation,
      message: "must be greater than or equal to 0",
    });
  for (const e of validateGenericObjectMeta(meta, minor)) {
    let path = p.child(e.field);
    if (e.index !== undefined) path = path.index(e.index);
    for (const sub of e.sub ?? []) path = path.child(sub);
    const ve: ValueError = { path, type: e.type, message: e.message };
    if ("value" in e && e.value !== undefined) ve.value = e.value;
    errs.push(ve);
  }
}
