// Runs the real CLI (bin/crdlint.js) as a user would, and returns its exit code, stdout, stderr and parsed JSON.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const bin = join(root, "bin", "crdlint.js");

/**
 * `input`: text for standard input; `stdin`: a file descriptor to give it instead (fs.openSync("/dev/zero")).
 * `timeout` (ms): the run is killed past it, and `signal` says so.
 */
export function crdlint(args, { input, cwd = root, env, stdin, timeout } = {}) {
  const r = spawnSync(process.execPath, [bin, ...args], {
    cwd,
    input,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", ...env },
    maxBuffer: 1 << 28,
    // No input: standard input is /dev/null, as in most CI steps (a pipe would be a user piping nothing in).
    ...(stdin !== undefined
      ? { stdio: [stdin, "pipe", "pipe"] }
      : input === undefined
        ? { stdio: ["ignore", "pipe", "pipe"] }
        : {}),
    ...(timeout === undefined ? {} : { timeout, killSignal: "SIGKILL" }),
  });
  let json = null;
  try {
    json = JSON.parse(r.stdout);
  } catch {
    /* not JSON output */
  }
  return { status: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr, json };
}

/**
 * The JSON format adds each rule's documentation URL to every diagnostic (derived from the rule id, and tested in
 * test/cli/linter-habits.test.mjs); tests that compare whole diagnostics with their expectations compare everything else.
 */
export function withoutUrl(diagnostics) {
  return diagnostics.map(({ url, ...d }) => {
    if (url !== `https://github.com/crdlint/crdlint/blob/main/docs/rules/${d.rule}.md`)
      throw new Error(`unexpected url ${url} for ${d.rule}`);
    return d;
  });
}
