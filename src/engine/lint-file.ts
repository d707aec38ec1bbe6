/** One file in, its outcome out: what every linting thread (this one or a worker) does with each file. */
import { readInput, DEFAULT_MAX_FILE_SIZE_BYTES, NoInputError, type InputText } from "../load/files.js";
import { inputLayout, type LayoutCache } from "../load/layout.js";
import type { Diagnostic } from "../diagnostics/index.js";
import type { Linter, TextResult } from "./lint.js";
import type { LintOptions } from "./files.js";
import type { LintFileCache } from "./lint-cache.js";

/** What linting one file gave: its diagnostics and counts, or the failure that stops the whole run. */
export type FileOutcome =
  | { kind: "linted"; diagnostics: Diagnostic[]; counts: Omit<TextResult, "diagnostics"> }
  /** The file cannot be read: a UsageError (exit 2). */
  | { kind: "unreadable"; message: string }
  /** The linter threw (a bug) on a worker thread; on this thread the exception itself propagates. */
  | { kind: "crashed"; message: string; stack?: string };

type ReadOutcome = (InputText & { status?: string | null }) | Extract<FileOutcome, { kind: "unreadable" }>;

/**
 * A file's text (with its status as the cache files it when there is a cache: `status` when the run took it already,
 * else taken now, before the read), or why it has none.
 */
async function readForLint(
  file: string,
  options: LintOptions,
  cache?: LintFileCache,
  status?: string | null,
): Promise<ReadOutcome> {
  try {
    if (cache && status === undefined) status = file !== "-" ? await cache.status(file) : null;
    const input = await readInput(file, {
      cwd: options.cwd ?? process.cwd(),
      maxFileSizeBytes: options.maxFileSizeBytes ?? DEFAULT_MAX_FILE_SIZE_BYTES,
      stdin: options.stdin,
    });
    return cache ? { ...input, status: status ?? null } : input;
  } catch (e) {
    if (e instanceof NoInputError) return { kind: "unreadable", message: e.message };
    return {
      kind: "unreadable",
      message: `cannot read ${file}: ${(e as NodeJS.ErrnoException).code === "EACCES" ? "permission denied" : (e as Error).message}`,
    };
  }
}

function lintRead(
  linter: Linter,
  file: string,
  input: ReadOutcome,
  cwd: string,
  layouts: LayoutCache,
  cache?: LintFileCache,
): FileOutcome {
  if ("kind" in input) return input;
  if ("problem" in input) {
    return {
      kind: "linted",
      diagnostics: [inputProblemDiagnostic(linter, input)],
      counts: { documents: 0, crds: 0, resources: 0, skipped: 0, suppressedApiserverErrors: 0 },
    };
  }
  // Where the file sits (a chart's templates/ or crds/, a kustomize patch) changes how it is read.
  const layout = inputLayout(file, cwd, layouts);
  const known = cache && file !== "-" ? cache.sameContent(file, layout, input.text) : undefined;
  if (known?.outcome) {
    // The same text again: the status is refreshed, so that the next run need not read it.
    if (input.status) cache!.record(file, input.status, known.digest, layout, known.outcome);
    return known.outcome;
  }
  const { diagnostics, ...counts } = linter.lintText(input.text, file, undefined, layout);
  const outcome = { kind: "linted" as const, diagnostics, counts };
  if (known) cache!.record(file, input.status ?? null, known.digest, layout, outcome);
  return outcome;
}

/** How lintEach goes on: `onThrow`, `readAhead` and `cache` as it says. */
export interface LintEachOptions {
  onThrow?: (e: unknown) => FileOutcome;
  readAhead?: number;
  cache?: LintFileCache;
}

/**
 * Reads and lints the files `next` hands out, one after another, the next files' reads started before this one is
 * linted. A regular file is read at once (readInput reads it synchronously: through the thread pool the reads of the
 * corpus took about 6% more CPU, and waiting for them left this thread idle); a pipe or a device is read meanwhile.
 * `emit` gets each outcome. A linter that throws ends the loop with that exception, or, with `onThrow`, gives that
 * file's outcome (how a worker reports it). `readAhead`: how many files are read ahead of the one being linted (small
 * files lint faster than a read takes; threads that share a queue keep it at one, so that none hoards big files).
 * `cache`: a file whose text an earlier run linted takes that run's outcome, and each file linted is filed there.
 */
export async function lintEach<K>(
  linter: Linter,
  next: () => { key: K; file: string; status?: string | null } | undefined,
  options: LintOptions,
  emit: (key: K, outcome: FileOutcome) => void,
  { onThrow, readAhead = 1, cache }: LintEachOptions = {},
): Promise<void> {
  const ahead: { key: K; file: string; reading: Promise<ReadOutcome> }[] = [];
  // The files of one directory share their layout's checks (a chart, a kustomization above them).
  const layouts: LayoutCache = new Map();
  let exhausted = false; // `next` is not asked again once it has said there is no more
  const fill = (): void => {
    while (!exhausted && ahead.length <= readAhead) {
      const task = next();
      if (!task) exhausted = true;
      else ahead.push({ ...task, reading: readForLint(task.file, options, cache, task.status) });
    }
  };
  fill();
  for (let current = ahead.shift(); current; current = ahead.shift()) {
    const input = await current.reading;
    fill();
    let outcome: FileOutcome;
    try {
      outcome = lintRead(linter, current.file, input, options.cwd ?? process.cwd(), layouts, cache);
    } catch (e) {
      if (!onThrow) throw e;
      outcome = onThrow(e);
    }
    emit(current.key, outcome);
  }
}

/** The diagnostic for an input that is not parsed: over --max-file-size, or binary. */
export function inputProblemDiagnostic(
  linter: Pick<Linter, "fileDiagnostic">,
  input: Extract<InputText, { problem: string }>,
): Diagnostic {
  return linter.fileDiagnostic(
    input.file,
    input.problem === "too-large" ? "size-file-too-large" : "yaml-syntax",
    input.message,
  );
}
