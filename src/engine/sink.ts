/**
 * The diagnostics sink of a run: the one severity resolver (configuration, then the preset, then the rule's own or an
 * effect's severity), the one builder of diagnostics (Severities: a rule's report at a source range, a place in a file,
 * a custom resource finding, a diff event; each takes its category, apiserver flag and message cut from the rule's
 * metadata), and the one assembly of a run's LintResult (runResult: sorted, repeats dropped, counted). Lint, cost,
 * validate and diff all build diagnostics and assemble results here.
 */
import {
  buildDiagnostic,
  MAX_MESSAGE_LENGTH,
  MAX_REVISION_MESSAGE_LENGTH,
  prepareDiagnostics,
  shortenMessage,
  summarize,
  type Category,
  type ConfiguredSeverity,
  type Diagnostic,
  type ErrorType,
  type HiddenBy,
  type LintResult,
  type Severity,
  type SourceRange,
  type Summary,
} from "../diagnostics/index.js";
import { formatKubernetesVersion } from "../k8s/version.js";
import {
  DEFAULT_PRESET,
  inPreset,
  type Effect,
  type Preset,
  type RevisionReport,
  type Rule,
} from "../rules/define-rule.js";
import type { YamlProblemCode } from "../load/document.js";
import type { ResourceFindingCode } from "../values/resource.js";
import type { EngineCode } from "./codes.js";

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
   * The severity of a rule's report: the configured one, else the rule's own, or for a revision finding its effect's.
   * Asked before the report is placed, so that a rule turned off costs nothing more.
   */
  ofReport(rule: Rule, revision: RevisionReport | undefined): ConfiguredSeverity {
    return this.of(rule.id, revision ? severityOfEffect(revision.effect, revision.ratcheted === true) : rule.severity);
  }

  /**
   * A rule's report at a source range, at `severity` (from ofReport). The rule's metadata decides the rest: its
   * category; whether it is the apiserver's verdict (a revision finding only when its effect is a rejection, and no
   * finding the apiserver reports only after another one is fixed); the error type; and where its message is cut.
   */
  report(rule: Rule, severity: Severity, at: DiagnosticPlace, r: RuleReport): Diagnostic {
    const { revision } = r;
    // A revision rule's verdict is the apiserver's only when its effect is a rejection and the rule reproduces the
    // apiserver's own error; a rule that explains the cause of a rejection another rule reports (a loosened bound that
    // puts a CEL rule over its cost limit) grades as rejected without standing for the apiserver's error.
    const enforced = revision ? revision.effect === "rejected" && rule.apiserver : rule.apiserver;
    // A problem behind another one is the apiserver's error to come, not its answer now: `apiserver` stays false so
    // that every reader of the apiserver's verdict (filters on `apiserver`, the oracle) sees exactly that answer.
    const apiserver = enforced && r.hiddenBy === undefined;
    const type: ErrorType | null = enforced ? (r.type !== undefined ? r.type : rule.type) : (r.type ?? null);
    // Rule messages can embed whole schemas or expressions: cut them for the terminal (the whole text goes to detail).
    // A revision finding's message is crdlint's own, its values already reduced to what changed: cut only past a
    // larger bound, so that the changed value and OLD's place stay whole.
    return shortenMessage(
      buildDiagnostic({
        ...at,
        rule: rule.id,
        category: rule.category,
        severity,
        apiserver,
        field: r.field,
        apiserverField: r.apiserverField,
        type,
        message: r.message,
        value: r.value,
        detail: r.detail,
        suggestion: r.suggestion,
        operation: r.update && apiserver ? "update" : undefined,
        effect: revision?.effect,
        assumes: revision?.assumes ? [...revision.assumes] : undefined,
        version: revision?.version,
        hiddenBy: r.hiddenBy,
        occurrence: r.occurrence,
        apiserverWarning: rule.apiserverWarning === true && r.hiddenBy === undefined,
      }),
      rule.category === "revision" ? MAX_REVISION_MESSAGE_LENGTH : MAX_MESSAGE_LENGTH,
    );
  }

  /**
   * A diagnostic about a place in a file rather than a schema field: a loader finding, an input not parsed (size
   * limit, binary file), a file skipped whole. Its severity is the rule's as configured; "off" is left for the caller
   * to drop (a file-level finding is dropped by turnedOff at the end of the run).
   */
  placed(
    file: string,
    ruleId: EngineCode | YamlProblemCode,
    message: string,
    place: Place = {},
    unknown: Severity = "error",
  ): Diagnostic {
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

  /**
   * A finding about a custom resource in a document (validate, its own codes or the resource validator's), at
   * `severity`, the finding's own: DiagnosticSink.keep applies the configured one. It is the apiserver's when the
   * rule is an apiserver rule, the finding an error, and no other error hides it.
   */
  resource(
    rule: ResourceFindingCode | ValidateCodeOf,
    severity: Severity,
    at: DiagnosticPlace,
    f: ResourceReport,
  ): Diagnostic {
    const meta = this.byId.get(rule);
    return buildDiagnostic({
      ...at,
      rule,
      category: meta?.category ?? "resource",
      severity,
      // Behind another error the apiserver does not report it now: not part of its answer (`hiddenBy` says why).
      apiserver: severity === "error" && meta?.apiserver === true && f.hiddenBy === undefined,
      field: f.field ?? null,
      apiserverField: f.apiserverField,
      type: f.type ?? null,
      message: f.message,
      value: f.value,
      detail: f.detail,
      hiddenBy: f.hiddenBy,
      apiserverWarning: meta?.apiserverWarning === true && f.hiddenBy === undefined,
    });
  }

  /**
   * An event of a diff: a CRD added, removed or defined twice, an OLD file skipped, a stored object that reads or
   * validates differently under NEW. Its severity is the configured one, else its effect's, else the rule's own;
   * when that is off, null, or an info with `offAsInfo` (the diff's own events, which its rule switches drop at the
   * end of the run with everything else).
   */
  event(rule: DiffCodeOf, at: DiagnosticPlace, e: EventReport): Diagnostic | null {
    const meta = this.byId.get(rule);
    const severity = this.of(
      rule,
      e.effect ? severityOfEffect(e.effect, e.ratcheted === true) : (meta?.severity ?? "warning"),
    );
    if (severity === "off" && !e.offAsInfo) return null;
    return buildDiagnostic({
      ...at,
      rule,
      category: meta?.category ?? "revision",
      severity: severity === "off" ? "info" : severity,
      apiserver: false,
      field: e.field,
      type: null,
      message: e.message,
      detail: e.detail,
      effect: e.effect,
      version: e.version,
    });
  }
}

/**
 * The codes of the commands' own diagnostics (commands/validate/codes.ts, commands/diff/codes.ts): the commands sit
 * above the engine, so the sink names them by their prefix and each command passes its typed union.
 */
type ValidateCodeOf = `resource-${string}`;
type DiffCodeOf = `revision-${string}`;

/** Where a diagnostic points: a document of a file, the object in it, a range. */
export interface DiagnosticPlace {
  file: string;
  document: number;
  object: string | null;
  range: SourceRange;
}

/** What a rule reported, placed by the engine (field, its path as the apiserver prints it, OLD's place in the message). */
export interface RuleReport {
  field: string;
  apiserverField: string;
  /** The report's own error type; unset: the rule's, when the report is the apiserver's verdict. */
  type: ErrorType | null | undefined;
  message: string;
  value: string | undefined;
  detail: string | undefined;
  suggestion: string | undefined;
  /** The CRD was linted as an update: its apiserver verdicts are the update's. */
  update: boolean | undefined;
  revision: RevisionReport | undefined;
  hiddenBy: HiddenBy | undefined;
  occurrence?: number;
}

/** A finding about a custom resource. */
export interface ResourceReport {
  field?: string | null;
  apiserverField?: string;
  type?: ErrorType | null;
  message: string;
  value?: string;
  detail?: string;
  hiddenBy?: HiddenBy;
}

/** A diff's event: with an effect it is graded by it (`ratcheted` for objects-fail); without, the rule's severity. */
export interface EventReport {
  field: string | null;
  message: string;
  effect?: Effect;
  ratcheted?: boolean;
  detail?: string;
  version?: string;
  offAsInfo?: boolean;
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

/**
 * The one assembly of a run's result: its diagnostics sorted, exact repeats dropped, and counted with `counts`; the
 * files read (lint); the target release, a minor or the version string of a result it extends.
 */
export function runResult(
  diagnostics: readonly Diagnostic[],
  counts: RunCounts,
  release: number | string,
  files?: string[],
): LintResult {
  const prepared = prepareDiagnostics(diagnostics);
  return {
    diagnostics: prepared,
    summary: summarize(prepared, counts),
    ...(files ? { files } : {}),
    kubernetesVersion: typeof release === "number" ? formatKubernetesVersion({ major: 1, minor: release }) : release,
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
