/** `--format github`: GitHub Actions workflow commands, one annotation per diagnostic. */
import type { Formatter } from "../types.js";
import { diagnosticLine, hiddenSuffix } from "../types.js";
import { filesWithSeveralDocuments, isRevisionFinding } from "../revision-summary.js";

// Workflow command values must escape %, CR and LF (and, in properties, ':' and ',').
function escapeData(s: string): string {
  return s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}
function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

export const github: Formatter = (result) => {
  const out: string[] = [];
  // An annotation sits on one line of a file: in a file of several CRDs (a bundle) it names the CRD a change is in,
  // as the text format does.
  const bundles = filesWithSeveralDocuments(result.diagnostics, result.bundles);
  for (const d of result.diagnostics) {
    const level = d.severity === "error" ? "error" : d.severity === "warning" ? "warning" : "notice";
    const named = d.object && isRevisionFinding(d) && bundles.has(d.file) ? `${d.object}: ` : "";
    const msg = named + diagnosticLine(d) + hiddenSuffix(d);
    const full = [msg, d.suggestion ? `fix: ${d.suggestion}` : ""].filter(Boolean).join("\n");
    out.push(
      `::${level} file=${escapeProperty(d.file)},line=${d.line},col=${d.column},endLine=${d.endLine},endColumn=${d.endColumn},title=${escapeProperty(d.rule)}::${escapeData(full)}`,
    );
  }
  return out.length ? out.join("\n") + "\n" : "";
};

/** `--format github` when crdlint could not do its job (exit 2): one error annotation with the one-line message. */
export function githubForFailure(message: string): string {
  return `::error title=${escapeProperty("crdlint")}::${escapeData(message)}\n`;
}
