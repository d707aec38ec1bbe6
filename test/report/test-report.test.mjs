// The reports of `crdlint test` (src/report/test.ts), each format's whole output over hand-built results
// (test/report/test-results.mjs: a pass, a wrong error, an error expected but none, an object diff, an errored case,
// a case run against two CRD manifests, passesAt, a suite problem; a green run with coverage) against its golden file
// test/report/golden/test-<name>.golden. UPDATE_GOLDEN=1 rewrites them from the current output: read the diff.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { root } from "../helpers/cli.mjs";
import { formatCoverage, formatTestResult, TEST_REPORT_FORMATS } from "../../dist/report/test.js";
import { testExitCode } from "../../dist/diagnostics/test-result.js";
import { coverage, green, mixed } from "./test-results.mjs";

function golden(name, got) {
  const file = join(root, "test", "report", "golden", `test-${name}.golden`);
  if (process.env.UPDATE_GOLDEN) writeFileSync(file, got);
  assert.equal(got, readFileSync(file, "utf8"));
}

const ctx = { color: false, toolVersion: "<version>" };

for (const format of TEST_REPORT_FORMATS) {
  test(`crdlint test's ${format} report is its golden file`, () => {
    golden(format, formatTestResult(mixed, format, ctx));
    golden(`${format}-green`, formatTestResult(green, format, ctx));
  });
}

test("text: quiet on passing cases, a line for each with verbose", () => {
  const quiet = formatTestResult(mixed, "text", ctx);
  assert.doesNotMatch(quiet, /^ok /m);
  assert.equal(
    formatTestResult(green, "text", ctx),
    "2 cases in 1 suite: 2 passed, 0 failed, 0 errored (Kubernetes 1.37, 41 ms)\n",
  );
  golden("text-verbose", formatTestResult(mixed, "text", { ...ctx, verbose: true }));
  const verbose = formatTestResult(mixed, "text", { ...ctx, verbose: true });
  assert.equal(verbose.match(/^ok /gm).length, mixed.summary.passed);
  // The CRD file is named only where a case ran against several.
  assert.match(
    verbose,
    /^ok {2}config\/v1\/tests\/widgets\.example\.com\/AAA_ungated\.yaml:7 .*\(config\/v1\/zz_generated\.crd-manifests\/0000_widgets-Default\.crd\.yaml\)$/m,
  );
  assert.doesNotMatch(verbose, /\[create\] \(config\/crd\/example\.com_widgets\.yaml\)/);
});

test("text: colours only when asked; the object diff's lines are coloured by side", () => {
  assert.doesNotMatch(formatTestResult(mixed, "text", ctx), /\x1b\[/);
  const coloured = formatTestResult(mixed, "text", { color: true });
  assert.match(coloured, /\x1b\[31m- {2}mode: Auto\x1b\[39m/);
  assert.match(coloured, /\x1b\[32m\+ {2}mode: Manual\x1b\[39m/);
  // Without the colour codes it is the plain report.
  assert.equal(coloured.replace(/\x1b\[\d+m/g, ""), formatTestResult(mixed, "text", ctx));
});

test("json: the run itself under the tool header, so that another format can be rendered from it", () => {
  const doc = JSON.parse(formatTestResult(mixed, "json", ctx));
  assert.deepEqual(Object.keys(doc), [
    "tool",
    "version",
    "kubernetesVersion",
    "suites",
    "summary",
    "cases",
    "problems",
  ]);
  assert.equal(doc.tool, "crdlint");
  assert.deepEqual(doc.summary, { cases: 7, passed: 2, failed: 4, errored: 1, problems: 1, durationMs: 1432 });
  assert.deepEqual(doc.cases, mixed.cases);
  assert.deepEqual(doc.problems, mixed.problems);
  for (const format of TEST_REPORT_FORMATS)
    assert.equal(formatTestResult(doc, format, ctx), formatTestResult(mixed, format, ctx), format);
  assert.equal(testExitCode(doc), 2);
  const withCoverage = JSON.parse(formatTestResult(green, "json", ctx));
  assert.deepEqual(withCoverage.coverage, JSON.parse(formatCoverage(coverage, "json", ctx)).coverage);
  assert.equal(testExitCode(withCoverage), 0);
});

test("junit: suites and cases counted, one testsuite per CRD manifest where a suite file ran against several", () => {
  const out = formatTestResult(mixed, "junit", ctx);
  assert.match(out, /^<testsuites name="crdlint test" tests="8" failures="4" errors="2" time="1\.432">$/m);
  const suites = [...out.matchAll(/<testsuite name="([^"]*)" tests="(\d+)"/g)].map((m) => [m[1], Number(m[2])]);
  assert.deepEqual(suites, [
    ["test/widgets.crdtest.yaml", 5],
    [
      "config/v1/tests/widgets.example.com/AAA_ungated.yaml (config/v1/zz_generated.crd-manifests/0000_widgets-Default.crd.yaml)",
      1,
    ],
    [
      "config/v1/tests/widgets.example.com/AAA_ungated.yaml (config/v1/zz_generated.crd-manifests/0000_widgets-TechPreviewNoUpgrade.crd.yaml)",
      1,
    ],
    ["config/v2/tests/gadgets.example.com/Gated.yaml", 1],
  ]);
  assert.match(out, /name="a status update, with &quot;quotes&quot; &amp; &lt;angles&gt; \[status\]"/);
  assert.doesNotMatch(out, /[\u0000-\u0008]/);
});

test("tap: TAP 13, a plan, one line per case and per suite problem, YAML diagnostics that parse", () => {
  const out = formatTestResult(mixed, "tap", ctx);
  const lines = out.split("\n");
  assert.equal(lines[0], "TAP version 13");
  assert.equal(lines[1], "1..8");
  const results = lines.filter((l) => /^(not )?ok \d+ - /.test(l));
  assert.deepEqual(
    results.map((l) => l.startsWith("ok")),
    [true, false, false, false, false, true, false, false],
  );
  assert.deepEqual(
    results.map((l) => Number(/ok (\d+)/.exec(l)[1])),
    [1, 2, 3, 4, 5, 6, 7, 8],
  );
  const blocks = [...out.matchAll(/^ {2}---\n([\s\S]*?)^ {2}\.\.\.$/gm)].map((m) => parse(m[1].replace(/^ {2}/gm, "")));
  assert.equal(blocks.length, 6);
  assert.equal(blocks[1].passesAt, "passes at Kubernetes 1.25–1.36: the expectation was written for another release");
  assert.equal(blocks[2].diff, mixed.cases[3].failure.objectDiff);
  assert.equal(blocks[3].actualError, mixed.cases[4].failure.actualError);
});

test("github: one error annotation per failing case and per suite problem, values escaped", () => {
  const out = formatTestResult(mixed, "github", ctx);
  const lines = out.trimEnd().split("\n");
  assert.equal(lines.length, 6);
  for (const l of lines) assert.match(l, /^::error file=[^,:]+,line=\d+,col=\d+,title=[^:]*::\S/);
  assert.match(out, /%0Aand a second line: 100%25 sure, a,b/);
  assert.equal(formatTestResult(green, "github", ctx), "");
});

test("coverage: per CRD version, the checks no case makes fail with file:line", () => {
  golden("coverage-text", formatCoverage(coverage, "text"));
  golden("coverage-json", formatCoverage(coverage, "json", ctx));
  const doc = JSON.parse(formatCoverage(coverage, "json", ctx));
  assert.deepEqual(
    doc.coverage.versions.map((v) => [v.crd, v.version, v.checks, v.failedBySome, v.passedBySome, v.notFailed.length]),
    [
      ["widgets.example.com", "v1", 4, 2, 2, 2],
      ["widgets.example.com", "v1beta1", 1, 1, 1, 0],
    ],
  );
  assert.equal(doc.coverage.items.length, coverage.items.length);
});
