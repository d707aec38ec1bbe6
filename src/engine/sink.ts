/**
 * The diagnostics sink of a run: the one severity resolver (configuration, then the preset, then the rule's own or an
 * effect's severity), the builder of diagnostics that are about a place in a file rather than a schema field (a
 * loader finding, an unreadable or skipped input), and the one assembly of a run's LintResult (sorted, repeats
 * dropped, counted). Lint, cost, validate and diff all resolve severities and assemble results here.
 */
import {
  buildDiagnostic,
  prepareDiagnostics,
  summarize,
  type Category,
  type ConfiguredSeverity,
  type Diagnostic,
  type LintResult,
  type Severity,
  type SourceRange,
  type Summary,
} from "../diagnostics/index.js";
import { formatKubernetesVersion } from "../k8s/version.js";
import { DEFAULT_PRESET, inPreset, type Effect, type Preset, type Rule } from "../rules/define-rule.js";

/** Where a whole-file diagnostic (size limit, binary file) points. */
const FILE_START: SourceRange = { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } };

/** Severity by effect (docs/revisions.md); configuration overrides it per rule. */
export function severityOfEffect(effect: Effect, ratcheted: boolean): Severity {
  switch (effect) {
    case "rejected":
    case "data-lost":
      return "error";
    case "objects-fail":
      return ratcheted ? "warning" : "error";
    case "clients-break":
    case "migration-needed":
      return "warning";
    default:
      return "info";
  }
}

/** Where a placed diagnostic points; unset: the file's first line, document 0, no object. */
export interface Place {
  document?: number;
  object?: string | null;
  range?: SourceRange;
  /** Default: the rule's category (yaml for a rule crdlint does not know). */
  category?: Category;
}

/** The severities of one run: what the user configured per rule, over the preset, over the rule's own. */
export class Severities {
  private readonly byId = new Map<string, Rule>();

  constructor(
    rules: readonly Rule[],
    private readonly configured: Readonly<Record<string, ConfiguredSeverity>> | undefined,
    private readonly preset: Preset = DEFAULT_PRESET,
  ) {
    for (const r of rules) this.byId.set(r.id, r);
  }

  rule(id: string): Rule | undefined {
    return this.byId.get(id);
  }

  /** The rule's configured severity; `fallback` (its own, or its effect's) when the configuration says nothing and the preset has it. */
  of(ruleId: string, fallback: Severity): ConfiguredSeverity {
    const configured = this.configured?.[ruleId];
    if (configured) return configured;
    const rule = this.byId.get(ruleId);
    return rule && !inPreset(rule, this.preset) ? "off" : fallback;
  }

  /** The severity of a rule with its own severity as the fallback (`unknown` for a rule crdlint does not know). */
  ofRule(ruleId: string, unknown: Severity): ConfiguredSeverity {
    return this.of(ruleId, this.byId.get(ruleId)?.severity ?? unknown);
  }

  /** A revision finding's severity: the configuration's, else its effect's. */
  ofEffect(ruleId: string, effect: Effect, ratcheted: boolean): ConfiguredSeverity {
    return this.of(ruleId, severityOfEffect(effect, ratcheted));
  }

  /** Whether the configuration itself turns the diagnostic's rule off (a run's last filter, whatever built it). */
  turnedOff(d: Diagnostic): boolean {
    return (this.configured?.[d.rule] ?? "on") === "off";
  }

  /**
   * A diagnostic built at its rule's default severity (a resource finding's own), at the configured one: null when
   * that is off; an error turned into a warning or info is no longer the apiserver's.
   */
  configure(d: Diagnostic): Diagnostic | null {
    const severity = this.of(d.rule, d.severity);
    if (severity === "off") return null;
    return severity === d.severity ? d : { ...d, severity, apiserver: d.apiserver && severity === "error" };
  }

  /**
   * A diagnostic about a place in a file rather than a schema field: a loader finding, an input not parsed (size
   * limit, binary file), a file skipped whole. Its severity is the rule's as configured; "off" is left for the caller
   * to drop (a file-level finding is dropped by turnedOff at the end of the run).
   */
  placed(file: string, ruleId: string, message: string, place: Place = {}, unknown: Severity = "error"): Diagnostic {
    const rule = this.byId.get(ruleId);
    return buildDiagnostic({
      file,
      document: place.document ?? 0,
      object: place.object ?? null,
      range: place.range ?? FILE_START,
      rule: ruleId,
      category: place.category ?? rule?.category ?? "yaml",
      severity: this.ofRule(ruleId, unknown) as Severity,
      apiserver: false,
      field: null,
      type: null,
      message,
    });
  }
}

/** What a run counts besides the diagnostics (Summary without the counts of diagnostics). */
export type RunCounts = Omit<Summary, "errors" | "warnings" | "infos" | "hidden">;

type Counter = keyof RunCounts;
const COUNTERS: readonly Counter[] = [
  "files",
  "documents",
  "crds",
  "resources",
  "skipped",
  "suppressedApiserverErrors",
];

/** A run's diagnostics as reported: sorted, exact repeats dropped, and counted with `counts`. */
export function counted(
  diagnostics: readonly Diagnostic[],
  counts: RunCounts,
): Pick<LintResult, "diagnostics" | "summary"> {
  const prepared = prepareDiagnostics(diagnostics);
  return { diagnostics: prepared, summary: summarize(prepared, counts) };
}

/** The one assembly of a run's result: its diagnostics counted, the files read (lint), the target release. */
export function runResult(
  diagnostics: readonly Diagnostic[],
  counts: RunCounts,
  minor: number,
  files?: string[],
): LintResult {
  return {
    ...counted(diagnostics, counts),
    ...(files ? { files } : {}),
    kubernetesVersion: formatKubernetesVersion({ major: 1, minor }),
  };
}

/**
 * Where a run's diagnostics go: each kept at its configured severity, the run's counts added up, and the result
 * assembled once at the end. A part of a run that may be dropped whole (an input found to be a template part way
 * through) collects into a sink of its own, added to the run's when it is complete.
 */
export class DiagnosticSink {
  readonly diagnostics: Diagnostic[] = [];

  /** `counts`: the run's counters, zero, in the order the summary prints them. */
  constructor(
    readonly severities: Severities,
    readonly counts: RunCounts,
  ) {}

  /** Diagnostics whose severity is already resolved (by the engine, or by `placed`). */
  add(diagnostics: readonly Diagnostic[]): void {
    for (const d of diagnostics) this.diagnostics.push(d);
  }

  /** A diagnostic built at its rule's default severity, at the configured one (dropped when off). */
  keep(d: Diagnostic): void {
    const configured = this.severities.configure(d);
    if (configured) this.diagnostics.push(configured);
  }

  /** Adds `n` to one counter (one this run has). */
  count(counter: Counter, n = 1): void {
    (this.counts as Record<Counter, number>)[counter] += n;
  }

  /** Adds a file's counts (lint's per-file outcome, a part of the run) to the counters this run has. */
  countAll(more: Partial<RunCounts>): void {
    for (const k of COUNTERS) {
      const n = more[k];
      if (n !== undefined && this.counts[k] !== undefined) this.count(k, n);
    }
  }

  /** A complete part of the run: its diagnostics and counts join this sink's. */
  absorb(part: DiagnosticSink): void {
    this.add(part.diagnostics);
    this.countAll(part.counts);
  }

  /** The run's result; a rule the configuration turns off is dropped whatever built its diagnostic. */
  result(minor: number, files?: string[]): LintResult {
    return runResult(
      this.diagnostics.filter((d) => !this.severities.turnedOff(d)),
      this.counts,
      minor,
      files,
    );
  }
}
