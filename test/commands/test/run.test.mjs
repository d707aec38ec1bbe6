// `crdlint test` through the library and the CLI: openshift/api's harness semantics (CRD selection, versioned
// install, generateName, status, initialCRDPatches), the native format, failures with file:line, release hints,
// --update, --coverage and exit codes. Fixtures: test/fixtures/test-suites (our own small CRD).
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crdlint } from "../../helpers/cli.mjs";
import { runTests, testExitCode } from "../../../dist/index.js";

const FIXTURES = new URL("../../fixtures/test-suites/", import.meta.url).pathname;

function scratch() {
  const dir = mkdtempSync(join(tmpdir(), "crdlint-test-"));
  cpSync(FIXTURES, dir, { recursive: true });
  return dir;
}

test("every case of both formats passes against the fixture CRD, each run as its harness runs it", async () => {
  const r = await runTests(["."], { cwd: FIXTURES });
  assert.deepEqual(r.problems, []);
  assert.equal(r.cases.length, 11);
  assert.deepEqual(
    r.cases.filter((c) => c.status !== "passed").map((c) => [c.name, c.failure]),
    [],
  );
  assert.deepEqual(
    r.cases.map((c) => c.operation),
    ["create", "create", "update", "create", "status", "create", "create", "create", "update", "update", "update"],
  );
  const pruned = r.cases.find((c) => c.name === "unknown fields are pruned with a warning");
  assert.deepEqual(pruned.warnings, ['unknown field "spec.colour"']);
  assert.equal(testExitCode(r), 0);
});

test("a failing case says where it is, what was expected, what the apiserver answers, and the object diff", async () => {
  const dir = scratch();
  const suite = join(dir, "native/widgets.crdtest.yaml");
  writeFileSync(
    suite,
    readFileSync(suite, "utf8")
      .replace("spec: {replicas: 1, mode: Auto}", "spec: {replicas: 1, mode: Manual}")
      .replace("message: should be greater than or equal to 0", "message: should be less than 0"),
  );
  const { status: code, stdout } = await crdlint(["test", "native", "--no-color"], { cwd: dir });
  assert.equal(code, 1);
  assert.match(
    stdout,
    /^FAIL native\/widgets\.crdtest\.yaml:3:5 native\/widgets\.crdtest\.yaml › a minimal widget is accepted and defaulted \[create\]$/m,
  );
  assert.match(stdout, /^ {4}-  mode: Manual\n {4}\+  mode: Auto$/m);
  assert.match(stdout, /^FAIL native\/widgets\.crdtest\.yaml:8:5 .* › a negative count is rejected \[create\]$/m);
  assert.match(
    stdout,
    /Widget\.example\.com "a-negative-count-is-rejected" is invalid: spec\.replicas: Invalid value: -1: spec\.replicas in body should be greater than or equal to 0/,
  );
  assert.match(stdout, /5 cases in 1 suite: 3 passed, 2 failed, 0 errored \(Kubernetes 1\.37, /);
});

test("an expectation written in another release's words says at which releases it passes", async () => {
  const dir = scratch();
  writeFileSync(
    join(dir, "native/hint.crdtest.yaml"),
    `crd: widgets.crd.yaml
tests:
  - name: mode is immutable, in the words of an older release
    oldObject: {spec: {mode: Auto}}
    object: {spec: {mode: Manual}}
    expectedError: 'spec: Invalid value: "object": mode is immutable'
`,
  );
  const at37 = await runTests(["native/hint.crdtest.yaml"], { cwd: dir, kubernetesVersion: "1.37" });
  assert.equal(at37.cases[0].status, "failed");
  assert.match(at37.cases[0].failure.passesAt, /^1\.25–1\.3\d$/);
  const at33 = await runTests(["native/hint.crdtest.yaml"], { cwd: dir, kubernetesVersion: "1.33" });
  assert.equal(at33.cases[0].status, "passed");
});

test("--update fills each TODO with the apiserver's answer, and the suite then passes", async () => {
  const dir = scratch();
  const native = join(dir, "native/widgets.crdtest.yaml");
  writeFileSync(
    native,
    readFileSync(native, "utf8")
      .replace("    expected:\n      spec: {replicas: 1, mode: Auto}", "    expected: TODO")
      .replace("expectedError: mode is immutable", "expectedError: TODO"),
  );
  const openshift = join(dir, "openshift/widgets/v1/tests/widgets.example.com/AAA_ungated.yaml");
  writeFileSync(
    openshift,
    readFileSync(openshift, "utf8").replace(
      'expectedError: "spec.replicas: Invalid value: -1: spec.replicas in body should be greater than or equal to 0"',
      "expectedError: TODO",
    ),
  );
  const first = await crdlint(["test", "--update", "--no-color"], { cwd: dir });
  assert.equal(first.status, 0, first.stdout + first.stderr);
  const text = readFileSync(native, "utf8");
  assert.match(text, /expectedError: "spec: Invalid value: mode is immutable"/);
  assert.match(text, /    expected: \n      spec:\n        mode: Auto\n        replicas: 1\n/);
  assert.match(
    readFileSync(openshift, "utf8"),
    /expectedError: "spec\.replicas: Invalid value: -1: spec\.replicas in body should be greater than or equal to 0"/,
  );
  const again = await runTests(["."], { cwd: dir });
  assert.equal(again.summary.failed + again.summary.errored, 0);
});

test("openshift/api's CRD selection: feature gates pick the manifest, keys match as encoding/json matches them", async () => {
  const dir = mkdtempSync(join(tmpdir(), "crdlint-test-gates-"));
  const crd = readFileSync(join(FIXTURES, "openshift/widgets/v1/zz_generated.crd-manifests/widgets.crd.yaml"), "utf8");
  const manifests = join(dir, "widgets/v1/zz_generated.crd-manifests");
  mkdirSync(manifests, { recursive: true });
  const annotated = (set) =>
    crd.replace(
      "  name: widgets.example.com\n",
      `  name: widgets.example.com\n  annotations:\n    include.release.openshift.io/self-managed-high-availability: "true"\n    release.openshift.io/feature-set: ${set}\n`,
    );
  writeFileSync(join(manifests, "widgets-Default.crd.yaml"), annotated("Default"));
  writeFileSync(join(manifests, "widgets-TechPreviewNoUpgrade.crd.yaml"), annotated("TechPreviewNoUpgrade"));
  const gates = join(dir, "payload-manifests/featuregates");
  mkdirSync(gates, { recursive: true });
  for (const [set, enabled, disabled] of [
    ["Default", [], ["Gadget"]],
    ["TechPreviewNoUpgrade", ["Gadget"], []],
  ])
    writeFileSync(
      join(gates, `featureGate-SelfManagedHA-${set}.yaml`),
      `apiVersion: config.openshift.io/v1
kind: FeatureGate
metadata:
  annotations:
    include.release.openshift.io/self-managed-high-availability: "true"
    release.openshift.io/feature-set: ${set}
  name: cluster
status:
  featureGates:
  - enabled: [${enabled.map((n) => `{name: ${n}}`).join(", ")}]
    disabled: [${disabled.map((n) => `{name: ${n}}`).join(", ")}]
    version: ""
`,
    );
  const tests = join(dir, "widgets/v1/tests/widgets.example.com");
  mkdirSync(tests, { recursive: true });
  const suite = (gate) => `name: Widget
name: "Widget ${gate}"
CRDName: widgets.example.com
featureGates: ["${gate}"]
tests:
  onCreate:
  - name: accepted
    initial: |
      apiVersion: example.com/v1
      kind: Widget
      spec: {}
    expected: |
      apiVersion: example.com/v1
      kind: Widget
      spec:
        mode: Auto
`;
  writeFileSync(join(tests, "Gadget.yaml"), suite("Gadget"));
  writeFileSync(join(tests, "-Gadget.yaml"), suite("-Gadget"));
  writeFileSync(join(tests, "Unknown.yaml"), suite("Unknown"));
  const r = await runTests(["."], { cwd: dir });
  const picked = Object.fromEntries(r.cases.map((c) => [c.suite, c.crdFile.split("/").pop()]));
  assert.deepEqual(picked, {
    "Widget Gadget": "widgets-TechPreviewNoUpgrade.crd.yaml",
    "Widget -Gadget": "widgets-Default.crd.yaml",
  });
  assert.equal(r.problems.length, 1);
  assert.match(r.problems[0].message, /unable to find featureGate\/Unknown/);
  assert.equal(testExitCode(r), 2);
  const cli = await crdlint(["test", "--no-color"], { cwd: dir });
  assert.equal(cli.status, 2);
});

test("--coverage lists the checks no case makes fail, with where they are written", async () => {
  const r = await runTests(["native"], { cwd: FIXTURES, coverage: true });
  const byCheck = Object.fromEntries(r.coverage.items.map((i) => [`${i.path} ${i.check}`, [i.failed, i.passed]]));
  assert.deepEqual(byCheck["spec.replicas minimum"], [true, true]);
  assert.deepEqual(byCheck["status.ready minimum"], [false, true]);
  assert.deepEqual(byCheck["spec.size maxLength"], [false, false]);
  const rule = r.coverage.items.find((i) => i.check.startsWith("rule"));
  // Failed by the update that changes the mode; held by the status update, which runs it on the unchanged mode.
  assert.deepEqual([rule.failed, rule.passed, rule.line], [true, true, 22]);
});

test("bad input: a path that does not exist is a usage error (exit 2), a file that is no suite a problem", async () => {
  const missing = await crdlint(["test", "no-such-dir"], { cwd: FIXTURES });
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /no-such-dir: no such file or directory/);
  const dir = mkdtempSync(join(tmpdir(), "crdlint-test-bad-"));
  writeFileSync(join(dir, "x.crdtest.yaml"), "kind: Nothing\n");
  const bad = await crdlint(["test", "x.crdtest.yaml", "--no-color"], { cwd: dir });
  assert.equal(bad.status, 2);
  assert.match(bad.stdout, /x\.crdtest\.yaml:1:1 error: not a test suite/);
  assert.doesNotMatch(bad.stdout + bad.stderr, /\n\s+at /);
});

test("--compare spec-status compares only spec and status (harnesses copied from openshift/api's)", async () => {
  const dir = scratch();
  const suite = join(dir, "native/widgets.crdtest.yaml");
  writeFileSync(
    suite,
    readFileSync(suite, "utf8").replace(
      "    expected:\n      spec: {replicas: 1, mode: Auto}",
      "    expected:\n      kind: Gadget\n      spec: {replicas: 1, mode: Auto}",
    ),
  );
  const whole = await runTests(["native"], { cwd: dir });
  assert.equal(whole.summary.failed, 1);
  const specStatus = await runTests(["native"], { cwd: dir, compare: "spec-status" });
  assert.equal(specStatus.summary.failed, 0);
});
