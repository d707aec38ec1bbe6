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
import { GoInterface, GoStruct, deepEqual, goJson, goSemanticEqual, isPlainObject } from "../k8s/go.js";
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

/** A JSONSchemaProps value (a null or a non-object decodes to the zero struct, as in a map or slice element). */
export function internalSchemaProps(raw: unknown): GoStruct {
  const s = obj(raw);
  return new GoStruct([
    ["ID", str(s.id)],
    ["Schema", str(s.$schema)],
    ["Ref", ptrStr(s.$ref)],
    ["Description", str(s.description)],
    ["Type", str(s.type)],
    ["Nullable", bool(s.nullable)],
    ["Format", str(s.format)],
    ["Title", str(s.title)],
    ["Default", ptrJson(s.default)],
    ["Maximum", ptrNumber(s.maximum)],
    ["ExclusiveMaximum", bool(s.exclusiveMaximum)],
    ["Minimum", ptrNumber(s.minimum)],
    ["ExclusiveMinimum", bool(s.exclusiveMinimum)],
    ["MaxLength", ptrNumber(s.maxLength)],
    ["MinLength", ptrNumber(s.minLength)],
    ["Pattern", str(s.pattern)],
    ["MaxItems", ptrNumber(s.maxItems)],
    ["MinItems", ptrNumber(s.minItems)],
    ["UniqueItems", bool(s.uniqueItems)],
    ["MultipleOf", ptrNumber(s.multipleOf)],
    // []JSON: an element null is a nil interface{}, printed null.
    ["Enum", slice(s.enum, (e) => new GoInterface(e ?? null))],
    ["MaxProperties", ptrNumber(s.maxProperties)],
    ["MinProperties", ptrNumber(s.minProperties)],
    ["Required", slice(s.required, str)],
    ["Items", schemaOrArray(s.items)],
    ["AllOf", slice(s.allOf, internalSchemaProps)],
    ["OneOf", slice(s.oneOf, internalSchemaProps)],
    ["AnyOf", slice(s.anyOf, internalSchemaProps)],
    ["Not", ptrSchemaProps(s.not)],
    ["Properties", map(s.properties, internalSchemaProps)],
    ["AdditionalProperties", schemaOrBool(s.additionalProperties)],
    ["PatternProperties", map(s.patternProperties, internalSchemaProps)],
    ["Dependencies", map(s.dependencies, schemaOrStringArray)],
    ["AdditionalItems", schemaOrBool(s.additionalItems)],
    ["Definitions", map(s.definitions, internalSchemaProps)],
    [
      "ExternalDocs",
      isPlainObject(s.externalDocs)
        ? new GoStruct([
            ["Description", str(s.externalDocs.description)],
            ["URL", str(s.externalDocs.url)],
          ])
        : null,
    ],
    ["Example", ptrJson(s.example)],
    ["XPreserveUnknownFields", ptrBool(s["x-kubernetes-preserve-unknown-fields"])],
    ["XEmbeddedResource", bool(s["x-kubernetes-embedded-resource"])],
    ["XIntOrString", bool(s["x-kubernetes-int-or-string"])],
    ["XListMapKeys", slice(s["x-kubernetes-list-map-keys"], str)],
    ["XListType", ptrStr(s["x-kubernetes-list-type"])],
    ["XMapType", ptrStr(s["x-kubernetes-map-type"])],
    [
      "XValidations",
      slice(s["x-kubernetes-validations"], (r) => {
        const o = obj(r);
        return new GoStruct([
          ["Rule", str(o.rule)],
          ["Message", str(o.message)],
          ["MessageExpression", str(o.messageExpression)],
          ["Reason", ptrStr(o.reason)],
          ["FieldPath", str(o.fieldPath)],
          ["OptionalOldSelf", ptrBool(o.optionalOldSelf)],
        ]);
      }),
    ],
  ]);
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
    else {
      const built = raws.map((v) => build(v));
      out[k] = built.every((b) => goSemanticEqual(b, built[0]));
    }
  }
  return out;
}

/** The value of a `spec.versions: Invalid value: ...` error, rendered as the apiserver prints it. */
export function internalVersionsValue(spec: Raw): RenderedValue {
  return new RenderedValue(goJson(internalVersions(spec)));
}
