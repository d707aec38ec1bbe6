/** What a formatter receives: the lint result and the context it may not compute itself. */
import type { Category, Diagnostic, LintResult, Severity } from "../diagnostics/index.js";

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
}

export type Formatter = (result: LintResult, ctx: FormatContext) => string;

export function atOrAbove(d: Diagnostic, threshold: Severity): boolean {
  const rank: Record<Severity, number> = { error: 2, warning: 1, info: 0 };
  return rank[d.severity] >= rank[threshold];
}

/** The line as the apiserver (and kubectl) prints a field error: `<path>: <Type>: <value>: <detail>`. */
export function apiserverLine(d: Diagnostic & { value?: string }): string {
  const parts: string[] = [];
  if (d.field || d.apiserverField) parts.push(d.apiserverField ?? d.field!);
  if (d.type) parts.push(d.type);
  if (d.value !== undefined) parts.push(d.value);
  // A Required error may carry no detail: the apiserver prints `spec.x: Required value` with nothing after it.
  if (d.message !== "" || parts.length === 0) parts.push(d.message);
  return parts.join(": ");
}
