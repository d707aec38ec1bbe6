// crdlint test over several releases (`-k 1.28..1.37`, `-k supported`): every case at every release in one run.
// Through the library, each case's result at each release is exactly a run at that release's, a case passes only if
// it passes at every release, and the counts per release are those runs'; through the CLI, the whole text output and
// the exit code; each format's report of a range run is its golden file (test/report/golden/test-range-*.golden).
// A run at one release hints, for each failing case, the releases that pass it: exactly those where a run passes it.
// Fixtures: test/fixtures/test-suites-releases (our own: an error text that changes at 1.35, a CRD rejected before
// 1.31), test/fixtures/test-suites (both formats) and test/fixtures/test-suites-hints (failing cases for the hints).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { formatTestResult, runTests, testExitCode } from "../../../dist/index.js";
import {
  CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS,
  enabledByDefault,
  knownReleases,
  supportedReleases,
} from "../../../dist/k8s/releases.js";
import { describeReleases } from "../../../dist/k8s/version.js";
import { crdlint, root } from "../../helpers/cli.mjs";

const RELEASES = "test/fixtures/test-suites-releases";
const SUITES = "test/fixtures/test-suites";
const HINTS = "test/fixtures/test-suites-hints";
const minors = (a, b) => Array.from({ length: b - a + 1 }, (_, i) => `1.${a + i}`);

test("library: at each release of 1.28..1.37, every case's result is a run's at that release", async () => {
  const paths = [RELEASES, SUITES];
  const range = await runTests(paths, { cwd: root, kubernetesVersion: "1.28..1.37" });
  assert.equal(range.kubernetesVersion, "1.28..1.37");
  assert.deepEqual(range.releases, minors(28, 37));
  assert.deepEqual(range.problems, []);
  // The fixtures' results do change across the range.
  assert.ok(range.cases.some((c) => c.byRelease.length > 1));
  for (const release of range.releases) {
    const one = await runTests(paths, { cwd: root, kubernetesVersion: release, releaseHints: false });
    assert.equal("releases" in one, false);
    assert.ok(one.cases.every((c) => !("byRelease" in c)));
    assert.equal(one.cases.length, range.cases.length);
    one.cases.forEach((c, i) => {
      const r = range.cases[i];
      assert.deepEqual([r.file, r.line, r.name, r.crdFile], [c.file, c.line, c.name, c.crdFile]);
      const { releases, ...at } = r.byRelease.find((g) => g.releases.includes(release));
      assert.deepEqual(
        at,
        { status: c.status, ...(c.failure ? { failure: c.failure } : {}), warnings: c.warnings },
        `${c.name} at ${release}`,
      );
    });
    const { durationMs, ...counts } = one.summary;
    assert.deepEqual(range.summaryByRelease[release], counts, `counts at ${release}`);
  }
  // A case passes only if it passes at every release; otherwise it is as bad as its worst release.
  for (const c of range.cases) {
    const statuses = c.byRelease.map((g) => g.status);
    const worst = statuses.includes("errored") ? "errored" : statuses.includes("failed") ? "failed" : "passed";
    assert.equal(c.status, worst, c.name);
    assert.deepEqual(c.failure, c.byRelease.find((g) => g.failure)?.failure);
  }
  assert.equal(testExitCode(range), 1);
});

// A run at one release tries each failing case at the other releases with CEL (its release hints), sharing results and
// whole outcomes between them as a range run does: the hint must name exactly the releases a run at each passes it at.
test("library: a failing case's release hints are the releases at which a run at each passes it", async () => {
  const paths = [RELEASES, SUITES, HINTS];
  const hinted = await runTests(paths, { cwd: root, kubernetesVersion: "1.37" });
  const others = knownReleases().filter((m) => m !== 37 && enabledByDefault(CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS, m));
  const passing = hinted.cases.map(() => []);
  for (const minor of others) {
    const one = await runTests(paths, { cwd: root, kubernetesVersion: `1.${minor}`, releaseHints: false });
    one.cases.forEach((c, i) => {
      if (c.status === "passed") passing[i].push(minor);
    });
  }
  const failing = hinted.cases.filter((c) => c.status === "failed");
  // The fixtures have failing cases that pass elsewhere (an update among them, and one whose CRD the apiserver rejects
  // before 1.31), and some that pass nowhere.
  assert.deepEqual(
    failing.map((c) => c.failure.passesAt),
    ["1.25–1.34", "1.31–1.34", "1.31–1.34", undefined, undefined],
  );
  hinted.cases.forEach((c, i) => {
    if (c.status !== "failed") return assert.equal(c.failure?.passesAt, undefined, c.name);
    const expected = passing[i].length > 0 ? describeReleases(passing[i]) : undefined;
    assert.equal(c.failure.passesAt, expected, c.name);
  });
});

test("library: one release is unchanged; --update takes one release; a bad range is a usage error", async () => {
  const one = await runTests([SUITES], { cwd: root, kubernetesVersion: "1.37" });
  assert.equal(one.kubernetesVersion, "1.37");
  assert.equal("summaryByRelease" in one, false);
  await assert.rejects(() => runTests([RELEASES], { cwd: root, kubernetesVersion: "1.30..1.31", update: true }), {
    name: "UsageError",
    message: /update: fills each TODO with one release's answer; give one release \(-k 1\.N\), not a range/,
  });
  await assert.rejects(() => runTests([RELEASES], { cwd: root, kubernetesVersion: "1.31..1.30" }), {
    name: "UsageError",
    message: /kubernetesVersion: empty range of releases "1.31..1.30"/,
  });
});

const CIDR_ERROR_129 = `install CRD: the apiserver rejects the CRD ${RELEASES}/networks.crd.yaml: spec.validation.openAPIV3Schema.properties[spec].properties[cidr].x-kubernetes-validations[0].rule: Invalid value: {"Rule":"isCIDR(self)","Message":"not a… (121 characters; --format json has it whole): compilation failed: ERROR: <input>:1:7: undeclared reference to 'isCIDR' (in container '')`;
const CIDR_ERROR_130 = `install CRD: the apiserver rejects the CRD ${RELEASES}/networks.crd.yaml: spec.validation.openAPIV3Schema.properties[spec].properties[cidr].x-kubernetes-validations[0].rule: Invalid value: apiextensions.ValidationRule{Rule:"isCIDR(self)", Message:"not a… (189 characters; --format json has it whole): compilation failed: ERROR: <input>:1:7: undeclared reference to 'isCIDR' (in container '')`;

/** The run's duration, which no two runs share. */
const withoutDuration = (text) => text.replace(/, \d+ ms\)|, \d+\.\d s\)/g, ", <duration>)");

test("CLI: test -k 1.28..1.37, the whole text: the releases each case fails at, where it passes, counts per release", () => {
  const r = crdlint(["test", "-k", "1.28..1.37", RELEASES]);
  assert.equal(r.stderr, "");
  assert.equal(r.status, 1);
  assert.equal(
    withoutDuration(r.stdout),
    `FAIL ${RELEASES}/gadgets.crdtest.yaml:7:5 gadgets › too many replicas, as the error read before 1.35 [create]
  fails at 1.35–1.37:
    create: the error does not contain the expected text
    expected error: spec.replicas: Invalid value: "integer": at most 10 replicas
    actual:         Gadget.example.com "too-many-replicas-as-the-error-read-before-1-35" is invalid: spec.replicas: Invalid value: 11: at most 10 replicas
  passes at 1.28–1.34

ERROR ${RELEASES}/networks.crdtest.yaml:4:5 networks › a CIDR is accepted [create]
  errors at 1.28–1.29:
    ${CIDR_ERROR_129}
  errors at 1.30:
    ${CIDR_ERROR_130}
  passes at 1.31–1.37

ERROR ${RELEASES}/networks.crdtest.yaml:6:5 networks › a host name is not a CIDR [create]
  errors at 1.28–1.29:
    ${CIDR_ERROR_129}
  errors at 1.30:
    ${CIDR_ERROR_130}
  passes at 1.31–1.37

5 cases in 2 suites: 2 passed, 1 failed, 2 errored (Kubernetes 1.28..1.37, <duration>); at 1.28–1.30: 3 passed, 0 failed, 2 errored; at 1.31–1.34: 5 passed, 0 failed, 0 errored; at 1.35–1.37: 4 passed, 1 failed, 0 errored
`,
  );
  // Where every case passes at every release: exit 0, and the counts are the same at each.
  const green = crdlint(["test", "-k", "1.31..1.34", RELEASES]);
  assert.equal(green.status, 0, green.stdout);
  assert.equal(
    withoutDuration(green.stdout),
    "5 cases in 2 suites: 5 passed, 0 failed, 0 errored (Kubernetes 1.31..1.34, <duration>); the same at every release\n",
  );
});

test("CLI: -k supported runs at the minors upstream supports today; --update with a range is exit 2", () => {
  const today = supportedReleases(new Date());
  const r = crdlint(["test", "-k", "supported", "-f", "json", RELEASES]);
  assert.deepEqual(
    r.json.releases,
    today.map((m) => `1.${m}`),
  );
  assert.equal(r.status, today.some((m) => m >= 35) ? 1 : 0);
  const u = crdlint(["test", "-k", "1.30..1.31", "--update", RELEASES]);
  assert.equal(u.status, 2);
  assert.match(u.stderr, /update: fills each TODO with one release's answer/);
  assert.doesNotMatch(u.stderr, /\n\s+at /);
});

test("CLI: one release's JSON has no range fields (byte-identical formats are the report goldens')", () => {
  const r = crdlint(["test", "-k", "1.35", "-f", "json", RELEASES]);
  assert.equal(r.status, 1);
  assert.ok(!r.stdout.includes('"byRelease"') && !r.stdout.includes('"releases"') && !r.stdout.includes("ByRelease"));
  // The hint a single run gives is still there.
  assert.equal(r.json.cases[1].failure.passesAt, "1.25–1.34");
});

/** A range run with its durations fixed, for goldens. */
async function fixedRange() {
  const r = await runTests([RELEASES], { cwd: root, kubernetesVersion: "1.33..1.35" });
  return {
    ...r,
    summary: { ...r.summary, durationMs: 0 },
    cases: r.cases.map((c) => ({ ...c, durationMs: 0 })),
  };
}

for (const format of ["text", "json", "junit", "tap", "github"])
  test(`a range run's ${format} report is its golden file`, async () => {
    const got = formatTestResult(await fixedRange(), format, { color: false, toolVersion: "<version>" });
    const file = join(root, "test", "report", "golden", `test-range-${format}.golden`);
    if (process.env.UPDATE_GOLDEN) writeFileSync(file, got);
    assert.equal(got, readFileSync(file, "utf8"));
  });

test("JUnit, TAP, GitHub: a case whose result differs between releases is a test per set of releases", async () => {
  const r = await fixedRange();
  const junit = formatTestResult(r, "junit", { color: false });
  assert.match(junit, /<testsuites name="crdlint test" tests="6" failures="1" errors="0"/);
  assert.match(junit, /name="too many replicas, as the error read before 1\.35 \[create\] \(1\.33–1\.34\)" [^>]*\/>/);
  assert.match(
    junit,
    /name="too many replicas, as the error read before 1\.35 \[create\] \(1\.35\)" [^>]*>\n {6}<failure /,
  );
  // A case alike at every release keeps its one testcase, named as at one release.
  assert.match(junit, /name="a gadget within bounds is accepted \[create\]" /);
  const tap = formatTestResult(r, "tap", { color: false });
  assert.match(tap, /^1\.\.6$/m);
  assert.match(tap, /^not ok 3 - .* › too many replicas, as the error read before 1\.35 \[create\] \(1\.35\)$/m);
  const github = formatTestResult(r, "github", { color: false });
  assert.equal(github.split("\n").filter(Boolean).length, 1);
  assert.match(
    github,
    /title=FAIL gadgets › too many replicas%2C as the error read before 1\.35 \[create\] at 1\.35::/,
  );
});
