/** The CLI bundle's entry (scripts/bundle.mjs builds dist/bin/crdlint.cjs from it): the command line, and its lint workers. */
export { main } from "./main.js";
/** The launcher's standard input reader (bounded by --max-file-size), so that bin/crdlint.js holds no copy of it. */
export { readStdin } from "../load/files.js";

/** Runs a lint worker thread from the bundle (bundle-worker.js calls it); lint-worker.js serves when loaded on one. */
export async function startLintWorker(): Promise<void> {
  await import("../engine/lint-worker.js");
}

/**
 * The library API, evaluated on first call (the CLI's `--version` never runs it): lib/index.js, the installed
 * package's library entry, re-exports it (scripts/build-lib.mjs).
 */
export function library(): Promise<typeof import("../index.js")> {
  return import("../index.js");
}
