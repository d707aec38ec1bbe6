/** What a formatter receives: the lint result and the context it may not compute itself. */
import { MESSAGE_CUT, type Category, type Diagnostic, type LintResult, type Severity } from "../diagnostics/index.js";

export interface RuleSummary {
  id: string;
  category: Category;
  severity: Severity;
  apiserver: boolean;
  description: string;
  /** Its errors make the apiserver set the NonStructuralSchema condition (grouped in text output). */
  nonStructural?: boolean;
}

export interface FormatContext {
  cwd: string;
  color: boolean;
  toolVersion: string;
  rules: readonly RuleSummary[];
  /** Diagnostics at or above this severity fail the run (JUnit failures). */
  failOn: Severity;
  /**
   * The report judges an update of OLD revisions (`crdlint diff`, `lint --against`): human-readable formats end it
   * with a summary per CRD and a verdict line (src/report/revision-summary.ts).
   */
  revision?: boolean;
  /** Only errors are shown (-q): a summary must not read the absence of warnings as "nothing breaks". */
  errorsOnly?: boolean;
}

export type Formatter = (result: LintResult, ctx: FormatContext) => string;

export function atOrAbove(d: Diagnostic, threshold: Severity): boolean {
  const rank: Record<Severity, number> = { error: 2, warning: 1, info: 0 };
  return rank[d.severity] >= rank[threshold];
}

/** Longest value shown inline in a human-readable line; the JSON `value` keeps it whole. */
export const MAX_INLINE_VALUE = 100;

/** Longest line of a `detail` shown in a human-readable report (a cut message's whole text can be thousands). */
export const MAX_DETAIL_LINE = 300;

/** A value as a one-line report shows it: a whole schema or a long expression is cut, with its length. */
export function inlineValue(value: string, max = MAX_INLINE_VALUE): string {
  if (value.length <= max) return value;
  // Cut at a space when there is one in the second half: a number cut in its middle ("11,068…" for
  // 11,068,046,444,225,731,706) reads as a different number.
  let cut = max - 30;
  const space = value.lastIndexOf(" ", cut);
  if (space > cut / 2) cut = space;
  return `${value.slice(0, cut)}… (${value.length} characters; --format json has it whole)`;
}

/**
 * `detail` as a human-readable report prints it: each line at most MAX_DETAIL_LINE characters, and without the whole
 * text of a cut message (the reader already has its start; JSON has it all).
 */
export function detailLines(d: Pick<Diagnostic, "message" | "detail">): string[] {
  if (!d.detail) return [];
  const lines = d.detail.split("\n");
  return (d.message.endsWith(MESSAGE_CUT) ? lines.slice(1) : lines).map((l) => inlineValue(l, MAX_DETAIL_LINE));
}

/**
 * The mark of a diagnostic the apiserver reports only after another problem is fixed (`hiddenBy`), as the
 * human-readable formats append it: ` (reported once <rule> at <line>:<column> is fixed)`; "" for any other.
 */
export function hiddenSuffix(d: Diagnostic): string {
  const h = d.hiddenBy;
  if (!h) return "";
  return ` (reported once ${h.rule} at ${h.file === d.file ? "" : `${h.file}:`}${h.line}:${h.column} is fixed)`;
}

/** The one-line text of a diagnostic: the apiserver's line for its errors (now or behind another one), else `field: message`. */
export function diagnosticLine(d: Diagnostic): string {
  return d.apiserver || (d.hiddenBy && d.type) ? apiserverLine(d) : d.field ? `${d.field}: ${d.message}` : d.message;
}

/**
 * The line as the apiserver (and kubectl) prints a field error: `<path>: <Type>: <value>: <detail>`, with a long
 * value shortened (the apiserver prints the whole value, which for a schema or a rule entry buries the message).
 */
export function apiserverLine(d: Diagnostic & { value?: string }): string {
  const parts: string[] = [];
  if (d.field || d.apiserverField) parts.push(d.apiserverField ?? d.field!);
  if (d.type) parts.push(d.type);
  if (d.value !== undefined) parts.push(inlineValue(d.value));
  // A Required error may carry no detail: the apiserver prints `spec.x: Required value` with nothing after it.
  if (d.message !== "" || parts.length === 0) parts.push(d.message);
  return parts.join(": ");
}
