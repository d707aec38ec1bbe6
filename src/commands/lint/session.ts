/**
 * A lint session (the library's openLintSession): one open document linted again and again as it is edited, each
 * call given the whole text, each result the one lintText gives for that text with the session's options. The
 * session keeps its engine and what the last text's lint found (src/engine/incremental.ts), so that a re-lint after
 * an edit pays mostly for what the edit changed.
 */
import type { LintResult } from "../../diagnostics/index.js";
import { allRules } from "../../rules/index.js";
import { UsageError, type LintOptions } from "../../engine/files.js";
import { checkOptions } from "../../engine/options.js";
import { IncrementalLinter } from "../../engine/incremental.js";
import { textLinter, textResult } from "./index.js";
import type { Linter } from "../../engine/lint.js";

export interface LintSession {
  /**
   * Lints the document's whole current text (YAML or JSON, one or more documents), named `file` (default the
   * session's `options.file`, else `<text>`): the same LintResult as `lintText(text, { ...options, file })`.
   * Calls are answered in order; the one before need not be awaited.
   */
  lint(text: string, file?: string): Promise<LintResult>;
  /** Drops what the session holds; a lint after it is a UsageError. */
  dispose(): void;
}

/**
 * Opens a session with fixed options (the options of lintText; a configuration change is a new session). Throws
 * UsageError for an option crdlint does not know, as lintText does.
 */
export function openLintSession(options: LintOptions & { file?: string } = {}): LintSession {
  checkOptions(
    "lintText",
    options,
    allRules.map((r) => r.id),
  );
  const fixed = { ...options };
  let linter: Promise<{ linter: Linter; incremental: IncrementalLinter }> | null = null;
  let disposed = false;
  // Each call waits for the one before: the incremental state is the last text's.
  let queue: Promise<unknown> = Promise.resolve();
  const run = async (text: string, file: string): Promise<LintResult> => {
    if (disposed) throw new UsageError("lint session: used after dispose()");
    linter ??= textLinter(fixed, true).then((l) => ({ linter: l, incremental: new IncrementalLinter(l) }));
    const { linter: l, incremental } = await linter;
    return textResult(l, incremental.lint(text, file));
  };
  return {
    lint(text, file) {
      if (typeof text !== "string")
        return Promise.reject(new UsageError(`lint session: text: expected a string, got ${typeof text}`));
      if (file !== undefined && typeof file !== "string")
        return Promise.reject(new UsageError(`lint session: file: expected a string, got ${typeof file}`));
      const answer = queue.then(() => run(text, file ?? fixed.file ?? "<text>"));
      queue = answer.catch(() => undefined);
      return answer;
    },
    dispose() {
      disposed = true;
      linter = null;
    },
  };
}
