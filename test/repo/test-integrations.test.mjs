// `crdlint test` in the integrations, checked without running the command: the pre-commit hook crdlint-test (its
// definition, pre-commit's own manifest check when pre-commit is installed, and which staged paths start it), and
// the GitHub Action's command test (its inputs and outputs in action.yml, the inputs it refuses before running
// crdlint, and the reports, outputs and job summary it makes of crdlint test's JSON). test/e2e runs both for real.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";
import { root } from "../helpers/cli.mjs";
import { testReport, testSummaryMarkdown } from "../../action/run.mjs";
import { formatTestResult } from "../../dist/report/test.js";
import { green, mixed } from "../report/test-results.mjs";

const hooks = parse(readFileSync(join(root, ".pre-commit-hooks.yaml"), "utf8"));
const action = parse(readFileSync(join(root, "action.yml"), "utf8"));
const has = (cmd) => spawnSync("sh", ["-c", `command -v ${cmd}`]).status === 0;

test("pre-commit: crdlint-test runs crdlint test once, with no file names, when a suite file is staged", (t) => {
  const hook = hooks.find((h) => h.id === "crdlint-test");
  assert.ok(hook, "the hook crdlint-test is defined");
  assert.equal(hook.entry, "crdlint test");
  assert.equal(hook.language, "node");
  // crdlint test finds the suites (and the CRD manifests they pick) itself: staged names would narrow the run to
  // suites that changed, while a CRD change can break a suite that did not.
  assert.equal(hook.pass_filenames, false);
  assert.equal(hook.minimum_pre_commit_version, hooks[0].minimum_pre_commit_version);
  // pre-commit matches `files` with Python's re.search, which agrees with a JavaScript RegExp on this pattern.
  const files = new RegExp(hook.files);
  for (const staged of [
    "widgets.crdtest.yaml",
    "test/crd/widgets.crdtest.yaml",
    "tests/widgets.example.com/stable.widgets.testsuite.yaml",
    "config/v1/tests/infrastructures.config.openshift.io/AAA_ungated.yaml",
  ])
    assert.match(staged, files, staged);
  for (const other of [
    "config/crd/bases/example.com_widgets.yaml",
    "widgets.crdtest.yaml.orig",
    "tests/widgets.yaml",
    "tests/a/b/c.yaml",
    "mytests/widgets.example.com/a.yaml",
    "config/v1/tests/widgets.example.com/notes.md",
  ])
    assert.doesNotMatch(other, files, other);
  if (!has("pre-commit")) return t.skip("pre-commit is not installed: its manifest check not run");
  const r = spawnSync("pre-commit", ["validate-manifest", join(root, ".pre-commit-hooks.yaml")], { encoding: "utf8" });
  assert.equal(r.status, 0, r.stdout + r.stderr);
});

test("action.yml: command test, its formats, and the outputs passed and failed", () => {
  assert.match(action.inputs.command.description, /\btest\b/);
  assert.match(action.inputs.format.description, /command test: github, json, junit, tap or text/);
  for (const name of ["passed", "failed"]) assert.match(action.outputs[name].description, /^command test: /);
});

/** Runs the Action's entry from source as the runner would, with only the inputs given (the others: defaults). */
function runAction(t, inputs) {
  const dir = mkdtempSync(join(tmpdir(), "crdlint-action-test-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, "output"), "");
  const env = { ...process.env, GITHUB_ACTIONS: "true", GITHUB_WORKSPACE: dir, GITHUB_OUTPUT: join(dir, "output") };
  delete env.GITHUB_STEP_SUMMARY;
  for (const [name, spec] of Object.entries(action.inputs))
    env[`INPUT_${name.toUpperCase()}`] = inputs[name] ?? spec.default ?? "";
  const r = spawnSync(process.execPath, [join(root, "action", "run.mjs")], { cwd: dir, env, encoding: "utf8" });
  return { ...r, output: readFileSync(join(dir, "output"), "utf8") };
}

test("action entry: command test refuses SARIF (a format and a file) before running anything", (t) => {
  const sarif = runAction(t, { command: "test", format: "sarif" });
  assert.equal(sarif.status, 2);
  assert.equal(
    sarif.stdout,
    '::error title=crdlint::format: expected one of github, json, junit, tap, text for command test, got "sarif"\n',
  );
  assert.equal(sarif.output, "exit-code=2\n");
  const file = runAction(t, { command: "test", "sarif-file": "crdlint.sarif" });
  assert.equal(file.status, 2);
  assert.match(file.stdout, /^::error title=crdlint::sarif-file: only for commands lint and validate/);
  // tap is a format of test only.
  const tap = runAction(t, { command: "lint", format: "tap" });
  assert.equal(tap.status, 2);
  assert.match(tap.stdout, /format: expected one of github, sarif, json, junit, text, got "tap"/);
});

test("action: crdlint test's JSON rendered in each format by crdlint's reporters, with the step outputs", () => {
  const json = formatTestResult(mixed, "json", { color: false, toolVersion: "0.0.0" });
  for (const format of ["github", "junit", "tap", "text"]) {
    const report = testReport(json, format, "0.0.0");
    assert.equal(report.text, formatTestResult(mixed, format, { color: false }), format);
  }
  const report = testReport(json, "json", "0.0.0");
  assert.equal(report.text, json, "json is crdlint's output as it is");
  // 4 failed + 1 errored case, and a suite that could not run.
  assert.deepEqual(report.outputs, { errors: 6, warnings: 0, passed: 2, failed: 5 });
  assert.deepEqual(testReport(formatTestResult(green, "json", { color: false }), "github", "0.0.0").outputs, {
    errors: 0,
    warnings: 0,
    passed: 2,
    failed: 0,
  });
  // crdlint stopped before any suite ran: its JSON error object is no report.
  const stopped = JSON.stringify({ tool: "crdlint", version: "0.0.0", error: { message: "bad", exitCode: 2 } });
  assert.equal(testReport(stopped, "github", "0.0.0"), null);
  assert.equal(testReport("", "github", "0.0.0"), null);
});

test("action: the job summary of a test run counts the cases and lists those that did not pass", () => {
  const md = testSummaryMarkdown(JSON.parse(formatTestResult(mixed, "json", { color: false })), 2);
  const lines = md.trimEnd().split("\n");
  assert.deepEqual(lines.slice(0, 3), [
    "### crdlint test",
    "",
    "❌ 7 case(s) in 3 suite(s): 2 passed, 4 failed, 1 errored, 1 suite(s) could not run, Kubernetes 1.33",
  ]);
  assert.equal(lines[4], "| status | location | case | what |");
  assert.equal(
    lines[6],
    '| suite | `config/v2/tests/gadgets.example.com/Gated.yaml:3:1` |  | feature gate "NoSuchGate" is in no FeatureGate manifest of payload-manifests/featuregates |',
  );
  assert.equal(
    lines[7],
    "| failed | `test/widgets.crdtest.yaml:11:5` | widgets › a negative count is rejected [create] | create: the error does not contain the expected text |",
  );
  assert.equal(lines.length, 6 + 1 + 5);
  assert.equal(
    testSummaryMarkdown(green, 0),
    "### crdlint test\n\n✅ 2 case(s) in 1 suite(s): 2 passed, 0 failed, 0 errored, Kubernetes 1.37\n",
  );
});
