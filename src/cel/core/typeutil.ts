/**
 * Shared CEL type constructors, formatting and structural helpers (cel-go common/types semantics).
 * Primitive types are singletons so that identity comparisons are cheap.
 */
import type { CelType, DeclType } from "./types.js";

export const INT: CelType = Object.freeze({ kind: "int" }) as CelType;
export const UINT: CelType = Object.freeze({ kind: "uint" }) as CelType;
export const DOUBLE: CelType = Object.freeze({ kind: "double" }) as CelType;
export const BOOL: CelType = Object.freeze({ kind: "bool" }) as CelType;
export const STRING: CelType = Object.freeze({ kind: "string" }) as CelType;
export const BYTES: CelType = Object.freeze({ kind: "bytes" }) as CelType;
export const NULL: CelType = Object.freeze({ kind: "null_type" }) as CelType;
export const DURATION: CelType = Object.freeze({ kind: "duration" }) as CelType;
export const TIMESTAMP: CelType = Object.freeze({ kind: "timestamp" }) as CelType;
export const DYN: CelType = Object.freeze({ kind: "dyn" }) as CelType;
export const ERROR: CelType = Object.freeze({ kind: "error" }) as CelType;
/** The bare CEL `type` type (cel-go TypeType without parameter); printed as `type`. */
export const TYPE_TYPE: CelType = Object.freeze({ kind: "opaque", name: "type", params: [] }) as CelType;

/**
 * cel-go before v0.17 declares the `type` identifier as TypeType(TypeType(nil)), and its checker holds the nil as an
 * empty Type message: FormatCheckedType prints it as nothing (the identifier is `type(type())`), its protobuf text is
 * `{}` (`type:{type:{}}`).
 */
export const EMPTY_TYPE_MESSAGE: CelType = Object.freeze({ kind: "opaque", name: "", params: [] }) as CelType;

export function listOf(elem: CelType): CelType {
  return { kind: "list", elem };
}
export function mapOf(key: CelType, value: CelType): CelType {
  return { kind: "map", key, value };
}
export function optionalOf(elem: CelType): CelType {
  return { kind: "optional", elem };
}
export function typeOf(of: CelType): CelType {
  return { kind: "type", of };
}
export function typeParam(name: string): CelType {
  return { kind: "typeParam", name };
}
export function opaque(name: string, ...params: CelType[]): CelType {
  return { kind: "opaque", name, params };
}

export const LIST_STRING = listOf(STRING);
export const LIST_DYN = listOf(DYN);

/** Library types (names as cel-go/Kubernetes print them). */
export const URL_TYPE = opaque("kubernetes.URL");
export const QUANTITY_TYPE = opaque("kubernetes.Quantity");
export const IP_TYPE = opaque("net.IP");
export const CIDR_TYPE = opaque("net.CIDR");
export const SEMVER_TYPE = opaque("kubernetes.Semver");
export const FORMAT_TYPE = opaque("kubernetes.NamedFormat");
export const AUTHORIZER_TYPE = opaque("kubernetes.authorization.Authorizer");
export const PATH_CHECK_TYPE = opaque("kubernetes.authorization.PathCheck");
export const GROUP_CHECK_TYPE = opaque("kubernetes.authorization.GroupCheck");
export const RESOURCE_CHECK_TYPE = opaque("kubernetes.authorization.ResourceCheck");
export const DECISION_TYPE = opaque("kubernetes.authorization.Decision");

/** Library types that cel-go models as struct (object) types rather than opaque ones. */
const STRUCT_LIKE_LIBRARY_TYPES = new Set([
  "kubernetes.URL",
  "kubernetes.Quantity",
  "kubernetes.authorization.Authorizer",
  "kubernetes.authorization.PathCheck",
  "kubernetes.authorization.GroupCheck",
  "kubernetes.authorization.ResourceCheck",
  "kubernetes.authorization.Decision",
]);
export function isStructLikeLibraryType(t: CelType): boolean {
  return t.kind === "opaque" && STRUCT_LIKE_LIBRARY_TYPES.has(t.name);
}

/** Optional display-name resolver for schema object types (set by the checker while formatting). */
export type ObjectNamer = (decl: DeclType) => string;

/**
 * cel-go checker.FormatCELType. `optionalName`: what the cel-go release calls the optional type (`optional` before
 * v0.20, `optional_type` from it).
 */
export function formatType(t: CelType, namer?: ObjectNamer, optionalName = "optional_type"): string {
  const fmt = (x: CelType): string => formatType(x, namer, optionalName);
  switch (t.kind) {
    case "int":
    case "uint":
    case "double":
    case "bool":
    case "string":
    case "bytes":
    case "duration":
    case "timestamp":
    case "dyn":
      return t.kind;
    case "null_type":
      return "null";
    case "error":
      return "!error!";
    case "list":
      return `list(${fmt(t.elem)})`;
    case "map":
      return `map(${fmt(t.key)}, ${fmt(t.value)})`;
    case "optional":
      return `${optionalName}(${fmt(t.elem)})`;
    case "type":
      return `type(${fmt(t.of)})`;
    case "object":
      return namer ? namer(t.decl) : t.name;
    case "typeParam":
      return t.name;
    case "opaque":
      if (t.params.length === 0) return t.name;
      return `${t.name}(${t.params.map(fmt).join(", ")})`;
  }
}

/** The runtime type name (cel-go Type.TypeName()). */
export function typeName(t: CelType): string {
  switch (t.kind) {
    case "null_type":
      return "null_type";
    case "duration":
      return "google.protobuf.Duration";
    case "timestamp":
      return "google.protobuf.Timestamp";
    case "list":
      return "list";
    case "map":
      return "map";
    case "optional":
      return "optional_type";
    case "type":
      return "type";
    case "object":
      return t.name;
    case "typeParam":
      return t.name;
    case "opaque":
      return t.name;
    default:
      return t.kind;
  }
}

/** Parameters as cel-go orders them. */
export function typeParams(t: CelType): readonly CelType[] {
  switch (t.kind) {
    case "list":
      return [t.elem];
    case "map":
      return [t.key, t.value];
    case "optional":
      return [t.elem];
    case "type":
      return [t.of];
    case "opaque":
      return t.params;
    default:
      return EMPTY;
  }
}
const EMPTY: readonly CelType[] = Object.freeze([]);

/** Object types are equal when they come from the same DeclType (or carry the same name). */
export function sameObject(a: CelType & { kind: "object" }, b: CelType & { kind: "object" }): boolean {
  return a.decl === b.decl || (a.name === b.name && a.name !== "object");
}

/** cel-go Type.IsExactType. */
export function isExactType(a: CelType, b: CelType): boolean {
  return sameType(a, b, true);
}

/** cel-go Type.IsEquivalentType: like exact, but type parameter names are ignored. */
export function isEquivalentType(a: CelType, b: CelType): boolean {
  return sameType(a, b, false);
}

function sameType(a: CelType, b: CelType, paramNames: boolean): boolean {
  if (a === b) return true;
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case "list":
      return sameType(a.elem, (b as typeof a).elem, paramNames);
    case "map":
      return sameType(a.key, (b as typeof a).key, paramNames) && sameType(a.value, (b as typeof a).value, paramNames);
    case "optional":
      return sameType(a.elem, (b as typeof a).elem, paramNames);
    case "type":
      return sameType(a.of, (b as typeof a).of, paramNames);
    case "object":
      return sameObject(a, b as typeof a);
    case "typeParam":
      return !paramNames || a.name === (b as typeof a).name;
    case "opaque": {
      const bo = b as typeof a;
      if (a.name !== bo.name || a.params.length !== bo.params.length) return false;
      for (let i = 0; i < a.params.length; i++) if (!sameType(a.params[i]!, bo.params[i]!, paramNames)) return false;
      return true;
    }
    default:
      return true;
  }
}

/** Whether the type mentions any type parameter. */
export function hasTypeParam(t: CelType): boolean {
  switch (t.kind) {
    case "typeParam":
      return true;
    case "list":
    case "optional":
      return hasTypeParam(t.elem);
    case "map":
      return hasTypeParam(t.key) || hasTypeParam(t.value);
    case "type":
      return hasTypeParam(t.of);
    case "opaque":
      for (const p of t.params) if (hasTypeParam(p)) return true;
      return false;
    default:
      return false;
  }
}

export function collectTypeParams(t: CelType, out: Set<string>): void {
  switch (t.kind) {
    case "typeParam":
      out.add(t.name);
      return;
    case "list":
    case "optional":
      collectTypeParams(t.elem, out);
      return;
    case "map":
      collectTypeParams(t.key, out);
      collectTypeParams(t.value, out);
      return;
    case "type":
      collectTypeParams(t.of, out);
      return;
    case "opaque":
      for (const p of t.params) collectTypeParams(p, out);
      return;
    default:
      return;
  }
}

/**
 * A Map keyed by AST node ids (small positive bigints) backed by an array: node ids are dense, and
 * hashing bigint keys dominates type-checking time otherwise. Behaves as a Map (iteration in
 * ascending id order).
 */
export class NodeIdMap<V> extends Map<bigint, V> {
  private readonly vals: (V | undefined)[] = [];
  private count = 0;
  constructor() {
    super();
  }
  override get(id: bigint): V | undefined {
    return this.vals[Number(id)];
  }
  override set(id: bigint, v: V): this {
    const i = Number(id);
    if (this.vals[i] === undefined) this.count++;
    this.vals[i] = v;
    return this;
  }
  override has(id: bigint): boolean {
    return this.vals[Number(id)] !== undefined;
  }
  override delete(id: bigint): boolean {
    const i = Number(id);
    if (this.vals[i] === undefined) return false;
    this.vals[i] = undefined;
    this.count--;
    return true;
  }
  override clear(): void {
    this.vals.length = 0;
    this.count = 0;
  }
  override get size(): number {
    return this.count;
  }
  override *entries(): MapIterator<[bigint, V]> {
    for (let i = 0; i < this.vals.length; i++) {
      const v = this.vals[i];
      if (v !== undefined) yield [BigInt(i), v];
    }
  }
  override *keys(): MapIterator<bigint> {
    for (let i = 0; i < this.vals.length; i++) if (this.vals[i] !== undefined) yield BigInt(i);
  }
  override *values(): MapIterator<V> {
    for (let i = 0; i < this.vals.length; i++) {
      const v = this.vals[i];
      if (v !== undefined) yield v;
    }
  }
  override [Symbol.iterator](): MapIterator<[bigint, V]> {
    return this.entries();
  }
  override forEach(cb: (value: V, key: bigint, map: Map<bigint, V>) => void, thisArg?: unknown): void {
    for (let i = 0; i < this.vals.length; i++) {
      const v = this.vals[i];
      if (v !== undefined) cb.call(thisArg, v, BigInt(i), this);
    }
  }
  /** Updates every value in place. */
  mapValues(fn: (v: V) => V): void {
    for (let i = 0; i < this.vals.length; i++) {
      const v = this.vals[i];
      if (v !== undefined) this.vals[i] = fn(v);
    }
  }
}
