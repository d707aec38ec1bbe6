/**
 * The Kubernetes library cost estimator (cel-cost.md §6.2; kubernetes/apiserver pkg/cel/library/cost.go
 * EstimateCallCost) over every library's estimate (each library's module has its own), and the estimator flags of
 * each release. The runtime cost (CallCost) is put together in ./runtime.ts.
 */
import type { DeclType, CheckedAst } from "../core/types.js";
import { isExactType } from "../core/typeutil.js";
import type { AstNode, CallEstimate, Flags, LibraryCoster } from "../core/cost/library.js";
import {
  declAtPath,
  estimateCost as estimateWith,
  type CostEstimate,
  type EstimateOptions,
  type ReleaseCostChange,
} from "../core/cost/estimator.js";
import { releaseHas } from "../../k8s/releases.js";
import { typeName } from "./library.js";
import { KUBERNETES_LIBRARIES } from "./environment.js";

/** The cost of a checked CRD rule as the apiserver estimates it: cel-go's estimator with the Kubernetes library's. */
export function estimateCost(ast: CheckedAst, rootDecl: DeclType, opts: KubernetesEstimateOptions): CostEstimate {
  const flags = flagsFor(opts.kubernetesMinor);
  const { share } = opts;
  // An estimate that reports sizes or overrides them is the caller's own.
  if (!share || opts.maxElementsOverride || opts.onSizeLookup || opts.onUnknownSize)
    return estimateWith(ast, rootDecl, opts, flags, k8sEstimate);
  let byNode = share.byAst.get(ast);
  if (!byNode) share.byAst.set(ast, (byNode = new Map<object, SharedEstimate[]>()));
  const node = share.nodeOf(rootDecl);
  let entries = byNode.get(node);
  if (!entries) byNode.set(node, (entries = []));
  const hit = entries.find(
    (e) =>
      e.flip === opts.flip &&
      e.reads.every(([k, v]) => flags[k] === v) &&
      e.sizes.every(([path, max]) => declAtPath(rootDecl, path)?.maxElements === max),
  );
  if (hit) {
    for (const c of hit.changes) opts.onReleaseChange?.(c);
    return hit.estimate;
  }
  const flagReads = new Set<keyof Flags>();
  const sizes: [readonly string[], bigint][] = [];
  const changes: ReleaseCostChange[] = [];
  const estimate = estimateWith(
    ast,
    rootDecl,
    {
      ...opts,
      flagReads,
      onSizeLookup: (decl, path) => sizes.push([path, decl.maxElements]),
      onReleaseChange: (c) => {
        changes.push(c);
        opts.onReleaseChange?.(c);
      },
    },
    flags,
    k8sEstimate,
  );
  entries.push({ flip: opts.flip, reads: [...flagReads].map((k) => [k, flags[k]] as const), sizes, changes, estimate });
  return estimate;
}

export interface KubernetesEstimateOptions extends EstimateOptions {
  /** The server's minor release: which cel-go estimator and which Kubernetes library estimator it has. */
  kubernetesMinor: number;
  /** The estimates of a run over several releases, shared between them. */
  share?: EstimateShare;
}

/**
 * The estimates of a run over several releases, by checked expression and root type: each with the estimator flags
 * it read (the estimator reads nothing else of the release), so that a release whose flags agree on those takes it.
 */
export interface EstimateShare {
  /**
   * Per checked expression and root type's schema node (`nodeOf`): the root types of one node at other releases differ
   * in sizes alone, and an estimate notes the sizes it read (all it reads of the root type).
   */
  readonly byAst: WeakMap<CheckedAst, Map<object, SharedEstimate[]>>;
  readonly nodeOf: (decl: DeclType) => object;
}

interface SharedEstimate {
  readonly flip: ReleaseCostChange | undefined;
  readonly reads: readonly (readonly [keyof Flags, Flags[keyof Flags]])[];
  /** The sizes the estimate read: each path from the root type and its maxElements. */
  readonly sizes: readonly (readonly [readonly string[], bigint])[];
  /** The release changes the estimate noted (onReleaseChange), said again to each release that takes it. */
  readonly changes: readonly ReleaseCostChange[];
  readonly estimate: CostEstimate;
}

export function createEstimateShare(nodeOf: (decl: DeclType) => object = (d) => d): EstimateShare {
  return { byAst: new WeakMap(), nodeOf };
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

/** The type names the Kubernetes libraries declare (every estimateEquality answers for some of them only). */
const LIBRARY_TYPE_NAME = /^(kubernetes|net)\./;

function k8sEstimate(
  coster: LibraryCoster,
  fn: string,
  ov: string,
  target: AstNode | null,
  args: AstNode[],
): CallEstimate | null {
  if (fn === "_==_") {
    if (args.length !== 2) return null;
    const lhs = args[0]!;
    const rhs = args[1]!;
    // The Kubernetes library's equality cost applies when both sides have the same type (cel-go IsExactType).
    if (!lhs.type || !rhs.type || !isExactType(lhs.type, rhs.type)) return null;
    const name = typeName(lhs.type);
    // The libraries price equality of their own types only (kubernetes.*, net.*): the release's flag is read for
    // those alone, so a run over several releases shares the estimates of the other equalities.
    if (!LIBRARY_TYPE_NAME.test(name) || !coster.f.k8sEquality) return null;
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
