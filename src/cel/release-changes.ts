/**
 * Estimates that changed between Kubernetes releases because the estimator itself changed (not the schema), so
 * `crdlint cost` and the cost diagnostics can say why a CRD the previous release accepted is now over budget.
 *
 * The only such change known to crdlint is Kubernetes 1.37's move to cel-go v0.29 (from v0.26), whose
 * checker/cost.go costs the global `matches(string, regex)` like `string.matches(regex)` (cel-expr/cel-go#1350);
 * before it the global form fell through to the default 1 + arguments. docs/cel-cost.md has the derivation and
 * why the strings-extension estimators of the same cel-go release do not apply to Kubernetes.
 */
import { estimateCost, type ReleaseCostChange } from "./cost.js";
import type { CheckedAst, DeclType } from "./types.js";

/** The release whose estimator introduced the change, and the last release before it. */
const CHANGED_IN = 37;

export interface ReleaseChangeNote {
  /** "1.37" */
  release: string;
  construct: ReleaseCostChange;
  /** One evaluation's estimate by the estimator of 1.36 and of 1.37 (the requested release is one of them). */
  before: bigint;
  after: bigint;
  /** `cost changed in Kubernetes 1.37: ...` (or `cost changes in Kubernetes 1.37: ...` below 1.37). */
  text: string;
}

const DESCRIPTION: Record<ReleaseCostChange, string> = {
  "global-matches":
    "cel-go v0.29 estimates the global matches(string, regex) like string.matches(regex), ceil((string size + 1) × 0.1) × ceil(regex length × 0.25) per call, where earlier releases charged 1",
};

function group(n: bigint): string {
  return n.toLocaleString("en-US");
}

/**
 * The estimate at `minor`, and a note when the expression uses a construct whose estimate differs between 1.36
 * and 1.37 and this expression's estimate differs with it. Below 1.37 the note announces the change.
 */
export function estimateWithReleaseChange(
  ast: CheckedAst,
  rootDecl: DeclType,
  minor: number,
): { estimatedCost: bigint; releaseChange?: ReleaseChangeNote } {
  const changes = new Set<ReleaseCostChange>();
  const estimatedCost = estimateCost(ast, rootDecl, { kubernetesMinor: minor, onReleaseChange: (c) => changes.add(c) }).max;
  if (changes.size === 0) return { estimatedCost };
  // The same checked expression and DeclType under the other side's estimator isolates the estimator change.
  const other = estimateCost(ast, rootDecl, { kubernetesMinor: minor >= CHANGED_IN ? CHANGED_IN - 1 : CHANGED_IN }).max;
  if (other === estimatedCost) return { estimatedCost };
  const [before, after] = minor >= CHANGED_IN ? [other, estimatedCost] : [estimatedCost, other];
  const construct = [...changes][0]!;
  const release = `1.${CHANGED_IN}`;
  const verb = minor >= CHANGED_IN ? "changed" : "changes";
  const text = `cost ${verb} in Kubernetes ${release}: ${DESCRIPTION[construct]}; this expression's estimate goes from ${group(before)} to ${group(after)} per evaluation`;
  return { estimatedCost, releaseChange: { release, construct, before, after, text } };
}
