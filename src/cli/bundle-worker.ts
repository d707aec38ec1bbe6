/**
 * A lint worker thread of the CLI: runs the same bundle as the main thread, from the same code cache, and serves
 * (src/engine/parallel.ts starts it: esbuild's define CRDLINT_BUNDLE_WORKER points there).
 */
import { fileURLToPath } from "node:url";
import { loadBundle } from "./compile-cache.js";

const bundle = loadBundle<{ startLintWorker(): Promise<void> }>(
  fileURLToPath(new URL("../bin/crdlint.cjs", import.meta.url)),
);
await bundle.exports.startLintWorker();
