// Every recipe of the README, run exactly as written on git repositories in the layouts of real projects
// (test/e2e/projects.mjs: a kubebuilder operator with kustomize patches and release tags, two release channels, a
// Helm chart repository, a chart whose CRDs sit in templates/), with crdlint installed as the README says a user
// has it: on PATH (`crdlint ...`) and in the project's node_modules (`npx crdlint ...`). Paths the README writes
// as placeholders (crds/, samples/, old/ new/, live.yaml) are the project's own; nothing else in a line changes.
// Each run must exit as documented, with no false error and every real finding present.
//
// A README line that runs crdlint and is not in RECIPES below fails the first test: a recipe never goes untested.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { root } from "../helpers/cli.mjs";
import { buildChannels, buildCharts, buildOperator, buildTemplated, git, gitEnv, operatorPullRequest } from "./projects.mjs";
import { readmeCommandLines } from "./recipes.mjs";

const work = mkdtempSync(join(tmpdir(), "crdlint-e2e-"));
process.on("exit", () => rmSync(work, { recursive: true, force: true }));

// crdlint as a user has it: a `crdlint` on PATH, and the package in each project's node_modules for npx.
const binDir = join(work, "bin");
mkdirSync(binDir);
symlinkSync(join(root, "bin", "crdlint.js"), join(binDir, "crdlint"));
const has = (cmd) => spawnSync("sh", ["-c", `command -v ${cmd}`]).status === 0;

function installInto(project) {
  mkdirSync(join(project, "node_modules", ".bin"), { recursive: true });
  symlinkSync(root, join(project, "node_modules", "crdlint"));
  symlinkSync(join("..", "crdlint", "bin", "crdlint.js"), join(project, "node_modules", ".bin", "crdlint"));
  writeFileSync(join(project, ".git", "info", "exclude"), "node_modules/\n");
}

/**
 * The projects, built once: each is a bare "remote" (the repository on the forge) and a clone of it (the user's
 * checkout, with origin/* refs), on the branch given. null when the corpus files it needs are absent.
 */
function project(name, build, branch = "main", after) {
  const upstream = build(join(work, `${name}-upstream`));
  if (!upstream) return null;
  after?.(upstream);
  const checkout = join(work, name);
  spawnSync("git", ["clone", "-q", "--no-hardlinks", upstream, checkout], { env: gitEnv });
  git(["checkout", "-q", branch], checkout);
  installInto(checkout);
  return checkout;
}

const projects = {
  operator: project("operator", buildOperator, "remove-v1alpha1", operatorPullRequest),
  channels: project("channels", buildChannels),
  charts: project("charts", buildCharts),
  templated: project("templated", buildTemplated),
};

/** Runs one recipe line with bash in `cwd`, standard input /dev/null as in CI (or `input`). */
function sh(line, cwd, { input, env } = {}) {
  const r = spawnSync("bash", ["-c", line], {
    cwd,
    input,
    stdio: [input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
    encoding: "utf8",
    env: { ...gitEnv, PATH: `${binDir}${delimiter}${process.env.PATH}`, NO_COLOR: "1", ...env },
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

const errors = (json) => json.diagnostics.filter((d) => d.severity === "error");
const rulesOf = (json) => new Set(json.diagnostics.map((d) => d.rule));

export const RECIPES = {};
