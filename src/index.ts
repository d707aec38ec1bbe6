/** crdlint's library API: lint CRDs from files or text, list rules, format results. The CLI is a thin shell over this. */
import { allRules } from "./rules/index.js";
import { lintFilesWith, makeLinter, type LintOptions, UsageError } from "./engine/files.js";
import { prepareDiagnostics, summarize, type LintResult } from "./diagnostics/index.js";
import { formatKubernetesVersion } from "./k8s/version.js";
import { estimateCosts, type CostReport } from "./engine/cost.js";

export type { Diagnostic, LintResult, Severity, ConfiguredSeverity, Summary, Category, ErrorType } from "./diagnostics/index.js";
export type { Rule, RuleMeta, Preset, RulePreset } from "./rules/define-rule.js";
export { PRESETS, DEFAULT_PRESET } from "./rules/define-rule.js";
export type { LintOptions } from "./engine/files.js";
export type { StdinReader } from "./load/files.js";
export type { CostReport, ExpressionCostReport, SchemaCostReport } from "./engine/cost.js";
export type { ValidateOptions } from "./engine/validate.js";
export type { FormatContext, Formatter } from "./report/types.js";
export { UsageError } from "./engine/files.js";
export { formatters, getFormatter } from "./report/formatters/index.js";
export { allRules as rules } from "./rules/index.js";
export { DEFAULT_KUBERNETES_VERSION } from "./k8s/version.js";

/** Lints files, directories and globs (`-` reads stdin). Throws UsageError when a path matches nothing. */
export async function lint(paths: readonly string[], options: LintOptions = {}): Promise<LintResult> {
  const linter = await makeLinter(allRules, options);
  return lintFilesWith(linter, paths, options);
}

/** Lints YAML or JSON text (one or more documents). */
export async function lintText(text: string, options: LintOptions & { file?: string } = {}): Promise<LintResult> {
  const linter = await makeLinter(allRules, options);
  const file = options.file ?? "<text>";
  const r = linter.lintText(text, file);
  const diagnostics = prepareDiagnostics(r.diagnostics);
  return {
    diagnostics,
    summary: summarize(diagnostics, { files: 1, documents: r.documents, crds: r.crds, resources: r.resources, skipped: r.skipped }),
    kubernetesVersion: formatKubernetesVersion({ major: 1, minor: linter.minor }),
  };
}


/** Estimates the CEL cost of every x-kubernetes-validations rule in files, directories and globs, per CRD version. Throws UsageError when a path matches nothing. */
export async function cost(paths: readonly string[], options: LintOptions = {}): Promise<CostReport> {
  return estimateCosts(allRules, paths, options);
}

/** Validates custom resources (files, directories, globs, `-`) against CRDs (options.crds and CRDs among the inputs) as the apiserver would. */
export async function validate(paths: readonly string[], options: import("./engine/validate.js").ValidateOptions = {}): Promise<LintResult> {
  const { validateFiles } = await import("./engine/validate.js");
  return validateFiles(paths, options);
}
