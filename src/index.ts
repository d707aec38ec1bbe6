/**
 * crdlint's library API: lint CRDs from files or text, estimate CEL costs, validate custom resources, diff revisions,
 * list rules, format results. Each entry is its command's (src/commands/<name>/), which checks the options and runs;
 * this module only names them. The CLI is a thin shell over this.
 */
import { allRules } from "./rules/index.js";
import { type LintOptions, UsageError } from "./engine/files.js";
import type { LintResult } from "./diagnostics/index.js";
import { estimateCosts, type CostReport } from "./commands/cost/index.js";
import { lintFiles, lintRun, lintText as lintTextCommand } from "./commands/lint/index.js";
import { openLintSession as openLintSessionCommand, type LintSession } from "./commands/lint/session.js";
import { checkOptions, checkPaths } from "./engine/options.js";
import { diffLinter, lintUpdates, lintUpdateTexts, type RevisionOptions } from "./commands/diff/index.js";

const ruleIds = (): string[] => allRules.map((r) => r.id);

export type {
  Diagnostic,
  LintResult,
  Severity,
  ConfiguredSeverity,
  Summary,
  Category,
  ErrorType,
  HiddenBy,
} from "./diagnostics/index.js";
export type { Rule, RuleMeta, Preset, RulePreset } from "./rules/define-rule.js";
export { PRESETS, DEFAULT_PRESET } from "./rules/define-rule.js";
export type { LintOptions } from "./engine/files.js";
export type { LintSession } from "./commands/lint/session.js";
export type { RevisionOptions } from "./commands/diff/index.js";
export type { DiffPolicy, DiffIgnore } from "./config/diff-policy.js";
export type { StdinReader } from "./load/files.js";
export type { CostReport, ExpressionCostReport, SchemaCostReport } from "./report/cost.js";
export type { ValidateOptions } from "./commands/validate/index.js";
export type {
  CelEvalEstimate,
  CelEvalEvaluation,
  CelEvalInput,
  CelEvalOptions,
  CelEvalResult,
} from "./commands/cel/index.js";
export type { FormatContext, Formatter } from "./report/types.js";
export { UsageError } from "./engine/files.js";
export type {
  TestRunResult,
  CaseResult,
  CaseFailure,
  CaseStatus,
  SuiteProblem,
  CoverageItem,
  CoverageReport,
} from "./diagnostics/test-result.js";
export { testExitCode } from "./diagnostics/test-result.js";
export type { TestOptions } from "./commands/test/index.js";
export { formatTestResult, formatCoverage } from "./report/test.js";
export { formatters, getFormatter } from "./report/formatters/index.js";
export { allRules as rules } from "./rules/index.js";
export { DEFAULT_KUBERNETES_VERSION } from "./k8s/version.js";
/** The pre-release module version a release ("1.38") was read from, or undefined for a released minor. */
export { kubernetesPrerelease } from "./k8s/version.js";

/**
 * Lints files, directories and globs (`-` reads stdin). Throws UsageError when a path matches nothing, or for an
 * option crdlint does not know (a misspelt name, rule id or severity, an unknown Kubernetes version). With
 * `against` (a git ref or a directory), each CRD is linted as an update of its revision there (docs/revisions.md).
 */
export async function lint(
  paths: readonly string[],
  options: LintOptions & RevisionOptions & { against?: string } = {},
): Promise<LintResult> {
  if (options.against === undefined) return lintFiles(paths, options);
  const against = options.against;
  // Several releases: an update judged at each, each text read once (the releases merged as runs at each would be).
  return lintUpdates(await lintRun(paths, options), { kind: "against", against }, paths, options, false);
}

/**
 * What changes from OLD to NEW (files, directories, globs, `-`; CRDs paired by metadata.name): the apiserver's
 * verdict on the update and the revision findings. Throws UsageError on unreadable or ambiguous input.
 */
export async function diff(
  oldPaths: readonly string[],
  newPaths: readonly string[],
  options: RevisionOptions = {},
): Promise<LintResult> {
  checkPaths(oldPaths);
  checkPaths(newPaths);
  checkOptions("diff", options, ruleIds());
  return lintUpdates(await diffLinter(options), { kind: "paths", paths: oldPaths }, newPaths, options, true);
}

/** `diff` with OLD = the same paths at a git ref (or under a directory). */
export async function diffAgainst(
  against: string,
  newPaths: readonly string[],
  options: RevisionOptions = {},
): Promise<LintResult> {
  if (typeof against !== "string")
    throw new UsageError(`against: expected a git ref or a directory, got ${typeof against}`);
  checkPaths(newPaths);
  checkOptions("diff", options, ruleIds());
  return lintUpdates(await diffLinter(options), { kind: "against", against }, newPaths, options, true);
}

/** `diff` on two texts (each one or more YAML documents). */
export async function diffText(
  oldText: string,
  newText: string,
  options: RevisionOptions & { file?: string; oldFile?: string } = {},
): Promise<LintResult> {
  checkOptions("diffText", options, ruleIds());
  return lintUpdateTexts(
    await diffLinter(options),
    { file: options.oldFile ?? "<old>", text: oldText },
    { file: options.file ?? "<text>", text: newText },
    options,
    true,
  );
}

/** Lints YAML or JSON text (one or more documents). */
export async function lintText(text: string, options: LintOptions & { file?: string } = {}): Promise<LintResult> {
  return lintTextCommand(text, options);
}

/**
 * Opens a lint session for one document an editor keeps open: `session.lint(text)` with each whole new text gives
 * what `lintText(text, options)` gives, re-checking mostly what the edit changed (docs/library.md). Options are
 * fixed for the session (a configuration change is a new session). Throws UsageError for an unknown option.
 */
export function openLintSession(options: LintOptions & { file?: string } = {}): LintSession {
  return openLintSessionCommand(options);
}

/** Estimates the CEL cost of every x-kubernetes-validations rule in files, directories and globs, per CRD version. Throws UsageError when a path matches nothing. */
export async function cost(paths: readonly string[], options: LintOptions = {}): Promise<CostReport> {
  return estimateCosts(paths, options);
}

/** Validates custom resources (files, directories, globs, `-`) against CRDs (options.crds and CRDs among the inputs) as the apiserver would. */
export async function validate(
  paths: readonly string[],
  options: import("./commands/validate/index.js").ValidateOptions = {},
): Promise<LintResult> {
  // Loaded on use: validate's modules (streaming reads, the resource validator) are not lint's.
  const { validateFiles } = await import("./commands/validate/index.js");
  return validateFiles(paths, options);
}

/**
 * Runs CRD validation test suites (files or directories; default the working directory): openshift/api's suites
 * and crdlint's native `*.crdtest.yaml`, each case answered as the apiserver would at the release asked
 * (docs/testing.md). Throws UsageError for a path that does not exist or an unknown option.
 */
export async function runTests(
  paths: readonly string[],
  options: import("./commands/test/index.js").TestOptions = {},
): Promise<import("./diagnostics/test-result.js").TestRunResult> {
  const { runTests: run } = await import("./commands/test/index.js");
  return run(paths, options);
}

/**
 * Evaluates one CEL expression as an x-kubernetes-validations rule at a node of a CRD's schema (options.path) would
 * run: compiled for the release asked, on a custom resource's value there (and an old one's, for oldSelf), with the
 * runtime cost and the estimated cost against the limits. Throws UsageError for what cannot be answered.
 */
export async function celEval(
  expression: string,
  options: import("./commands/cel/index.js").CelEvalOptions,
): Promise<import("./commands/cel/index.js").CelEvalResult> {
  // Loaded on use: the CEL runtime is not lint's.
  const { celEval: evaluate } = await import("./commands/cel/index.js");
  return evaluate(expression, options);
}
