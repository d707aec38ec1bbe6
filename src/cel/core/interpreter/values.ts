/**
 * CEL runtime values over unstructured JSON, as the apiserver builds them from a structural schema
 * (kubernetes/apiserver pkg/cel/common/values.go UnstructuredToVal): integer -> int, number -> double,
 * string formats date/date-time -> timestamp, duration -> duration, byte -> bytes, int-or-string -> int or
 * string, objects with properties -> struct-like objects whose absent fields are "no such key", maps from
 * additionalProperties, lists with list-type set/map equality. Conversion is lazy (a rule reads a few fields).
 */
// Upstream: kubernetes/apiserver:pkg/cel/common/values.go (UnstructuredToVal, unstructuredMap, unstructuredList, unstructuredSetList, unstructuredMapList)
// Upstream: google/cel-go:common/types (Err texts: "no such key", "no such overload", "integer overflow", ...)
import type { DeclType } from "../types.js";
import { parseStrfmtDuration } from "../../../k8s/duration.js";
import { goTimeParseError } from "../../../k8s/go.js";
import { parseRfc3339Nanos } from "../literals.js";
import { codePoints } from "../runes.js";

/** A CEL error value (cel-go types.Err): propagates through strict calls, absorbed by && / || / ?: when possible. */
export class CelErr {
  constructor(readonly message: string) {}
}

/** The per-call cost limit was exceeded: evaluation stops (cel-go panics with EvalCancelledError). */
export class CostLimitExceeded extends Error {
  constructor() {
    super("operation cancelled: actual cost limit exceeded");
  }
}

/**
 * A Go runtime panic inside the apiserver's value code (cel-go's Program.Eval recovers it as the evaluation error
 * `internal error: <panic>`, which no operator absorbs).
 */
export class GoPanic extends Error {}

export class UintV {
  constructor(readonly v: bigint) {}
}
/** Nanoseconds since the Unix epoch (cel-go keeps time.Time; the valid range is years 1..9999). */
export class TimestampV {
  constructor(readonly ns: bigint) {}
}
export class DurationV {
  constructor(readonly ns: bigint) {}
}
export class TypeV {
  constructor(readonly name: string) {}
}
export class OptionalV {
  constructor(readonly value: Val | undefined) {}
  get hasValue(): boolean {
    return this.value !== undefined;
  }
}
/** Opaque library values (quantity, URL, IP, CIDR, semver, named format). */
export class OpaqueV {
  constructor(
    readonly typeName: string,
    readonly data: unknown,
    readonly equals: (other: OpaqueV) => boolean,
    readonly size?: number,
  ) {}
}

export type Val =
  | null
  | boolean
  | bigint
  | number
  | string
  | Uint8Array
  | UintV
  | TimestampV
  | DurationV
  | TypeV
  | OptionalV
  | OpaqueV
  | ListV
  | MapV
  | ObjectV;

export type Result = Val | CelErr;

export function isErr(v: unknown): v is CelErr {
  return v instanceof CelErr;
}

// ---------------------------------------------------------------------------------------------------------------
// lists

export type ListSemantics = "atomic" | "set" | "map";

/** A list: literal (elements given) or unstructured (raw array converted per element, lazily). */
export class ListV {
  private cache: (Result | undefined)[];
  /** See DeclType.legacySetEquality. */
  legacySetEquality = false;
  constructor(
    private readonly raw: readonly unknown[] | null,
    private readonly elems: readonly Result[] | null,
    private readonly itemDecl: DeclType | null,
    readonly semantics: ListSemantics = "atomic",
    readonly mapKeys: readonly string[] = [],
    /** cel-go literal lists report "index 'i' out of range in list size 'n'"; unstructured lists "index out of bounds: i". */
    readonly literal = raw === null,
  ) {
    this.cache = raw ? new Array<Result | undefined>(raw.length) : [];
  }
  static of(elems: readonly Val[]): ListV {
    return new ListV(null, elems, null);
  }
  get size(): number {
    return this.raw ? this.raw.length : this.elems!.length;
  }
  get(i: number): Result {
    if (this.elems) return this.elems[i]!;
    let v = this.cache[i];
    if (v === undefined) {
      v = toVal(this.raw![i], this.itemDecl);
      this.cache[i] = v;
    }
    return v;
  }
  *[Symbol.iterator](): IterableIterator<Result> {
    for (let i = 0; i < this.size; i++) yield this.get(i);
  }
  /** The decoded JSON elements of an unstructured list (null for a literal list). */
  get rawElements(): readonly unknown[] | null {
    return this.raw;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// maps

/** Map keys: strings, ints, uints and bools; cel-go treats numerically equal int/uint/double keys as one key. */
export function mapKeyString(k: Val): string | null {
  if (typeof k === "string") return "s" + k;
  if (typeof k === "bigint") return "n" + k.toString();
  if (k instanceof UintV) return "n" + k.v.toString();
  if (typeof k === "number") return Number.isInteger(k) ? "n" + BigInt(k).toString() : null;
  if (typeof k === "boolean") return "b" + String(k);
  return null;
}

export class MapV {
  private conv = new Map<string, Result>();
  constructor(
    /** Unstructured map (string keys) with its value DeclType, or null for a map built by an expression. */
    private readonly raw: Readonly<Record<string, unknown>> | null,
    private readonly valueDecl: DeclType | null,
    private readonly entries: Map<string, [Val, Result]> | null,
  ) {}
  static of(entries: Map<string, [Val, Result]>): MapV {
    return new MapV(null, null, entries);
  }
  get size(): number {
    return this.raw ? Object.keys(this.raw).length : this.entries!.size;
  }
  keys(): Val[] {
    if (this.raw) return Object.keys(this.raw);
    return [...this.entries!.values()].map((e) => e[0]);
  }
  has(k: Val): boolean {
    if (this.raw) return typeof k === "string" && Object.prototype.hasOwnProperty.call(this.raw, k);
    const ks = mapKeyString(k);
    return ks !== null && this.entries!.has(ks);
  }
  /** The value, or undefined when the key is absent. */
  get(k: Val): Result | undefined {
    if (this.raw) {
      if (typeof k !== "string" || !Object.prototype.hasOwnProperty.call(this.raw, k)) return undefined;
      let v = this.conv.get(k);
      if (v === undefined) {
        v = toVal(this.raw[k], this.valueDecl);
        this.conv.set(k, v);
      }
      return v;
    }
    const ks = mapKeyString(k);
    if (ks === null) return undefined;
    return this.entries!.get(ks)?.[1];
  }
}

// ---------------------------------------------------------------------------------------------------------------
// objects (schema nodes with properties, embedded resources)

export class ObjectV {
  private conv = new Map<string, Result>();
  constructor(
    readonly decl: DeclType,
    private readonly raw: Readonly<Record<string, unknown>>,
  ) {}
  /** The schema field of a CEL field name (escaped or, since 1.31, the plain property name). */
  private field(name: string) {
    const fields = this.decl.fields;
    if (!fields) return undefined;
    const f = fields.get(name);
    if (f) return f;
    for (const x of fields.values()) if (x.name === name) return x;
    return undefined;
  }
  // unstructuredMap.Find: in an object with properties a field held as null is absent ("null valued nullable fields
  // are treated the same as absent optional fields"), for has(), selection and equality alike.
  has(name: string): boolean {
    const f = this.field(name);
    return f !== undefined && Object.prototype.hasOwnProperty.call(this.raw, f.name) && this.raw[f.name] !== null;
  }
  get(name: string): Result | undefined {
    const f = this.field(name);
    if (!f || !Object.prototype.hasOwnProperty.call(this.raw, f.name) || this.raw[f.name] === null) return undefined;
    let v = this.conv.get(f.name);
    if (v === undefined) {
      v = toVal(this.raw[f.name], f.type);
      this.conv.set(f.name, v);
    }
    return v;
  }
  /** Present fields (raw property names), for equality and traversal cost. */
  presentFields(): { name: string; value: Result }[] {
    const out: { name: string; value: Result }[] = [];
    for (const f of this.decl.fields?.values() ?? []) {
      if (Object.prototype.hasOwnProperty.call(this.raw, f.name) && this.raw[f.name] !== null)
        out.push({ name: f.name, value: this.get(f.escapedName)! });
    }
    return out;
  }
  get size(): number {
    return this.presentFields().length;
  }
  /** Every key of the stored map, those without a property schema (kept by x-kubernetes-preserve-unknown-fields) too. */
  rawKeys(): string[] {
    return Object.keys(this.raw);
  }
  /** Whether the stored key has a property schema (a declared field, as unstructuredMap.propSchema finds it). */
  declares(key: string): boolean {
    for (const f of this.decl.fields?.values() ?? []) if (f.name === key) return true;
    return false;
  }
  hasRawKey(key: string): boolean {
    return Object.prototype.hasOwnProperty.call(this.raw, key);
  }
  rawValue(key: string): unknown {
    return this.raw[key];
  }
}

// ---------------------------------------------------------------------------------------------------------------
// conversion

function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array);
}

function goTypeName(v: unknown): string {
  if (v === null || v === undefined) return "<nil>";
  switch (typeof v) {
    case "string":
      return "string";
    case "boolean":
      return "bool";
    case "bigint":
      return "int64";
    case "number":
      return Number.isInteger(v) ? "int64" : "float64";
    default:
      return Array.isArray(v) ? "[]interface {}" : "map[string]interface {}";
  }
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Converts one unstructured value with its DeclType (values.go UnstructuredToVal). */
export function toVal(raw: unknown, decl: DeclType | null): Result {
  if (raw === null || raw === undefined) {
    const s = decl?.schema;
    if (!s || s["nullable"] === true) return null;
    return new CelErr("invalid data, got null for schema with nullable=false");
  }
  if (!decl) return fromJson(raw);
  const schema = decl.schema;
  const t = decl.cel;
  switch (t.kind) {
    case "dyn":
      // int-or-string (or an untyped preserve-unknown-fields node)
      if (schema && schema["x-kubernetes-int-or-string"] === true) {
        if (typeof raw === "string") return raw;
        if (typeof raw === "bigint") return raw;
        if (typeof raw === "number" && Number.isInteger(raw)) return BigInt(raw);
        return new CelErr("invalid data, expected XIntOrString value to be either a string or integer");
      }
      return fromJson(raw);
    case "int":
      if (typeof raw === "bigint") return raw;
      if (typeof raw === "number" && Number.isInteger(raw)) return BigInt(raw);
      return new CelErr(`invalid data, expected int, got ${goTypeName(raw)}`);
    case "double":
      if (typeof raw === "number") return raw;
      if (typeof raw === "bigint") return Number(raw);
      return new CelErr(`invalid data, expected float, got ${goTypeName(raw)}`);
    case "bool":
      if (typeof raw === "boolean") return raw;
      return new CelErr(`invalid data, expected bool, got ${goTypeName(raw)}`);
    case "string":
      if (typeof raw === "string") return raw;
      return new CelErr(`invalid data, expected string, got ${goTypeName(raw)}`);
    case "bytes": {
      if (typeof raw !== "string") return new CelErr(`invalid data, expected string, got ${goTypeName(raw)}`);
      const b = decodeBase64(raw);
      if (!b) return new CelErr(`Invalid byte formatted string ${raw}: illegal base64 data`);
      return b;
    }
    case "duration": {
      if (typeof raw !== "string") return new CelErr(`invalid data, expected string, got ${goTypeName(raw)}`);
      const d = parseStrfmtDuration(raw);
      if (d.error !== undefined) return new CelErr(`Invalid duration ${raw}: ${d.error}`);
      return new DurationV(d.ns);
    }
    case "timestamp": {
      if (typeof raw !== "string") return new CelErr(`invalid data, expected string, got ${goTypeName(raw)}`);
      if (schema && schema["format"] === "date") {
        const m = DATE_RE.exec(raw);
        const ns = m ? parseTimestamp(`${raw}T00:00:00Z`) : null;
        if (ns === null)
          return new CelErr(`Invalid date formatted string ${raw}: ${goTimeParseError("2006-01-02", raw) ?? ""}`);
        return new TimestampV(ns);
      }
      // strfmt.ParseDateTime reads an empty string as the Unix epoch (NewDateTime), not as an error.
      if (raw === "") return new TimestampV(0n);
      const ns = parseTimestamp(raw);
      // strfmt.ParseDateTime reports the error of its last layout.
      if (ns === null)
        return new CelErr(
          `Invalid date-time formatted string ${raw}: ${goTimeParseError("2006-01-02T15:04:05", raw) ?? ""}`,
        );
      return new TimestampV(ns);
    }
    case "list": {
      if (!Array.isArray(raw))
        return new CelErr(`invalid data, expected an array for the provided schema with type=array`);
      const lt = schema?.["x-kubernetes-list-type"];
      const keys = schema?.["x-kubernetes-list-map-keys"];
      const semantics: ListSemantics = lt === "set" ? "set" : lt === "map" ? "map" : "atomic";
      const list = new ListV(
        raw,
        null,
        decl.elem ?? null,
        semantics,
        Array.isArray(keys) ? (keys as string[]) : [],
        false,
      );
      list.legacySetEquality = semantics === "set" && decl.legacySetEquality === true;
      return list;
    }
    case "map": {
      if (!isObj(raw)) return new CelErr(`invalid data, expected a map for the provided schema with type=object`);
      return new MapV(raw, decl.elem ?? null, null);
    }
    case "object": {
      if (!isObj(raw)) return new CelErr(`invalid data, expected a map for the provided schema with type=object`);
      if (decl.unconvertibleObject)
        return new CelErr(
          "invalid object type, expected either Properties or AdditionalProperties with Allows=true and non-empty Schema",
        );
      return new ObjectV(decl, raw);
    }
    default:
      return fromJson(raw);
  }
}

/** Schema-less JSON (x-kubernetes-preserve-unknown-fields values seen as dyn). */
export function fromJson(raw: unknown): Result {
  if (raw === null || raw === undefined) return null;
  switch (typeof raw) {
    case "boolean":
    case "string":
    case "bigint":
      return raw;
    case "number":
      return Number.isInteger(raw) ? BigInt(raw) : raw;
    // no default: arrays and objects are handled below
  }
  if (Array.isArray(raw)) return ListV.of(raw.map((x) => fromJson(x) as Val));
  if (isObj(raw)) {
    const m = new Map<string, [Val, Result]>();
    for (const [k, v] of Object.entries(raw)) m.set("s" + k, [k, fromJson(v)]);
    return MapV.of(m);
  }
  return new CelErr("unsupported value");
}

function decodeBase64(s: string): Uint8Array | null {
  // strfmt.Base64 uses base64.StdEncoding (padding required, no whitespace)
  if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(s)) return null;
  return new Uint8Array(Buffer.from(s, "base64"));
}

const MIN_TS_NS = -62135596800n * 1000000000n;
const MAX_TS_NS = 253402300799n * 1000000000n + 999999999n;

/** RFC 3339 (Go time.Parse(time.RFC3339)) within years 1..9999, as Unix nanoseconds; null when invalid. */
export function parseTimestamp(s: string): bigint | null {
  return parseRfc3339Nanos(s);
}

export function civilFromDays(z0: number): { y: number; m: number; d: number } {
  const z = z0 + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const y = yoe + era * 400;
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp + (mp < 10 ? 3 : -9);
  return { y: m <= 2 ? y + 1 : y, m, d };
}

export { MIN_TS_NS, MAX_TS_NS };

// ---------------------------------------------------------------------------------------------------------------
// type names, sizes, equality

export function typeNameOf(v: Val): string {
  if (v === null) return "null_type";
  switch (typeof v) {
    case "boolean":
      return "bool";
    case "bigint":
      return "int";
    case "number":
      return "double";
    case "string":
      return "string";
    // no default: the object values are told apart below
  }
  if (v instanceof Uint8Array) return "bytes";
  if (v instanceof UintV) return "uint";
  if (v instanceof TimestampV) return "google.protobuf.Timestamp";
  if (v instanceof DurationV) return "google.protobuf.Duration";
  if (v instanceof TypeV) return "type";
  if (v instanceof OptionalV) return "optional_type";
  if (v instanceof OpaqueV) return v.typeName;
  if (v instanceof ListV) return "list";
  if (v instanceof MapV) return "map";
  // A custom resource's object is an unstructuredMap to the apiserver, whose runtime Type() is map whatever the
  // schema declares (type(self) == map holds on an object with properties).
  if (v instanceof ObjectV) return "map";
  return "unknown";
}

/** The Go types of cel-go's values by CEL type name, as fmt's %T prints them (for cel-go's own messages). */
const GO_CEL_TYPES: Readonly<Record<string, string>> = {
  null_type: "types.Null",
  bool: "types.Bool",
  int: "types.Int",
  double: "types.Double",
  string: "types.String",
  bytes: "types.Bytes",
  uint: "types.Uint",
  "google.protobuf.Timestamp": "types.Timestamp",
  "google.protobuf.Duration": "types.Duration",
  type: "*types.Type",
  optional_type: "*types.Optional",
};

export function goCelTypeName(v: Val): string {
  const cel = typeNameOf(v);
  return GO_CEL_TYPES[cel] ?? cel;
}

/** Code points of a string (cel-go String.Size counts runes). */
export const runeLength = codePoints;

/** cel-go's actualSize: Sizer values report their size, everything else 1. */
export function actualSize(v: Result): number {
  if (typeof v === "string") return runeLength(v);
  if (v instanceof Uint8Array) return v.length;
  if (v instanceof ListV) return v.size;
  if (v instanceof MapV) return v.size;
  if (v instanceof ObjectV) return v.size;
  if (v instanceof OpaqueV && v.size !== undefined) return v.size;
  return 1;
}

/** Go strings compare bytewise (UTF-8); JS compares UTF-16 units, which differs only across surrogates. */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const ba = Buffer.from(a, "utf8");
  const bb = Buffer.from(b, "utf8");
  return Buffer.compare(ba, bb);
}

function numericEquals(a: Val, b: Val): boolean | undefined {
  const na = typeof a === "bigint" ? a : a instanceof UintV ? a.v : typeof a === "number" ? a : undefined;
  const nb = typeof b === "bigint" ? b : b instanceof UintV ? b.v : typeof b === "number" ? b : undefined;
  if (na === undefined || nb === undefined) return undefined;
  if (typeof na === "number" || typeof nb === "number") {
    const x = Number(na);
    const y = Number(nb);
    if (typeof na === "bigint" && typeof nb === "number")
      return Number.isInteger(nb) && Math.abs(nb) < 2 ** 63 ? na === BigInt(nb) : x === y;
    if (typeof nb === "bigint" && typeof na === "number")
      return Number.isInteger(na) && Math.abs(na) < 2 ** 63 ? nb === BigInt(na) : x === y;
    return x === y;
  }
  return na === nb;
}

/** CEL equality (heterogeneous: values of different types are unequal, numbers compare across int/uint/double). */
export function celEquals(a: Result, b: Result): Result {
  if (isErr(a)) return a;
  if (isErr(b)) return b;
  const n = numericEquals(a, b);
  if (n !== undefined) return n;
  if (a === null || b === null) return a === b;
  if (typeof a !== "object" || typeof b !== "object") return a === b;
  if (a instanceof Uint8Array) return b instanceof Uint8Array && Buffer.compare(a, b) === 0;
  if (a instanceof TimestampV) return b instanceof TimestampV && a.ns === b.ns;
  if (a instanceof DurationV) return b instanceof DurationV && a.ns === b.ns;
  if (a instanceof TypeV) return b instanceof TypeV && a.name === b.name;
  if (a instanceof OptionalV) {
    if (!(b instanceof OptionalV)) return false;
    if (!a.hasValue || !b.hasValue) return a.hasValue === b.hasValue;
    return celEquals(a.value!, b.value!);
  }
  if (a instanceof OpaqueV) return b instanceof OpaqueV && a.typeName === b.typeName && a.equals(b);
  if (a instanceof ListV) return b instanceof ListV ? listEquals(a, b) : false;
  if (a instanceof MapV) return b instanceof MapV ? mapEquals(a, b) : false;
  if (a instanceof ObjectV) return b instanceof ObjectV ? objectEquals(a, b) : false;
  return false;
}

function listEquals(a: ListV, b: ListV): Result {
  if (a.size !== b.size) return false;
  // unstructuredSetList / unstructuredMapList: order-insensitive equality (values.go Equal)
  if (a.legacySetEquality && a.rawElements) return legacySetEquals(a.rawElements, b);
  if (a.semantics === "set" && !a.literal) {
    // From 1.37 unstructuredSetList.Equal keys its elements (setElementKey): a list or object element is an error,
    // then every element of the other list must be one of them, and all of them must be seen.
    const nonScalar = (v: Result) => v instanceof ListV || v instanceof MapV || v instanceof ObjectV;
    const scalarsOnly = () => new CelErr("listSet operations are only supported on lists of scalar values");
    const xs = [...a];
    if (xs.some(nonScalar)) return scalarsOnly();
    // the first of equal elements stands for them (a Go map key)
    const distinct: number[] = [];
    for (let i = 0; i < xs.length; i++) {
      let dup = false;
      for (const j of distinct) if (celEquals(xs[j]!, xs[i]!) === true) dup = true;
      if (!dup) distinct.push(i);
    }
    const seen = new Set<number>();
    for (const y of b) {
      if (nonScalar(y)) return scalarsOnly();
      let found = -1;
      for (const j of distinct) {
        const e = celEquals(xs[j]!, y);
        if (isErr(e)) return e;
        if (e === true) {
          found = j;
          break;
        }
      }
      if (found < 0) return false;
      seen.add(found);
    }
    return seen.size === distinct.length;
  }
  if (a.semantics === "map" && !a.literal && a.mapKeys.length > 0) {
    for (const x of a) {
      if (isErr(x)) return x;
      let match: Result | undefined;
      for (const y of b) {
        if (isErr(y)) return y;
        if (sameListMapKey(x, y, a.mapKeys)) {
          match = y;
          break;
        }
      }
      if (match === undefined) return false;
      const e = celEquals(x, match);
      if (e !== true) return e;
    }
    return true;
  }
  for (let i = 0; i < a.size; i++) {
    const e = celEquals(a.get(i), b.get(i));
    if (e !== true) return e;
  }
  return true;
}

/**
 * unstructuredSetList.Equal up to 1.36: every element of the other list, as its Go value (CEL double → float64, int →
 * int64, ...), must be a key of a map of this list's raw elements (decoded JSON: integral numbers are int64). Go map
 * keys compare type and value, so a number set holding an integral value never equals another list of doubles.
 */
// Upstream: kubernetes/apiserver:pkg/cel/common/values.go (unstructuredSetList.Equal, v0.33-v0.36; fixed by setElementKey in v0.37)
/** The Go type of a value that cannot be a Go map key (the legacy set's elements are used as keys). */
function unhashable(e: unknown): string | null {
  if (Array.isArray(e) || e instanceof ListV) return "[]interface {}";
  if ((e !== null && typeof e === "object" && Object.getPrototypeOf(e) === Object.prototype) || e instanceof MapV)
    return "map[string]interface {}";
  return null;
}

function legacySetEquals(raw: readonly unknown[], b: ListV): Result {
  const keys = new Set<string>();
  // Up to 1.36 unstructuredSetList.Equal puts the raw elements in a Go map, then looks up the other list's values:
  // a list or object element (an atomic set of lists or objects) panics with Go's hash error.
  for (const e of raw) {
    const t = unhashable(e);
    if (t !== null) throw new GoPanic(`runtime error: hash of unhashable type ${t}`);
  }
  for (const e of raw) {
    const k = rawSetKey(e);
    if (k !== null) keys.add(k);
  }
  for (const y of b) {
    if (isErr(y)) return y;
    const t = unhashable(y);
    if (t !== null) throw new GoPanic(`runtime error: hash of unhashable type ${t}`);
    const k = valSetKey(y);
    if (k === null || !keys.has(k)) return false;
  }
  return true;
}

function rawSetKey(e: unknown): string | null {
  if (typeof e === "boolean") return "b" + String(e);
  if (typeof e === "string") return "s" + e;
  if (typeof e === "bigint") return "i" + e.toString();
  if (typeof e === "number") {
    if (Number.isInteger(e) && Math.abs(e) < 9223372036854775808) return "i" + BigInt(e).toString();
    return Number.isNaN(e) ? null : "f" + String(e === 0 ? 0 : e);
  }
  return null;
}

function valSetKey(y: Val): string | null {
  if (typeof y === "boolean") return "b" + String(y);
  if (typeof y === "string") return "s" + y;
  if (typeof y === "bigint") return "i" + y.toString();
  if (typeof y === "number") return Number.isNaN(y) ? null : "f" + String(y === 0 ? 0 : y);
  if (y instanceof UintV) return "u" + y.v.toString();
  return null;
}

export function sameListMapKey(x: Val, y: Val, keys: readonly string[]): boolean {
  for (const k of keys) {
    const xv = x instanceof ObjectV ? x.get(k) : x instanceof MapV ? x.get(k) : undefined;
    const yv = y instanceof ObjectV ? y.get(k) : y instanceof MapV ? y.get(k) : undefined;
    if (xv === undefined || yv === undefined) {
      if (xv !== yv) return false;
      continue;
    }
    if (celEquals(xv, yv) !== true) return false;
  }
  return true;
}

function mapEquals(a: MapV, b: MapV): Result {
  if (a.size !== b.size) return false;
  for (const k of a.keys()) {
    const bv = b.get(k);
    if (bv === undefined) return false;
    const e = celEquals(a.get(k)!, bv);
    if (e !== true) return e;
  }
  return true;
}

/**
 * unstructuredMap.Equal (apiserver pkg/cel/common): the sizes are the stored maps' key counts,
 * keys without a property schema (kept by x-kubernetes-preserve-unknown-fields) included; such a key is compared with
 * DeepEqual only when the other map has it too, a key with a property schema must be present on both sides.
 */
function objectEquals(a: ObjectV, b: ObjectV): Result {
  const keys = a.rawKeys();
  if (keys.length !== b.rawKeys().length) return false;
  // The declared fields each side holds, converted once (a key of `a` that is not among them has no CEL type).
  const fa = new Map(a.presentFields().map((f) => [f.name, f.value]));
  const fb = new Map(b.presentFields().map((f) => [f.name, f.value]));
  // Find: a key held as null is absent.
  const present = (o: ObjectV, key: string): boolean => o.hasRawKey(key) && o.rawValue(key) !== null;
  for (const key of keys) {
    const typed = a.declares(key);
    // A property of the schema (propSchema), typed for CEL or not, is looked up on both sides.
    if (typed || hasSchemaProperty(a.decl, key)) {
      const pa = present(a, key);
      const pb = present(b, key);
      if (a.decl.legacyNullFieldUnequal === true) {
        // Up to 1.33: the other object's Find, then this side's value, null included (a null equals no value there).
        if (!pb || !pa) return false;
      } else {
        // From 1.34 both sides' Find: a field absent (or null) on both is skipped.
        if (pa !== pb) return false;
        if (!pa) continue;
      }
      // One without a CEL type (x-kubernetes-preserve-unknown-fields and no type, say) is an unknownPreserved value,
      // compared by equality.Semantic.DeepEqual.
      const e = typed ? fieldEquals(fa.get(key)!, fb.get(key)!) : deepEqualRaw(a.rawValue(key), b.rawValue(key));
      if (e !== true) return e;
    } else if (b.hasRawKey(key) && !deepEqualRaw(a.rawValue(key), b.rawValue(key))) return false;
  }
  return true;
}

/** Whether the object's schema has a property of that name (unstructuredMap's propSchema), typed for CEL or not. */
function hasSchemaProperty(decl: DeclType, key: string): boolean {
  const props = decl.schema?.["properties"];
  return isObj(props) && Object.prototype.hasOwnProperty.call(props, key);
}

/**
 * A field compared inside unstructuredMap.Equal: `v.Equal(ov)` without the == operator's error short-cut. An error on
 * the right (stored data its schema cannot convert) makes a scalar, timestamp or bytes value unequal (their Equal
 * answers false for another type); a list, map or object passes the error on (MaybeNoSuchOverloadErr).
 */
function fieldEquals(a: Result, b: Result): Result {
  if (isErr(a) || !isErr(b)) return celEquals(a, b);
  return a instanceof ListV || a instanceof MapV || a instanceof ObjectV ? b : false;
}

/** equality.Semantic.DeepEqual of decoded JSON values. */
function deepEqualRaw(x: unknown, y: unknown): boolean {
  if (x === y) return true;
  if (Array.isArray(x)) return Array.isArray(y) && x.length === y.length && x.every((v, i) => deepEqualRaw(v, y[i]));
  if (isObj(x) && isObj(y)) {
    const kx = Object.keys(x);
    return (
      kx.length === Object.keys(y).length &&
      kx.every((k) => Object.prototype.hasOwnProperty.call(y, k) && deepEqualRaw(x[k], y[k]))
    );
  }
  return false;
}
