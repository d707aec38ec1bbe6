/**
 * The result of `crdlint cel eval` (what src/commands/cel evaluates): its shape, and its text and JSON renderings.
 * Rendering only: what fails the run is decided by the command.
 */
import { jsonWithExactIntegers } from "./json.js";
import { describeKubernetesRelease, withPrerelease } from "../k8s/version.js";

/** One evaluation of the expression: `self` at one field of the object. */
export interface CelEvalEvaluation {
  /** Where `self` is in the object, as the apiserver writes a field path (`spec.ports[1]`; "" for the root). */
  field: string;
  /** The value as JSON (absent when the evaluation ended in an error or did not run). */
  value?: unknown;
  /** The value written as a CEL literal. */
  text?: string;
  /** The CEL error the evaluation ended in, as cel-go words it. */
  error?: string;
  /** The runtime cost of this evaluation (cel-go's cost tracking, as the apiserver charges it). */
  cost: number;
  /** The per-call cost limit stopped the evaluation. */
  cancelled?: boolean;
  /** Why the apiserver would not run the expression here (a transition rule where no old value pairs with this one). */
  skipped?: string;
}

/** The estimator's worst case for the expression as a rule at the node, as `crdlint cost` shows a rule's. */
export interface CelEvalEstimate {
  /** One evaluation's estimated cost. */
  estimatedCost: bigint;
  /** Evaluations per object: the product of maxItems/maxProperties above, or the apiserver's unbounded figure. */
  maxCardinality: bigint;
  cardinalityUnbounded: boolean;
  /** estimatedCost × maxCardinality: what the apiserver compares with the per-rule limit. */
  totalCost: bigint;
  limit: bigint;
  exceedsLimit: boolean;
  percentOfLimit: number;
  /** The estimate differs from another release's because the estimator changed (docs/cel-cost.md). */
  releaseChange?: string;
  /** What drives the estimate, and the smallest bound that brings it under the limit (over half the limit). */
  drivers?: string[];
  suggestion?: string;
}

export interface CelEvalResult {
  kubernetesVersion: string;
  /** The CRD's metadata.name, and the version whose schema types `self`. */
  crd: { name: string | null; version: string };
  /** The schema path `self` is at, in one spelling (`spec.ports[*]`; "" for the root). */
  path: string;
  /** Where the apiserver would report the expression as the next rule of that node. */
  ruleField: string;
  expression: string;
  /** Whether it compiled (parsed and type-checked) as a rule at the node. */
  compiled: boolean;
  /** The apiserver's error when it did not: `compilation failed: ERROR: <input>:1:6: ...` with the caret lines. */
  compileError?: string;
  /** The expression's type, as cel-go writes it (`bool`, `list(string)`, `selfType.spec`). */
  type?: string;
  /** It reads oldSelf: a transition rule, run on updates only. */
  usesOldSelf: boolean;
  optionalOldSelf: boolean;
  evaluations: CelEvalEvaluation[];
  /** The runtime cost of every evaluation together, against the per-call limit and the request's budget. */
  runtime: { cost: number; perCallLimit: number; budget: number; exceedsBudget: boolean };
  estimate?: CelEvalEstimate;
  /** The apiserver's reasons to reject the expression as a rule at this node (a CRD create or update would fail). */
  rejected: string[];
  /** It compiled, the apiserver accepts it as a rule here, and every evaluation that ran gave a value within the budget. */
  ok: boolean;
  /** What to know about the answer (a value that is not a bool, an --old that was not read, ...). */
  notes: string[];
}

const group = (n: bigint | number): string => n.toLocaleString("en-US");

/** The JSON report, costs as exact integers. */
export function celEvalJson(result: CelEvalResult, toolVersion: string): string {
  return jsonWithExactIntegers({
    tool: "crdlint",
    version: toolVersion,
    // A pre-release is named right after its release (an addition; a released minor's document is unchanged).
    ...withPrerelease(result.kubernetesVersion),
    ...result,
  });
}

function evaluationText(e: CelEvalEvaluation): string {
  if (e.skipped) return `not run: ${e.skipped}`;
  if (e.error !== undefined) return `error: ${e.error}${e.cancelled ? " (the per-call cost limit stopped it)" : ""}`;
  return e.text ?? "";
}

/** The text report. */
export function celEvalText(r: CelEvalResult): string {
  const out: string[] = [];
  out.push(
    `${r.crd.name ?? "(unnamed CRD)"} ${r.crd.version}, Kubernetes ${describeKubernetesRelease(r.kubernetesVersion)}, self at ${r.path === "" ? "the root" : r.path}`,
  );
  out.push(`expression: ${r.expression.replace(/\s*\n\s*/g, " ")}`);
  if (!r.compiled) {
    out.push(`✖ ${r.compileError ?? "compilation failed"}`);
    out.push(`  (the apiserver rejects it at ${r.ruleField})`);
    for (const n of r.notes) out.push(`note: ${n}`);
    return out.join("\n") + "\n";
  }
  out.push(
    `type: ${r.type ?? "?"}${r.usesOldSelf ? `  (a transition rule: it reads oldSelf${r.optionalOldSelf ? ", optional" : ""})` : ""}`,
  );
  if (r.evaluations.length === 1 && r.evaluations[0]!.field === r.path) {
    const e = r.evaluations[0]!;
    out.push(`value: ${evaluationText(e)}`);
  } else if (r.evaluations.length > 0) {
    out.push("values:");
    const w = Math.max(...r.evaluations.map((e) => (e.field || "(root)").length));
    for (const e of r.evaluations)
      out.push(
        `  ${(e.field || "(root)").padEnd(w)}  ${evaluationText(e)}${e.skipped ? "" : `  (cost ${group(e.cost)})`}`,
      );
  }
  const rt = r.runtime;
  out.push(
    `runtime cost: ${group(rt.cost)}${rt.exceedsBudget ? "  EXCEEDS" : ""} (limits: ${group(rt.perCallLimit)} per evaluation, ${group(rt.budget)} per request)`,
  );
  const est = r.estimate;
  if (est) {
    const times = `${est.cardinalityUnbounded ? "~" : ""}${group(est.maxCardinality)}`;
    out.push(
      `estimated cost: ${group(est.estimatedCost)} × ${times} = ${group(est.totalCost)} of the ${group(est.limit)} per-rule limit (${est.percentOfLimit > 10000 ? "more than 100x" : `${est.percentOfLimit}%`})${est.exceedsLimit ? "  EXCEEDS the per-rule limit" : ""}`,
    );
    if (est.cardinalityUnbounded)
      out.push(
        "  ~: no maxItems/maxProperties above this node: the apiserver assumes as many evaluations as the largest request allows",
      );
    if (est.releaseChange) out.push(`  - ${est.releaseChange}`);
    for (const d of est.drivers ?? []) out.push(`  - ${d}`);
    if (est.suggestion) out.push(`  fix: ${est.suggestion}`);
  }
  if (r.rejected.length) {
    out.push(`✖ the apiserver rejects this expression as a rule at ${r.ruleField}:`);
    for (const reason of r.rejected) out.push(`  - ${reason}`);
  }
  for (const n of r.notes) out.push(`note: ${n}`);
  return out.join("\n") + "\n";
}
