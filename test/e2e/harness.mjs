// The end-to-end tests' world: crdlint installed as a user has it, and the projects of projects.mjs built once per test
// file, each as a forge repository and the user's clone of it (origin/* refs), on the branch a pull request is on.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { root } from "../helpers/cli.mjs";
import {
  buildChannels,
  buildCharts,
  buildOperator,
  buildTemplated,
  git,
  gitEnv,
  operatorPullRequest,
} from "./projects.mjs";

export const work = mkdtempSync(join(tmpdir(), "crdlint-e2e-"));
process.on("exit", () => rmSync(work, { recursive: true, force: true }));

// crdlint as a user has it: a `crdlint` on PATH, and the package in each project's node_modules for npx.
export const binDir = join(work, "bin");
mkdirSync(binDir);
symlinkSync(join(root, "bin", "crdlint.js"), join(binDir, "crdlint"));
export const has = (cmd) => spawnSync("sh", ["-c", `command -v ${cmd}`]).status === 0;

function installInto(project) {
  mkdirSync(join(project, "node_modules", ".bin"), { recursive: true });
  symlinkSync(root, join(project, "node_modules", "crdlint"));
  symlinkSync(join("..", "crdlint", "bin", "crdlint.js"), join(project, "node_modules", ".bin", "crdlint"));
  writeFileSync(join(project, ".git", "info", "exclude"), "node_modules/\n");
}

/**
 * The projects, built once: each is an upstream repository (standing for the one on the forge) and a clone of it (the user's
 * checkout, with origin/* refs), on the branch given. null when the corpus files it needs are absent.
 */
export function project(name, build, branch = "main", after) {
  const upstream = build(join(work, `${name}-upstream`));
  if (!upstream) return null;
  after?.(upstream);
  const checkout = join(work, name);
  spawnSync("git", ["clone", "-q", "--no-hardlinks", upstream, checkout], { env: gitEnv });
  git(["checkout", "-q", branch], checkout);
  installInto(checkout);
  return checkout;
}

export const projects = {
  operator: project("operator", buildOperator, "remove-v1alpha1", operatorPullRequest),
  channels: project("channels", buildChannels, "release-1.1"),
  charts: project("charts", buildCharts, "traefik-35"),
  templated: project("templated", buildTemplated),
};

/** Runs one recipe line with bash in `cwd`, standard input /dev/null as in CI (or `input`). */
export function sh(line, cwd, { input, env } = {}) {
  const r = spawnSync("bash", ["-c", line], {
    cwd,
    input,
    stdio: [input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
    encoding: "utf8",
    env: {
      ...gitEnv,
      PATH: `${binDir}${delimiter}${process.env.PATH}`,
      NO_COLOR: "1",
      npm_config_update_notifier: "false",
      ...env,
    },
    maxBuffer: 1 << 28,
    timeout: 300_000,
  });
  let json = null;
  try {
    json = JSON.parse(r.stdout);
  } catch {
    /* not JSON */
  }
  return { ...r, json, out: r.stdout + r.stderr };
}
