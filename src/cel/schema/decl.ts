/**
 * Schema → CEL declaration type (cel-cost.md §2; kubernetes/apiserver pkg/cel/common/schemas.go,
 * apiextensions-apiserver pkg/apiserver/schema/cel/model/schemas.go) and CEL field-name escaping
 * (kubernetes/apiserver pkg/cel/escaping.go, §2.2).
 */
import type { CelType, DeclField, DeclType } from "../core/types.js";
import { BOOL, BYTES, DOUBLE, DURATION, DYN, INT, STRING, TIMESTAMP, listOf, mapOf } from "../core/typeutil.js";
import { byteLength, isPlainObject } from "../../k8s/go.js";
import { releaseHas } from "../../k8s/releases.js";
import { CEL_RESERVED } from "../core/reserved.js";

/** MaxRequestSizeBytes. */
const R = 3145728n;
const R_MINUS_2 = R - 2n;

const EXPAND_MATCHER = /__|[-./]|[^a-zA-Z0-9\-./_]/gu;

/**
 * The CEL-visible name of a schema property, or null when the property cannot be escaped (and is
 * therefore invisible to CEL).
 */
export function escapeCelName(name: string): string | null {
  if (name.length === 0) return null;
  const c0 = name.charCodeAt(0);
  if (c0 >= 48 && c0 <= 57) return null;
  if (CEL_RESERVED.has(name)) return `__${name}__`;
  let ok = true;
  const out = name.replace(EXPAND_MATCHER, (s) => {
    switch (s) {
      case "__":
        return "__underscores__";
      case ".":
        return "__dot__";
      case "-":
        return "__dash__";
      case "/":
        return "__slash__";
      default:
        ok = false;
        return "";
    }
  });
  return ok ? out : null;
}

type Schema = Record<string, unknown>;

function intOf(v: unknown): bigint | null {
  if (typeof v === "number" && Number.isFinite(v)) return BigInt(Math.trunc(v));
  if (typeof v === "bigint") return v;
  return null;
}

function zeroIfNegative(v: bigint): bigint {
  return v < 0n ? 0n : v;
}

/** The plain string DeclType used for map keys (maxElements 0). */
const MAP_KEY_DECL: DeclType = Object.freeze({
  cel: STRING,
  maxElements: 0n,
  minSize: 2n,
  schema: null,
}) as DeclType;

function simple(cel: CelType, minSize: bigint, maxElements: bigint, schema: Schema | null): DeclType {
  return { cel, maxElements, minSize, schema };
}

/** Release-dependent behaviour bits (so memoisation does not depend on the exact minor). */
function profileOf(minor: number): number {
  return (
    (releaseHas(minor, "celBytesMaxLength") ? 1 : 0) |
    (releaseHas(minor, "celEnumBoundsStrings") ? 2 : 0) |
    (releaseHas(minor, "celIntOrStringMaxLength") ? 4 : 0) |
    (releaseHas(minor, "celMetadataNameCap") ? 8 : 0) |
    (releaseHas(minor, "celEmptyObjectValues") ? 16 : 0) |
    (releaseHas(minor, "celNullFieldsSkippedInEquality") ? 32 : 0)
  );
}

interface Profile {
  byteNoTimes4: boolean; // 1.27+
  enumBound: boolean; // 1.29+
  intOrStringMaxLength: boolean; // 1.34+
  metadataCap: boolean; // 1.37+
  emptyObjectValues: boolean; // 1.29+
  nullFieldsSkipped: boolean; // 1.34+
}

function profileFlags(p: number): Profile {
  return {
    byteNoTimes4: (p & 1) !== 0,
    enumBound: (p & 2) !== 0,
    intOrStringMaxLength: (p & 4) !== 0,
    metadataCap: (p & 8) !== 0,
    emptyObjectValues: (p & 16) !== 0,
    nullFieldsSkipped: (p & 32) !== 0,
  };
}

const IMPLICIT_STRING: Schema = Object.freeze({ type: "string" }) as Schema;

/**
 * DeclTypes memoised per schema object and release profile, and the schemas synthesised for the implicit
 * resource-root fields (their DeclTypes carry schema: null). One per compiler, so a run shares it across CRDs.
 */
export interface DeclMemo {
  readonly bySchema: WeakMap<object, Map<number, DeclType | null>>;
  readonly implicit: WeakSet<object>;
  /**
   * The schema node (and its place as a resource root) each DeclType is of, as one token per node and place. The
   * DeclTypes of one node at different releases differ only in sizes and in flags the runtime reads (never in CEL
   * types or fields): a type check does not tell them apart.
   */
  readonly nodeOf: WeakMap<DeclType, object>;
  readonly tokens: WeakMap<object, [object | undefined, object | undefined]>;
}

export function createDeclMemo(): DeclMemo {
  return {
    bySchema: new WeakMap(),
    implicit: new WeakSet<object>([IMPLICIT_STRING]),
    nodeOf: new WeakMap(),
    tokens: new WeakMap(),
  };
}

/** The token of the schema node `decl` is of (see DeclMemo.nodeOf), or undefined for a type not from the memo. */
export function declNode(memo: DeclMemo, decl: DeclType): object | undefined {
  return memo.nodeOf.get(decl);
}

/**
 * The CEL declaration type of a structural schema node, or null when the node is invisible to CEL.
 * `isResourceRoot` is true for the root of a custom resource and for
 * `x-kubernetes-embedded-resource: true` nodes. Memoised per schema object.
 */
export function schemaDeclType(
  schema: Record<string, unknown>,
  isResourceRoot: boolean,
  kubernetesMinor: number,
  memo: DeclMemo = createDeclMemo(),
): DeclType | null {
  return declTypeP(schema, isResourceRoot, profileOf(kubernetesMinor), memo);
}

function declTypeP(schema: Schema, isResourceRoot: boolean, profile: number, memo: DeclMemo): DeclType | null {
  const key = (profile << 1) | (isResourceRoot ? 1 : 0);
  let perSchema = memo.bySchema.get(schema);
  if (perSchema) {
    const hit = perSchema.get(key);
    if (hit !== undefined) return hit;
  } else {
    perSchema = new Map();
    memo.bySchema.set(schema, perSchema);
  }
  const result = compute(schema, isResourceRoot, profile, memo);
  perSchema.set(key, result);
  // Implicit schemas (the resource root's metadata) are made afresh per release: no node of the CRD to name.
  if (result && !memo.implicit.has(schema)) {
    let pair = memo.tokens.get(schema);
    if (!pair) memo.tokens.set(schema, (pair = [undefined, undefined]));
    const i = isResourceRoot ? 1 : 0;
    memo.nodeOf.set(result, (pair[i] ??= {}));
  }
  return result;
}

function embedded(s: Schema): boolean {
  return s["x-kubernetes-embedded-resource"] === true;
}

function compute(s0: Schema, isResourceRoot: boolean, profile: number, memo: DeclMemo): DeclType | null {
  const flags = profileFlags(profile);
  const s = s0;
  const src: Schema | null = memo.implicit.has(s0) ? null : s0;
  if (s["x-kubernetes-int-or-string"] === true) {
    let maxElements = R_MINUS_2;
    const ml = intOf(s["maxLength"]);
    if (flags.intOrStringMaxLength && ml !== null) maxElements = zeroIfNegative(ml) * 4n;
    return simple(DYN, 1n, maxElements, src);
  }
  let effective = s;
  if (isResourceRoot) effective = withTypeAndObjectMeta(s, flags, memo);
  const type = effective["type"];
  switch (type) {
    case "array": {
      const items = effective["items"];
      if (!isPlainObject(items)) return null;
      const elem = declTypeP(items, embedded(items), profile, memo);
      if (!elem) return null;
      return new ListDecl(elem, intOf(effective["maxItems"]), src, !flags.metadataCap);
    }
    case "object": {
      const ap = effective["additionalProperties"];
      if (isPlainObject(ap)) {
        const value = declTypeP(ap, embedded(ap), profile, memo);
        if (!value) return null;
        return new MapDecl(value, intOf(effective["maxProperties"]), src);
      }
      return new ObjectDecl(effective, profile, src, memo);
    }
    case "string": {
      const format = effective["format"];
      const ml = intOf(effective["maxLength"]);
      switch (format) {
        case "byte":
          return simple(BYTES, 2n, ml !== null ? zeroIfNegative(ml) * (flags.byteNoTimes4 ? 1n : 4n) : R_MINUS_2, src);
        case "duration":
          return simple(DURATION, 3n, 32n, src);
        case "date":
          return simple(TIMESTAMP, 12n, 12n, src);
        case "date-time":
          return simple(TIMESTAMP, 21n, 32n, src);
        default: {
          let maxElements = R_MINUS_2;
          if (ml !== null) maxElements = zeroIfNegative(ml) * 4n;
          else if (flags.enumBound) {
            const en = effective["enum"];
            if (Array.isArray(en) && en.length > 0) {
              let longest = 0;
              for (const v of en) if (typeof v === "string") longest = Math.max(longest, byteLength(v));
              maxElements = BigInt(longest);
            }
          }
          return simple(STRING, 2n, maxElements, src);
        }
      }
    }
    case "boolean":
      return simple(BOOL, 4n, 0n, src);
    case "number":
      return simple(DOUBLE, 1n, 0n, src);
    case "integer":
      return simple(INT, 1n, 0n, src);
    default:
      return null;
  }
}

/**
 * Lists, maps and objects compute their size facts and fields lazily: CRD schemas are large and a
 * rule usually touches a handful of fields, while the apiserver (and the cost estimator) only ever
 * reads the parts a rule reaches.
 */
class ListDecl implements DeclType {
  readonly cel: CelType;
  readonly minSize = 2n;
  private max: bigint | null;
  constructor(
    readonly elem: DeclType,
    maxItems: bigint | null,
    readonly schema: Schema | null,
    /** Up to 1.36 (the releases before metadataCap's, 1.37). */
    readonly legacySetEquality: boolean,
  ) {
    this.cel = listOf(elem.cel);
    this.max = maxItems !== null ? zeroIfNegative(maxItems) : null;
  }
  get maxElements(): bigint {
    this.max ??= R_MINUS_2 / (this.elem.minSize + 1n);
    return this.max;
  }
}

class MapDecl implements DeclType {
  readonly cel: CelType;
  readonly minSize = 2n;
  readonly key = MAP_KEY_DECL;
  private max: bigint | null;
  constructor(
    readonly elem: DeclType,
    maxProperties: bigint | null,
    readonly schema: Schema | null,
  ) {
    this.cel = mapOf(STRING, elem.cel);
    this.max = maxProperties !== null ? zeroIfNegative(maxProperties) : null;
  }
  get maxElements(): bigint {
    this.max ??= R_MINUS_2 / (this.elem.minSize + 6n);
    return this.max;
  }
}

class ObjectDecl implements DeclType {
  readonly cel: CelType;
  readonly maxElements = 0n;
  /**
   * Up to 1.28 a value of an object schema with neither properties nor additionalProperties (nor embedded-resource
   * or preserve-unknown-fields) does not convert: UnstructuredToVal answers an error.
   */
  readonly unconvertibleObject: boolean;
  /** See DeclType.legacyNullFieldUnequal. */
  readonly legacyNullFieldUnequal: boolean;
  private fieldMap: Map<string, DeclField> | null = null;
  private min: bigint | null = null;
  constructor(
    private readonly effective: Schema,
    private readonly profile: number,
    readonly schema: Schema | null,
    private readonly memo: DeclMemo,
  ) {
    this.cel = { kind: "object", name: "object", decl: this };
    this.legacyNullFieldUnequal = !profileFlags(profile).nullFieldsSkipped;
    this.unconvertibleObject =
      !profileFlags(profile).emptyObjectValues &&
      // NewStructural keeps properties only when there are some: `properties: {}` is none.
      !(isPlainObject(effective["properties"]) && Object.keys(effective["properties"]).length > 0) &&
      effective["x-kubernetes-embedded-resource"] !== true &&
      effective["x-kubernetes-preserve-unknown-fields"] !== true;
  }
  private required(): Set<string> {
    const required = new Set<string>();
    const req = this.effective["required"];
    if (Array.isArray(req)) for (const r of req) if (typeof r === "string") required.add(r);
    return required;
  }
  get fields(): Map<string, DeclField> {
    if (this.fieldMap) return this.fieldMap;
    const fields = new Map<string, DeclField>();
    const props = this.effective["properties"];
    if (isPlainObject(props)) {
      const required = this.required();
      for (const name of Object.keys(props)) {
        const prop = props[name];
        if (!isPlainObject(prop)) continue;
        const escaped = escapeCelName(name);
        if (escaped === null) continue;
        const ft = declTypeP(prop, embedded(prop), this.profile, this.memo);
        if (!ft) continue;
        fields.set(escaped, { name, escapedName: escaped, type: ft, required: required.has(name) });
      }
    }
    this.fieldMap = fields;
    return fields;
  }
  get minSize(): bigint {
    if (this.min !== null) return this.min;
    let minSize = 2n;
    const props = this.effective["properties"];
    const req = this.effective["required"];
    if (isPlainObject(props) && Array.isArray(req) && req.length > 0) {
      const required = this.required();
      for (const name of Object.keys(props)) {
        if (!required.has(name)) continue;
        const prop = props[name];
        if (!isPlainObject(prop)) continue;
        const def = prop["default"];
        if (def !== undefined && def !== null) continue;
        const ft = declTypeP(prop, embedded(prop), this.profile, this.memo);
        if (!ft) continue;
        minSize += BigInt(byteLength(name)) + ft.minSize + 4n;
      }
    }
    this.min = minSize;
    return minSize;
  }
}

function typeIs(s: unknown, t: string): boolean {
  return isPlainObject(s) && s["type"] === t;
}

/** WithTypeAndObjectMeta (+ the 1.37 metadata.name / generateName capping). */
function withTypeAndObjectMeta(s: Schema, flags: Profile, memo: DeclMemo): Schema {
  const props = isPlainObject(s["properties"]) ? (s["properties"] as Schema) : null;
  const meta = props ? props["metadata"] : undefined;
  const metaProps = isPlainObject(meta) && isPlainObject(meta["properties"]) ? (meta["properties"] as Schema) : null;
  if (
    props &&
    typeIs(props["kind"], "string") &&
    typeIs(props["apiVersion"], "string") &&
    typeIs(meta, "object") &&
    metaProps &&
    typeIs(metaProps["name"], "string") &&
    typeIs(metaProps["generateName"], "string")
  ) {
    return s;
  }
  const name: Schema = { type: "string" };
  const generateName: Schema = { type: "string" };
  if (flags.metadataCap) {
    let nameMax = 253n;
    let genMax = 252n;
    const declName = metaProps ? metaProps["name"] : undefined;
    const declGen = metaProps ? metaProps["generateName"] : undefined;
    const dn = isPlainObject(declName) ? intOf(declName["maxLength"]) : null;
    const dg = isPlainObject(declGen) ? intOf(declGen["maxLength"]) : null;
    if (dn !== null && dn < nameMax) nameMax = dn;
    if (dg !== null && dg < genMax) genMax = dg;
    name["maxLength"] = Number(nameMax);
    generateName["maxLength"] = Number(genMax);
  }
  const metadata: Schema = { type: "object", properties: { name, generateName } };
  memo.implicit.add(name);
  memo.implicit.add(generateName);
  memo.implicit.add(metadata);
  const newProps: Schema = { ...(props ?? {}) };
  newProps["kind"] = IMPLICIT_STRING;
  newProps["apiVersion"] = IMPLICIT_STRING;
  newProps["metadata"] = metadata;
  return { ...s, properties: newProps };
}
