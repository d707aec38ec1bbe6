/**
 * A CEL environment: the functions, identifiers and macros its libraries declare, and the cel-go options that
 * change what the parser and the checker accept (cel.Env). The Kubernetes environments are assembled from these
 * parts by src/cel/k8s/environment.ts.
 */
import type { CelType } from "./types.js";
import { EMPTY_TYPE_MESSAGE, typeOf } from "./typeutil.js";
import { ov, type OverloadDecl, type FunctionDecl, type MacroKey, type Lib } from "./checker/decls.js";
import { stdLib } from "./checker/stdlib.js";
import { optionalLib } from "./ext/optional.js";
import { stringsLib } from "./ext/strings.js";
import { twoVarLib } from "./ext/comprehensions.js";
import { BINDINGS_MACROS } from "./ext/bindings.js";
export { type OverloadDecl, type FunctionDecl, type MacroKey, type Lib } from "./checker/decls.js";

export interface CelEnv {
  /** Kubernetes minor release of the server (e.g. 37 for 1.37). */
  readonly minor: number;
  /** Compatibility version minor used for new expressions (minor - 1). */
  readonly compat: number;
  readonly functions: ReadonlyMap<string, FunctionDecl>;
  /** Global identifiers (type names); rule variables are supplied separately to the checker. */
  readonly idents: ReadonlyMap<string, CelType>;
  readonly macros: ReadonlySet<MacroKey>;
  /** `.?`, `[?`, `{?k: v}`, `[?e]` syntax (cel.OptionalTypes). */
  readonly optionalSyntax: boolean;
  /** Cross-type numeric comparison overloads (cel.CrossTypeNumericComparisons). */
  readonly crossTypeNumericComparisons: boolean;
  /** AST validators for duration/timestamp/regex literals (1.29). */
  readonly literalValidators: boolean;
  /** cel.HomogeneousAggregateLiterals (an AST validator; always on in Kubernetes). */
  readonly homogeneousAggregateLiterals: boolean;
  /**
   * Schema fields named like CEL reserved words (`namespace`, ...) are stored escaped (`__namespace__`)
   * but may be selected by their plain name (DeclTypeProvider.SetRecognizeKeywordAsFieldName), 1.31.
   */
  readonly recognizeKeywordAsFieldName: boolean;
  /** A presence test costs 1 at run time (cel-go's default; Kubernetes sets PresenceTestHasCost(false) from 1.29). */
  readonly presenceTestHasCost: boolean;
  /** The optional type's name in type-check errors: `optional` before cel-go v0.20 (Kubernetes 1.31), then `optional_type`. */
  readonly optionalTypeName: string;
  /** cel-go before v0.17 (Kubernetes 1.28): an undeclared member call has no type (`<nil>` in later overload errors). */
  readonly untypedUndeclaredMemberCalls: boolean;
  /** cel-go before v0.17: `does not support field selection` prints the type's protobuf text (`primitive:STRING`). */
  readonly protoTypeTexts: boolean;
  /**
   * cel-go before v0.17: `_&&_` and `_||_` resolve as any overload (`found no matching overload for '_||_' applied to
   * '(bool, int)'`); from v0.17 each argument that is not a bool is its own `expected type 'bool' but found ...`.
   */
  readonly logicalOperatorsAsOverloads: boolean;
  /** The comprehension accumulator's name macros expand to: `@result` from cel-go v0.22 (Kubernetes 1.32), `__result__` before. */
  readonly accumulatorName: string;
  /** cel-go before v0.23 (Kubernetes 1.33): its older grammar and syntax-error formatting (see ParseOptions.legacyParser). */
  readonly legacyParser: boolean;
  /** Backtick-escaped field names parse (cel-go v0.29, Kubernetes 1.37, enables them by default). */
  readonly identEscapeSyntax: boolean;
  /** Names of functions that exist in some supported release (for diagnostics/tests). */
  readonly libraries: ReadonlySet<string>;
}

export interface EnvFlags {
  homogeneousAggregateLiterals: boolean;
  minor: number;
  compat: number;
  existsOneMacro: boolean;
  optionalSyntax: boolean;
  crossTypeNumericComparisons: boolean;
  literalValidators: boolean;
  recognizeKeywordAsFieldName: boolean;
  presenceTestHasCost?: boolean;
  optionalTypeName?: string;
  untypedUndeclaredMemberCalls?: boolean;
  protoTypeTexts?: boolean;
  logicalOperatorsAsOverloads?: boolean;
  accumulatorName?: string;
  legacyParser?: boolean;
  identEscapeSyntax?: boolean;
}

export function assemble(libs: Lib[], flags: EnvFlags): CelEnv {
  const functions = new Map<string, { name: string; overloads: OverloadDecl[] }>();
  const idents = new Map<string, CelType>();
  const macros = new Set<MacroKey>();
  for (const lib of libs) {
    for (const [name, overloads] of lib.fns) {
      let fn = functions.get(name);
      if (!fn) {
        fn = { name, overloads: [] };
        functions.set(name, fn);
      }
      for (const o of overloads) if (!fn.overloads.some((x) => x.id === o.id)) fn.overloads.push(o);
    }
    for (const [name, t] of lib.idents ?? []) idents.set(name, t);
    for (const mk of lib.macros ?? []) macros.add(mk);
  }
  // cel-go v0.22+ (Kubernetes 1.32+) also registers the `existsOne` spelling of exists_one.
  if (flags.existsOneMacro) macros.add("existsOne:2:m");
  // cel-go before v0.17 (protoTypeTexts): the `type` identifier's type prints type(type()), see EMPTY_TYPE_MESSAGE.
  if (flags.protoTypeTexts === true && idents.has("type")) idents.set("type", typeOf(typeOf(EMPTY_TYPE_MESSAGE)));
  const frozen = new Map<string, FunctionDecl>();
  for (const [k, v] of functions) frozen.set(k, Object.freeze({ name: v.name, overloads: Object.freeze(v.overloads) }));
  return Object.freeze({
    minor: flags.minor,
    compat: flags.compat,
    functions: frozen,
    idents,
    macros,
    optionalSyntax: flags.optionalSyntax,
    crossTypeNumericComparisons: flags.crossTypeNumericComparisons,
    literalValidators: flags.literalValidators,
    homogeneousAggregateLiterals: flags.homogeneousAggregateLiterals,
    recognizeKeywordAsFieldName: flags.recognizeKeywordAsFieldName,
    presenceTestHasCost: flags.presenceTestHasCost === true,
    optionalTypeName: flags.optionalTypeName ?? "optional_type",
    untypedUndeclaredMemberCalls: flags.untypedUndeclaredMemberCalls === true,
    protoTypeTexts: flags.protoTypeTexts === true,
    logicalOperatorsAsOverloads: flags.logicalOperatorsAsOverloads === true,
    accumulatorName: flags.accumulatorName ?? "__result__",
    legacyParser: flags.legacyParser === true,
    identEscapeSyntax: flags.identEscapeSyntax === true,
    libraries: new Set(frozen.keys()),
  });
}

/** A plain cel-go environment (standard library, optionally optional types and two-variable comprehensions). */
export function standardCelEnvironment(
  options: {
    crossTypeNumericComparisons?: boolean;
    optionalTypes?: boolean;
    twoVarComprehensions?: boolean;
    bindings?: boolean;
    /** ext.Strings at this version. */
    strings?: number;
    homogeneousAggregateLiterals?: boolean;
    /** Additional function overloads (merged by name) and identifiers. */
    functions?: Iterable<[string, OverloadDecl[]]>;
    idents?: Iterable<[string, CelType]>;
  } = {},
): CelEnv {
  const libs: Lib[] = [stdLib(options.crossTypeNumericComparisons === true)];
  if (options.optionalTypes) libs.push(optionalLib);
  if (options.twoVarComprehensions) libs.push(twoVarLib);
  if (options.bindings) libs.push({ fns: [], macros: [...BINDINGS_MACROS] });
  if (options.strings !== undefined) libs.push(stringsLib(options.strings));
  libs.push({ fns: [...(options.functions ?? [])], idents: [...(options.idents ?? [])] });
  return assemble(libs, {
    homogeneousAggregateLiterals: options.homogeneousAggregateLiterals === true,
    minor: 0,
    compat: 0,
    existsOneMacro: true,
    optionalSyntax: options.optionalTypes === true,
    crossTypeNumericComparisons: options.crossTypeNumericComparisons === true,
    literalValidators: false,
    recognizeKeywordAsFieldName: false,
  });
}

/** An overload declaration (for standardCelEnvironment / tests). */
export function overload(id: string, member: boolean, args: CelType[], result: CelType): OverloadDecl {
  return ov(id, member, args, result);
}
