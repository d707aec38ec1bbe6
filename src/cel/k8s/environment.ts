/**
 * CEL environments as the Kubernetes apiserver builds them for CRD x-kubernetes-validations rules
 * (kubernetes/apiserver pkg/cel/environment/base.go), per Kubernetes minor release 1.28..1.37.
 *
 * New CRD expressions are compiled with the "new expressions" environment of the server's
 * compatibility version, which is one minor below the server (crd-rules.md §12.1). A library is
 * available for a server at minor N when its introduced version <= N-1.
 *
 * The overload ids emitted by the checker are the cel-go / Kubernetes ids; `OVERLOAD_IDS` lists
 * them per function name (union over all releases) for the cost estimator.
 *
 * Each library's declarations are in env/<library>.ts; this module assembles the environments.
 */
import type { CelType } from "../core/types.js";
import { ov, type OverloadDecl, type FunctionDecl, type MacroKey, type Lib } from "../core/checker/decls.js";
import { stdLib } from "../core/checker/stdlib.js";
import { k8sListsLib } from "./lists.js";
import { regexLib } from "./regex.js";
import { urlsLib } from "./urls.js";
import { authzLib, authzSelectorsLib } from "./authz.js";
import { quantityLib } from "./quantity.js";
import { ipLib } from "./ip.js";
import { cidrLib } from "./cidr.js";
import { formatLib } from "./format.js";
import { semverLib } from "./semver.js";
import { optionalLib } from "../core/ext/optional.js";
import { stringsLib } from "../core/ext/strings.js";
import { setsLib } from "../core/ext/sets.js";
import { twoVarLib } from "../core/ext/comprehensions.js";
import { extListsLib } from "../core/ext/lists.js";
import { BINDINGS_MACROS } from "../core/ext/bindings.js";
export { type OverloadDecl, type FunctionDecl, type MacroKey } from "../core/checker/decls.js";
export { NAMED_FORMATS } from "./format.js";
export { BINDINGS_MACROS } from "../core/ext/bindings.js";

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
  /** Names of functions that exist in some supported release (for diagnostics/tests). */
  readonly libraries: ReadonlySet<string>;
}

// ---------------------------------------------------------------------------------------------
// Environment assembly

/** The compatibility version (minor) used to compile new CRD expressions on a server at `minor`. */
function compatibilityVersion(minor: number): number {
  return minor - 1;
}

/** Libraries in registration order, with the compatibility version that introduces them (base.go). */
function librariesFor(compat: number, minor: number, ignoreGates = false): Lib[] {
  const libs: Lib[] = [];
  const cross = compat >= 28;
  libs.push(stdLib(cross));
  libs.push(urlsLib, regexLib, k8sListsLib(compat >= 37 ? 1 : 0));
  if (compat >= 27) libs.push(authzLib);
  if (compat >= 28) libs.push(optionalLib, quantityLib);
  libs.push(stringsLib(compat >= 29 ? 2 : 0));
  if (compat >= 29) libs.push(setsLib);
  if (compat >= 30) libs.push(ipLib, cidrLib);
  if (compat >= 31) libs.push(formatLib);
  // Authz selectors: introduced 1.31 behind the AuthorizeWithSelectors gate (on by default from 1.32).
  if (compat >= 31 && (minor >= 32 || ignoreGates)) libs.push(authzSelectorsLib);
  if (compat >= 32) libs.push(twoVarLib);
  if (compat >= 33) libs.push(semverLib(1));
  if (compat >= 34) libs.push(extListsLib(3));
  return libs;
}

/**
 * `new`: NewExpressionsEnv, the libraries of the compatibility version (n-1), for expressions a create or update
 * introduces. `stored`: StoredExpressionsEnv, every library the server has, feature gates ignored, for expressions
 * an update leaves as OLD had them (the apiserver matches them by exact text).
 */
export type CelEnvMode = "new" | "stored";

function buildEnv(minor: number, mode: CelEnvMode = "new"): CelEnv {
  const compat = mode === "stored" ? minor : compatibilityVersion(minor);
  return assemble(librariesFor(compat, minor, mode === "stored"), {
    homogeneousAggregateLiterals: true,
    minor,
    compat,
    existsOneMacro: minor >= 32,
    optionalSyntax: compat >= 28,
    crossTypeNumericComparisons: compat >= 28,
    literalValidators: compat >= 29,
    recognizeKeywordAsFieldName: compat >= 31,
  });
}

interface EnvFlags {
  homogeneousAggregateLiterals: boolean;
  minor: number;
  compat: number;
  existsOneMacro: boolean;
  optionalSyntax: boolean;
  crossTypeNumericComparisons: boolean;
  literalValidators: boolean;
  recognizeKeywordAsFieldName: boolean;
}

function assemble(libs: Lib[], flags: EnvFlags): CelEnv {
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

/**
 * The CRD-rule CEL environment of a Kubernetes 1.`minor` server (immutable). Built afresh on each call (about a
 * millisecond): a compiler builds its own once and keeps it.
 */
export function celEnvironment(minor: number, mode: CelEnvMode = "new"): CelEnv {
  return buildEnv(minor, mode);
}

/** Overload ids the checker can emit, per function name, over all supported releases (1.28..1.38). */
export const OVERLOAD_IDS: Readonly<Record<string, readonly string[]>> = (() => {
  const out: Record<string, string[]> = {};
  const all = librariesFor(40, 40);
  for (const lib of all) {
    for (const [name, overloads] of lib.fns) {
      const list = (out[name] ??= []);
      for (const o of overloads) if (!list.includes(o.id)) list.push(o.id);
    }
  }
  for (const k of Object.keys(out)) Object.freeze(out[k]);
  return Object.freeze(out);
})();
