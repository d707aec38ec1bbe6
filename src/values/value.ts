/**
 * THE value validator: checks a JSON value against a CRD structural schema exactly as the apiserver does — kube-openapi's
 * SchemaValidator as apiextensions-apiserver drives it, mapped to field errors like `kubeOpenAPIResultToFieldErrors`,
 * then (optionally) the embedded-resource ObjectMeta/TypeMeta checks and the list-type uniqueness checks.
 *
 * Why a hand-compiled closure tree and not ajv: the apiserver's verdict depends on kube-openapi's own evaluation
 * order and quirks, which ajv's model cannot express without re-implementing each keyword anyway — every validator
 * runs even after a type error; the string checks stop at the first failure; minProperties/maxProperties returned
 * before any property was looked at until 1.28; `null` only meets the type and enum checks (and never matches an enum entry);
 * an integer is converted to the enum entry's Go type before comparing (1.5 matches `enum: [1]`, 97 matches "a");
 * a type check with a format on a non-string reports the *format* (`must be of type date: "int64"`); anyOf/oneOf keep
 * only the failing branch with the highest "match count" (kube-openapi's MatchCount arithmetic is reproduced);
 * numbers compare as int64 when the value is an integer (bounds truncated); errors are de-duplicated by message;
 * and the dotted `<p> in body …` names use kube-openapi's own path joining. Each schema object is compiled once into
 * a small node record (cached in a WeakMap keyed by the schema object, children compiled lazily on first use), so
 * validating many values (every default of a CRD, every custom resource of a file) costs one pass over each value.
 *
 * Two modes: "resource" (a custom resource: x-kubernetes-int-or-string is the type ["integer","string"], formats
 * are stripped to the ones apiextensions supports for the release) and "default" (a default value at CRD creation:
 * the structural schema goes to kube-openapi as is — int-or-string is no type, every registry format is checked).
 */
// Upstream: kubernetes/kube-openapi:pkg/validation/validate/{schema,type,validator,values,object_validator,slice_validator,schema_props,formats,result}.go
// Upstream: kubernetes/kube-openapi:pkg/validation/errors/schema.go (message templates)
// Upstream: kubernetes/apiextensions-apiserver:pkg/apiserver/validation/validation.go (kubeOpenAPIResultToFieldErrors, ConvertJSONSchemaPropsWithPostProcess)
// Upstream: kubernetes/apiextensions-apiserver:pkg/apiserver/schema/kubeopenapi.go (Structural.ToKubeOpenAPI, used for defaults)
import { FieldPath, type PathSegment } from "../k8s/path.js";
import { goQuote, RenderedValue } from "../k8s/validation.js";
import { keptFormat, registryCheck, type FormatCheck } from "./formats.js";
import { RegexCache, type CompiledPattern } from "./regex.js";
import {
  goFloat,
  goJson,
  goKind,
  deepEqual,
  hasOwn,
  isGoInt,
  isPlainObject,
  runeCount,
  type GoKind,
  type ValueError,
} from "../k8s/go.js";
import { validateEmbedded } from "./embedded.js";
import { validateListTypes } from "./listtype.js";
import {
  minorOf,
  NEWEST_KUBERNETES_MINOR,
  RELEASE_BEHAVIOURS,
  ReleaseReads,
  releaseHas,
  type Release,
} from "../k8s/releases.js";
import type { CoverageSink, DeferredFailures } from "./coverage.js";

export type { ValueError } from "../k8s/go.js";

export interface ValidateValueOptions {
  /** Path of the value. Absent: the apiserver's nil path (errors on the value itself and composite errors print `<nil>`). */
  rootPath?: FieldPath;
  /** Target Kubernetes minor (1.N), or the reads of a computation at it; default 37. */
  minor?: Release;
  /** Validate the value itself as an embedded resource too (apiVersion/kind/metadata), like a resource root. */
  isResourceRoot?: boolean;
  /** "resource" (custom resources, default) or "default" (default values checked at CRD creation). */
  mode?: "resource" | "default";
  /** Run the embedded-resource ObjectMeta/TypeMeta checks after the schema (default true). */
  embedded?: boolean;
  /** Run the list-type set/map uniqueness checks last (default true). */
  listTypes?: boolean;
  /** The run's compiled validators; absent: a fresh one for this call only (nothing is kept). */
  cache?: SchemaValidatorCache;
  /** Where each check evaluated is reported (`crdlint test --coverage`); absent: nothing is recorded, at no cost. */
  coverage?: CoverageSink;
  /**
   * With coverage: the failures behind the returned errors are put here, by error, instead of being recorded, for a
   * caller that may still drop errors (ratcheting) to record those it keeps (coverage.ts's recordKeptFailures).
   */
  coverageDeferred?: DeferredFailures;
}

/**
 * Compiled schema nodes by schema object (and variant: mode and what the node holds of its release), plus the compiled patterns they use. The
 * engine creates one per run and passes it down, so every CRD and resource of the run shares it and no module
 * holds state between runs.
 */
export class SchemaValidatorCache {
  readonly regex = new RegexCache();
  readonly nodes = new WeakMap<object, Map<string, CNode>>();
  /**
   * What a version's schema holds that decides which of a resource validator's stages run (resource.ts): one walk
   * per schema object, whatever the release.
   */
  readonly stageFacts = new WeakMap<object, { embedded: boolean; listTypes: boolean }>();
  private readonly profiles = new Map<number, string>();

  /**
   * What a compiled node holds of its release (the formats kept and checked, the numeric formats), as a key: the
   * releases that agree on it share compiled nodes (a run over several releases shares this cache).
   */
  profileOf(minor: number): string {
    let p = this.profiles.get(minor);
    if (p === undefined) {
      p = COMPILE_RELEASE_BEHAVIOURS.map((b) => (releaseHas(minor, b) ? "1" : "0")).join("");
      this.profiles.set(minor, p);
    }
    return p;
  }
}

const NUMERIC_FORMATS_SINCE = RELEASE_BEHAVIOURS.numericFormats.since;

/** The release behaviours compile() reads (through keptFormat, registryCheck and its own numeric formats). */
const COMPILE_RELEASE_BEHAVIOURS = [
  "k8sNameFormats",
  "numericFormats",
  "registryK8sFormats",
  "registryQuantitySemverFormats",
] as const;

/** Schema validation, then embedded resources, then list types: the order of the apiserver's custom-resource strategy. */
export function validateValue(schema: unknown, value: unknown, options: ValidateValueOptions = {}): ValueError[] {
  const out = validateSchemaValue(schema, value, options);
  if (options.embedded !== false)
    out.push(
      ...validateEmbedded(value, schema, {
        rootPath: options.rootPath,
        isResourceRoot: options.isResourceRoot,
        minor: options.minor,
      }),
    );
  if (options.listTypes !== false)
    out.push(
      ...validateListTypes(value, schema, {
        rootPath: options.rootPath,
        coverage: options.coverage,
        coverageDeferred: options.coverageDeferred,
      }),
    );
  return out;
}

/** Only the kube-openapi schema validation (no embedded-resource or list-type checks). */
export function validateSchemaValue(schema: unknown, value: unknown, options: ValidateValueOptions = {}): ValueError[] {
  if (!isPlainObject(schema)) return [];
  const minor = options.minor ?? NEWEST_KUBERNETES_MINOR;
  const mode = options.mode ?? "resource";
  const cov = options.coverage ?? null;
  const cache = options.cache ?? new SchemaValidatorCache();
  const ctx: Ctx = {
    minor,
    mode,
    variant: mode + ":" + cache.profileOf(minorOf(minor)),
    cache,
    cov,
  };
  const raw: RawErr[] = [];
  validateNode(getNode(schema, ctx), value, null, raw, ctx);
  if (cov === null) return toFieldErrors(raw, options.rootPath, minor, null);
  // Each failure is the error it raised: recorded now, or kept back with it when the caller may still drop it.
  const deferred = options.coverageDeferred;
  return toFieldErrors(raw, options.rootPath, minor, (e, ve) => {
    if (e.cn === undefined) return;
    if (!deferred) return cov.record(e.cn, e.ck!, true);
    let list = deferred.get(ve);
    if (!list) deferred.set(ve, (list = []));
    list.push([e.cn, e.ck!]);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// kube-openapi paths: a linked list, rendered to the dotted name only when an error needs it

const enum PK {
  Prop, // <parent>.<name>, no dot at the root
  Addl, // <parent>.<key>, always a dot
  Index, // <parent>[i]
  Req, // <parent>.<name>, always a dot (required)
}
interface PNode {
  p: PNode | null;
  k: PK;
  s: string;
  i: number;
}

function nameOf(n: PNode | null): string {
  if (n === null) return "";
  const parent = nameOf(n.p);
  switch (n.k) {
    case PK.Prop:
      return parent === "" ? n.s : parent + "." + n.s;
    case PK.Index:
      return parent + "[" + n.i + "]";
    default:
      return parent + "." + n.s;
  }
}

/** errPath = fldPath.Child(strings.TrimPrefix(name, ".")), as segments that render identically and locate in the document. */
function segmentsOf(n: PNode | null): PathSegment[] {
  const name = nameOf(n);
  if (name === "" || name === ".") return [];
  const chain: PNode[] = [];
  for (let x = n; x; x = x.p) chain.push(x);
  chain.reverse();
  const segs: PathSegment[] = [];
  chain.forEach((x, idx) => {
    if (x.k === PK.Index)
      segs.push(idx === 0 ? { kind: "field", name: "[" + x.i + "]" } : { kind: "index", index: x.i });
    else segs.push({ kind: "field", name: idx === 0 && x.k === PK.Prop && x.s.startsWith(".") ? x.s.slice(1) : x.s });
  });
  return segs;
}

// ---------------------------------------------------------------------------------------------------------------
// raw kube-openapi errors

const enum Code {
  Required,
  Enum,
  TooLong,
  MaxItems,
  TooManyProps,
  TooFew, // minItems and minProperties since tooFewFieldErrors (before: Other)
  InvalidType,
  Other, // any other *errors.Validation: Invalid with the message as detail
  Plain, // not a *errors.Validation (composite and range errors): Invalid at the root path, value ""
}
interface RawErr {
  code: Code;
  at: PNode | null;
  msg: string;
  value?: unknown;
  n?: number;
  values?: unknown[];
  /** With coverage: the schema object and the check that raised it. */
  cn?: object;
  ck?: string;
  /** Raised inside an allOf/anyOf/oneOf/not branch: the outermost node holding one (ValueError.junctorPath). */
  jt?: PNode | null;
}

function nodeErr(code: Code, at: PNode | null, msg: string, value?: unknown, n?: number): RawErr {
  return { code, at, msg, value, n };
}

// ---------------------------------------------------------------------------------------------------------------
// compiled schema nodes

interface Ctx {
  minor: Release;
  mode: "resource" | "default";
  variant: string;
  cache: SchemaValidatorCache;
  /** The coverage sink, or null: every recording is behind one test of it, so validating without one costs nothing. */
  cov: CoverageSink | null;
  /** Below allOf/anyOf/oneOf/not of a default's structural schema, where it drops `additionalProperties: false`. */
  nested?: boolean;
  /** The context for the branches below this one (made once per validation; see branchCtx). */
  branches?: Ctx;
}

/** Marks an error as the failure of a check (with coverage only). */
function failed(e: RawErr, c: CNode, check: string, ctx: Ctx): RawErr {
  if (ctx.cov !== null) {
    e.cn = c.src;
    e.ck = check;
  }
  return e;
}

/** A failure that will never reach the result (an anyOf/oneOf/not branch's errors, dropped): recorded now. */
function recordDropped(errs: RawErr[], ctx: Ctx): void {
  for (const e of errs) if (e.cn !== undefined) ctx.cov!.record(e.cn, e.ck!, true);
}

interface CNode {
  /** The schema object compiled (coverage names a check by it). */
  src: Record<string, unknown>;
  types: string[];
  typeJoined: string;
  hasInteger: boolean;
  hasNumber: boolean;
  typeApplies: boolean;
  nullable: boolean;
  format: string;
  formatCheck: FormatCheck | null;
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  re?: CompiledPattern;
  multipleOf?: number;
  maximum?: number;
  exclusiveMaximum: boolean;
  minimum?: number;
  exclusiveMinimum: boolean;
  /** 1.36+: the numeric type/format the number validator range-checks against ("" = none). */
  numType: string;
  numFormat: string;
  /** What numType and numFormat are from 1.36 on, whatever the release ("": not a number's node). */
  rangedType: string;
  rangedFormat: string;
  /** Whether multipleOf, minimum and maximum are all in rangedType's range (or absent). */
  boundsRanged: boolean;
  items: Record<string, unknown> | null;
  minItems?: number;
  maxItems?: number;
  uniqueItems: boolean;
  enumVals: unknown[] | null;
  minProps?: number;
  maxProps?: number;
  required: string[];
  /** `required:<name>` for each of them (coverage's check names). */
  requiredChecks: string[];
  propNames: string[];
  props: Record<string, unknown>;
  addl: Record<string, unknown> | null;
  addlFalse: boolean;
  allOf: Record<string, unknown>[];
  anyOf: Record<string, unknown>[];
  oneOf: Record<string, unknown>[];
  not: Record<string, unknown> | null;
  hasJunctors: boolean;
  /** The releases that answer what the compilation asked of its release alike; absent: it asked nothing. */
  releases?: { oldest: number; newest: number };
}

function getNode(schema: Record<string, unknown>, ctx: Ctx): CNode {
  let byVariant = ctx.cache.nodes.get(schema);
  if (!byVariant) {
    byVariant = new Map();
    ctx.cache.nodes.set(schema, byVariant);
  }
  let c = byVariant.get(ctx.variant);
  if (!c) {
    // The node is kept for every release of its variant: what its compilation asked of the release is kept with it,
    // for each computation that validates through it to note (validateNode).
    const reads = new ReleaseReads(minorOf(ctx.minor));
    c = compile(schema, { ...ctx, minor: reads });
    const [oldest, newest] = reads.interval();
    if (oldest !== 0 || newest !== Number.MAX_SAFE_INTEGER) c.releases = { oldest, newest };
    byVariant.set(ctx.variant, c);
  }
  return c;
}

const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
const int = (v: unknown): number | undefined =>
  typeof v === "number" && Number.isFinite(v) ? Math.trunc(v) : undefined;
const schemas = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? v.filter(isPlainObject) : []);

function compile(s: Record<string, unknown>, ctx: Ctx): CNode {
  const type = typeof s.type === "string" ? s.type : "";
  const intOrString = s["x-kubernetes-int-or-string"] === true;
  let types: string[] = type !== "" ? [type] : [];
  // A custom resource's schema is converted with int-or-string as the type list; a default's structural schema is not.
  if (intOrString && ctx.mode === "resource") types = ["integer", "string"];
  const rawFormat = typeof s.format === "string" ? s.format : "";
  const numericType = types.length === 1 && (types[0] === "integer" || types[0] === "number") ? types[0] : "";
  // A number's node differs from 1.36 on (numericFormats): its format is kept and its values range-checked. What
  // differs is kept for both (ranged*), and the release is asked by validateNode only when a value meets it.
  const rangedFormat = numericType !== "" ? keptFormat(rawFormat, numericType, NUMERIC_FORMATS_SINCE) : "";
  const numeric = numericType !== "" && releaseHas(minorOf(ctx.minor), "numericFormats");
  // A default's schema keeps its format as written; a custom resource's keeps what the release's conversion keeps.
  let format = rawFormat;
  if (ctx.mode === "resource") {
    if (numericType === "") format = keptFormat(rawFormat, types.length === 1 ? types[0]! : "", ctx.minor);
    else format = numeric ? rangedFormat : "";
  }
  const formatCheck = registryCheck(format, ctx.mode === "resource" ? "crd" : "default", ctx.minor);
  const props = isPlainObject(s.properties) ? s.properties : {};
  const propNames = Object.keys(props)
    .filter((k) => isPlainObject(props[k]))
    .sort();
  const allOf = schemas(s.allOf);
  const anyOf = schemas(s.anyOf);
  const oneOf = schemas(s.oneOf);
  const not = isPlainObject(s.not) ? s.not : null;
  const required = Array.isArray(s.required) ? s.required.filter((r): r is string => typeof r === "string") : [];
  return {
    src: s,
    types,
    typeJoined: types.join(","),
    hasInteger: types.includes("integer"),
    hasNumber: types.includes("number"),
    typeApplies: types.length > 0 || format !== "",
    nullable: s.nullable === true,
    format,
    formatCheck,
    maxLength: int(s.maxLength),
    minLength: int(s.minLength),
    pattern: typeof s.pattern === "string" && s.pattern !== "" ? s.pattern : undefined,
    multipleOf: num(s.multipleOf),
    maximum: num(s.maximum),
    exclusiveMaximum: s.exclusiveMaximum === true,
    minimum: num(s.minimum),
    exclusiveMinimum: s.exclusiveMinimum === true,
    numType: numeric ? numericType : "",
    // From 1.36 the apiserver strips an integer format other than int32/int64 (a number's other than float/double)
    // before validating, defaults at CRD creation included: such a format is the default format.
    numFormat: numeric ? rangedFormat : "",
    rangedType: numericType,
    rangedFormat,
    boundsRanged:
      numericType === "" ||
      [s.multipleOf, s.minimum, s.maximum].every(
        (b) => num(b) === undefined || inRange(num(b)!, false, numericType, rangedFormat),
      ),
    items: isPlainObject(s.items) ? s.items : null,
    minItems: int(s.minItems),
    maxItems: int(s.maxItems),
    uniqueItems: s.uniqueItems === true,
    enumVals: Array.isArray(s.enum) && s.enum.length > 0 ? s.enum : null,
    minProps: int(s.minProperties),
    maxProps: int(s.maxProperties),
    required,
    requiredChecks: required.map((r) => "required:" + r),
    propNames,
    props,
    addl: isPlainObject(s.additionalProperties) ? s.additionalProperties : null,
    addlFalse: s.additionalProperties === false && ctx.nested !== true,
    allOf,
    anyOf,
    oneOf,
    not,
    hasJunctors: allOf.length > 0 || anyOf.length > 0 || oneOf.length > 0 || not !== null,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// validation (returns kube-openapi's MatchCount for the node)

function validateNode(c: CNode, data: unknown, at: PNode | null, out: RawErr[], ctx: Ctx): number {
  if (typeof ctx.minor !== "number") {
    if (c.releases !== undefined) ctx.minor.narrow(c.releases.oldest, c.releases.newest);
    if (c.rangedType !== "" && !numericAlike(c, data)) ctx.minor.has("numericFormats");
  }
  if (data === null || data === undefined) {
    let mc = 1;
    if (c.types.length > 0 && !c.nullable) {
      out.push(typeError(at, c.typeJoined, "null"));
      mc = 0;
    }
    if (c.enumVals) out.push(failed(enumError(at, null, c.enumVals), c, "enum", ctx));
    return mc;
  }
  const kind = goKind(data);
  let mc = 1; // the SchemaValidator's own increment
  if (c.typeApplies) mc += (checkType(c, data, kind, at, out) ? 1 : 0) + 1;
  mc += (c.hasJunctors ? validateJunctors(c, data, at, out, ctx) : 1) + 1;
  if (kind === "string") {
    checkString(c, data as string, at, out, ctx);
    mc += 1;
    if (c.formatCheck) {
      if (!c.formatCheck(data as string)) out.push(failed(typeError(at, c.format, data as string), c, "format", ctx));
      else if (ctx.cov !== null) ctx.cov.record(c.src, "format", false);
      mc += 1;
    }
  } else if (kind === "int" || kind === "float") {
    checkNumber(c, data as number, kind === "int", at, out, ctx);
    mc += 2;
  } else if (kind === "array") {
    mc += validateSlice(c, data as unknown[], at, out, ctx) + 1;
  }
  if (c.enumVals) {
    if (!enumMatches(c.enumVals, data, kind)) out.push(failed(enumError(at, data, c.enumVals), c, "enum", ctx));
    else if (ctx.cov !== null) ctx.cov.record(c.src, "enum", false);
  }
  mc += 1;
  if (kind === "object") mc += validateObject(c, data as Record<string, unknown>, at, out, ctx) + 1;
  return mc;
}

/**
 * Whether a number's node checks the value alike before and from 1.36 (numericFormats): null, a string or a list (the
 * type error names the node's types at both: checkType names the format only for other kinds), or a number of the
 * node's type (so the kept format does not name a type error), in range, with bounds in range (so no range check
 * fails).
 */
function numericAlike(c: CNode, data: unknown): boolean {
  if (data === null || data === undefined || typeof data === "string" || Array.isArray(data)) return true;
  if (typeof data !== "number" || !c.boundsRanged) return false;
  // checkType's kinds: an integer's node takes only a Go int alike (a float is a type error naming the kept format).
  const isInt = isGoInt(data);
  if (c.rangedType === "integer" && !isInt) return false;
  return inRange(data, isInt, c.rangedType, c.rangedFormat);
}

function typeError(at: PNode | null, typeName: string, value: string): RawErr {
  return nodeErr(Code.InvalidType, at, `${nameOf(at)} in body must be of type ${typeName}: ${goQuote(value)}`, value);
}

/** swag.IsFloat64AJSONInteger (integers up to 2^53, and positive values within a 1e-9 relative error of one). */
function isJsonInteger(f: number): boolean {
  if (!Number.isFinite(f) || f < -9007199254740992 || f > 9007199254740992) return false;
  if (Number.isInteger(f)) return true;
  if (f < 0) return false; // uint64(f) of a negative value is far off on amd64
  const g = Math.trunc(f);
  const diff = f - g;
  if (g === 0) return false;
  return diff / (f + g) < 1e-9;
}

function inferred(kind: GoKind): [string, string] {
  switch (kind) {
    case "bool":
      return ["boolean", ""];
    case "string":
      return ["string", ""];
    case "int":
      return ["integer", "int64"];
    case "float":
      return ["number", "float64"];
    case "array":
      return ["array", ""];
    default:
      return ["object", ""];
  }
}

function checkType(c: CNode, data: unknown, kind: GoKind, at: PNode | null, out: RawErr[]): boolean {
  const [schType, fmt] = inferred(kind);
  const contains = c.types.includes(schType);
  const isFloatInt = kind === "float" && c.hasInteger && isJsonInteger(data as number);
  const isIntFloat = kind === "int" && c.hasNumber;
  if (
    kind !== "string" &&
    kind !== "array" &&
    c.format !== "" &&
    !(contains || fmt === c.format || isFloatInt || isIntFloat)
  ) {
    out.push(typeError(at, c.format, fmt));
    return false;
  }
  if (!(c.hasNumber || c.hasInteger) && c.format !== "" && (kind === "string" || kind === "array")) return true;
  if (!(contains || isFloatInt || isIntFloat)) {
    out.push(typeError(at, c.typeJoined, schType));
    return false;
  }
  return true;
}

/** The string checks stop at the first that fails: the later ones are not evaluated (coverage records nothing). */
function checkString(c: CNode, s: string, at: PNode | null, out: RawErr[], ctx: Ctx): void {
  if (c.maxLength !== undefined) {
    if (runeCount(s) > c.maxLength) {
      out.push(
        failed(
          nodeErr(
            Code.TooLong,
            at,
            `${nameOf(at)} in body should be at most ${c.maxLength} chars long`,
            s,
            c.maxLength,
          ),
          c,
          "maxLength",
          ctx,
        ),
      );
      return;
    }
    if (ctx.cov !== null) ctx.cov.record(c.src, "maxLength", false);
  }
  if (c.minLength !== undefined) {
    if (runeCount(s) < c.minLength) {
      out.push(
        failed(
          nodeErr(Code.Other, at, `${nameOf(at)} in body should be at least ${c.minLength} chars long`, s),
          c,
          "minLength",
          ctx,
        ),
      );
      return;
    }
    if (ctx.cov !== null) ctx.cov.record(c.src, "minLength", false);
  }
  if (c.pattern !== undefined) {
    const re = (c.re ??= ctx.cache.regex.compile(c.pattern));
    if (!re.ok)
      out.push(
        failed(
          nodeErr(
            Code.Other,
            at,
            `${nameOf(at)} in body should match '${c.pattern}, but pattern is invalid: ${re.error}'`,
            s,
          ),
          c,
          "pattern",
          ctx,
        ),
      );
    else if (!re.test(s))
      out.push(
        failed(nodeErr(Code.Other, at, `${nameOf(at)} in body should match '${c.pattern}'`, s), c, "pattern", ctx),
      );
    else if (ctx.cov !== null) ctx.cov.record(c.src, "pattern", false);
  }
}

// ----- numbers

/** swag.FormatFloat64 ('f', shortest) / FormatInt64, then the strconv parse the type/format asks for. */
function inRange(v: number, isInt: boolean, type: string, format: string): boolean {
  if (type === "integer") {
    if (!isInt && !Number.isInteger(v)) return false;
    switch (format) {
      case "int32":
        return v >= -2147483648 && v <= 2147483647;
      case "uint32":
        return v >= 0 && v <= 4294967295;
      case "uint64":
        return v >= 0 && v < 18446744073709551616;
      default:
        return v >= -9223372036854775808 && v < 9223372036854775808;
    }
  }
  if (format === "float" || format === "float32") return Math.abs(v) <= 3.4028235677973366e38;
  return true;
}

function rangeMessage(prefix: string, type: string, format: string, at: PNode | null): string {
  return format !== ""
    ? `${prefix} value must be of type ${type} with format ${format} in ${nameOf(at)}`
    : `${prefix} value must be of type ${type} (default format) in ${nameOf(at)}`;
}

function checkNumber(c: CNode, v: number, isInt: boolean, at: PNode | null, out: RawErr[], ctx: Ctx): void {
  const ranged = c.numType !== "";
  if (ranged && !inRange(v, isInt, c.numType, c.numFormat))
    out.push(nodeErr(Code.Plain, at, rangeMessage("Checked", c.numType, c.numFormat, at)));
  if (c.multipleOf !== undefined) {
    const m = c.multipleOf;
    if (ranged && !inRange(m, false, c.numType, c.numFormat)) {
      out.push(nodeErr(Code.Plain, at, rangeMessage("MultipleOf", c.numType, c.numFormat, at)));
      floatMultipleOf(c, v, m, at, out, ctx);
    } else if (isInt) {
      // MultipleOfNativeType: an int64 value is checked with int64(factor), so 0.5 truncates to 0, which is not positive.
      const factor = Math.trunc(m) === 0 ? 0 : Math.trunc(m);
      if (factor <= 0)
        out.push(
          failed(
            nodeErr(Code.Other, at, `factor MultipleOf declared for ${nameOf(at)} must be positive: ${factor}`, factor),
            c,
            "multipleOf",
            ctx,
          ),
        );
      else if (v % factor !== 0)
        out.push(
          failed(
            nodeErr(Code.Other, at, `${nameOf(at)} in body should be a multiple of ${factor}`, v),
            c,
            "multipleOf",
            ctx,
          ),
        );
      else if (ctx.cov !== null) ctx.cov.record(c.src, "multipleOf", false);
    } else floatMultipleOf(c, v, m, at, out, ctx);
  }
  if (c.minimum !== undefined) bound(c, v, isInt, c.minimum, c.exclusiveMinimum, false, at, out, ctx);
  if (c.maximum !== undefined) bound(c, v, isInt, c.maximum, c.exclusiveMaximum, true, at, out, ctx);
}

function floatMultipleOf(c: CNode, v: number, factor: number, at: PNode | null, out: RawErr[], ctx: Ctx): void {
  // validate.MultipleOf works on float64s (the value converted by asFloat64), and its errors carry them: an integral
  // value prints as a float64 does (9007199254740991 as 9.007199254740991e+15).
  // validate.MultipleOf: a factor of 0 is not positive either (it would divide by zero).
  if (factor <= 0) {
    out.push(
      failed(
        nodeErr(
          Code.Other,
          at,
          `factor MultipleOf declared for ${nameOf(at)} must be positive: ${goFloat(factor)}`,
          new RenderedValue(goFloat(factor)),
        ),
        c,
        "multipleOf",
        ctx,
      ),
    );
    return;
  }
  const mult = factor < 1 ? (1 / factor) * v : v / factor;
  if (!isJsonInteger(mult))
    out.push(
      failed(
        nodeErr(
          Code.Other,
          at,
          `${nameOf(at)} in body should be a multiple of ${goFloat(factor)}`,
          new RenderedValue(goFloat(v)),
        ),
        c,
        "multipleOf",
        ctx,
      ),
    );
  else if (ctx.cov !== null) ctx.cov.record(c.src, "multipleOf", false);
}

function bound(
  c: CNode,
  v: number,
  isInt: boolean,
  b: number,
  exclusive: boolean,
  isMax: boolean,
  at: PNode | null,
  out: RawErr[],
  ctx: Ctx,
): void {
  const what = isMax ? "Maximum boundary" : "Minimum boundary";
  let native = true;
  if (c.numType !== "" && !inRange(b, false, c.numType, c.numFormat)) {
    out.push(nodeErr(Code.Plain, at, rangeMessage(what, c.numType, c.numFormat, at)));
    native = false;
  }
  let limit: number;
  let shown: string;
  if (native && isInt) {
    limit = Math.trunc(b);
    shown = String(limit);
  } else {
    limit = b;
    shown = goFloat(b);
  }
  const fails = isMax ? (exclusive ? v >= limit : v > limit) : exclusive ? v <= limit : v < limit;
  if (!fails) {
    if (ctx.cov !== null) ctx.cov.record(c.src, isMax ? "maximum" : "minimum", false);
    return;
  }
  const rel = isMax
    ? exclusive
      ? "less than"
      : "less than or equal to"
    : exclusive
      ? "greater than"
      : "greater than or equal to";
  // A bound the node's type and format cannot hold is checked by validate.Maximum/Minimum on the value converted to
  // a float64 (asFloat64), and the error carries that float64: an integral value prints as a float64 does
  // (9007199254740991 as 9.007199254740991e+15), as in floatMultipleOf.
  const bad = native ? v : new RenderedValue(goFloat(v));
  out.push(
    failed(
      nodeErr(Code.Other, at, `${nameOf(at)} in body should be ${rel} ${shown}`, bad),
      c,
      isMax ? "maximum" : "minimum",
      ctx,
    ),
  );
}

// ----- enum

function runeString(n: number): string {
  if (n < 0 || n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return "\ufffd";
  return String.fromCodePoint(n);
}

/** reflect: the data is converted to the enum entry's Go type (when convertible), then DeepEqual. `null` entries are skipped. */
function enumMatches(values: unknown[], data: unknown, kind: GoKind): boolean {
  for (const ev of values) {
    switch (goKind(ev)) {
      case "null":
        continue;
      case "string":
        if ((kind === "string" && data === ev) || (kind === "int" && runeString(data as number) === ev)) return true;
        continue;
      case "int":
        if ((kind === "int" && data === ev) || (kind === "float" && Math.trunc(data as number) === ev)) return true;
        continue;
      case "float":
        if ((kind === "int" || kind === "float") && data === ev) return true;
        continue;
      case "bool":
        if (data === ev) return true;
        continue;
      case "array":
        if (kind === "array" && deepEqual(data, ev)) return true;
        continue;
      case "object":
        if (kind === "object" && deepEqual(data, ev)) return true;
        continue;
    }
  }
  return false;
}

function enumError(at: PNode | null, data: unknown, values: unknown[]): RawErr {
  const e = nodeErr(
    Code.Enum,
    at,
    `${nameOf(at)} in body should be one of [${values.map((v) => (typeof v === "string" ? v : goJson(v))).join(" ")}]`,
    data,
  );
  e.values = values;
  return e;
}

// ----- arrays and objects

function validateSlice(c: CNode, arr: unknown[], at: PNode | null, out: RawErr[], ctx: Ctx): number {
  let mc = 1;
  if (c.items) {
    const item = getNode(c.items, ctx);
    for (let i = 0; i < arr.length; i++) mc += validateNode(item, arr[i], { p: at, k: PK.Index, s: "", i }, out, ctx);
  }
  const size = arr.length;
  if (c.minItems !== undefined) {
    if (size < c.minItems)
      out.push(
        failed(
          nodeErr(
            releaseHas(ctx.minor, "tooFewFieldErrors") ? Code.TooFew : Code.Other,
            at,
            `${nameOf(at)} in body should have at least ${c.minItems} items`,
            size,
            c.minItems,
          ),
          c,
          "minItems",
          ctx,
        ),
      );
    else if (ctx.cov !== null) ctx.cov.record(c.src, "minItems", false);
  }
  if (c.maxItems !== undefined) {
    if (size > c.maxItems)
      out.push(
        failed(
          nodeErr(Code.MaxItems, at, `${nameOf(at)} in body should have at most ${c.maxItems} items`, size, c.maxItems),
          c,
          "maxItems",
          ctx,
        ),
      );
    else if (ctx.cov !== null) ctx.cov.record(c.src, "maxItems", false);
  }
  if (c.uniqueItems) {
    let dup = false;
    for (let i = 1; i < size && !dup; i++) for (let j = 0; j < i && !dup; j++) dup = deepEqual(arr[i], arr[j]);
    if (dup)
      out.push(
        failed(nodeErr(Code.Other, at, `${nameOf(at)} in body shouldn't contain duplicates`), c, "uniqueItems", ctx),
      );
    else if (ctx.cov !== null) ctx.cov.record(c.src, "uniqueItems", false);
  }
  return mc;
}

function validateObject(c: CNode, obj: Record<string, unknown>, at: PNode | null, out: RawErr[], ctx: Ctx): number {
  const keys = Object.keys(obj);
  const n = keys.length;
  // Before 1.28 a failed property count returned before anything else of the object was evaluated.
  const goesOn = releaseHas(ctx.minor, "propertyCountGoesOn");
  if (c.minProps !== undefined) {
    if (n < c.minProps) {
      out.push(
        failed(
          nodeErr(
            releaseHas(ctx.minor, "tooFewFieldErrors") ? Code.TooFew : Code.Other,
            at,
            `${nameOf(at)} in body should have at least ${c.minProps} properties`,
            n,
            c.minProps,
          ),
          c,
          "minProperties",
          ctx,
        ),
      );
      if (!goesOn) return 0;
    } else if (ctx.cov !== null) ctx.cov.record(c.src, "minProperties", false);
  }
  if (c.maxProps !== undefined) {
    if (n > c.maxProps) {
      out.push(
        failed(
          nodeErr(
            Code.TooManyProps,
            at,
            `${nameOf(at)} in body should have at most ${c.maxProps} properties`,
            n,
            c.maxProps,
          ),
          c,
          "maxProperties",
          ctx,
        ),
      );
      if (!goesOn) return 0;
    } else if (ctx.cov !== null) ctx.cov.record(c.src, "maxProperties", false);
  }
  let mc = 0;
  if (c.addlFalse) {
    for (const k of keys)
      if (!hasOwn(c.props, k))
        out.push(nodeErr(Code.Other, at, `${nameOf(at)}.${k} in body is a forbidden property`, k));
  } else if (c.addl) {
    let addl: CNode | null = null;
    for (const k of keys) {
      if (hasOwn(c.props, k)) continue;
      addl ??= getNode(c.addl, ctx);
      mc += validateNode(addl, obj[k], { p: at, k: PK.Addl, s: k, i: 0 }, out, ctx);
    }
  }
  for (const p of c.propNames) {
    if (!hasOwn(obj, p)) continue;
    mc += validateNode(
      getNode(c.props[p] as Record<string, unknown>, ctx),
      obj[p],
      { p: at, k: PK.Prop, s: p, i: 0 },
      out,
      ctx,
    );
  }
  for (let i = 0; i < c.required.length; i++) {
    const r = c.required[i]!;
    if (!hasOwn(obj, r))
      out.push(
        failed(
          nodeErr(Code.Required, { p: at, k: PK.Req, s: r, i: 0 }, `${nameOf(at)}.${r} in body is required`),
          c,
          c.requiredChecks[i]!,
          ctx,
        ),
      );
    else if (ctx.cov !== null) ctx.cov.record(c.src, c.requiredChecks[i]!, false);
  }
  return mc;
}

// ----- allOf / anyOf / oneOf / not

interface Branch {
  errs: RawErr[];
  mc: number;
}

/**
 * The context of an allOf/anyOf/oneOf/not branch. A default is validated against its structural schema
 * (Structural.ToKubeOpenAPI), where every schema below a branch is a NestedValueValidation; from 1.31
 * newNestedValueValidation keeps additionalProperties only as a schema or `true`, so a `false` there is gone and
 * allows any property. A custom resource's schema is converted from the CRD as written and keeps it.
 */
function branchCtx(ctx: Ctx): Ctx {
  if (ctx.mode !== "default" || ctx.nested === true) return ctx;
  if (!releaseHas(ctx.minor, "nestedAdditionalPropertiesFalseDropped")) return ctx;
  return (ctx.branches ??= { ...ctx, variant: ctx.variant + ":nested", nested: true, branches: undefined });
}

function branch(s: Record<string, unknown>, data: unknown, at: PNode | null, ctx: Ctx): Branch {
  const errs: RawErr[] = [];
  const inner = branchCtx(ctx);
  const mc = validateNode(getNode(s, inner), data, at, errs, inner);
  return { errs, mc };
}

function validateJunctors(c: CNode, data: unknown, at: PNode | null, out: RawErr[], ctx: Ctx): number {
  let mc = 1; // mainResult.Inc()
  const quoted = (): string => goQuote(nameOf(at));
  // A branch's errors belong to this node for ratcheting (a nested junctor's, to the outermost: each merge overwrites).
  const fromBranch = (errs: RawErr[]): RawErr[] => errs.map((e) => ({ ...e, jt: at }));
  if (c.anyOf.length > 0) {
    let best: Branch | null = null;
    let firstSuccess: Branch | null = null;
    let succeeded = false;
    const tried: Branch[] | null = ctx.cov !== null ? [] : null;
    for (const s of c.anyOf) {
      const r = branch(s, data, at, ctx);
      if (tried) tried.push(r);
      if (r.errs.length === 0) {
        best = null;
        succeeded = true;
        firstSuccess ??= r;
        break;
      }
      if (best === null || r.mc > best.mc) best = r;
    }
    if (tried) for (const r of tried) if (r !== best) recordDropped(r.errs, ctx);
    if (!succeeded) out.push(nodeErr(Code.Plain, at, `${quoted()} must validate at least one schema (anyOf)`));
    if (best) {
      out.push(...fromBranch(best.errs));
      mc += best.mc;
    } else if (firstSuccess) mc += firstSuccess.mc;
  }
  if (c.oneOf.length > 0) {
    let best: Branch | null = null;
    let firstSuccess: Branch | null = null;
    let validated = 0;
    const tried: Branch[] | null = ctx.cov !== null ? [] : null;
    for (const s of c.oneOf) {
      const r = branch(s, data, at, ctx);
      if (tried) tried.push(r);
      if (r.errs.length === 0) {
        validated++;
        best = null;
        firstSuccess ??= r;
        continue;
      }
      if (validated === 0 && (best === null || r.mc > best.mc)) best = r;
    }
    // Only the best failing branch's errors are kept, and only when none validated.
    if (tried) for (const r of tried) if (validated !== 0 || r !== best) recordDropped(r.errs, ctx);
    if (validated !== 1) {
      const extra = validated === 0 ? "Found none valid" : `Found ${validated} valid alternatives`;
      out.push(nodeErr(Code.Plain, at, `${quoted()} must validate one and only one schema (oneOf). ${extra}`));
      if (best) {
        out.push(...fromBranch(best.errs));
        mc += best.mc;
      }
    } else if (firstSuccess) mc += firstSuccess.mc;
  }
  if (c.allOf.length > 0) {
    let validated = 0;
    for (const s of c.allOf) {
      const r = branch(s, data, at, ctx);
      if (r.errs.length === 0) validated++;
      out.push(...fromBranch(r.errs));
      mc += r.mc;
    }
    if (validated !== c.allOf.length)
      out.push(
        nodeErr(
          Code.Plain,
          at,
          `${quoted()} must validate all the schemas (allOf)${validated === 0 ? ". None validated" : ""}`,
        ),
      );
  }
  if (c.not) {
    const r = branch(c.not, data, at, ctx);
    if (ctx.cov !== null) recordDropped(r.errs, ctx);
    if (r.errs.length === 0) out.push(nodeErr(Code.Plain, at, `${quoted()} must not validate the schema (not)`));
  }
  return mc;
}

// ---------------------------------------------------------------------------------------------------------------
// kube-openapi result → field errors

function tooLongMessage(max: number, minor: Release): string {
  if (!releaseHas(minor, "tooLongReworded")) return `may not be longer than ${max}`;
  return `may not be more than ${max} ${max === 1 && releaseHas(minor, "tooLongTooManySingular") ? "byte" : "bytes"}`;
}

function tooManyMessage(max: number, minor: Release): string {
  return `must have at most ${max} ${max === 1 && releaseHas(minor, "tooLongTooManySingular") ? "item" : "items"}`;
}

/** `each`: called with every raw error and the field error it became (a duplicate: the one its message kept). */
function toFieldErrors(
  raw: RawErr[],
  rootPath: FieldPath | undefined,
  minor: Release,
  each: ((e: RawErr, ve: ValueError) => void) | null,
): ValueError[] {
  const root = rootPath ?? FieldPath.from([]);
  const seen = new Set<string>();
  const out: ValueError[] = [];
  const byMsg = each ? new Map<string, ValueError>() : null;
  for (const e of raw) {
    if (seen.has(e.msg)) {
      if (each) each(e, byMsg!.get(e.msg)!);
      continue;
    }
    seen.add(e.msg);
    const path = e.code === Code.Plain ? root : FieldPath.from([...root.segments, ...segmentsOf(e.at)]);
    switch (e.code) {
      case Code.Required:
        out.push({ path, type: "Required value", message: "" });
        break;
      case Code.Enum:
        out.push({
          path,
          type: "Unsupported value",
          value: e.value,
          message:
            "supported values: " + e.values!.map((v) => goQuote(typeof v === "string" ? v : goJson(v))).join(", "),
        });
        break;
      case Code.TooLong:
        out.push({ path, type: "Too long", message: tooLongMessage(e.n!, minor) });
        break;
      case Code.MaxItems:
      case Code.TooManyProps:
        out.push({ path, type: "Too many", value: e.value, message: tooManyMessage(e.n!, minor) });
        break;
      case Code.TooFew:
        // field.TooFew: "item" for a minimum of one, "items" otherwise (minProperties too), the count as value.
        out.push({
          path,
          type: "Too few",
          value: e.value,
          message: `must have at least ${e.n!} ${e.n === 1 ? "item" : "items"}`,
        });
        break;
      case Code.InvalidType:
      case Code.Other:
        out.push({ path, type: "Invalid value", value: e.value === undefined ? "" : e.value, message: e.msg });
        break;
      case Code.Plain:
        out.push({ path, type: "Invalid value", value: "", message: e.msg });
        break;
    }
    if (e.jt !== undefined) out[out.length - 1]!.junctorPath = FieldPath.from([...root.segments, ...segmentsOf(e.jt)]);
    if (each) {
      const ve = out[out.length - 1]!;
      byMsg!.set(e.msg, ve);
      each(e, ve);
    }
  }
  return out;
}
