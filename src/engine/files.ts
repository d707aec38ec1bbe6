/** Files in, LintResult out: expands paths, lints each file (lint-file.ts) on this thread or, for many, on worker threads too (parallel.ts). */
import { expandInputs, type StdinReader } from "../load/files.js";
import { APPLY_METHODS, isApplyMethod, type ApplyMethod } from "../load/layout.js";
import { chartKubeVersion, type LayoutCache } from "../load/layout.js";
import type { ConfiguredSeverity, CrdReleases, LintResult } from "../diagnostics/index.js";
import { DEFAULT_KUBERNETES_VERSION, parseReleaseSpec } from "../k8s/version.js";
import { chartClaim, isRangeLinter, rangeResult, RangeLinter, type ReleaseClaim } from "./range.js";
import { isPreset, PRESETS, type Preset, type Rule } from "../rules/define-rule.js";
import { createLinter, type Linter, type SchemaCostResult } from "./lint.js";
import { createReleaseShared, type ReleaseShared } from "./services.js";
import { lintEach, type FileOutcome } from "./lint-file.js";
import { LintFileCache } from "./lint-cache.js";
import { lintOnWorkers, planWorkers, registryRuleIds } from "./parallel.js";
import { UsageError } from "./options.js";
import { DiagnosticSink } from "./sink.js";
export { parseJobs } from "./parallel.js";

export interface LintOptions {
  /**
   * Target Kubernetes release, `1.N` (default: the newest crdlint knows, or the claimed releases); for lint also a
   * range, `1.28..1.37`, or `supported` (the minors upstream supports on the run's date): one run judges every
   * release, each diagnostic names the releases it holds for, and the result has each CRD's verdict per release.
   */
  kubernetesVersion?: string;
  /**
   * The releases the project claims to support (`kubernetesVersions` of .crdlint.yaml): a range, `supported` or one
   * release. A CRD rejected at a claimed release of the run is an error (crd-rejected-in-claimed-range); a chart's
   * kubeVersion (Chart.yaml above a file) claims for its own files. With no kubernetesVersion, the claims are the run's.
   */
  claimedKubernetesVersions?: string;
  /**
   * The rule set: `recommended` (default: what the apiserver rejects or warns about, and what makes a CRD malfunction),
   * `strict` (every rule, conventions and style too) or `apiserver` (only what the apiserver rejects or warns about).
   */
  preset?: Preset;
  /** Per-rule severity (`off` disables), over the preset's. */
  rules?: Record<string, ConfiguredSeverity>;
  /** Globs of files to skip, relative to `ignoreBase` (the config file's directory; default cwd). */
  ignore?: string[];
  ignoreBase?: string;
  /** What standard input stands for (--stdin-filename), for the ignore patterns. */
  stdinFilename?: string;
  maxFileSizeBytes?: number;
  cwd?: string;
  /**
   * Reads standard input for the path `-` (default: process.stdin). It is given --max-file-size and may stop
   * reading past it: an input over the limit is reported (size-file-too-large), not parsed.
   */
  stdin?: StdinReader;
  /**
   * How the CRDs are applied (src/load/layout.ts): `client-side` (kubectl apply, the default), `server-side` (kubectl
   * apply --server-side, create, replace) or `helm`. A Helm chart's crds/ files are `helm` whatever this says.
   */
  applyMethod?: ApplyMethod;
  /**
   * Worker threads for many files (default 1: this thread only; the CLI's default is one per core but one). Small inputs
   * stay on this thread whatever the number, since starting a worker costs more than they take to lint.
   */
  jobs?: number;
  /**
   * Report only what the apiserver reports now, stopping where it stops (a non-structural schema hides defaults and
   * CEL, a default error hides CEL; in validate an unknown field hides the rest, a type error the CEL rules). Without
   * it (the default) crdlint also reports what it finds behind those gates, each with `hiddenBy`.
   */
  apiserverGates?: boolean;
  /**
   * A cache directory shared across runs (src/engine/lint-cache.ts) and crdlint's build (part of every key): a file
   * linted before with the same bytes, layout and options gets that lint's diagnostics without being linted. Absent
   * or false (the library's default): no cache. The CLI's lint keeps one in the user's cache directory (--no-cache:
   * none).
   */
  cache?: { dir: string; version: string } | false;
}

export { UsageError } from "./options.js";

/**
 * `releases`: what the engines of several releases a caller makes one at a time share (as the engines of a range
 * share it here), for a caller that lints at each release itself (crdlint test's CRD verdicts over a range).
 */
export async function makeLinter(
  ruleList: readonly Rule[],
  options: LintOptions,
  onSchemaCost?: (result: SchemaCostResult, minor: number) => void,
  lasting = false,
  releases?: ReleaseShared,
): Promise<Linter> {
  const v = parseReleaseSpec(options.kubernetesVersion ?? DEFAULT_KUBERNETES_VERSION);
  if (!v.ok) throw new UsageError(v.error);
  if (options.preset !== undefined && !isPreset(options.preset))
    throw new UsageError(`unknown preset ${JSON.stringify(options.preset)} (expected ${PRESETS.join(", ")})`);
  if (options.applyMethod !== undefined && !isApplyMethod(options.applyMethod))
    throw new UsageError(
      `unknown apply method ${JSON.stringify(options.applyMethod)} (expected ${APPLY_METHODS.join(", ")})`,
    );
  const shared = releases ?? (v.value.range ? createReleaseShared() : undefined);
  const engine = (minor: number) =>
    createLinter(ruleList, {
      ...(shared ? { shared } : {}),
      minor,
      ruleSeverity: options.rules,
      preset: options.preset,
      // A run over several releases estimates at each: the release tells whose estimate it is.
      ...(onSchemaCost ? { onSchemaCost: (r: SchemaCostResult) => onSchemaCost(r, minor) } : {}),
      apiserverGates: options.apiserverGates === true,
      ...(lasting ? { lasting } : {}),
      ...(options.applyMethod ? { applyMethod: options.applyMethod } : {}),
    });
  if (!v.value.range) return engine(v.value.minors[0]!);
  const engines: Linter[] = [];
  // One after another: each engine loads its release's CEL environment.
  for (const minor of v.value.minors) engines.push(await engine(minor));
  return new RangeLinter(engines, v.value.minors, configClaim(options));
}

/** The releases `claimedKubernetesVersions` claims (a UsageError when it is not a release, a range or `supported`). */
function configClaim(options: LintOptions): ReleaseClaim | undefined {
  if (options.claimedKubernetesVersions === undefined) return undefined;
  const v = parseReleaseSpec(options.claimedKubernetesVersions);
  if (!v.ok) throw new UsageError(`claimedKubernetesVersions: ${v.error}`);
  return { source: `kubernetesVersions ${options.claimedKubernetesVersions.trim()}`, minors: v.value.minors };
}

/**
 * The run's releases when none is asked: every release claimed (the configuration's, and the kubeVersion of each
 * chart the files are in), from the oldest to the newest; undefined when nothing is claimed (the default release).
 */
export async function claimedRunVersion(
  paths: readonly string[],
  options: LintOptions,
  inputs?: RunInputs,
): Promise<string | undefined> {
  if (options.kubernetesVersion !== undefined) return undefined;
  const claims: number[] = [...(configClaim(options)?.minors ?? [])];
  const cwd = options.cwd ?? process.cwd();
  const expanded = await (inputs ?? runInputs(paths, options)).expanded();
  const layouts: LayoutCache = new Map();
  for (const file of expanded.files) {
    const kubeVersion = chartKubeVersion(file, cwd, layouts);
    const claim = kubeVersion ? chartClaim(kubeVersion) : null;
    if (claim) claims.push(...claim.minors);
  }
  if (claims.length === 0) return undefined;
  const from = Math.min(...claims);
  const to = Math.max(...claims);
  // Written as a range even for one release: a claimed run reports per release.
  return `1.${from}..1.${to}`;
}

/** A run's inputs, expanded (globs, directories, ignores) once when first asked: the claim and the lint share the list. */
export interface RunInputs {
  expanded(): Promise<Awaited<ReturnType<typeof expandInputs>>>;
}

export function runInputs(paths: readonly string[], options: LintOptions): RunInputs {
  let once: ReturnType<typeof expandInputs> | undefined;
  return {
    expanded: () =>
      (once ??= expandInputs(paths.length ? paths : ["."], {
        cwd: options.cwd ?? process.cwd(),
        ignore: options.ignore,
        ignoreBase: options.ignoreBase,
        stdinFilename: options.stdinFilename,
      })),
  };
}

export async function lintFilesWith(
  linter: Linter,
  paths: readonly string[],
  options: LintOptions,
  inputs?: RunInputs,
): Promise<LintResult> {
  const expanded = await (inputs ?? runInputs(paths, options)).expanded();
  if (expanded.errors.length) throw new UsageError(expanded.errors.join("\n"));
  const files = expanded.files;
  const sink = new DiagnosticSink(linter.severities, {
    files: 0,
    documents: 0,
    crds: 0,
    resources: 0,
    skipped: 0,
    suppressedApiserverErrors: 0,
  });
  sink.add(
    expanded.ignored.map((f) =>
      linter.fileDiagnostic(
        f,
        "file-ignored",
        "file ignored because of a matching ignore pattern in the configuration; use --no-ignore to lint it",
      ),
    ),
  );
  // In input order whichever thread linted a file, so that the report is the same byte for byte; the first failure
  // in that order stops the run, as it does on one thread.
  const crdReleases: CrdReleases[] = [];
  const take = (outcome: FileOutcome): void => {
    if (outcome.kind === "unreadable") throw new UsageError(outcome.message);
    if (outcome.kind === "crashed")
      throw Object.assign(new Error(outcome.message), outcome.stack ? { stack: outcome.stack } : {});
    if (outcome.counts.crdReleases) crdReleases.push(...outcome.counts.crdReleases);
    sink.add(outcome.diagnostics);
    sink.count("files");
    sink.countAll(outcome.counts);
  };
  // Outcomes are taken in input order as they become known: the cache's before any file is linted, the others as
  // their thread gives them.
  const cache = runCache(linter, options);
  const looked = cache ? await cache.unchanged(files) : [];
  const outcomes: (FileOutcome | undefined)[] = looked.map((l) => l.outcome);
  let taken = 0;
  const flush = (): void => {
    for (let o = outcomes[taken]; o !== undefined; o = outcomes[++taken]) take(o);
  };
  const settle = (index: number, outcome: FileOutcome): void => {
    outcomes[index] = outcome;
    flush();
  };
  flush();
  // The files to lint, each with the status the look-up took (filed with what its lint finds).
  const todo = files.flatMap((file, index) =>
    outcomes[index] ? [] : [{ index, file, status: looked[index]?.status }],
  );
  const todoFiles = todo.map((t) => t.file);
  const plan = await planWorkers(linter, todoFiles, options);
  if (plan.workers > 1)
    (
      await lintOnWorkers(
        linter,
        todoFiles,
        options,
        plan,
        cache,
        todo.map((t) => t.status),
      )
    ).forEach((o, i) => settle(todo[i]!.index, o));
  else {
    let i = 0;
    await lintEach(
      linter,
      () => {
        const t = todo[i++];
        return t && { key: t.index, file: t.file, status: t.status };
      },
      options,
      settle,
      { readAhead: 4, cache },
    );
  }
  const result = sink.result(linter.minor, expanded.files);
  return isRangeLinter(linter) ? rangeResult(result, linter, crdReleases) : result;
}

/**
 * The run's lint cache (options.cache), or undefined: none asked, or a rule of the caller's own (what it reports is not
 * crdlint's to key). Its scope is every option that changes a file's outcome: the releases (a `supported` run's as
 * of today), the claim, the severities, how CRDs are applied, the gates, the size limit.
 */
function runCache(linter: Linter, options: LintOptions): LintFileCache | undefined {
  const ruleIds = options.cache ? registryRuleIds(linter) : null;
  if (!options.cache || !ruleIds) return undefined;
  const cwd = options.cwd ?? process.cwd();
  const scope = JSON.stringify({
    minors: isRangeLinter(linter) ? linter.minors : [linter.minor],
    claim: configClaim(options) ?? null,
    preset: options.preset ?? null,
    rules: options.rules ?? {},
    ruleIds,
    applyMethod: options.applyMethod ?? null,
    apiserverGates: options.apiserverGates === true,
    maxFileSizeBytes: options.maxFileSizeBytes ?? null,
  });
  const cache = new LintFileCache({ ...options.cache, scope }, cwd);
  cache.prune();
  return cache;
}
