/**
 * spec.versions as the apiserver holds them when it validates a v1 CRD: the internal
 * []apiextensions.CustomResourceDefinitionVersion (after decoding, defaulting and the v1 → internal conversion), and
 * its rendering in a field error. `spec.versions: Invalid value: <value>: must contain unique version names` (and the
 * storage-count error) print the whole list, json.Marshal'ed: the internal types have no json tags, so every field
 * prints under its Go name, in declaration order, zero values and nil pointers included.
 */
// Upstream: kubernetes/apimachinery:pkg/util/validation/field/errors.go (ErrorBody: bool/number/string printed
//   plainly, anything else json.Marshal'ed)
// Upstream: kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go
//   (validateCustomResourceDefinitionSpec: field.Invalid(fldPath.Child("versions"), spec.Versions, ...))
// Upstream: kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/types.go (CustomResourceDefinitionVersion,
//   CustomResourceValidation, CustomResourceSubresources, CustomResourceColumnDefinition, SelectableField)
// Upstream: kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/types_jsonschema.go (JSONSchemaProps field
//   order, JSON = interface{}, JSONSchemaPropsOrArray / OrBool / OrStringArray as plain structs: no MarshalJSON)
// Upstream: kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/v1/marshal.go (how v1 decodes items,
//   additionalProperties, additionalItems and dependencies into those structs)
// Upstream: kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/v1/conversion.go
//   (Convert_v1_CustomResourceDefinitionSpec_To_apiextensions_CustomResourceDefinitionSpec: per-version fields that
//   are semantically identical in every version move to the spec, leaving nil in each version)
import { GoInterface, GoStruct, deepEqual, goJson, goSemanticEqual, hasOwn, isPlainObject } from "../k8s/go.js";
import { RenderedValue } from "../k8s/validation.js";

type Raw = Record<string, unknown>;

const str = (v: unknown): string => (typeof v === "string" ? v : "");
const bool = (v: unknown): boolean => v === true;
/** A pointer field: nil (null) when absent or null. */
const ptrStr = (v: unknown): string | null => (typeof v === "string" ? v : null);
const ptrBool = (v: unknown): boolean | null => (typeof v === "boolean" ? v : null);
const ptrNumber = (v: unknown): number | bigint | null => (typeof v === "number" || typeof v === "bigint" ? v : null);
const num = (v: unknown): number | bigint => (typeof v === "number" || typeof v === "bigint" ? v : 0);
/** A slice field: nil (null) when absent or null, else its elements. */
function slice<T>(v: unknown, each: (x: unknown) => T): T[] | null {
  return Array.isArray(v) ? v.map(each) : null;
}
/** A map field (map[string]T): nil when absent or null; json.Marshal sorts the keys (goJson does). */
function map<T>(v: unknown, each: (x: unknown) => T): Record<string, T> | null {
  if (!isPlainObject(v)) return null;
  // No prototype: a property named __proto__ stays a key.
  const out = Object.create(null) as Record<string, T>;
  for (const k of Object.keys(v)) out[k] = each(v[k]);
  return out;
}
const obj = (v: unknown): Raw => (isPlainObject(v) ? v : {});
/** A *JSON field: nil for absent or null (the decoder leaves a nil pointer), else the value in an interface{}. */
const ptrJson = (v: unknown): GoInterface | null => (v === undefined || v === null ? null : new GoInterface(v));

/** How a JSONSchemaProps field of the internal type is read from the v1 value (see SCHEMA_PROPS). */
type FieldKind =
  | "string"
  | "bool"
  | "ptrString"
  | "ptrBool"
  | "ptrNumber"
  | "json"
  | "enum"
  | "strings"
  | "schemaOrArray"
  | "schemas"
  | "ptrSchema"
  | "schemaMap"
  | "schemaOrBool"
  | "dependencies"
  | "externalDocs"
  | "validations";

/**
 * JSONSchemaProps' fields in declaration order: the Go name, the v1 key and how the value is read. internalSchemaProps
 * builds the internal value from it and schemaPropsEqual compares two v1 values by it, so the two cannot disagree.
 */
const SCHEMA_PROPS: readonly (readonly [string, string, FieldKind])[] = [
  ["ID", "id", "string"],
  ["Schema", "$schema", "string"],
  ["Ref", "$ref", "ptrString"],
  ["Description", "description", "string"],
  ["Type", "type", "string"],
  ["Nullable", "nullable", "bool"],
  ["Format", "format", "string"],
  ["Title", "title", "string"],
  ["Default", "default", "json"],
  ["Maximum", "maximum", "ptrNumber"],
  ["ExclusiveMaximum", "exclusiveMaximum", "bool"],
  ["Minimum", "minimum", "ptrNumber"],
  ["ExclusiveMinimum", "exclusiveMinimum", "bool"],
  ["MaxLength", "maxLength", "ptrNumber"],
  ["MinLength", "minLength", "ptrNumber"],
  ["Pattern", "pattern", "string"],
  ["MaxItems", "maxItems", "ptrNumber"],
  ["MinItems", "minItems", "ptrNumber"],
  ["UniqueItems", "uniqueItems", "bool"],
  ["MultipleOf", "multipleOf", "ptrNumber"],
  ["Enum", "enum", "enum"],
  ["MaxProperties", "maxProperties", "ptrNumber"],
  ["MinProperties", "minProperties", "ptrNumber"],
  ["Required", "required", "strings"],
  ["Items", "items", "schemaOrArray"],
  ["AllOf", "allOf", "schemas"],
  ["OneOf", "oneOf", "schemas"],
  ["AnyOf", "anyOf", "schemas"],
  ["Not", "not", "ptrSchema"],
  ["Properties", "properties", "schemaMap"],
  ["AdditionalProperties", "additionalProperties", "schemaOrBool"],
  ["PatternProperties", "patternProperties", "schemaMap"],
  ["Dependencies", "dependencies", "dependencies"],
  ["AdditionalItems", "additionalItems", "schemaOrBool"],
  ["Definitions", "definitions", "schemaMap"],
  ["ExternalDocs", "externalDocs", "externalDocs"],
  ["Example", "example", "json"],
  ["XPreserveUnknownFields", "x-kubernetes-preserve-unknown-fields", "ptrBool"],
  ["XEmbeddedResource", "x-kubernetes-embedded-resource", "bool"],
  ["XIntOrString", "x-kubernetes-int-or-string", "bool"],
  ["XListMapKeys", "x-kubernetes-list-map-keys", "strings"],
  ["XListType", "x-kubernetes-list-type", "ptrString"],
  ["XMapType", "x-kubernetes-map-type", "ptrString"],
  ["XValidations", "x-kubernetes-validations", "validations"],
];

/** The v1 keys of JSONSchemaProps' fields, in declaration order. */
export const SCHEMA_PROPS_KEYS: readonly string[] = SCHEMA_PROPS.map(([, key]) => key);

/** A ValidationRule as the internal struct (an element that is not an object decodes to the zero struct). */
function validationRule(r: unknown): GoStruct {
  const o = obj(r);
  return new GoStruct([
    ["Rule", str(o.rule)],
    ["Message", str(o.message)],
    ["MessageExpression", str(o.messageExpression)],
    ["Reason", ptrStr(o.reason)],
    ["FieldPath", str(o.fieldPath)],
    ["OptionalOldSelf", ptrBool(o.optionalOldSelf)],
  ]);
}

/** The internal value of one JSONSchemaProps field. */
function fieldValue(kind: FieldKind, v: unknown): unknown {
  switch (kind) {
    case "string":
      return str(v);
    case "bool":
      return bool(v);
    case "ptrString":
      return ptrStr(v);
    case "ptrBool":
      return ptrBool(v);
    case "ptrNumber":
      return ptrNumber(v);
    case "json":
      return ptrJson(v);
    case "enum":
      // []JSON: an element null is a nil interface{}, printed null.
      return slice(v, (e) => new GoInterface(e ?? null));
    case "strings":
      return slice(v, str);
    case "schemaOrArray":
      return schemaOrArray(v);
    case "schemas":
      return slice(v, internalSchemaProps);
    case "ptrSchema":
      return ptrSchemaProps(v);
    case "schemaMap":
      return map(v, internalSchemaProps);
    case "schemaOrBool":
      return schemaOrBool(v);
    case "dependencies":
      return map(v, schemaOrStringArray);
    case "externalDocs":
      return isPlainObject(v)
        ? new GoStruct([
            ["Description", str(v.description)],
            ["URL", str(v.url)],
          ])
        : null;
    case "validations":
      return slice(v, validationRule);
  }
}

/** A JSONSchemaProps value (a null or a non-object decodes to the zero struct, as in a map or slice element). */
export function internalSchemaProps(raw: unknown): GoStruct {
  const s = obj(raw);
  return new GoStruct(SCHEMA_PROPS.map(([name, key, kind]) => [name, fieldValue(kind, s[key])] as const));
}

/** A *JSONSchemaProps field: nil for absent or null. */
function ptrSchemaProps(raw: unknown): GoStruct | null {
  return raw === undefined || raw === null ? null : internalSchemaProps(raw);
}

/** *JSONSchemaPropsOrArray: v1 decodes an object into Schema, a list into JSONSchemas (anything else leaves both nil). */
function schemaOrArray(raw: unknown): GoStruct | null {
  if (raw === undefined || raw === null) return null;
  return new GoStruct([
    ["Schema", isPlainObject(raw) ? internalSchemaProps(raw) : null],
    ["JSONSchemas", Array.isArray(raw) ? raw.map(internalSchemaProps) : null],
  ]);
}

/** *JSONSchemaPropsOrBool: an object allows with that schema, true allows, false does not. */
function schemaOrBool(raw: unknown): GoStruct | null {
  if (raw === undefined || raw === null) return null;
  return new GoStruct([
    ["Allows", isPlainObject(raw) || raw === true],
    ["Schema", isPlainObject(raw) ? internalSchemaProps(raw) : null],
  ]);
}

/** JSONSchemaPropsOrStringArray (a map value): an object is a schema, a list the property names. */
function schemaOrStringArray(raw: unknown): GoStruct {
  return new GoStruct([
    ["Schema", isPlainObject(raw) ? internalSchemaProps(raw) : null],
    ["Property", Array.isArray(raw) ? raw.map(str) : null],
  ]);
}

// apiequality.Semantic.DeepEqual of two internal JSONSchemaProps, read from their v1 values without building them:
// goSemanticEqual(internalSchemaProps(a), internalSchemaProps(b)), stopping at the first difference (the versions of
// a CRD whose schemas differ differ early, and building both whole internal trees was most of a CRD's garbage).

/** A nil slice and an empty one are equal; elements compare with `eq`. */
function slicesEqual(a: unknown, b: unknown, eq: (x: unknown, y: unknown) => boolean): boolean {
  const la = Array.isArray(a) ? a.length : 0;
  const lb = Array.isArray(b) ? b.length : 0;
  if (la !== lb) return false;
  for (let i = 0; i < la; i++) if (!eq((a as unknown[])[i], (b as unknown[])[i])) return false;
  return true;
}

/** A nil map and an empty one are equal; values compare with `eq`. */
function mapsEqual(a: unknown, b: unknown, eq: (x: unknown, y: unknown) => boolean): boolean {
  const ka = isPlainObject(a) ? Object.keys(a) : [];
  const nb = isPlainObject(b) ? Object.keys(b).length : 0;
  if (ka.length !== nb) return false;
  for (const k of ka) if (!hasOwn(b as Raw, k) || !eq((a as Raw)[k], (b as Raw)[k])) return false;
  return true;
}

/** A *JSONSchemaProps built only from an object (else nil): both nil, or both set and equal. */
function schemaIfObjectEqual(a: unknown, b: unknown): boolean {
  const pa = isPlainObject(a);
  return pa === isPlainObject(b) && (!pa || schemaPropsEqual(a, b));
}

const isNil = (v: unknown): boolean => v === undefined || v === null;

function fieldEqual(kind: FieldKind, a: unknown, b: unknown): boolean {
  switch (kind) {
    case "string":
      return str(a) === str(b);
    case "bool":
      return bool(a) === bool(b);
    case "ptrString":
      return ptrStr(a) === ptrStr(b);
    case "ptrBool":
      return ptrBool(a) === ptrBool(b);
    case "ptrNumber":
      return ptrNumber(a) === ptrNumber(b);
    case "json":
      return isNil(a) ? isNil(b) : !isNil(b) && deepEqual(a, b);
    case "enum":
      return slicesEqual(a, b, (x, y) => deepEqual(x ?? null, y ?? null));
    case "strings":
      return slicesEqual(a, b, (x, y) => str(x) === str(y));
    case "schemaOrArray":
      if (isNil(a) || isNil(b)) return isNil(a) && isNil(b);
      return (
        schemaIfObjectEqual(a, b) &&
        slicesEqual(Array.isArray(a) ? a : null, Array.isArray(b) ? b : null, schemaPropsEqual)
      );
    case "schemas":
      return slicesEqual(a, b, schemaPropsEqual);
    case "ptrSchema":
      return isNil(a) ? isNil(b) : !isNil(b) && schemaPropsEqual(a, b);
    case "schemaMap":
      return mapsEqual(a, b, schemaPropsEqual);
    case "schemaOrBool":
      if (isNil(a) || isNil(b)) return isNil(a) && isNil(b);
      return (isPlainObject(a) || a === true) === (isPlainObject(b) || b === true) && schemaIfObjectEqual(a, b);
    case "dependencies":
      return mapsEqual(
        a,
        b,
        (x, y) =>
          schemaIfObjectEqual(x, y) &&
          slicesEqual(Array.isArray(x) ? x : null, Array.isArray(y) ? y : null, (p, q) => str(p) === str(q)),
      );
    case "externalDocs": {
      const pa = isPlainObject(a);
      if (pa !== isPlainObject(b)) return false;
      return (
        !pa ||
        (str((a as Raw).description) === str((b as Raw).description) && str((a as Raw).url) === str((b as Raw).url))
      );
    }
    case "validations":
      return slicesEqual(a, b, (x, y) => goSemanticEqual(validationRule(x), validationRule(y)));
  }
}

/** goSemanticEqual(internalSchemaProps(a), internalSchemaProps(b)), without building either. */
export function schemaPropsEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const sa = obj(a);
  const sb = obj(b);
  for (const [, key, kind] of SCHEMA_PROPS) if (!fieldEqual(kind, sa[key], sb[key])) return false;
  return true;
}

/** The per-version fields the conversion may move to the spec, each as the internal value. */
interface PerVersion {
  schema: GoStruct | null;
  subresources: GoStruct | null;
  columns: GoStruct[] | null;
  selectableFields: GoStruct[] | null;
}

/** Each per-version field: its v1 name and how its internal value is built from the version. */
const PER_VERSION: {
  readonly [K in keyof PerVersion]: { readonly v1: string; readonly build: (v: Raw) => PerVersion[K] };
} = {
  schema: {
    v1: "schema",
    build: (v) =>
      v.schema === undefined || v.schema === null
        ? null
        : new GoStruct([["OpenAPIV3Schema", ptrSchemaProps(obj(v.schema).openAPIV3Schema)]]),
  },
  subresources: {
    v1: "subresources",
    build: (v) => {
      if (v.subresources === undefined || v.subresources === null) return null;
      const sr = obj(v.subresources);
      const scale = sr.scale === undefined || sr.scale === null ? null : obj(sr.scale);
      return new GoStruct([
        // CustomResourceSubresourceStatus is an empty struct: a set status prints {}.
        ["Status", sr.status === undefined || sr.status === null ? null : new GoStruct([])],
        [
          "Scale",
          scale === null
            ? null
            : new GoStruct([
                ["SpecReplicasPath", str(scale.specReplicasPath)],
                ["StatusReplicasPath", str(scale.statusReplicasPath)],
                ["LabelSelectorPath", ptrStr(scale.labelSelectorPath)],
              ]),
        ],
      ]);
    },
  },
  columns: {
    v1: "additionalPrinterColumns",
    build: (v) =>
      slice(v.additionalPrinterColumns, (c) => {
        const o = obj(c);
        return new GoStruct([
          ["Name", str(o.name)],
          ["Type", str(o.type)],
          ["Format", str(o.format)],
          ["Description", str(o.description)],
          ["Priority", num(o.priority)],
          ["JSONPath", str(o.jsonPath)],
        ]);
      }),
  },
  selectableFields: {
    v1: "selectableFields",
    build: (v) => slice(v.selectableFields, (f) => new GoStruct([["JSONPath", str(obj(f).jsonPath)]])),
  },
};

const FIELDS = Object.keys(PER_VERSION) as (keyof PerVersion)[];

function perVersion(v: Raw): PerVersion {
  return {
    schema: PER_VERSION.schema.build(v),
    subresources: PER_VERSION.subresources.build(v),
    columns: PER_VERSION.columns.build(v),
    selectableFields: PER_VERSION.selectableFields.build(v),
  };
}

/**
 * spec.versions of a v1 CRD spec as the internal []CustomResourceDefinitionVersion (null for an absent list): a field
 * that is semantically identical in every version (schema, subresources, printer columns, selectable fields) has moved
 * to the spec and is nil in each version — so a CRD whose versions share one schema prints `"Schema":null`.
 */
export function internalVersions(spec: Raw): GoStruct[] | null {
  if (!Array.isArray(spec.versions)) return null;
  const raws = spec.versions.map(obj);
  const fields = raws.map(perVersion);
  const same = identicalIn(fields);
  return raws.map((v, i) => {
    const f = fields[i]!;
    return new GoStruct([
      ["Name", str(v.name)],
      ["Served", bool(v.served)],
      ["Storage", bool(v.storage)],
      ["Deprecated", bool(v.deprecated)],
      ["DeprecationWarning", ptrStr(v.deprecationWarning)],
      ["Schema", same.schema ? null : f.schema],
      ["Subresources", same.subresources ? null : f.subresources],
      ["AdditionalPrinterColumns", same.columns ? null : f.columns],
      ["SelectableFields", same.selectableFields ? null : f.selectableFields],
    ]);
  });
}

/** Which per-version fields are semantically identical in every version (and so move to the spec); none without versions. */
export interface IdenticalFields {
  schema: boolean;
  subresources: boolean;
  columns: boolean;
  selectableFields: boolean;
}

function identicalIn(fields: PerVersion[]): IdenticalFields {
  const same = (k: keyof PerVersion): boolean =>
    fields.length > 0 && fields.every((f) => goSemanticEqual(f[k], fields[0]![k]));
  return {
    schema: same("schema"),
    subresources: same("subresources"),
    columns: same("columns"),
    selectableFields: same("selectableFields"),
  };
}

/** goSemanticEqual of two versions' internal Schema (*CustomResourceValidation), without building them. */
function versionSchemasEqual(a: Raw, b: Raw): boolean {
  if (isNil(a.schema) || isNil(b.schema)) return isNil(a.schema) && isNil(b.schema);
  const oa = obj(a.schema).openAPIV3Schema;
  const ob = obj(b.schema).openAPIV3Schema;
  return isNil(oa) ? isNil(ob) : !isNil(ob) && schemaPropsEqual(oa, ob);
}

/**
 * The conversion's decision for each per-version field, compared as the internal values (so an empty description,
 * `required: []` or `priority: 0` equals an absent one, while `default: []` or `x-kubernetes-preserve-unknown-fields:
 * false` does not). A field whose raw values are equal in every version skips building the internal values.
 */
export function identicalPerVersionFields(versions: unknown[]): IdenticalFields {
  const raws = versions.map(obj);
  const out = { schema: false, subresources: false, columns: false, selectableFields: false };
  if (raws.length === 0) return out;
  for (const k of FIELDS) {
    const { v1, build } = PER_VERSION[k] as { v1: string; build: (v: Raw) => unknown };
    if (raws.every((v) => deepEqual(v[v1], raws[0]![v1]))) out[k] = true;
    else if (k === "schema") out[k] = raws.every((v) => versionSchemasEqual(v, raws[0]!));
    else {
      const built = raws.map((v) => build(v));
      out[k] = built.every((b) => goSemanticEqual(b, built[0]));
    }
  }
  return out;
}

/** The value of an `items: Invalid value: ...` error (the internal *JSONSchemaPropsOrArray), as the apiserver prints it. */
export function internalItemsValue(raw: unknown): RenderedValue {
  return new RenderedValue(goJson(schemaOrArray(raw)));
}

/** The value of a `spec.versions: Invalid value: ...` error, rendered as the apiserver prints it. */
export function internalVersionsValue(spec: Raw): RenderedValue {
  return new RenderedValue(goJson(internalVersions(spec)));
}
