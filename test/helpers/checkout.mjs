// Helpers for the tests that treat this checkout as a package or a hook repository: a copy of the working
// tree as it is now (committed or not), and an environment for child npm/git processes.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { root } from "./cli.mjs";

/** The files of the working tree that git would commit (tracked, and untracked but not ignored), or null outside git. */
export function workingTreeFiles() {
  const r = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  });
  if (r.status !== 0) return null;
  const seen = new Set();
  const files = [];
  for (const f of r.stdout.split("\0")) {
    if (!f || seen.has(f)) continue;
    seen.add(f);
    // A file deleted in the working tree but still in the index is not there to copy.
    if (existsSync(join(root, f))) files.push(f);
  }
  return files;
}

/** A new temporary directory, removed when the test `t` ends. */
export function tempDir(t, prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Copies the working tree into a new temporary directory removed when `t` ends; returns its path (null outside git). */
export function copyWorkingTree(t, prefix) {
  const files = workingTreeFiles();
  if (!files) return null;
  const dir = tempDir(t, prefix);
  for (const f of files) {
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    cpSync(join(root, f), join(dir, f));
  }
  return dir;
}

/**
 * The environment for a child npm: without the npm_* variables that `npm test` sets for its own script
 * (they would make the child act on this checkout's configuration), and preferring the local cache.
 */
export function npmEnv(extra = {}) {
  const env = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^npm_/i.test(k)) env[k] = v;
  return {
    ...env,
    npm_config_prefer_offline: "true",
    npm_config_audit: "false",
    npm_config_fund: "false",
    npm_config_update_notifier: "false",
    NO_COLOR: "1",
    ...extra,
  };
}

/** True when npm failed because the registry could not be reached (then a test skips, saying so). */
export function registryUnreachable(stderr) {
  return /E(NOTFOUND|AI_AGAIN|CONNREFUSED|CONNRESET|TIMEDOUT|NETUNREACH)|ENOTCACHED|network/i.test(stderr);
}
