/**
 * The structural conversion check (`NewStructural`) the field-path checks depend on, and the apiserver's field-path
 * parser itself (src/k8s/field-path.ts, re-exported for the rules).
 *
 * `structuralConversionError(schema)` → the error text of `NewStructural` for that schema, or null when it converts.
 * A schema whose root converts also converts at every node reachable through properties, items and
 * additionalProperties, so one call on the root settles the question for all of them. It reads raw (v1, as written)
 * schema objects the way the decoded Go structs see them.
 */
// Upstream: kubernetes/apiextensions-apiserver:pkg/apiserver/schema/convert.go (NewStructural)
import { isObject, type JsonObject } from "./model.js";

export { validFieldPath, type FieldPathOptions, type FieldPathResult } from "../k8s/field-path.js";

/** A property value as decoded: a non-object value (null) is the zero JSONSchemaProps. */
function propertySchema(v: unknown): JsonObject {
  return isObject(v) ? v : {};
}

function nonEmptyObject(v: unknown): boolean {
  if (!isObject(v)) return false;
  for (const _ in v) return true;
  return false;
}

/** validateUnsupportedFields: keywords NewStructural refuses to convert. */
function unsupportedFieldError(s: JsonObject): string | null {
  if (typeof s.id === "string" && s.id.length > 0) return "OpenAPIV3Schema 'id' is not supported";
  if (typeof s.$schema === "string" && s.$schema.length > 0) return "OpenAPIV3Schema 'schema' is not supported";
  if (typeof s.$ref === "string" && s.$ref.length > 0) return "OpenAPIV3Schema '$ref' is not supported";
  if (nonEmptyObject(s.patternProperties)) return "OpenAPIV3Schema 'patternProperties' is not supported";
  if (nonEmptyObject(s.dependencies)) return "OpenAPIV3Schema 'dependencies' is not supported";
  if (s.additionalItems !== undefined && s.additionalItems !== null)
    return "OpenAPIV3Schema 'additionalItems' is not supported";
  if (nonEmptyObject(s.definitions)) return "OpenAPIV3Schema 'definitions' is not supported";
  return null;
}

const ITEMS_ARRAY = "OpenAPIV3Schema 'items' must be a schema, but is an array";
const PRESERVE_FALSE = "internal error: 'x-kubernetes-preserve-unknown-fields' must be true or undefined";

/**
 * newValueValidation: the junctors (not, allOf, anyOf, oneOf) are converted as nested value validations, which fail
 * where NewStructural fails on them (their items and properties included).
 */
function valueValidationError(s: JsonObject): string | null {
  if (isObject(s.not)) {
    const e = structuralConversionError(s.not);
    if (e) return e;
  }
  for (const j of ["allOf", "anyOf", "oneOf"] as const) {
    const list = s[j];
    if (!Array.isArray(list)) continue;
    for (const x of list) {
      const e = structuralConversionError(propertySchema(x));
      if (e) return e;
    }
  }
  return null;
}

/** newGenerics (additionalProperties schema, converted fully) and newExtensions (preserve-unknown-fields false). */
function genericsAndExtensionsError(s: JsonObject): string | null {
  if (isObject(s.additionalProperties)) {
    const e = structuralConversionError(s.additionalProperties);
    if (e) return e;
  }
  if (s["x-kubernetes-preserve-unknown-fields"] === false) return PRESERVE_FALSE;
  return null;
}

/** NewStructural's error for this schema, or null when it converts to a structural schema. */
export function structuralConversionError(schema: JsonObject): string | null {
  const e = unsupportedFieldError(schema) ?? valueValidationError(schema) ?? genericsAndExtensionsError(schema);
  if (e) return e;
  if (Array.isArray(schema.items)) {
    if (schema.items.length > 0) return ITEMS_ARRAY;
  } else if (isObject(schema.items)) {
    const ie = structuralConversionError(schema.items);
    if (ie) return ie;
  }
  if (nonEmptyObject(schema.properties)) {
    const props = schema.properties as JsonObject;
    for (const k of Object.keys(props).sort()) {
      const pe = structuralConversionError(propertySchema(props[k]));
      if (pe) return pe;
    }
  }
  return null;
}
