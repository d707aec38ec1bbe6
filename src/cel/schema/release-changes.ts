/**
 * Estimates that changed between Kubernetes releases because the estimator itself changed (not the schema), so
 * `crdlint cost` and the cost diagnostics can say why a CRD the previous release accepted is now over budget.
 *
 * Two such changes are known to crdlint. Kubernetes 1.37's move to cel-go v0.29 (from v0.26), whose
 * checker/cost.go costs the global `matches(string, regex)` like `string.matches(regex)` (cel-expr/cel-go#1350);
 * before it the global form fell through to the default 1 + arguments. docs/cel-cost.md has the derivation and
 * why the strings-extension estimators of the same cel-go release do not apply to Kubernetes. And the pre-release
 * 1.38's URL accessors, whose results are sized by their URL (kubernetes/kubernetes#141984): noted at 1.38 only, so
 * that what a released minor prints does not depend on a release that has not shipped.
 */
import type { ReleaseCostChange } from "../core/cost/estimator.js";
import { estimateCost, type EstimateShare } from "../k8s/cost.js";
import { prereleaseOf, releaseHas, RELEASE_BEHAVIOURS, type ReleaseBehaviourName } from "../../k8s/releases.js";
import type { CheckedAst, DeclType } from "../core/types.js";

export interface ReleaseChangeNote {
  /** "1.37" */
  release: string;
  construct: ReleaseCostChange;
  /** One evaluation's estimate without and with the change, everything else as at the requested release. */
  before: bigint;
  after: bigint;
  /** `cost changed in Kubernetes 1.37: ...` (or `cost changes in Kubernetes 1.37: ...` below 1.37). */
  text: string;
}

const DESCRIPTION: Record<ReleaseCostChange, string> = {
  "global-matches":
    "cel-go v0.29 estimates the global matches(string, regex) like string.matches(regex), where earlier releases charged 1 (docs/cel-cost.md)",
  "url-accessor-sizes":
    "a URL accessor's result (getHost, getEscapedPath, ...) is sized by its URL (kubernetes/kubernetes#141984), where earlier releases priced it as the largest possible string",
};

/** The release table's name of each change. */
const BEHAVIOUR: Record<ReleaseCostChange, ReleaseBehaviourName> = {
  "global-matches": "celCostGlobalMatches",
  "url-accessor-sizes": "celCostUrlAccessorSizes",
};

/** A count whole, with its order of magnitude when it is too long to read at a glance (never cut: see inlineValue). */
function group(n: bigint): string {
  const whole = n.toLocaleString("en-US");
  if (n < 10n ** 12n) return whole;
  const digits = n.toString();
  return `${whole} (about ${digits[0]}.${digits[1]} × 10^${digits.length - 1})`;
}

/**
 * The estimate at `minor`, and a note when the expression uses a construct whose estimate changed in 1.37 and this
 * expression's estimate differs with it (the other estimate flips that construct only). Below 1.37 the note
 * announces the change.
 */
export function estimateWithReleaseChange(
  ast: CheckedAst,
  rootDecl: DeclType,
  minor: number,
  share?: EstimateShare,
): { estimatedCost: bigint; releaseChange?: ReleaseChangeNote } {
  const changes = new Set<ReleaseCostChange>();
  const estimatedCost = estimateCost(ast, rootDecl, {
    kubernetesMinor: minor,
    onReleaseChange: (c) => changes.add(c),
    share,
  }).max;
  // A change of the pre-release is announced only from the pre-release on (a released minor's output stays as it was).
  const construct = [...changes].find(
    (c) => releaseHas(minor, BEHAVIOUR[c]) || prereleaseOf(RELEASE_BEHAVIOURS[BEHAVIOUR[c]].since) === undefined,
  );
  if (construct === undefined) return { estimatedCost };
  // Only this construct estimated the other way, everything else as at `minor`: the difference is the change alone.
  const other = estimateCost(ast, rootDecl, { kubernetesMinor: minor, flip: construct, share }).max;
  if (other === estimatedCost) return { estimatedCost };
  const release = `1.${RELEASE_BEHAVIOURS[BEHAVIOUR[construct]].since}`;
  const changed = releaseHas(minor, BEHAVIOUR[construct]);
  const [before, after] = changed ? [other, estimatedCost] : [estimatedCost, other];
  const text = changed
    ? `cost changed in Kubernetes ${release}: ${DESCRIPTION[construct]}; this expression's estimate goes from ${group(before)} to ${group(after)} per evaluation`
    : `cost changes in Kubernetes ${release}: ${DESCRIPTION[construct]}; with that change this expression's estimate goes from ${group(before)} to ${group(after)} per evaluation`;
  return { estimatedCost, releaseChange: { release, construct, before, after, text } };
}
