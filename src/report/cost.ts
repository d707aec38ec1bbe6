/**
 * The cost report of `crdlint cost` (what src/commands/cost estimates): its shape, and its text and JSON renderings.
 * Rendering only: what is over a limit and what fails the run are decided by the estimate and the CLI.
 */
import type { Diagnostic, LintResult } from "../diagnostics/index.js";
import { CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS, enabledByDefault } from "../k8s/releases.js";
import { jsonWithExactIntegers } from "./json.js";
import { describeKubernetesRelease, describeReleases, withPrerelease } from "../k8s/version.js";

export interface ExpressionCostReport {
  file: string;
  document: number;
  object: string | null;
  version: string;
  /** Every version that carries the schema (more than one when the schema is shared). */
  versions: string[];
  field: string;
  apiserverField?: string;
  line: number;
  column: number;
  kind: "rule" | "messageExpression";
  expression: string;
  estimatedCost: bigint;
  maxCardinality: bigint;
  cardinalityUnbounded: boolean;
  totalCost: bigint;
  exceedsLimit: boolean;
  percentOfLimit: number;
  drivers?: string[];
  suggestion?: string;
  /** The estimate differs between 1.36 and 1.37 because the apiserver's estimator changed (docs/cel-cost.md). */
  releaseChange?: { release: string; estimatedCostBefore: bigint; estimatedCostAfter: bigint; text: string };
  /**
   * A run over several releases only: the releases at which the expression is estimated (its schema compiled
   * there), and the estimate at each, merged where releases agree. The fields above are then the estimate at the
   * release where its total is highest (the newest of those), so `exceedsLimit` means over the limit at some release.
   */
  releases?: string[];
  byRelease?: ExpressionReleaseCost[];
}

/** An expression's estimate at the releases (oldest first) that agree on every part of it. */
export interface ExpressionReleaseCost extends Pick<
  ExpressionCostReport,
  | "estimatedCost"
  | "maxCardinality"
  | "cardinalityUnbounded"
  | "totalCost"
  | "exceedsLimit"
  | "percentOfLimit"
  | "drivers"
  | "suggestion"
  | "releaseChange"
> {
  releases: string[];
}

/** A schema's total at the releases (oldest first) that agree on it. */
export interface SchemaReleaseCost {
  releases: string[];
  totalCost: bigint;
  exceedsLimit: boolean;
  percentOfLimit: number;
}

/** A run over several releases: what is over a limit at one release of it. */
export interface CostReleaseVerdict {
  withinLimits: boolean;
  expressionsOverLimit: number;
  schemasOverLimit: number;
}

export interface SchemaCostReport {
  file: string;
  document: number;
  object: string | null;
  version: string;
  versions: string[];
  totalCost: bigint;
  limit: bigint;
  exceedsLimit: boolean;
  percentOfLimit: number;
  /** A run over several releases only (as ExpressionCostReport's): where it is estimated, and its total at each. */
  releases?: string[];
  byRelease?: SchemaReleaseCost[];
}

/** A schema whose CEL rules the apiserver would not compile (structural or default errors): no cost to show. */
export interface UnestimatedSchemaReport {
  file: string;
  document: number;
  object: string | null;
  version: string;
  versions: string[];
  /** x-kubernetes-validations rules in the schema. */
  rules: number;
  apiserverErrors: number;
  reason: string;
  /** A run over several releases only: the releases at which it is not estimated, for this reason. */
  releases?: string[];
}

export interface CostReport {
  kubernetesVersion: string;
  limits: { perExpression: bigint; perCRD: bigint };
  expressions: ExpressionCostReport[];
  crds: SchemaCostReport[];
  /** Schemas whose rules were not estimated, and why. */
  unestimated: UnestimatedSchemaReport[];
  /** The lint result of the same run (CEL compile errors explain why an expression has no cost). */
  lint: LintResult;
  /** A run over several releases only: its releases (oldest first), and the verdict at each. */
  releases?: string[];
  verdicts?: Record<string, CostReleaseVerdict>;
}

// What says an input or a document was not read (over --max-file-size, binary, not YAML, a Go template, a kustomize patch): its costs are missing.
const UNREAD_RULES: ReadonlySet<string> = new Set([
  "size-file-too-large",
  "yaml-syntax",
  "yaml-go-template",
  "kustomize-patch",
]);

/** The diagnostics of inputs and documents the run could not read, so that a cost report never passes over them in silence. */
export function unreadInputs(report: CostReport): Diagnostic[] {
  return report.lint.diagnostics.filter((d) => UNREAD_RULES.has(d.rule));
}

/** JSON with costs as exact integers: values past 2^53 (saturated costs) must not lose digits. */
export function costReportJson(report: CostReport, toolVersion: string): string {
  const { lint, ...rest } = report;
  const body = {
    tool: "crdlint",
    version: toolVersion,
    // A pre-release is named right after its release (an addition; a released minor's document is unchanged).
    ...withPrerelease(rest.kubernetesVersion),
    ...rest,
    diagnostics: lint.diagnostics.filter((d) => d.category.startsWith("cel-") || UNREAD_RULES.has(d.rule)),
  };
  return jsonWithExactIntegers(body);
}

function group(n: bigint): string {
  return n.toLocaleString("en-US");
}

/** The text report; `all`, for `cost -q`, is the whole report `report` was cut from, which the summary line counts. */
export function costReportText(report: CostReport, all: CostReport = report): string {
  const out: string[] = [];
  const bySchema = new Map<string, ExpressionCostReport[]>();
  for (const e of report.expressions) {
    const k = `${e.file}\0${e.document}\0${e.versions.join(",")}`;
    bySchema.set(k, [...(bySchema.get(k) ?? []), e]);
  }
  for (const c of report.crds) {
    const k = `${c.file}\0${c.document}\0${c.versions.join(",")}`;
    const rows = (bySchema.get(k) ?? []).sort((a, b) =>
      a.totalCost > b.totalCost ? -1 : a.totalCost < b.totalCost ? 1 : 0,
    );
    out.push(
      `${c.file}  ${c.object ?? "(unnamed)"}  version${c.versions.length > 1 ? "s" : ""} ${c.versions.join(", ")}`,
    );
    const totals = releaseSplit(c, report.releases);
    if (!totals)
      out.push(
        `  total ${group(c.totalCost)} of ${group(c.limit)} (${c.percentOfLimit}%)${c.exceedsLimit ? "  EXCEEDS the per-schema limit" : ""}`,
      );
    else {
      for (const t of totals.groups)
        out.push(
          `  total at ${describe(t.releases)}: ${group(t.totalCost)} of ${group(c.limit)} (${t.percentOfLimit}%)${t.exceedsLimit ? "  EXCEEDS the per-schema limit" : ""}`,
        );
      if (totals.missing.length) out.push(`  not estimated at ${describe(totals.missing)}`);
    }
    if (rows.length === 0) {
      out.push("  (no compiled CEL expressions)", "");
      continue;
    }
    out.push(
      `  ${"line".padEnd(6)} ${"estimated".padStart(14)} ${"× cardinality".padStart(16)} ${"= total".padStart(16)} ${"% limit".padStart(8)}  expression`,
    );
    for (const e of rows) {
      const expr = e.expression.replace(/\s+/g, " ");
      const shown = `${e.kind === "messageExpression" ? "[message] " : ""}${expr.length > 70 ? expr.slice(0, 67) + "..." : expr}`;
      // Against the schema's releases: where the schema has no estimate, its header says so once.
      const split = releaseSplit(e, c.releases ?? report.releases);
      if (!split) {
        out.push(
          `${costColumns(String(e.line), e)}  ${shown}${e.exceedsLimit ? "  EXCEEDS the per-expression limit" : ""}`,
        );
        out.push(`  ${"".padEnd(6)} at ${e.field}`);
        out.push(...costNotes(e));
        continue;
      }
      // The estimate differs between releases: the expression once, then its estimate at each set of releases.
      out.push(`  ${String(e.line).padEnd(6)} ${"".padStart(14 + 1 + 16 + 1 + 16 + 1 + 8)}  ${shown}`);
      out.push(`  ${"".padEnd(6)} at ${e.field}`);
      for (const r of split.groups) {
        const row = costColumns("", r);
        const label = `    ${describe(r.releases)}`;
        const room = row.length - row.trimStart().length;
        out.push(
          `${room > label.length ? label + row.slice(label.length) : `${label} ${row.trimStart()}`}${r.exceedsLimit ? "  EXCEEDS the per-expression limit" : ""}`,
        );
        out.push(...costNotes(r));
      }
      // The schema was estimated there: the expression was not compiled (an error, or a field that release drops).
      if (split.missing.length)
        out.push(`    no estimate at ${describe(split.missing)}: not compiled there (crdlint lint says why)`);
    }
    out.push("");
  }
  for (const u of report.unestimated) {
    out.push(
      `${u.file}  ${u.object ?? "(unnamed)"}  version${u.versions.length > 1 ? "s" : ""} ${u.versions.join(", ")}`,
    );
    out.push(
      `  ${u.rules} CEL rule${u.rules === 1 ? "" : "s"}: ${u.reason}${u.releases && !sameReleases(u.releases, report.releases) ? ` (at ${describe(u.releases)})` : ""}`,
      "",
    );
  }
  const unread = unreadInputs(report);
  for (const d of unread) out.push(`${d.file}:${d.line}:${d.column}  ${d.severity}  ${d.message}  ${d.rule}`);
  if (unread.length) out.push("");
  const overExpressions = all.expressions.filter((e) => e.exceedsLimit).length;
  const overSchemas = all.crds.filter((c) => c.exceedsLimit).length;
  const plural = (n: number, word: string) => `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;
  const dropping = (report.releases ?? []).filter(
    (r) => !enabledByDefault(CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS, Number(r.split(".")[1])),
  );
  if (dropping.length)
    out.push(
      `Kubernetes ${describe(dropping)} drop${dropping.length === 1 ? "s" : ""} x-kubernetes-validations on create (${CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS.name} is off by default before 1.${CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS.onByDefault}): no rule is compiled or estimated there.`,
    );
  const minor = Number(report.kubernetesVersion.split(".")[1]);
  if (!report.releases && !enabledByDefault(CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS, minor))
    out.push(
      `Kubernetes ${report.kubernetesVersion} drops x-kubernetes-validations on create (${CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS.name} is off by default before 1.${CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS.onByDefault}): no rule is compiled or estimated.`,
    );
  // Expressions and schemas are counted apart: "3 expressions ... 4 over a limit" added a schema to expressions.
  out.push(
    `${all === report ? "" : "showing what is over a limit (-q) of "}${plural(all.expressions.length, "expression")} in ${plural(all.crds.length, "schema")}${all.unestimated.length ? ` (${plural(all.unestimated.length, "schema")} not estimated)` : ""}, Kubernetes ${describeKubernetesRelease(report.kubernetesVersion)}; limits ${group(report.limits.perExpression)} per expression, ${group(report.limits.perCRD)} per schema; over a limit: ${all.verdicts ? verdictsText(all.verdicts, plural) : `${plural(overExpressions, "expression")}, ${plural(overSchemas, "schema")}`} ("~" marks the apiserver's estimate for an unbounded cardinality)`,
  );
  return out.join("\n") + "\n";
}

/** Releases ("1.28", ...) as a reader takes them in: "1.28–1.30, 1.33". */
function describe(releases: readonly string[]): string {
  return describeReleases(releases.map((r) => Number(r.split(".")[1])));
}

const sameReleases = (a: readonly string[], b: readonly string[] | undefined): boolean =>
  b !== undefined && a.length === b.length && a.every((r, i) => r === b[i]);

/**
 * In a run over several releases, an entry whose estimate is not one for every release of the run: its estimate at
 * each set of releases that agree, and the releases with none. Null: one estimate for all (shown as at one release).
 */
function releaseSplit<G extends { releases: string[] }>(
  entry: { releases?: string[]; byRelease?: G[] },
  run: readonly string[] | undefined,
): { groups: G[]; missing: string[] } | null {
  if (!run || !entry.byRelease || !entry.releases) return null;
  if (entry.byRelease.length === 1 && sameReleases(entry.releases, run)) return null;
  return { groups: entry.byRelease, missing: run.filter((r) => !entry.releases!.includes(r)) };
}

/** The numeric columns of an expression's row, under the table's header, after `line`. */
function costColumns(
  line: string,
  e: Pick<
    ExpressionCostReport,
    "estimatedCost" | "cardinalityUnbounded" | "maxCardinality" | "totalCost" | "percentOfLimit"
  >,
): string {
  return `  ${line.padEnd(6)} ${group(e.estimatedCost).padStart(14)} ${((e.cardinalityUnbounded ? "~" : "") + group(e.maxCardinality)).padStart(16)} ${group(e.totalCost).padStart(16)} ${(e.percentOfLimit + "%").padStart(8)}`;
}

/** The lines under an estimate: why it changed between releases, what drives it, the fix. */
function costNotes(e: Pick<ExpressionCostReport, "releaseChange" | "drivers" | "suggestion">): string[] {
  const out: string[] = [];
  if (e.releaseChange) out.push(`  ${"".padEnd(6)} - ${e.releaseChange.text}`);
  for (const d of e.drivers ?? []) out.push(`  ${"".padEnd(6)} - ${d}`);
  if (e.suggestion) out.push(`  ${"".padEnd(6)} fix: ${e.suggestion}`);
  return out;
}

/** "0 expressions, 0 schemas at 1.28–1.36; 1 expression, 0 schemas at 1.37" (at every release when they agree). */
function verdictsText(
  verdicts: NonNullable<CostReport["verdicts"]>,
  plural: (n: number, word: string) => string,
): string {
  const groups: { text: string; releases: string[] }[] = [];
  for (const [r, v] of Object.entries(verdicts)) {
    const text = `${plural(v.expressionsOverLimit, "expression")}, ${plural(v.schemasOverLimit, "schema")}`;
    const g = groups.find((x) => x.text === text);
    if (g) g.releases.push(r);
    else groups.push({ text, releases: [r] });
  }
  if (groups.length === 1) return `${groups[0]!.text} at every release`;
  return groups.map((g) => `${g.text} at ${describe(g.releases)}`).join("; ");
}

/** `cost -q`: only the expressions and schemas over a limit (a schema stays when one of its expressions is). */
export function overLimitOnly(report: CostReport): CostReport {
  const expressions = report.expressions.filter((e) => e.exceedsLimit);
  const key = (x: { file: string; document: number; versions: string[] }) =>
    `${x.file}\0${x.document}\0${x.versions.join(",")}`;
  const withOver = new Set(expressions.map(key));
  return { ...report, expressions, crds: report.crds.filter((c) => c.exceedsLimit || withOver.has(key(c))) };
}
