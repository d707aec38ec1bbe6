/** One file in, its outcome out: what every linting thread (this one or a worker) does with each file. */
import { readInput, DEFAULT_MAX_FILE_SIZE_BYTES, type InputText } from "../load/files.js";
import type { Diagnostic } from "../diagnostics/index.js";
import type { Linter, TextResult } from "./lint.js";
import type { LintOptions } from "./files.js";

/** What linting one file gave: its diagnostics and counts, or the failure that stops the whole run. */
export type FileOutcome =
  | { kind: "linted"; diagnostics: Diagnostic[]; counts: Omit<TextResult, "diagnostics"> }
  /** The file cannot be read: a UsageError (exit 2). */
  | { kind: "unreadable"; message: string }
  /** The linter threw (a bug) on a worker thread; on this thread the exception itself propagates. */
  | { kind: "crashed"; message: string; stack?: string };

/** Reads and lints one file. Throws only what the linter throws. */
export async function lintFile(linter: Linter, file: string, options: LintOptions): Promise<FileOutcome> {
  const cwd = options.cwd ?? process.cwd();
  let input;
  try {
    input = await readInput(file, { cwd, maxFileSizeBytes: options.maxFileSizeBytes ?? DEFAULT_MAX_FILE_SIZE_BYTES, stdin: options.stdin });
  } catch (e) {
    return { kind: "unreadable", message: `cannot read ${file}: ${(e as NodeJS.ErrnoException).code === "EACCES" ? "permission denied" : (e as Error).message}` };
  }
  if ("problem" in input) {
    return { kind: "linted", diagnostics: [inputProblemDiagnostic(linter, input)], counts: { documents: 0, crds: 0, resources: 0, skipped: 0, suppressedApiserverErrors: 0 } };
  }
  const { diagnostics, ...counts } = linter.lintText(input.text, file);
  return { kind: "linted", diagnostics, counts };
}


/** The diagnostic for an input that is not parsed: over --max-file-size, or binary. */
export function inputProblemDiagnostic(linter: Pick<Linter, "fileDiagnostic">, input: Extract<InputText, { problem: string }>): Diagnostic {
  return linter.fileDiagnostic(input.file, input.problem === "too-large" ? "size-file-too-large" : "yaml-syntax", input.message);
}
