/**
 * Compilation of CRD x-kubernetes-validations expressions as the apiserver does it
 * (kubernetes/apiextensions-apiserver pkg/apiserver/schema/cel/compilation.go): parse + type-check
 * in the "new expressions" environment of the target release, with `self` and `oldSelf` typed from
 * the rule's schema node.
 */
import type { CelType, CheckedAst, DeclType } from "../core/types.js";
import type { CelEnv, FunctionDecl } from "../core/env.js";
import { celEnvironment, type CelEnvMode } from "../k8s/environment.js";
import { createEstimateShare, type EstimateShare } from "../k8s/cost.js";
import { createDeclMemo, declNode, schemaDeclType, type DeclMemo } from "./decl.js";
import { parseCel, type ParseResult } from "../core/parser/parse.js";
import { check, ReferenceInterner } from "../core/checker/checker.js";
import {
  MAX_ERRORS_TO_REPORT,
  renderIssue,
  sortIssues,
  truncationNote,
  type CelIssue,
  type CelSource,
} from "../core/issues.js";
import { formatType, optionalOf } from "../core/typeutil.js";
import { goRegexpError } from "../../k8s/re2-syntax.js";
import type { Expr } from "@bufbuild/cel-spec/cel/expr/syntax_pb.js";

export interface CompileInput {
  schema: Record<string, unknown>;
  isResourceRoot: boolean;
  expression: string;
  kind: "rule" | "messageExpression";
  optionalOldSelf?: boolean;
  /**
   * The declaration type to compile against instead of the schema's own: the apiserver types a node's rules from its
   * ancestors' types when they carry rules too (CELSchemaContext.TypeInfo), which differs under a resource root's
   * metadata, kind and apiVersion.
   */
  rootDecl?: DeclType;
}

export interface CompileError {
  /** First line, e.g. `ERROR: <input>:1:6: found no matching overload for '_==_' applied to '(int, bool)'`. */
  message: string;
  /** The caret snippet lines (` | <source line>\n | ....^`), empty when the issue has no location. */
  detail: string;
  /** 0-based UTF-16 offset of the issue in the expression (-1 when it has no location). */
  offset: number;
}

export interface CompileResult {
  ok: boolean;
  /** Issues in cel-go display order (by line, then column). */
  errors: CompileError[];
  /** Type of the whole expression (when it type-checked). */
  outputType?: CelType;
  /** Whether the checked expression references `oldSelf` (a transition rule). */
  usesOldSelf: boolean;
  ast?: CheckedAst;
  rootDecl?: DeclType;
  /**
   * The expression type-checks, but cel-go's program cannot be built from it (`program instantiation failed: <this>`):
   * a constant pattern of matches(), find() or findAll() that Go's regexp rejects (the OptOptimize regex precompile).
   * compileRule stops there: no cost, no messageExpression.
   */
  programError?: string;
  /**
   * The node's schema has no CEL declaration type: cel.Compile fails before any rule (the runtime validator's
   * "rule compiler initialization error", once for the node; the CRD's validation says it per rule).
   */
  declTypeFailed?: true;
}

export interface CelCompiler {
  readonly kubernetesMinor: number;
  readonly env: CelEnv;
  /** A run over several releases: the estimates its releases share (src/cel/k8s/cost.ts). */
  readonly estimates?: EstimateShare;
  declType(schema: Record<string, unknown>, isResourceRoot: boolean): DeclType | null;
  compileRule(input: CompileInput): CompileResult;
}

/** The type name shown in messages for the rule's `self` object type (the apiserver uses a random suffix). */
const SELF_TYPE_NAME = "selfType";

const DECL_TYPE_FAILURE = "failed to convert to declType for CEL validation rules";

/** Joins issues the way cel-go's Issues.String() does (the text after `compilation failed: `). */
export function formatCompileErrors(errors: readonly CompileError[]): string {
  return errors.map((e) => (e.detail ? `${e.message}\n${e.detail}` : e.message)).join("\n");
}

function renderErrors(issues: readonly CelIssue[], source: CelSource): CompileError[] {
  const sorted = sortIssues(issues, source);
  const out: CompileError[] = sorted.slice(0, MAX_ERRORS_TO_REPORT).map((iss) => {
    const r = renderIssue(iss, source);
    return { message: r.message, detail: r.detail, offset: source.utf16Index(iss.offset) };
  });
  if (sorted.length > MAX_ERRORS_TO_REPORT)
    out.push({ message: truncationNote(sorted.length), detail: "", offset: -1 });
  return out;
}

/** Display names of schema object types, by their path from the rule's root (as MaybeAssignTypeName does). */
function objectNamer(root: DeclType): (decl: DeclType) => string {
  let names: Map<DeclType, string> | null = null;
  return (decl) => {
    if (!names) {
      names = new Map();
      const seen = new Set<DeclType>();
      const walk = (d: DeclType, name: string) => {
        if (seen.has(d)) return;
        seen.add(d);
        if (d.fields) {
          names!.set(d, name);
          for (const [fname, f] of d.fields) walk(f.type, `${name}.${fname}`);
        } else if (d.key && d.elem) walk(d.elem, `${name}.@elem`);
        else if (d.elem) walk(d.elem, `${name}.@idx`);
      };
      walk(root, SELF_TYPE_NAME);
    }
    return names.get(decl) ?? "object";
  };
}

/** Whether a checked expression reads the variable `name` (self, oldSelf). */
export function referencesVariable(ast: CheckedAst, name: string): boolean {
  for (const ref of ast.references.values()) if (ref.name === name) return true;
  return false;
}

/** The type of a compiled expression as cel-go writes it, schema objects named from the rule's root (`selfType.spec`). */
export function outputTypeText(result: CompileResult): string | undefined {
  if (!result.outputType) return undefined;
  return formatType(result.outputType, result.rootDecl ? objectNamer(result.rootDecl) : undefined);
}

/**
 * Parse results per expression text. Safe to share: the parse depends only on the environment, and
 * the checker's in-place rewrites (qualified names, namespaced calls) depend only on the
 * environment's declarations too, so re-checking a shared AST rewrites nothing new.
 */
type ParseCache = Map<string, { parsed: ParseResult; reads: readonly EnvRead[] | undefined }>;
const PARSE_CACHE_LIMIT = 20_000;

interface RuleScope {
  variables: ReadonlyMap<string, CelType>;
  objectNamer: (decl: DeclType) => string;
  references: ReferenceInterner;
}
/** Checker options per root DeclType (without and with optionalOldSelf), and the interned references. */
interface ScopeCache {
  byDecl: WeakMap<DeclType, [RuleScope | null, RuleScope | null]>;
  references: ReferenceInterner;
}

/** Checker options for a rule rooted at `rootDecl` (cached per DeclType). */
function ruleScope(scopes: ScopeCache, rootDecl: DeclType, optionalOldSelf: boolean): RuleScope {
  let pair = scopes.byDecl.get(rootDecl);
  if (!pair) {
    pair = [null, null];
    scopes.byDecl.set(rootDecl, pair);
  }
  const i = optionalOldSelf ? 1 : 0;
  let scope = pair[i];
  if (!scope) {
    const selfType = rootDecl.cel;
    scope = {
      variables: new Map<string, CelType>([
        ["self", selfType],
        ["oldSelf", optionalOldSelf ? optionalOf(selfType) : selfType],
      ]),
      objectNamer: objectNamer(rootDecl),
      references: scopes.references,
    };
    pair[i] = scope;
  }
  return scope;
}

function compile(
  env: CelEnv,
  rootDecl: DeclType,
  expression: string,
  optionalOldSelf: boolean,
  parseCache: ParseCache,
  scopes: ScopeCache,
  reads?: Set<EnvRead>,
): CompileResult {
  let cached = parseCache.get(expression);
  if (!cached) {
    // What the parse reads of `env` is kept with it: a later compilation that finds it here read it too.
    const parseReads = reads && new Set<EnvRead>();
    const parseEnv = parseReads ? trackedEnv(env, parseReads) : env;
    // Getters: the parser reads an option only where the text needs it, so only then is it noted.
    const written = expression.includes("__result__");
    cached = {
      parsed: parseCel(expression, {
        macros: parseEnv.macros,
        get optionalSyntax() {
          return parseEnv.optionalSyntax;
        },
        // The accumulator's name (`__result__` before 1.32, `@result` after) is visible only to an expression that
        // writes `__result__`: otherwise the parses differ in an internal name alone, which nothing prints.
        get accumulatorName() {
          return written ? parseEnv.accumulatorName : env.accumulatorName;
        },
        get macroErrorsAtCall() {
          return parseEnv.untypedUndeclaredMemberCalls;
        },
        get legacyParser() {
          return parseEnv.legacyParser;
        },
        get identEscapeSyntax() {
          return parseEnv.identEscapeSyntax;
        },
      }),
      reads: parseReads && [...parseReads],
    };
    if (parseCache.size >= PARSE_CACHE_LIMIT) parseCache.clear();
    parseCache.set(expression, cached);
  }
  const parsed = cached.parsed;
  if (reads) {
    // A compiler that tracks reads tracks every parse it caches.
    for (const r of cached.reads!) reads.add(r);
    env = trackedEnv(env, reads);
  }
  if (parsed.errors.length > 0) {
    return { ok: false, errors: renderErrors(parsed.errors, parsed.source), usesOldSelf: false, rootDecl };
  }
  const { ast, errors } = check(parsed, env, ruleScope(scopes, rootDecl, optionalOldSelf));
  let usesOldSelf = false;
  for (const ref of ast.references.values()) {
    if (ref.name === "oldSelf") {
      usesOldSelf = true;
      break;
    }
  }
  if (errors.length > 0) {
    return { ok: false, errors: renderErrors(errors, parsed.source), usesOldSelf, rootDecl };
  }
  const programError = regexConstantError(ast.expr);
  return {
    ok: true,
    errors: [],
    outputType: ast.types.get(ast.expr.id),
    usesOldSelf,
    ast,
    rootDecl,
    ...(programError !== undefined ? { programError } : {}),
  };
}

/** The functions whose constant pattern cel-go compiles with the program (RegexOptimization, RegexIndex 1). */
const REGEX_PRECOMPILED = new Set(["matches", "find", "findAll"]);

/**
 * The first error of the regex precompile in planning order (arguments before their call): Go's regexp error of a
 * string-literal pattern of matches() (cel-go's MatchesRegexOptimization) or find()/findAll() (the Kubernetes regex
 * library's), or undefined.
 */
function regexConstantError(e: Expr | undefined): string | undefined {
  if (!e) return undefined;
  switch (e.exprKind.case) {
    case "callExpr": {
      const call = e.exprKind.value;
      for (const x of [call.target, ...call.args]) {
        const inner = regexConstantError(x);
        if (inner !== undefined) return inner;
      }
      if (!REGEX_PRECOMPILED.has(call.function)) return undefined;
      const pattern = call.target ? call.args[0] : call.args[1];
      if (pattern?.exprKind.case !== "constExpr") return undefined;
      const c = pattern.exprKind.value.constantKind;
      return c.case === "stringValue" ? (goRegexpError(c.value) ?? undefined) : undefined;
    }
    case "selectExpr":
      return regexConstantError(e.exprKind.value.operand);
    case "listExpr":
      for (const x of e.exprKind.value.elements) {
        const inner = regexConstantError(x);
        if (inner !== undefined) return inner;
      }
      return undefined;
    case "structExpr":
      for (const entry of e.exprKind.value.entries) {
        const key = entry.keyKind.case === "mapKey" ? regexConstantError(entry.keyKind.value) : undefined;
        const inner = key ?? regexConstantError(entry.value);
        if (inner !== undefined) return inner;
      }
      return undefined;
    case "comprehensionExpr": {
      const c = e.exprKind.value;
      for (const x of [c.iterRange, c.accuInit, c.loopCondition, c.loopStep, c.result]) {
        const inner = regexConstantError(x);
        if (inner !== undefined) return inner;
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

/** A key for CEL types that mention no schema object type (null otherwise). */
function objectFreeTypeKey(t: CelType): string | null {
  switch (t.kind) {
    case "object":
      return null;
    case "list": {
      const e = objectFreeTypeKey(t.elem);
      return e === null ? null : `list(${e})`;
    }
    case "map": {
      const v = objectFreeTypeKey(t.value);
      return v === null ? null : `map(${v})`;
    }
    case "optional":
    case "type":
    case "opaque":
    case "typeParam":
      return null;
    default:
      return t.kind;
  }
}

/**
 * One read a compilation made of its environment: `f:<name>` a function's declaration, `i:<name>` a global
 * identifier, `m:<key>` whether a macro is on, `o:<field>` any other field; `<kind>:*` all of a collection.
 */
type EnvRead = string;

/**
 * `env` as the parser and the checker see it, each read noted in `reads`. The target is a plain object: `env` is
 * frozen, and a proxy of a frozen object must answer its own values.
 */
function trackedEnv(env: CelEnv, reads: Set<EnvRead>): CelEnv {
  const collection = <C extends object>(c: C, kind: string, keyed: ReadonlySet<PropertyKey>): C =>
    new Proxy(c, {
      get(target, p) {
        const v: unknown = Reflect.get(target, p, target);
        if (typeof v !== "function") {
          reads.add(`${kind}:*`);
          return v;
        }
        if (keyed.has(p))
          return (key: string) => {
            reads.add(`${kind}:${key}`);
            return (v as (k: string) => unknown).call(target, key);
          };
        // Iterating or anything else reads the whole collection.
        reads.add(`${kind}:*`);
        return (v as (...a: unknown[]) => unknown).bind(target);
      },
    });
  const maps = new Set<PropertyKey>(["get", "has"]);
  const functions = collection(env.functions, "f", maps);
  const idents = collection(env.idents, "i", maps);
  const macros = collection(env.macros, "m", new Set<PropertyKey>(["has"]));
  return new Proxy({} as CelEnv, {
    get(_, p) {
      if (p === "functions") return functions;
      if (p === "idents") return idents;
      if (p === "macros") return macros;
      reads.add(`o:${String(p)}`);
      return Reflect.get(env, p) as unknown;
    },
  });
}

/** The answer of `env` to one read, as text comparable between environments (cached per environment). */
function envAnswer(share: CompileShare, env: CelEnv, read: EnvRead): string {
  let answers = share.answers.get(env);
  if (!answers) share.answers.set(env, (answers = new Map<EnvRead, string>()));
  let a = answers.get(read);
  if (a !== undefined) return a;
  const key = read.slice(2);
  switch (read[0]) {
    case "f":
      a =
        key === "*"
          ? [...env.functions.keys()]
              .sort()
              .map((n) => `${n}=${functionText(env.functions.get(n))}`)
              .join("\n")
          : functionText(env.functions.get(key));
      break;
    case "i": {
      const text = (t: CelType | undefined) => (t ? formatType(t) : "-");
      a =
        key === "*"
          ? [...env.idents.keys()]
              .sort()
              .map((n) => `${n}=${text(env.idents.get(n))}`)
              .join("\n")
          : text(env.idents.get(key));
      break;
    }
    case "m":
      a = key === "*" ? [...env.macros].sort().join(",") : env.macros.has(key) ? "1" : "0";
      break;
    case "o": {
      const v: unknown = Reflect.get(env, key);
      // A field that is not a plain value (a collection): only the environment itself answers alike.
      a = v === null || typeof v !== "object" ? `${typeof v}:${String(v)}` : `env#${share.envIds.get(env)}`;
      break;
    }
    default:
      a = `env#${share.envIds.get(env)}`;
  }
  answers.set(read, a);
  return a;
}

/** A function's overloads as text: environments whose texts agree declare it alike. */
function functionText(fn: FunctionDecl | undefined): string {
  if (!fn) return "-";
  return fn.overloads
    .map(
      (o) =>
        `${o.id}${o.member ? ".m" : ".g"}<${o.typeParams.join(",")}>(${o.args.map((t) => formatType(t)).join(",")})${formatType(o.result)}`,
    )
    .join(";");
}

/** A compilation filed for the other releases: each read it made, with its environment's answer. */
interface SharedCompilation {
  readonly reads: readonly (readonly [EnvRead, string])[];
  readonly result: CompileResult;
}

/**
 * What the compilers of a run over several releases share (src/engine/services.ts): the declaration types, one
 * object per schema and release profile, with their rule scopes; and each compilation with what it read of its
 * environment. A release whose environment answers every one of those reads alike compiles the rule alike (the
 * parser and the checker read nothing else of the release), so it takes the compilation as it is.
 */
export interface CompileShare {
  readonly decls: DeclMemo;
  readonly scopes: ScopeCache;
  /**
   * Per root type's schema node (DeclMemo.nodeOf; the type itself when it has none) and `<optionalOldSelf
   * 0|1><expression>`: each compilation, with its reads and their answers.
   */
  readonly compiled: WeakMap<object, Map<string, SharedCompilation[]>>;
  /** Rules on types without schema objects, by the compiler's type key (`<0|1><type>\0<expression>`). */
  readonly byType: Map<string, SharedCompilation[]>;
  readonly answers: WeakMap<CelEnv, Map<EnvRead, string>>;
  readonly estimates: EstimateShare;
  readonly envIds: { get(env: CelEnv): number };
}

export function createCompileShare(): CompileShare {
  const ids = new WeakMap<CelEnv, number>();
  let next = 0;
  const decls = createDeclMemo();
  return {
    decls,
    scopes: { byDecl: new WeakMap(), references: new ReferenceInterner() },
    compiled: new WeakMap(),
    byType: new Map(),
    answers: new WeakMap(),
    estimates: createEstimateShare((decl) => declNode(decls, decl) ?? decl),
    envIds: {
      get(env) {
        let id = ids.get(env);
        if (id === undefined) ids.set(env, (id = next++));
        return id;
      },
    },
  };
}

/** The compilation of another release whose environment answered its reads as `env` does, if any. */
function sharedCompilation(
  share: CompileShare,
  env: CelEnv,
  rootDecl: DeclType,
  place: object | string,
  key: string,
): CompileResult | undefined {
  const entries = typeof place === "string" ? share.byType.get(key) : share.compiled.get(place)?.get(key);
  if (!entries) return undefined;
  for (const e of entries) {
    if (!e.reads.every(([r, answer]) => envAnswer(share, env, r) === answer)) continue;
    if (e.result.rootDecl === rootDecl) return e.result;
    // The root type of another release's DeclType of the node: the check is alike, and the estimator walks sizes
    // from this release's root. Only a result type naming a schema object names it by the other release's types.
    if (e.result.outputType && objectFreeTypeKey(e.result.outputType) === null) continue;
    return { ...e.result, rootDecl };
  }
  return undefined;
}

/** Files a compilation made in `env` for the other releases. */
function fileCompilation(
  share: CompileShare,
  env: CelEnv,
  place: object | string,
  key: string,
  reads: ReadonlySet<EnvRead>,
  result: CompileResult,
): void {
  let byKey: Map<string, SharedCompilation[]> | undefined = share.byType;
  if (typeof place !== "string") {
    byKey = share.compiled.get(place);
    if (!byKey) share.compiled.set(place, (byKey = new Map<string, SharedCompilation[]>()));
  } else if (byKey.size >= 50_000) byKey.clear();
  let entries = byKey.get(key);
  if (!entries) byKey.set(key, (entries = []));
  entries.push({ reads: [...reads].map((r) => [r, envAnswer(share, env, r)] as const), result });
}

/**
 * A compiler for CRD rules of a Kubernetes 1.`kubernetesMinor` server. It owns its caches (DeclTypes, parses,
 * results): the engine creates one per run and passes it down, so that CRDs of a run share them.
 */
export function createCelCompiler(
  kubernetesMinor: number,
  mode: CelEnvMode = "new",
  share?: CompileShare,
): CelCompiler {
  const env = celEnvironment(kubernetesMinor, mode);
  const declMemo = share?.decls ?? createDeclMemo();
  const scopes: ScopeCache = share?.scopes ?? { byDecl: new WeakMap(), references: new ReferenceInterner() };
  // Results per root DeclType and expression (DeclTypes are memoised per schema object).
  const results = new WeakMap<DeclType, [Map<string, CompileResult>, Map<string, CompileResult>]>();
  const parseCache: ParseCache = new Map();
  // Rules on nodes whose CEL type has no schema objects (strings, lists of strings, maps, ...)
  // check identically wherever they appear: share those results across schema nodes.
  const byTypeKey = new Map<string, CompileResult>();
  const compiler: CelCompiler = {
    kubernetesMinor,
    env,
    ...(share ? { estimates: share.estimates } : {}),
    declType(schema, isResourceRoot) {
      return schemaDeclType(schema, isResourceRoot, kubernetesMinor, declMemo);
    },
    compileRule(input) {
      const rootDecl = input.rootDecl ?? schemaDeclType(input.schema, input.isResourceRoot, kubernetesMinor, declMemo);
      if (!rootDecl) {
        return {
          ok: false,
          errors: [{ message: DECL_TYPE_FAILURE, detail: "", offset: -1 }],
          usesOldSelf: false,
          declTypeFailed: true,
        };
      }
      let perDecl = results.get(rootDecl);
      if (!perDecl) {
        perDecl = [new Map(), new Map()];
        results.set(rootDecl, perDecl);
      }
      const byText = perDecl[input.optionalOldSelf ? 1 : 0];
      let r = byText.get(input.expression);
      if (!r) {
        const tk = objectFreeTypeKey(rootDecl.cel);
        const key = tk === null ? null : `${input.optionalOldSelf ? "1" : "0"}${tk}\u0000${input.expression}`;
        const shared = key === null ? undefined : byTypeKey.get(key);
        if (shared) {
          r = { ...shared, rootDecl };
        } else {
          // Across releases, rules on types without schema objects are shared by type, as within one (`key`); the
          // others by the node their type is of.
          const place = key ?? declNode(declMemo, rootDecl) ?? rootDecl;
          const sharedKey = key ?? `${input.optionalOldSelf ? "1" : "0"}${input.expression}`;
          r = share ? sharedCompilation(share, env, rootDecl, place, sharedKey) : undefined;
          if (!r) {
            const reads = share && new Set<EnvRead>();
            r = compile(env, rootDecl, input.expression, input.optionalOldSelf === true, parseCache, scopes, reads);
            if (share && reads) fileCompilation(share, env, place, sharedKey, reads, r);
          }
          if (key !== null) {
            if (byTypeKey.size >= 50_000) byTypeKey.clear();
            byTypeKey.set(key, r);
          }
        }
        byText.set(input.expression, r);
      }
      return r;
    },
  };
  return compiler;
}
