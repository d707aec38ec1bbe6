// The GitHub Action: action.yml's composite steps run action/run.mjs with the inputs as INPUT_* variables.
// Here the entry runs as the runner would run it (GITHUB_WORKSPACE, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY set),
// and its annotations, outputs, summary and SARIF (validated against the SARIF 2.1.0 schema) are checked.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";
import { root, crdlint } from "./helpers/cli.mjs";
import { splitArgs } from "../action/run.mjs";

const require = createRequire(import.meta.url);
const entry = join(root, "action", "run.mjs");
const action = parse(readFileSync(join(root, "action.yml"), "utf8"));

function workspace(t) {
  const dir = mkdtempSync(join(tmpdir(), "crdlint-action-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, "config", "crd"), { recursive: true });
  cpSync(join(root, "fixtures", "examples", "widgets-broken.yaml"), join(dir, "config", "crd", "widgets.yaml"));
  cpSync(join(root, "fixtures", "examples", "crontab.yaml"), join(dir, "config", "crd", "crontab.yaml"));
  writeFileSync(join(dir, "output"), "");
  writeFileSync(join(dir, "summary"), "");
  return dir;
}

/** Runs the entry with the env the runner builds from action.yml's `env:` mapping of the given inputs. */
function runAction(dir, inputs) {
  const step = action.runs.steps.find((s) => s.id === "crdlint");
  const env = { ...process.env, GITHUB_ACTIONS: "true", GITHUB_WORKSPACE: dir, GITHUB_OUTPUT: join(dir, "output"), GITHUB_STEP_SUMMARY: join(dir, "summary"), GITHUB_ACTION_PATH: root, GITHUB_BASE_REF: "" };
  for (const [name, expr] of Object.entries(step.env)) {
    const m = /^\$\{\{ inputs\.([\w-]+) \}\}$/.exec(expr);
    assert.ok(m, `${name} maps an input`);
    env[name] = inputs[m[1]] ?? action.inputs[m[1]].default;
  }
  const r = spawnSync(process.execPath, [entry], { cwd: dir, env, encoding: "utf8" });
  const outputs = Object.fromEntries(readFileSync(join(dir, "output"), "utf8").trim().split("\n").filter(Boolean).map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]));
  return { ...r, outputs, summary: readFileSync(join(dir, "summary"), "utf8") };
}

test("action.yml: a composite action on Node whose run step passes every input to the entry", () => {
  assert.equal(action.runs.using, "composite");
  assert.ok(action.runs.steps.some((s) => String(s.uses).startsWith("actions/setup-node@")));
  const step = action.runs.steps.find((s) => s.id === "crdlint");
  assert.match(step.run, /node "\$GITHUB_ACTION_PATH\/action\/run\.mjs"/);
  for (const name of ["paths", "format", "sarif-file", "kubernetes-version", "config", "args", "against"]) {
    assert.ok(name in action.inputs, `input ${name}`);
    assert.equal(step.env[`INPUT_${name.toUpperCase().replace(/-/g, "_")}`], `\${{ inputs.${name} }}`, `input ${name} reaches the entry`);
  }
  assert.equal(action.inputs.format.default, "github");
  for (const name of ["exit-code", "errors", "warnings", "sarif-file"]) assert.equal(action.outputs[name].value, `\${{ steps.crdlint.outputs.${name} }}`);
});

test("action entry: github annotations (as `crdlint lint --format github` prints them), outputs, summary and valid SARIF 2.1.0", async (t) => {
  const dir = workspace(t);
  const r = runAction(dir, { paths: "config/crd", "sarif-file": "reports/crdlint.sarif" });
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stdout, /^::error file=config\/crd\/widgets\.yaml,line=24,col=17,endLine=27,endColumn=1,title=structural-type-missing::spec\.validation\.openAPIV3Schema\.properties\[spec\]\.properties\[size\]\.type: Required value: /m);
  assert.match(r.stdout, /^::error file=config\/crd\/widgets\.yaml,line=29,col=19,.*title=forbidden-unique-items::/m);
  assert.equal(r.stdout, crdlint(["lint", "--format", "github", "config/crd"], { cwd: dir }).stdout, "the annotations are the CLI's");
  assert.deepEqual(r.outputs, { "exit-code": "1", errors: "2", warnings: "0", "sarif-file": join(dir, "reports", "crdlint.sarif") });
  assert.match(r.summary, /^### crdlint\n\n❌ 2 error\(s\), 0 warning\(s\), 0 info\(s\) in 2 file\(s\), 2 CRD\(s\)/);
  assert.match(r.summary, /\| error \| `config\/crd\/widgets\.yaml:24:17` \| `structural-type-missing` \| spec\.validation/);

  const text = readFileSync(join(dir, "reports", "crdlint.sarif"), "utf8");
  assert.equal(text, crdlint(["lint", "--format", "sarif", "config/crd"], { cwd: dir }).stdout, "the SARIF is the CLI's");
  const log = JSON.parse(text);
  const Ajv04 = (await import("ajv-draft-04")).default;
  const validate = new Ajv04({ allErrors: true, strict: false, unicodeRegExp: false }).compile(require("@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json"));
  assert.ok(validate(log), JSON.stringify(validate.errors, null, 2));
  assert.equal(log.version, "2.1.0");
  assert.deepEqual(
    log.runs[0].results.map((x) => [x.ruleId, x.level, x.locations[0].physicalLocation.artifactLocation.uri, x.locations[0].physicalLocation.region.startLine]),
    [
      ["structural-type-missing", "error", "config/crd/widgets.yaml", 24],
      ["forbidden-unique-items", "error", "config/crd/widgets.yaml", 29],
    ],
  );
});

test("action entry: a clean tree exits 0; kubernetes-version, config and args reach crdlint", (t) => {
  const dir = workspace(t);
  const clean = runAction(dir, { paths: "config/crd/crontab.yaml" });
  assert.equal(clean.status, 0, clean.stderr);
  assert.equal(clean.stdout, "");
  assert.equal(clean.outputs["exit-code"], "0");
  assert.match(clean.summary, /✅ 0 error/);
  writeFileSync(join(dir, "crdlint.yaml"), "rules:\n  forbidden-unique-items: warning\n");
  const configured = runAction(dir, { paths: "config/crd", config: "crdlint.yaml", "kubernetes-version": "1.30", args: "--max-warnings 5 --quiet" });
  assert.equal(configured.status, 1);
  assert.match(configured.summary, /Kubernetes 1\.30/);
  // --quiet shows errors only, and the summary counts what it shows (so the warning is not counted).
  assert.equal(configured.outputs.warnings, "0");
  assert.doesNotMatch(configured.stdout, /forbidden-unique-items/, "--quiet shows errors only");
  const json = runAction(dir, { paths: "config/crd", format: "json" });
  assert.deepEqual(JSON.parse(json.stdout).summary, crdlint(["lint", "-f", "json", "config/crd"], { cwd: dir }).json.summary);
});

test("action entry: crdlint's usage errors are one annotation and exit 2", (t) => {
  const dir = workspace(t);
  const bad = runAction(dir, { paths: "config/crd", "kubernetes-version": "9.9" });
  assert.equal(bad.status, 2);
  assert.match(bad.stdout, /^::error title=crdlint::crdlint: .*9\.9/);
  assert.equal(bad.outputs["exit-code"], "2");
  const missing = runAction(dir, { paths: "no/such/dir" });
  assert.equal(missing.status, 2);
  const format = runAction(dir, { format: "xml" });
  assert.equal(format.status, 2);
  assert.match(format.stderr, /format: expected one of/);
});

test("action entry: against (default on a pull request: origin/<base>) lints each CRD as an update of its revision there", (t) => {
  const dir = workspace(t);
  const git = (...args) => spawnSync("git", args, { cwd: dir, encoding: "utf8", env: { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@example.com", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@example.com" } });
  git("init", "-q", "-b", "main");
  git("add", "config/crd/crontab.yaml");
  git("commit", "-q", "-m", "base");
  git("update-ref", "refs/remotes/origin/main", "HEAD");
  const crd = join(dir, "config", "crd", "crontab.yaml");
  writeFileSync(crd, readFileSync(crd, "utf8").replace(/plural: crontabs/, "plural: crontabz"));
  // GITHUB_BASE_REF=main (a pull request) makes origin/main the OLD revision; "none" turns it off.
  const step = action.runs.steps.find((s) => s.id === "crdlint");
  const env = { ...process.env, GITHUB_WORKSPACE: dir, GITHUB_OUTPUT: join(dir, "output"), GITHUB_STEP_SUMMARY: join(dir, "summary"), GITHUB_ACTION_PATH: root, GITHUB_BASE_REF: "main" };
  for (const [name, expr] of Object.entries(step.env)) env[name] = action.inputs[/inputs\.([\w-]+)/.exec(expr)[1]].default;
  env.INPUT_PATHS = "config/crd/crontab.yaml";
  const r = spawnSync(process.execPath, [entry], { cwd: dir, env, encoding: "utf8" });
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stdout, /title=revision-plural-changed::spec\.names\.plural: Invalid value: "crontabz": field is immutable/);
  const off = spawnSync(process.execPath, [entry], { cwd: dir, env: { ...env, INPUT_AGAINST: "none" }, encoding: "utf8" });
  assert.doesNotMatch(off.stdout, /revision-plural-changed/);
});

test("action args split like shell words", () => {
  assert.deepEqual(splitArgs(` --max-warnings 0  --ignore "a b/*.yaml" 'c d' `), ["--max-warnings", "0", "--ignore", "a b/*.yaml", "c d"]);
  assert.deepEqual(splitArgs(""), []);
});
