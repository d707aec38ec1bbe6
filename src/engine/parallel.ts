/**
 * Many files on several threads: this one and worker threads, each with its own engine (rules, CEL compiler,
 * decoder; no state is shared but the queue), take whole files from one queue, largest first, read and lint them;
 * the outcomes are put back in input order, so the report does not depend on which thread linted what.
 */
import { stat } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { Worker } from "node:worker_threads";
import { allRules } from "../rules/index.js";
import { DEFAULT_MAX_FILE_SIZE_BYTES } from "../load/files.js";
import type { ConfiguredSeverity } from "../diagnostics/index.js";
import type { Preset } from "../rules/define-rule.js";
import { formatKubernetesVersion } from "../k8s/version.js";
import type { Linter } from "./lint.js";
import type { ApplyMethod } from "../load/layout.js";
import type { LintOptions } from "./files.js";
import { lintEach, type FileOutcome } from "./lint-file.js";
import type { LintCacheConfig, LintFileCache } from "./lint-cache.js";

/**
 * Below this many bytes of input, one thread. Measured (2 cores, Node 20, CPU time with perf): a worker costs about
 * 0.1 s of CPU to start (the bundle from the code cache, its own engine) and, being cold, lints its first megabyte
 * at about half the speed of the warm main thread, V8's background compiler and GC threads included; at 1 MB of
 * fixtures the extra CPU (+0.8 s over 1.7 s) is what the second core saves, so smaller inputs gain nothing.
 */
export const MIN_PARALLEL_BYTES = 1024 * 1024;

/** What a worker needs to build the same engine as this thread's (plain data, copied to it), and the shared queue. */
export interface LintWorkerData {
  crdlintLintWorker: true;
  ruleIds: string[];
  options: {
    kubernetesVersion: string;
    preset?: Preset;
    rules?: Record<string, ConfiguredSeverity>;
    maxFileSizeBytes: number;
    cwd: string;
    apiserverGates: boolean;
    applyMethod?: ApplyMethod;
    /** The run's lint cache, which every thread reads and writes. */
    cache?: LintCacheConfig;
  };
  /** Files in the order they are taken, each with its place in the input. */
  queue: { index: number; file: string; status?: string | null }[];
  /** next[0]: the queue position the next taker gets (Atomics.add, shared by every thread). */
  next: Int32Array;
}

export interface LintTaskResult {
  index: number;
  outcome: FileOutcome;
}

/** A worker sends one result per file it took, then `done` when the queue is empty. */
export type LintWorkerMessage = LintTaskResult | { done: true };

/**
 * The CLI's default: one thread per core but one, which V8's own threads take. Each lint thread keeps V8's garbage
 * collector and compiler busy on background threads: on a 2-core machine, a one-thread lint of the corpus (428 files,
 * 69 MB) took 3.2 CPU s on its thread and 2.1 s on V8's. A second lint thread there finished no sooner (3.57 s against
 * 3.58 s, median of 5) and took 29% more CPU (6.6 s against 5.1 s); on the 20 largest files, no sooner and 21% more.
 * Machines with more cores were not measured: one core is left to V8 there too.
 */
export function defaultJobs(): number {
  return Math.max(1, availableParallelism() - 1);
}

/** `--jobs N`: a whole number >= 1; undefined is the default. Returns null for anything else. */
export function parseJobs(text: string | undefined): number | null {
  if (text === undefined) return defaultJobs();
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 ? n : null;
}

/** The built-in rules a worker can look up by id; null when the linter has a rule of its own (it stays on this thread). */
export function registryRuleIds(linter: Linter): string[] | null {
  const registry = new Map(allRules.map((r) => [r.id, r]));
  return linter.rules.every((r) => registry.get(r.id) === r) ? linter.rules.map((r) => r.id) : null;
}

export interface WorkerPlan {
  /** Threads that lint, this one included: 0 or 1 is this thread alone. */
  workers: number;
  /** Bytes of each file (0 when it cannot be read: the worker that gets it reports that, as this thread would). */
  sizes: number[];
}

/** This thread alone for one file, a small input, jobs 1, stdin, or a linter a worker cannot rebuild; else `jobs` threads. */
export async function planWorkers(linter: Linter, files: readonly string[], options: LintOptions): Promise<WorkerPlan> {
  const jobs = Math.min(options.jobs ?? 1, files.length);
  if (jobs <= 1 || files.includes("-") || !linter.replicable || !registryRuleIds(linter))
    return { workers: 0, sizes: [] };
  const cwd = options.cwd ?? process.cwd();
  const sizes = await Promise.all(
    files.map((f) =>
      stat(resolve(cwd, f)).then(
        (s) => s.size,
        () => 0,
      ),
    ),
  );
  return { workers: sizes.reduce((a, b) => a + b, 0) >= MIN_PARALLEL_BYTES ? jobs : 0, sizes };
}

// In the CLI bundle (scripts/bundle.mjs) esbuild defines CRDLINT_BUNDLE_WORKER: the script that runs a worker from
// the bundle. Unbundled (the library), a worker runs ./lint-worker.js.
declare const CRDLINT_BUNDLE_WORKER: string | undefined;

function workerUrl(): URL {
  return new URL(
    typeof CRDLINT_BUNDLE_WORKER === "string" ? CRDLINT_BUNDLE_WORKER : "./lint-worker.js",
    import.meta.url,
  );
}

/** Takes files from the shared queue and lints them until it is empty (or `stop` says so); what every thread does. */
export async function takeFiles(
  linter: Linter,
  queue: LintWorkerData["queue"],
  next: Int32Array,
  options: LintOptions,
  emit: (index: number, outcome: FileOutcome) => void,
  stop: () => boolean = () => false,
  cache?: LintFileCache,
): Promise<void> {
  const take = (): { key: number; file: string; status?: string | null } | undefined => {
    if (stop()) return undefined;
    const i = Atomics.add(next, 0, 1);
    const t = queue[i];
    return t && { key: t.index, file: t.file, status: t.status };
  };
  await lintEach(linter, take, options, emit, { onThrow: crashed, cache });
}

/** A failure of the linter on this thread, as a worker reports one. */
function crashed(e: unknown): FileOutcome {
  return {
    kind: "crashed",
    message: e instanceof Error ? e.message : String(e),
    ...(e instanceof Error && e.stack ? { stack: e.stack } : {}),
  };
}

/**
 * Lints every file on this thread and `plan.workers - 1` workers. All take the next file from one queue, largest
 * first (so that no thread is left with a big file while the others are idle), through a shared atomic counter:
 * a worker never waits for this thread, which is busy linting, to hand it work. The outcomes come back as messages
 * and are put in the order of `files`.
 */
export async function lintOnWorkers(
  linter: Linter,
  files: readonly string[],
  options: LintOptions,
  plan: WorkerPlan,
  cache?: LintFileCache,
  statuses?: readonly (string | null | undefined)[],
): Promise<FileOutcome[]> {
  const { sizes } = plan;
  // Each file with the status the cache's look-up took, if any (its thread files it with what the lint finds).
  const queue = files.map((file, index) => ({ index, file, status: statuses?.[index] }));
  queue.sort((a, b) => sizes[b.index]! - sizes[a.index]! || a.index - b.index);
  const next = new Int32Array(new SharedArrayBuffer(4));
  const data: LintWorkerData = {
    crdlintLintWorker: true,
    ruleIds: registryRuleIds(linter)!,
    options: {
      kubernetesVersion: formatKubernetesVersion({ major: 1, minor: linter.minor }),
      preset: options.preset,
      rules: options.rules,
      apiserverGates: options.apiserverGates === true,
      ...(options.applyMethod ? { applyMethod: options.applyMethod } : {}),
      maxFileSizeBytes: options.maxFileSizeBytes ?? DEFAULT_MAX_FILE_SIZE_BYTES,
      cwd: options.cwd ?? process.cwd(),
      ...(cache ? { cache: cache.config } : {}),
    },
    queue,
    next,
  };

  // Done when every file has its outcome and every worker has said it is done (a worker that fails, even one that
  // got no file, fails the run: a broken worker is a bug to see, not to hide behind this thread's work).
  const outcomes = new Array<FileOutcome>(files.length);
  let received = 0;
  let workersDone = 0;
  let failure: unknown = null;
  let settle!: { done: () => void; fail: (e: unknown) => void };
  const finished = new Promise<void>((done, fail) => (settle = { done, fail }));
  // A worker can fail while this thread is still linting, before anything awaits `finished`: without a handler the
  // rejection counts as unhandled (a flaky failure under load). `await finished` below still throws it.
  finished.catch(() => {
    /* handled by `await finished` */
  });
  const check = (): void => {
    if (received === queue.length && workersDone === plan.workers - 1) settle.done();
  };
  const fail = (e: unknown): void => {
    failure ??= e;
    settle.fail(e);
  };

  const workers: Worker[] = [];
  for (let i = 1; i < plan.workers; i++) {
    const w = new Worker(workerUrl(), { workerData: data });
    workers.push(w);
    let done = false;
    w.on("message", (m: LintWorkerMessage) => {
      if ("done" in m) {
        done = true;
        workersDone++;
      } else {
        outcomes[m.index] = m.outcome;
        received++;
      }
      check();
    });
    w.on("error", fail);
    w.on("exit", (code) => {
      if (!done) fail(new Error(`a lint worker stopped early (exit code ${code})`));
    });
  }
  try {
    await takeFiles(
      linter,
      queue,
      next,
      options,
      (index, outcome) => {
        outcomes[index] = outcome;
        received++;
      },
      () => failure !== null,
      cache,
    );
    check();
    await finished;
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return outcomes;
}
