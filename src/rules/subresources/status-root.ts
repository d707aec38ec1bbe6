/**
 * The apiserver's root-schema restriction when the status subresource is enabled: the root may only use keywords
 * that survive extracting `properties[status]` as the status schema. One scan in the internal struct's field order,
 * stopping at the first offence (a disallowed keyword, or a non-object `type`).
 */
// Upstream: kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go (validateCustomResourceDefinitionValidation)
import { isObject, type JsonObject } from "../../crd/model.js";
import { releaseHas } from "../../k8s/releases.js";
import type { SchemaContext } from "../define-rule.js";

export type StatusRootOffence = { kind: "type"; type: string } | { kind: "field"; keyword: string };

const isPresent = (v: unknown): boolean => v !== undefined && v !== null;
const isNonEmptyString = (v: unknown): boolean => typeof v === "string" && v.length > 0;
const isTrue = (v: unknown): boolean => v === true;

/**
 * Internal JSONSchemaProps fields in declaration order, with "is this field non-zero after decoding" for the
 * keywords that are not allowed at the root. Pointers, slices and maps are non-zero as soon as they are present
 * (`additionalProperties: false`, `enum: []`, `maxProperties: 0`, `x-kubernetes-list-type: ""` all count);
 * plain strings and bools only when non-empty / true. Allowed keywords are left out: they never stop the scan.
 */
const DISALLOWED_IN_ORDER: readonly [string, (v: unknown) => boolean][] = [
  ["id", isNonEmptyString],
  ["$schema", isNonEmptyString],
  ["$ref", isPresent],
  ["type", () => false], // placeholder: `type` is checked in place (see below)
  ["nullable", isTrue],
  ["default", isPresent],
  ["enum", isPresent],
  ["maxProperties", isPresent],
  ["minProperties", isPresent],
  ["allOf", isPresent],
  ["oneOf", isPresent],
  ["anyOf", isPresent],
  ["not", isPresent],
  ["additionalProperties", isPresent],
  ["patternProperties", isPresent],
  ["dependencies", isPresent],
  ["additionalItems", isPresent],
  ["definitions", isPresent],
  ["x-kubernetes-embedded-resource", isTrue],
  ["x-kubernetes-int-or-string", isTrue],
  ["x-kubernetes-list-map-keys", isPresent],
  ["x-kubernetes-list-type", isPresent],
  ["x-kubernetes-map-type", isPresent],
];

/** The first offence the apiserver reports for the schema of `ctx`, or null (also when status is not enabled). */
export function statusRootOffence(ctx: SchemaContext): StatusRootOffence | null {
  return ctx.scope.statusEnabled ? firstStatusRootOffence(ctx.scope.root) : null;
}

/** The first offence the apiserver reports for this root schema when status is enabled, or null. */
export function firstStatusRootOffence(root: JsonObject): StatusRootOffence | null {
  for (const [keyword, isSet] of DISALLOWED_IN_ORDER) {
    if (keyword === "type") {
      const t = root.type;
      if (typeof t === "string" && t !== "" && t !== "object") return { kind: "type", type: t };
      continue;
    }
    if (isSet(root[keyword])) return { kind: "field", keyword };
  }
  return null;
}

export const STATUS_ROOT_TYPE_MESSAGE =
  'only "object" is allowed as the type at the root of the schema if the status subresource is enabled';
const ALLOWED_AT_ROOT =
  "Description Type Format Title Maximum ExclusiveMaximum Minimum ExclusiveMinimum MaxLength MinLength Pattern MaxItems MinItems UniqueItems MultipleOf Required Items Properties ExternalDocs Example XPreserveUnknownFields";

/** The allowed fields of the message; XValidations (x-kubernetes-validations, 1.23+) joined the list with the field itself. */
export function statusRootAllowedFields(minor: number): string {
  return `${ALLOWED_AT_ROOT}${releaseHas(minor, "statusRootAllowsValidations") ? " XValidations" : ""}`;
}

// ---------------------------------------------------------------------------------------------------------------
// The error's value is the whole internal JSONSchemaProps struct. Kubernetes 1.34+ renders it as JSON with the Go
// field names (the internal types carry no json tags): every field present, nil pointers/slices/maps as null, map
// keys sorted, and <, >, & (and U+2028, U+2029) escaped in strings as Go's encoder does (htmlSafeJson). Before 1.34
// the apiserver printed Go's %#v with pointer addresses, which cannot be reproduced; crdlint prints the JSON form.

/** JSON text with encoding/json's HTML escaping: in JSON text these characters can only occur inside strings. */
export function htmlSafeJson(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
}

const str = (v: unknown): string => (typeof v === "string" ? v : "");
const bool = (v: unknown): boolean => v === true;
const ptr = <T>(v: unknown, ok: (x: unknown) => x is T): T | null => (ok(v) ? v : null);
const isString = (x: unknown): x is string => typeof x === "string";
const isNumber = (x: unknown): x is number => typeof x === "number";
const isBool = (x: unknown): x is boolean => typeof x === "boolean";
const strList = (v: unknown): string[] | null => (Array.isArray(v) ? v.filter(isString) : null);

/** A JSON value as Go marshals an interface{}: object keys sorted. */
function sortedJson(v: unknown): unknown {
  if (v === undefined) return null;
  if (Array.isArray(v)) return v.map(sortedJson);
  if (isObject(v)) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) out[k] = sortedJson(v[k]);
    return out;
  }
  return v;
}

function schemaMap(v: unknown): Record<string, unknown> | null {
  if (!isObject(v)) return null;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v).sort()) out[k] = internalSchemaValue(v[k]);
  return out;
}

function schemaList(v: unknown): unknown[] | null {
  return Array.isArray(v) ? v.map(internalSchemaValue) : null;
}

function orBool(v: unknown): unknown {
  if (isObject(v)) return { Allows: true, Schema: internalSchemaValue(v) };
  if (typeof v === "boolean") return { Allows: v, Schema: null };
  return null;
}

function validationRules(v: unknown): unknown[] | null {
  if (!Array.isArray(v)) return null;
  return v.map((r) => {
    const o = isObject(r) ? r : {};
    return {
      Rule: str(o.rule),
      Message: str(o.message),
      MessageExpression: str(o.messageExpression),
      Reason: ptr(o.reason, isString),
      FieldPath: str(o.fieldPath),
      OptionalOldSelf: ptr(o.optionalOldSelf, isBool),
    };
  });
}

/** The internal apiextensions.JSONSchemaProps of a v1 schema, as Kubernetes 1.34+ prints it in an error value. */
export function internalSchemaValue(schema: unknown): Record<string, unknown> {
  const s = isObject(schema) ? schema : {};
  const items = s.items;
  const deps = s.dependencies;
  return {
    ID: str(s.id),
    Schema: str(s.$schema),
    Ref: ptr(s.$ref, isString),
    Description: str(s.description),
    Type: str(s.type),
    Nullable: bool(s.nullable),
    Format: str(s.format),
    Title: str(s.title),
    Default: isPresent(s.default) ? sortedJson(s.default) : null,
    Maximum: ptr(s.maximum, isNumber),
    ExclusiveMaximum: bool(s.exclusiveMaximum),
    Minimum: ptr(s.minimum, isNumber),
    ExclusiveMinimum: bool(s.exclusiveMinimum),
    MaxLength: ptr(s.maxLength, isNumber),
    MinLength: ptr(s.minLength, isNumber),
    Pattern: str(s.pattern),
    MaxItems: ptr(s.maxItems, isNumber),
    MinItems: ptr(s.minItems, isNumber),
    UniqueItems: bool(s.uniqueItems),
    MultipleOf: ptr(s.multipleOf, isNumber),
    Enum: Array.isArray(s.enum) ? s.enum.map(sortedJson) : null,
    MaxProperties: ptr(s.maxProperties, isNumber),
    MinProperties: ptr(s.minProperties, isNumber),
    Required: strList(s.required),
    Items: isObject(items)
      ? { Schema: internalSchemaValue(items), JSONSchemas: null }
      : Array.isArray(items)
        ? { Schema: null, JSONSchemas: items.map(internalSchemaValue) }
        : null,
    AllOf: schemaList(s.allOf),
    OneOf: schemaList(s.oneOf),
    AnyOf: schemaList(s.anyOf),
    Not: isObject(s.not) ? internalSchemaValue(s.not) : null,
    Properties: schemaMap(s.properties),
    AdditionalProperties: orBool(s.additionalProperties),
    PatternProperties: schemaMap(s.patternProperties),
    Dependencies: isObject(deps)
      ? Object.fromEntries(
          Object.keys(deps)
            .sort()
            .map((k) => {
              const d = deps[k];
              return [
                k,
                isObject(d)
                  ? { Schema: internalSchemaValue(d), Property: null }
                  : { Schema: null, Property: strList(d) },
              ];
            }),
        )
      : null,
    AdditionalItems: orBool(s.additionalItems),
    Definitions: schemaMap(s.definitions),
    ExternalDocs: isObject(s.externalDocs)
      ? { Description: str(s.externalDocs.description), URL: str(s.externalDocs.url) }
      : null,
    Example: isPresent(s.example) ? sortedJson(s.example) : null,
    XPreserveUnknownFields: ptr(s["x-kubernetes-preserve-unknown-fields"], isBool),
    XEmbeddedResource: bool(s["x-kubernetes-embedded-resource"]),
    XIntOrString: bool(s["x-kubernetes-int-or-string"]),
    XListMapKeys: strList(s["x-kubernetes-list-map-keys"]),
    XListType: ptr(s["x-kubernetes-list-type"], isString),
    XMapType: ptr(s["x-kubernetes-map-type"], isString),
    XValidations: validationRules(s["x-kubernetes-validations"]),
  };
}
