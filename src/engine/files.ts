/** Files in, LintResult out: expands paths, reads with limits, runs the linter per file. */
import { expandInputs, readInput, DEFAULT_MAX_FILE_SIZE_BYTES } from "../load/files.js";
import { prepareDiagnostics, summarize, type ConfiguredSeverity, type Diagnostic, type LintResult } from "../diagnostics/index.js";
import { DEFAULT_KUBERNETES_VERSION, formatKubernetesVersion, parseKubernetesVersion } from "../k8s/version.js";
import type { Rule } from "../rules/define-rule.js";
import { createLinter, type CollectedFact, type Linter } from "./lint.js";

export interface LintOptions {
  /** Target Kubernetes release, `1.N` (default: the newest crdlint knows). */
  kubernetesVersion?: string;
  /** Per-rule severity (`off` disables). */
  rules?: Record<string, ConfiguredSeverity>;
  /** Globs of files to skip, relative to `ignoreBase` (the config file's directory; default cwd). */
  ignore?: string[];
  ignoreBase?: string;
  /** What standard input stands for (--stdin-filename), for the ignore patterns. */
  stdinFilename?: string;
  maxFileSizeBytes?: number;
  cwd?: string;
  /** Reads standard input for the path `-`. */
  stdin?: () => Promise<string>;
}

/** crdlint could not do its job (bad path, bad option): the CLI prints the message and exits 2. */
export class UsageError extends Error {
  override name = "UsageError";
}

export async function makeLinter(ruleList: readonly Rule[], options: LintOptions, collect?: (fact: CollectedFact) => void): Promise<Linter> {
  const v = parseKubernetesVersion(options.kubernetesVersion ?? DEFAULT_KUBERNETES_VERSION);
  if (!v.ok) throw new UsageError(v.error);
  return createLinter(ruleList, { minor: v.value.minor, ruleSeverity: options.rules, collect });
}

export async function lintFilesWith(linter: Linter, paths: readonly string[], options: LintOptions): Promise<LintResult> {
  const cwd = options.cwd ?? process.cwd();
  const expanded = await expandInputs(paths.length ? paths : ["."], { cwd, ignore: options.ignore, ignoreBase: options.ignoreBase, stdinFilename: options.stdinFilename });
  if (expanded.errors.length) throw new UsageError(expanded.errors.join("\n"));
  const diagnostics: Diagnostic[] = expanded.ignored.map((f) =>
    linter.fileDiagnostic(f, "file-ignored", "file ignored because of a matching ignore pattern in the configuration; use --no-ignore to lint it"),
  );
  const counts = { files: 0, documents: 0, crds: 0, resources: 0, skipped: 0, suppressedApiserverErrors: 0 };
  for (const file of expanded.files) {
    let input;
    try {
      input = await readInput(file, { cwd, maxFileSizeBytes: options.maxFileSizeBytes ?? DEFAULT_MAX_FILE_SIZE_BYTES, stdin: options.stdin });
    } catch (e) {
      throw new UsageError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code === "EACCES" ? "permission denied" : (e as Error).message}`);
    }
    counts.files++;
    if ("problem" in input) {
      diagnostics.push(linter.fileDiagnostic(file, input.problem === "too-large" ? "size-file-too-large" : "yaml-syntax", input.message));
      continue;
    }
    const r = linter.lintText(input.text, file);
    diagnostics.push(...r.diagnostics);
    counts.documents += r.documents;
    counts.crds += r.crds;
    counts.resources += r.resources;
    counts.skipped += r.skipped;
    counts.suppressedApiserverErrors += r.suppressedApiserverErrors;
  }
  const prepared = prepareDiagnostics(diagnostics.filter((d) => (options.rules?.[d.rule] ?? "on") !== "off"));
  return { diagnostics: prepared, summary: summarize(prepared, counts), files: expanded.files, kubernetesVersion: formatKubernetesVersion({ major: 1, minor: linter.minor }) };
}
