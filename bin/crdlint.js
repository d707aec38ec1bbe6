#!/usr/bin/env node
// Thin launcher: the CLI returns an exit code, only this file touches process.exitCode.
// It runs the CLI bundle, compiled with V8's code cache: in a development checkout, the one `npm run build:dist` made
// (dist/, not committed); everywhere else, the committed build (lib/, `npm run build:lib`), which is what every install
// of crdlint runs, so that none needs a build on the user's machine (test/repo/lib.test.mjs keeps lib/ equal to a build).
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { fstatSync } from "node:fs";

const build = existsSync(new URL("../dist/bin/crdlint.cjs", import.meta.url)) ? "dist" : "lib";
const { loadBundle, tuneTierUp } = await import(`../${build}/cli/compile-cache.js`);
// Before the bundle is compiled: V8 optimizes later, which costs a short run less (see tuneTierUp).
tuneTierUp();

const argv = process.argv.slice(2);
// A reader that stops early (`crdlint lint -f sarif . | head`) closes the pipe: stop quietly, as cat does, rather than
// dying on an unhandled EPIPE with a stack trace.
for (const stream of [process.stdout, process.stderr])
  stream.on("error", (e) => {
    if (e.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw e;
  });
// A pipe, a socket or a non-empty file on standard input (fstat reads nothing from it): crdlint says how to lint it.
function stdinIsPipe() {
  try {
    const st = fstatSync(0);
    return st.isFIFO() || st.isSocket() || (st.isFile() && st.size > 0);
  } catch {
    return false;
  }
}
const bundle = loadBundle(fileURLToPath(new URL(`../${build}/bin/crdlint.cjs`, import.meta.url)));

const io = {
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
  cwd: process.cwd(),
  isTTY: Boolean(process.stdout.isTTY),
  stdinIsTTY: Boolean(process.stdin.isTTY),
  stdinIsPipe: stdinIsPipe(),
  columns: process.stdout.isTTY ? process.stdout.columns : undefined,
  env: process.env,
  // Stops past the limit it is given (--max-file-size): `crdlint lint - < /dev/zero` ends.
  stdin: (maxBytes) => bundle.exports.readStdin(maxBytes),
};

process.exitCode = await bundle.exports.main(argv, io);
// The cache keeps what this run compiled: only a lint or cost run compiles what a lint needs.
const light =
  argv.some((a) => ["-v", "--version", "-h", "--help"].includes(a)) ||
  ["rules", "help"].includes(argv.find((a) => !a.startsWith("-")));
if (!light) bundle.saveCache();
