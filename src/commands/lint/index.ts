/**
 * `crdlint lint`: files, directories, globs or a text in, the LintResult out. The options are checked as the CLI
 * checks its configuration (engine/options.ts), the run's linter is built once, and the files are driven through it
 * (engine/files.ts: on this thread or on workers). `lint --against` is the diff command's (src/index.ts sends it there).
 */
import type { LintResult } from "../../diagnostics/index.js";
import { allRules } from "../../rules/index.js";
import {
  claimedRunVersion,
  lintFilesWith,
  makeLinter,
  runInputs,
  type LintOptions,
  type RunInputs,
} from "../../engine/files.js";
import { isRangeLinter, rangeResult } from "../../engine/range.js";
import { parseReleaseSpec } from "../../k8s/version.js";
import type { Linter, TextResult } from "../../engine/lint.js";
import { checkOptions, checkPaths } from "../../engine/options.js";
import { runResult } from "../../engine/sink.js";

const ruleIds = (): string[] => allRules.map((r) => r.id);

/** Checks the paths and lint's options (a UsageError names every problem), then builds the run's linter. */
export async function lintRun(paths: readonly string[], options: LintOptions, inputs?: RunInputs): Promise<Linter> {
  checkPaths(paths);
  checkOptions("lint", options, ruleIds());
  // No release asked: what the project claims (its configuration, its charts' kubeVersion) is the run's range.
  // (An update, lint --against, is judged at the releases asked only.)
  const claimed = "against" in options ? undefined : await claimedRunVersion(paths, options, inputs);
  return makeLinter(allRules, claimed ? { ...options, kubernetesVersion: claimed } : options);
}

/** Lints files, directories and globs (`-` reads stdin). */
export async function lintFiles(paths: readonly string[], options: LintOptions): Promise<LintResult> {
  const inputs = runInputs(paths, options);
  return lintFilesWith(await lintRun(paths, options, inputs), paths, options, inputs);
}

/** Lints YAML or JSON text (one or more documents), named `options.file` (default `<text>`). */
export async function lintText(text: string, options: LintOptions & { file?: string }): Promise<LintResult> {
  checkOptions("lintText", options, ruleIds());
  const linter = await textLinter(options);
  return textResult(linter, linter.lintText(text, options.file ?? "<text>"));
}

/**
 * The linter of a text's lint (options already checked): a text is in no chart, only the configuration's claim can
 * be the run's range. `lasting`: it keeps content-keyed caches between texts (a lint session).
 */
export async function textLinter(options: LintOptions, lasting = false): Promise<Linter> {
  const claimed =
    options.kubernetesVersion === undefined && options.claimedKubernetesVersions !== undefined
      ? parseReleaseSpec(options.claimedKubernetesVersions)
      : undefined;
  return makeLinter(
    allRules,
    claimed?.ok
      ? { ...options, kubernetesVersion: `1.${claimed.value.minors[0]}..1.${claimed.value.minors.at(-1)}` }
      : options,
    undefined,
    lasting,
  );
}

/** A text's LintResult from what its linter found. */
export function textResult(linter: Linter, r: TextResult): LintResult {
  const result = runResult(
    r.diagnostics,
    { files: 1, documents: r.documents, crds: r.crds, resources: r.resources, skipped: r.skipped },
    linter.minor,
  );
  return isRangeLinter(linter) ? rangeResult(result, linter, r.crdReleases ?? []) : result;
}
