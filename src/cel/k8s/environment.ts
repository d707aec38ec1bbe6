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
 * Each library is a module of its own here (./<library>.ts); this module assembles the environments.
 */
import type { Lib } from "../core/checker/decls.js";
import { stdLib } from "../core/checker/stdlib.js";
import { assemble, type CelEnv } from "../core/env.js";
import { releaseHas } from "../../k8s/releases.js";
import type { KubernetesLibrary } from "./library.js";
import { k8sListsLib, listsLibrary } from "./lists.js";
import { regexLib, regexLibrary } from "./regex.js";
import { urlsLib, urlsLibrary } from "./urls.js";
import { authzLib, authzLibrary, authzSelectorsLib } from "./authz.js";
import { quantityLib, quantityLibrary } from "./quantity.js";
import { ipLib, ipLibrary } from "./ip.js";
import { cidrLib, cidrLibV1, cidrLibrary } from "./cidr.js";
import { formatLib, formatLibrary } from "./format.js";
import { semverLib, semverLibrary } from "./semver.js";
import { stringsCosts } from "./strings.js";
import { optionalLib } from "../core/ext/optional.js";
import { stringsLib } from "../core/ext/strings.js";
import { setsLib } from "../core/ext/sets.js";
import { twoVarLib } from "../core/ext/comprehensions.js";
import { extListsLib } from "../core/ext/lists.js";
export { NAMED_FORMATS } from "./format.js";

/**
 * Every Kubernetes library's functions and costs, and the apiserver's prices for cel-go's strings extension. The
 * estimator and CallCost go by function name whatever the release has (as library/cost.go does); the first answer
 * wins (cidr before ip: `ip` is both a function of strings and the CIDR's member).
 */
export const KUBERNETES_LIBRARIES: readonly KubernetesLibrary[] = [
  authzLibrary,
  listsLibrary,
  regexLibrary,
  urlsLibrary,
  quantityLibrary,
  cidrLibrary,
  ipLibrary,
  formatLibrary,
  semverLibrary,
  stringsCosts,
];

// ---------------------------------------------------------------------------------------------
// Environment assembly

/** The compatibility version (minor) used to compile new CRD expressions on a server at `minor`. */
function compatibilityVersion(minor: number): number {
  return minor - 1;
}

/** Libraries in registration order, with the compatibility version that introduces them (base.go). */
function librariesFor(compat: number, minor: number, ignoreGates = false): Lib[] {
  const libs: Lib[] = [];
  const cross = releaseHas(compat, "celCrossTypeNumericComparisons");
  libs.push(stdLib(cross));
  libs.push(urlsLib, regexLib, k8sListsLib(releaseHas(compat, "celKubernetesListsV1") ? 1 : 0));
  if (releaseHas(compat, "celAuthzLibrary")) libs.push(authzLib);
  if (releaseHas(compat, "celOptionalTypes")) libs.push(optionalLib);
  if (releaseHas(compat, "celQuantityLibrary")) libs.push(quantityLib);
  libs.push(stringsLib(releaseHas(compat, "celStringsV2") ? 2 : 0));
  if (releaseHas(compat, "celSetsLibrary")) libs.push(setsLib);
  if (releaseHas(compat, "celIpCidrLibraries"))
    libs.push(ipLib, releaseHas(compat, "celCidrIsMask") ? cidrLibV1 : cidrLib);
  if (releaseHas(compat, "celFormatLibrary")) libs.push(formatLib);
  // Authz selectors: introduced 1.31 behind the AuthorizeWithSelectors gate (on by default from 1.32).
  if (releaseHas(compat, "celAuthzSelectorsLibrary") && (releaseHas(minor, "celAuthorizeWithSelectors") || ignoreGates))
    libs.push(authzSelectorsLib);
  if (releaseHas(compat, "celTwoVarComprehensions")) libs.push(twoVarLib);
  if (releaseHas(compat, "celSemverLibrary")) libs.push(semverLib(1));
  if (releaseHas(compat, "celListsV3")) libs.push(extListsLib(3));
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
    existsOneMacro: releaseHas(minor, "celExistsOneMacro"),
    optionalSyntax: releaseHas(compat, "celOptionalTypes"),
    crossTypeNumericComparisons: releaseHas(compat, "celCrossTypeNumericComparisons"),
    literalValidators: releaseHas(compat, "celLiteralValidators"),
    recognizeKeywordAsFieldName: releaseHas(compat, "celRecognizeKeywordAsFieldName"),
    // the cost tracker's option is the server's, not the compatibility version's
    presenceTestHasCost: !releaseHas(minor, "celFreePresenceTest"),
    optionalTypeName: releaseHas(minor, "celOptionalTypeNamed") ? "optional_type" : "optional",
    untypedUndeclaredMemberCalls: !releaseHas(minor, "celCheckerNativeTypes"),
    protoTypeTexts: !releaseHas(minor, "celCheckerNativeTypes"),
    logicalOperatorsAsOverloads: !releaseHas(minor, "celCheckerNativeTypes"),
    accumulatorName: releaseHas(minor, "celResultAccumulator") ? "@result" : "__result__",
    legacyParser: !releaseHas(minor, "celEscapedIdentGrammar"),
    identEscapeSyntax: releaseHas(minor, "celIdentEscapeSyntax"),
  });
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
