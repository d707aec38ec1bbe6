/**
 * The Kubernetes library cost estimator (cel-cost.md §6.2; kubernetes/apiserver pkg/cel/library/cost.go
 * EstimateCallCost) over every library's estimate (each library's module has its own), and the estimator flags of
 * each release. The runtime cost (CallCost) is put together in ./runtime.ts.
 */
import type { DeclType, CheckedAst } from "../core/types.js";
import { isExactType } from "../core/typeutil.js";
import type { AstNode, CallEstimate, Flags, LibraryCoster } from "../core/cost/library.js";
import { estimateCost as estimateWith, type CostEstimate, type EstimateOptions } from "../core/cost/estimator.js";
import { releaseHas } from "../../k8s/releases.js";
import { typeName } from "./library.js";
import { KUBERNETES_LIBRARIES } from "./environment.js";

/** The cost of a checked CRD rule as the apiserver estimates it: cel-go's estimator with the Kubernetes library's. */
export function estimateCost(ast: CheckedAst, rootDecl: DeclType, opts: KubernetesEstimateOptions): CostEstimate {
  return estimateWith(ast, rootDecl, opts, flagsFor(opts.kubernetesMinor), k8sEstimate);
}

export interface KubernetesEstimateOptions extends EstimateOptions {
  /** The server's minor release: which cel-go estimator and which Kubernetes library estimator it has. */
  kubernetesMinor: number;
}

/** The estimator of the cel-go release a Kubernetes 1.`minor` server ships, and of its Kubernetes library. */
function flagsFor(minor: number): Flags {
  return {
    legacy: !releaseHas(minor, "celCostSizeEstimates"),
    k8sEquality: releaseHas(minor, "celCostKubernetesEquality"),
    extSets: releaseHas(minor, "celCostExtSets"),
    extLists: releaseHas(minor, "celCostExtLists"),
    refinedReplace: releaseHas(minor, "celCostRefinedReplace"),
    globalMatches: releaseHas(minor, "celCostGlobalMatches"),
    urlAccessorSizes: releaseHas(minor, "celCostUrlAccessorSizes"),
    presenceTestHasCost: !releaseHas(minor, "celFreePresenceTest"),
    unsizedComprehensions: !releaseHas(minor, "celCostComprehensionSizes"),
    quantityParseCost: releaseHas(minor, "celCostQuantityParse"),
  };
}

function k8sEstimate(
  coster: LibraryCoster,
  fn: string,
  ov: string,
  target: AstNode | null,
  args: AstNode[],
): CallEstimate | null {
  if (fn === "_==_") {
    if (!coster.f.k8sEquality || args.length !== 2) return null;
    const lhs = args[0]!;
    const rhs = args[1]!;
    // The Kubernetes library's equality cost applies when both sides have the same type (cel-go IsExactType).
    if (!lhs.type || !rhs.type || !isExactType(lhs.type, rhs.type)) return null;
    const name = typeName(lhs.type);
    for (const lib of KUBERNETES_LIBRARIES) {
      const e = lib.estimateEquality?.(name, lhs, rhs);
      if (e) return e;
    }
    return null;
  }
  for (const lib of KUBERNETES_LIBRARIES) {
    const e = lib.estimate?.(coster, fn, ov, target, args);
    if (e) return e;
  }
  return null;
}
