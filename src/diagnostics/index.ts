/** The Diagnostic type and its vocabulary: the leaf every other module builds on (mirrors output-contract.md). */

export type Severity = "error" | "warning" | "info";
export type ConfiguredSeverity = Severity | "off";

/** The apiserver's field.ErrorType strings, plus the strict-decoding types kubectl prints. */
export type ErrorType =
  | "Required value"
  | "Invalid value"
  | "Forbidden"
  | "Unsupported value"
  | "Duplicate value"
  | "Too many"
  | "Too few"
  | "Too long"
  | "Internal error"
  | "Not found"
  | "Unknown field"
  | "Duplicate field";

export type Category =
  | "yaml"
  | "decoding"
  | "structural"
  | "forbidden-field"
  | "versions"
  | "names"
  | "subresources"
  | "printer-columns"
  | "selectable-fields"
  | "conversion"
  | "schema-values"
  | "defaults"
  | "list-types"
  | "cel-compile"
  | "cel-cost"
  | "size"
  | "conventions"
  | "resource"
  | "revision";

export interface Position {
  line: number;
  column: number;
}

export interface SourceRange {
  start: Position;
  end: Position;
}

export interface Diagnostic {
  file: string;
  document: number;
  object: string | null;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  rule: string;
  category: Category;
  severity: Severity;
  apiserver: boolean;
  field: string | null;
  apiserverField?: string;
  type: ErrorType | null;
  message: string;
  /** The offending value as the apiserver prints it after the type (`Invalid value: "foo"`); absent for Required/Forbidden. */
  value?: string;
  detail?: string;
  suggestion?: string;
  /** `update`: the apiserver's verdict on updating OLD to NEW (crdlint diff, lint --against), not on a create. */
  operation?: "update";
  /** What a revision change does (rejected, data-lost, objects-fail, clients-break, migration-needed, behaviour-changed, none). */
  effect?: string;
  /** Facts of OLD the verdict rests on that crdlint assumed, OLD having no status (storedVersions, established). */
  assumes?: string[];
  /** The CRD version a revision finding is about. */
  version?: string;
  /**
   * Set on a problem the apiserver would report only once another one is fixed (it stops at that one, as at an
   * invalid pattern before defaults and CEL): where that hiding diagnostic is. Such a diagnostic has `apiserver:
   * false` (the apiserver does not report it now) and is not counted in `summary.errors`, `warnings` or `infos`.
   */
  hiddenBy?: HiddenBy;
  /**
   * The n-th (2, 3, …) identical error the apiserver lists at this place: it runs some checks once per entry of a
   * list (a list-map key named twice is checked twice). Absent for the first.
   */
  occurrence?: number;
  /** The apiserver accepts the object and sends this warning itself (`apiserver` is false: not a rejection). */
  apiserverWarning?: boolean;
  /**
   * A run over several releases (`-k 1.28..1.37`, `-k supported`): the releases at which the diagnostic holds,
   * oldest first (a diagnostic alike at several releases is one). Absent in a run at one release.
   */
  releases?: string[];
}

/** The diagnostic that hides another one (the apiserver stops at it). */
export interface HiddenBy {
  rule: string;
  file: string;
  line: number;
  column: number;
  field: string | null;
}

/**
 * What a diagnostic is built from; `buildDiagnostic` is the one place that assembles a Diagnostic, called by the
 * builders of src/engine/sink.ts (which decide severity, category and the apiserver flag).
 */
export interface DiagnosticInput extends Omit<Diagnostic, "line" | "column" | "endLine" | "endColumn"> {
  range: { start: { line: number; column: number }; end: { line: number; column: number } };
}

/**
 * Builds a Diagnostic with its keys in the output contract's order (the JSON formatter prints them as built).
 * Optional keys are present only when set.
 */
export function buildDiagnostic(i: DiagnosticInput): Diagnostic {
  const d: Diagnostic = {
    file: i.file,
    document: i.document,
    object: i.object,
    line: i.range.start.line,
    column: i.range.start.column,
    endLine: i.range.end.line,
    endColumn: i.range.end.column,
    rule: i.rule,
    category: i.category,
    severity: i.severity,
    apiserver: i.apiserver,
    field: i.field,
    type: i.type,
    message: i.message,
  };
  if (i.apiserverField !== undefined && i.apiserverField !== i.field) d.apiserverField = i.apiserverField;
  if (i.value !== undefined) d.value = i.value;
  if (i.detail) d.detail = i.detail;
  if (i.suggestion) d.suggestion = i.suggestion;
  if (i.operation) d.operation = i.operation;
  if (i.effect) d.effect = i.effect;
  if (i.assumes && i.assumes.length > 0) d.assumes = [...i.assumes];
  if (i.version !== undefined) d.version = i.version;
  if (i.hiddenBy) d.hiddenBy = { ...i.hiddenBy };
  if (i.occurrence !== undefined && i.occurrence > 1) d.occurrence = i.occurrence;
  if (i.apiserverWarning) d.apiserverWarning = true;
  return d;
}

export interface Summary {
  files: number;
  documents: number;
  crds: number;
  resources: number;
  skipped: number;
  errors: number;
  warnings: number;
  infos: number;
  /** apiserver errors hidden by a disable comment or annotation: the cluster still rejects those CRDs. */
  suppressedApiserverErrors?: number;
  /** Diagnostics behind another problem (`hiddenBy`), by severity; present only when there are some. */
  hidden?: { errors: number; warnings: number; infos: number };
}

export interface LintResult {
  diagnostics: Diagnostic[];
  summary: Summary;
  kubernetesVersion: string;
  /** The files read, in order (`-` for stdin), whether or not they have diagnostics (JUnit lists each). */
  files?: string[];
  /** The files that hold several CRDs (set by diff and lint --against): their findings name their CRD in text. */
  bundles?: string[];
  /** A run over several releases: the releases, oldest first (`kubernetesVersion` then writes them as a range). */
  releases?: string[];
  /** A run over several releases: each CRD's verdict at each of them, in input order. */
  crdReleases?: CrdReleases[];
}

/** One CRD's verdict at each release of a run over several (accepted: no apiserver error there). */
export interface CrdReleases {
  file: string;
  document: number;
  object: string | null;
  /** The verdict at each release of the run, by release (`"1.28": "rejected"`). */
  verdicts: Record<string, "accepted" | "rejected">;
  /** The releases that accept it, oldest first. */
  accepted: string[];
  /** The oldest release of the run that accepts it; null when none does. */
  firstAccepted: string | null;
  /** The releases the project claims for the CRD's file, and where it says so (a Chart.yaml, .crdlint.yaml). */
  claimed?: { source: string; releases: string[] };
}

const severityRank: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return (
    a.document - b.document ||
    a.line - b.line ||
    a.column - b.column ||
    severityRank[a.severity] - severityRank[b.severity] ||
    (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0) ||
    ((a.field ?? "") < (b.field ?? "") ? -1 : (a.field ?? "") > (b.field ?? "") ? 1 : 0) ||
    (a.message < b.message ? -1 : a.message > b.message ? 1 : 0) ||
    // The same problem shown and hidden: the shown one first, so that the repeat dropped is the hidden one.
    (a.hiddenBy ? 1 : 0) - (b.hiddenBy ? 1 : 0)
  );
}

/** Sorts and removes exact repeats (same rule, place, field, type and message), as Spectral's prepareResults does. */
export function prepareDiagnostics(diags: readonly Diagnostic[]): Diagnostic[] {
  const sorted = [...diags].sort(compareDiagnostics);
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const d of sorted) {
    // The type counts: two rules that fail alike but carry different reasons are two apiserver errors.
    // In a run over several releases, the same finding at other releases (another value printed) is not a repeat.
    // The value counts too: one message about two values (two bad finalizers of one list) is two apiserver errors.
    // So does the detail: two CEL compile errors alike but for their caret excerpts (two rules of a default that both
    // name an undeclared identifier) are two apiserver errors, whose text holds the excerpt.
    const fp = `${d.file}\0${d.document}\0${d.rule}\0${d.field}\0${d.type}\0${d.line}\0${d.column}\0${d.message}\0${d.value ?? ""}\0${d.detail ?? ""}\0${d.occurrence ?? 1}${d.releases ? `\0${d.releases.join()}` : ""}`;
    if (seen.has(fp)) continue;
    seen.add(fp);
    out.push(d);
  }
  return out;
}

export function summarize(
  diags: readonly Diagnostic[],
  counts: Omit<Summary, "errors" | "warnings" | "infos" | "hidden">,
): Summary {
  const shown = { errors: 0, warnings: 0, infos: 0 };
  const hidden = { errors: 0, warnings: 0, infos: 0 };
  for (const d of diags) {
    // What the apiserver reports now counts as before; what it reports only after a fix is counted apart, so the
    // exit code and --max-warnings judge the same diagnostics with or without them.
    const c = d.hiddenBy ? hidden : shown;
    if (d.severity === "error") c.errors++;
    else if (d.severity === "warning") c.warnings++;
    else c.infos++;
  }
  const anyHidden = hidden.errors + hidden.warnings + hidden.infos > 0;
  return { ...counts, ...shown, ...(anyHidden ? { hidden } : {}) };
}

/** Drops the diagnostics behind another problem: the apiserver's first answer only (--apiserver-gates). */
export function withoutHidden(diags: readonly Diagnostic[]): Diagnostic[] {
  return diags.filter((d) => !d.hiddenBy);
}

/** Longest `message`; a longer one (an apiserver text embedding a large value) is cut, its whole text kept in `detail`. */
export const MAX_MESSAGE_LENGTH = 300;

/**
 * Longest `message` of a revision finding: crdlint writes those itself, each changed value already reduced to the
 * stretches that differ (with context), so the 300 characters of an apiserver text would cut exactly where the change
 * or OLD's place is; this bound is only against pathological input.
 */
export const MAX_REVISION_MESSAGE_LENGTH = 1000;

/** How a cut message ends; `detail` then starts with the whole message, on one line. */
export const MESSAGE_CUT = "… (message cut; --format json has the whole text in detail)";

export function shortenMessage<D extends { message: string; detail?: string }>(d: D, max = MAX_MESSAGE_LENGTH): D {
  if (d.message.length <= max) return d;
  const full = d.message;
  return {
    ...d,
    message: `${full.slice(0, max - MESSAGE_CUT.length)}${MESSAGE_CUT}`,
    detail: d.detail ? `${full}\n${d.detail}` : full,
  };
}
