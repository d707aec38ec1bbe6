/**
 * Reading the list/map extension fields of one raw schema node the way the apiserver's decoded
 * JSONSchemaProps sees them: `null` is absent, and a value of the wrong JSON type means the request would
 * not decode at all (the decoding rules report it), so the list-type rules stay silent on it.
 */
import { isObject, type JsonObject } from "../../crd/model.js";
import { LIST_MAP_KEYS, LIST_TYPE, isSet, typeOf } from "../../crd/structural.js";

export { LIST_MAP_KEYS, LIST_TYPE, MAP_TYPE } from "../../crd/structural.js";

/** A field whose JSON type does not decode into the Go field. */
export const MALFORMED: unique symbol = Symbol("malformed");
export type Malformed = typeof MALFORMED;

/** A `*string` field: undefined when absent or null. */
export function optionalString(schema: JsonObject, key: string): string | undefined | Malformed {
  const v = schema[key];
  if (v === undefined || v === null) return undefined;
  return typeof v === "string" ? v : MALFORMED;
}

/** `type` (a plain string in Go): "" when absent. */
export function schemaType(schema: JsonObject): string | Malformed {
  return typeOf(schema) ?? MALFORMED;
}

/** A `[]string` field: [] when absent or null. */
export function stringList(schema: JsonObject, key: string): readonly string[] | Malformed {
  const v = schema[key];
  if (v === undefined || v === null) return EMPTY;
  if (!Array.isArray(v)) return MALFORMED;
  for (const e of v) if (typeof e !== "string") return MALFORMED;
  return v as string[];
}
const EMPTY: readonly string[] = [];

/** `items` (JSONSchemaPropsOrArray): absent, a single schema, or the (unsupported) array form. */
export type Items =
  | { kind: "absent" }
  | { kind: "schema"; schema: JsonObject }
  | { kind: "array"; value: unknown[] }
  | { kind: "malformed" };
const ABSENT: Items = { kind: "absent" };
const MALFORMED_ITEMS: Items = { kind: "malformed" };

export function itemsOf(schema: JsonObject): Items {
  const v = schema.items;
  if (v === undefined || v === null) return ABSENT;
  if (isObject(v)) return { kind: "schema", schema: v };
  if (Array.isArray(v)) return { kind: "array", value: v };
  return MALFORMED_ITEMS;
}

/** The item schema when `items` is a single schema object. */
export function itemSchema(schema: JsonObject): JsonObject | undefined {
  const v = schema.items;
  return isObject(v) ? v : undefined;
}

/** `properties[name]` of a schema, when the property exists (its schema, or {} when malformed). */
export function property(schema: JsonObject, name: string): JsonObject | undefined {
  const props = schema.properties;
  if (!isObject(props) || !Object.hasOwn(props, name)) return undefined;
  const p = props[name];
  return isObject(p) ? p : {};
}

/** `default` set to a value (`default: null` decodes to no default). */
export function hasDefault(schema: JsonObject): boolean {
  return isSet(schema.default);
}

export function isNullable(schema: JsonObject): boolean {
  return schema.nullable === true;
}

/** The `map` list of a node: its list-map keys and its single item schema, when both decode. */
export function mapListOf(schema: JsonObject): { keys: readonly string[]; items: JsonObject } | undefined {
  if (schema[LIST_TYPE] !== "map") return undefined;
  const items = itemSchema(schema);
  if (!items) return undefined;
  const keys = stringList(schema, LIST_MAP_KEYS);
  if (keys === MALFORMED || keys.length === 0) return undefined;
  return { keys, items };
}
