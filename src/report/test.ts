/**
 * The reports of `crdlint test`: a TestRunResult (src/diagnostics/test-result.ts) rendered as text (a test runner's
 * report: one block per failing case and a summary), JSON (the output contract's conventions), JUnit XML, TAP 13 and
 * GitHub workflow commands; and the rule coverage of a run as text or JSON. Rendering only: which case failed, and
 * the exit code, are the runner's and testExitCode's.
 */
import { xml } from "./formatters/junit.js";
import { Chalk, type ChalkInstance } from "chalk";
import { stringify } from "yaml";
import type {
  CaseFailure,
  CaseReleaseResult,
  CaseResult,
  CoverageItem,
  CoverageReport,
  SuiteProblem,
  TestRunResult,
} from "../diagnostics/test-result.js";
import { describeKubernetesRelease, describeReleases, prereleaseField } from "../k8s/version.js";

export type TestReportFormat = "text" | "json" | "junit" | "tap" | "github";
export const TEST_REPORT_FORMATS: readonly TestReportFormat[] = ["text", "json", "junit", "tap", "github"];
export type CoverageFormat = "text" | "json";

export interface TestReportContext {
  color: boolean;
  /** text: a line per passing case too. */
  verbose?: boolean;
  /** json: the crdlint version written as `version` (as the other commands' JSON carries it). */
  toolVersion?: string;
}

export function formatTestResult(result: TestRunResult, format: TestReportFormat, ctx: TestReportContext): string {
  switch (format) {
    case "text":
      return testText(result, ctx);
    case "json":
      return testJson(result, ctx.toolVersion);
    case "junit":
      return testJunit(result);
    case "tap":
      return testTap(result);
    case "github":
      return testGithub(result);
  }
}

// ---- shared --------------------------------------------------------------------------------------------------

const plural = (n: number, word: string, many = `${word}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? word : many}`;

function duration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** The identity of a case across the results it has (an openshift/api suite runs each case once per CRD manifest). */
const caseKey = (c: CaseResult) => `${c.file}\0${c.line}\0${c.column}\0${c.suite}\0${c.name}\0${c.operation}`;

/** The cases whose results ran against more than one CRD file: only there does the CRD file tell results apart. */
function casesOnSeveralCrds(cases: readonly CaseResult[]): Set<string> {
  const crds = new Map<string, Set<string>>();
  for (const c of cases) {
    const k = caseKey(c);
    const set = crds.get(k) ?? new Set<string>();
    set.add(c.crdFile);
    crds.set(k, set);
  }
  return new Set([...crds].filter(([, s]) => s.size > 1).map(([k]) => k));
}

function caseTitle(c: CaseResult, several: ReadonlySet<string>): string {
  return `${c.suite} › ${c.name} [${c.operation}]${several.has(caseKey(c)) ? ` (${c.crdFile})` : ""}`;
}

/** "passes at Kubernetes 1.25–1.36: …", the hint that an expectation is tied to another release's texts. */
function passesAtLine(f: CaseFailure): string | undefined {
  return f.passesAt ? `passes at Kubernetes ${f.passesAt}: the expectation was written for another release` : undefined;
}

/** What the case expected at the failing step and what the apiserver would answer, as label/value pairs. */
function expectation(f: CaseFailure): [string, string][] {
  const rows: [string, string][] = [];
  if (f.expectedError !== undefined) {
    rows.push(["expected error", f.expectedError]);
    if (f.actualError !== undefined) rows.push(["actual", f.actualError ?? "the request would succeed"]);
  } else if (typeof f.actualError === "string") {
    rows.push(["expected", "the request succeeds"], ["actual error", f.actualError]);
  }
  return rows;
}

function summaryLine(result: TestRunResult): string {
  const s = result.summary;
  const problems = result.problems.length ? `; ${plural(result.problems.length, "suite")} could not run` : "";
  return `${plural(result.cases.length, "case")} in ${plural(result.suites, "suite")}: ${counts(s)}${problems} (Kubernetes ${describeKubernetesRelease(result.kubernetesVersion)}, ${duration(s.durationMs)})${releasesLine(result)}`;
}

const counts = (s: { passed: number; failed: number; errored: number }): string =>
  `${s.passed.toLocaleString("en-US")} passed, ${s.failed.toLocaleString("en-US")} failed, ${s.errored.toLocaleString("en-US")} errored`;

/** Releases ("1.28", ...) as a reader takes them in: "1.28–1.30, 1.33". */
const describe = (releases: readonly string[]): string =>
  describeReleases(releases.map((r) => Number(r.split(".")[1])));

/** Over a range, the counts at each release, merged where they agree: "; at 1.28–1.30: 2 passed, 1 failed, ...". */
function releasesLine(result: TestRunResult): string {
  if (!result.summaryByRelease) return "";
  const groups: { text: string; releases: string[] }[] = [];
  for (const [r, s] of Object.entries(result.summaryByRelease)) {
    const text = counts(s);
    const g = groups.find((x) => x.text === text);
    if (g) g.releases.push(r);
    else groups.push({ text, releases: [r] });
  }
  if (groups.length === 1) return `; the same at every release`;
  return `; ${groups.map((g) => `at ${describe(g.releases)}: ${g.text}`).join("; ")}`;
}

/**
 * Over a range, a case whose result differs between releases as one result per set of releases that agree (its
 * title names them); any other case as it is. The formats whose unit is a test (JUnit, TAP, GitHub) show these.
 */
type ShownCase = CaseResult & { releasesLabel?: string };

function perRelease(cases: readonly CaseResult[]): ShownCase[] {
  return cases.flatMap((c) => {
    if (!c.byRelease || c.byRelease.length < 2) return [c];
    return c.byRelease.map((g): ShownCase => {
      const { byRelease: _, failure: _f, ...rest } = c;
      return {
        ...rest,
        status: g.status,
        warnings: g.warnings,
        ...(g.failure ? { failure: g.failure } : {}),
        releasesLabel: describe(g.releases),
      };
    });
  });
}

/** " (1.28–1.30)" after a title, for a result of some of the run's releases. */
const releasesSuffix = (c: ShownCase): string => (c.releasesLabel ? ` (${c.releasesLabel})` : "");

// ---- text ----------------------------------------------------------------------------------------------------

function testText(result: TestRunResult, ctx: TestReportContext): string {
  const c = new Chalk({ level: ctx.color ? 1 : 0 });
  const several = casesOnSeveralCrds(result.cases);
  const lines: string[] = [];
  for (const r of result.cases) {
    if (r.status === "passed") {
      if (ctx.verbose) lines.push(`${c.green("ok")}  ${c.dim(`${r.file}:${r.line}`)} ${caseTitle(r, several)}`);
      continue;
    }
    const head = r.status === "failed" ? c.red.bold("FAIL") : c.red.bold("ERROR");
    lines.push(`${head} ${r.file}:${r.line}:${r.column} ${c.bold(caseTitle(r, several))}`);
    if (r.byRelease) {
      lines.push(...releasesText(r.byRelease, c));
      lines.push("");
      continue;
    }
    if (r.failure) lines.push(...failureText(r.failure, c));
    if (r.warnings.length) {
      lines.push(`  ${c.dim("warnings:")}`);
      for (const w of r.warnings) lines.push(`    ${w}`);
    }
    lines.push("");
  }
  for (const p of result.problems) lines.push(`${p.file}:${p.line}:${p.column} ${c.red("error")}: ${p.message}`);
  if (result.problems.length) lines.push("");
  const failing = result.summary.failed + result.summary.errored + result.problems.length > 0;
  const summary = summaryLine(result);
  lines.push(failing ? c.red.bold(summary) : c.green(summary));
  return lines.join("\n") + "\n";
}

/** A case over a range: what fails (errs) at each set of releases, then where it passes. */
function releasesText(groups: readonly CaseReleaseResult[], c: ChalkInstance): string[] {
  const out: string[] = [];
  for (const g of groups) {
    if (g.status === "passed") continue;
    out.push(`  ${c.red(`${g.status === "failed" ? "fails" : "errors"} at ${describe(g.releases)}:`)}`);
    if (g.failure) out.push(...failureText(g.failure, c).map((l) => `  ${l}`));
    if (g.warnings.length) {
      out.push(`    ${c.dim("warnings:")}`);
      for (const w of g.warnings) out.push(`      ${w}`);
    }
  }
  const passing = groups.filter((g) => g.status === "passed").flatMap((g) => g.releases);
  if (passing.length) out.push(`  ${c.green(`passes at ${describe(passing.sort(byMinor))}`)}`);
  return out;
}

const byMinor = (a: string, b: string): number => Number(a.split(".")[1]) - Number(b.split(".")[1]);

function failureText(f: CaseFailure, c: ChalkInstance): string[] {
  const out = [`  ${c.dim(`${f.step}:`)} ${f.message}`];
  const rows = expectation(f);
  const width = Math.max(0, ...rows.map(([label]) => label.length + 1));
  for (const [label, value] of rows) {
    const [first = "", ...rest] = value.split("\n");
    out.push(`  ${c.dim(`${label}:`.padEnd(width))} ${label.startsWith("actual") ? c.red(first) : c.green(first)}`);
    for (const l of rest) out.push(`  ${" ".repeat(width)} ${l}`);
  }
  if (f.objectDiff !== undefined) {
    out.push(`  ${c.dim("object (- expected, + actual):")}`);
    for (const l of f.objectDiff.replace(/\n$/, "").split("\n")) out.push(`    ${diffLine(l, c)}`);
  } else {
    for (const [label, text] of [
      ["expected object", f.expectedObject],
      ["actual object", f.actualObject],
    ] as const) {
      if (text === undefined) continue;
      out.push(`  ${c.dim(`${label}:`)}`);
      for (const l of text.replace(/\n$/, "").split("\n")) out.push(`    ${l}`);
    }
  }
  const passes = passesAtLine(f);
  if (passes) out.push(`  ${c.yellow(passes)}`);
  return out;
}

function diffLine(l: string, c: ChalkInstance): string {
  if (l.startsWith("+++") || l.startsWith("---")) return c.bold(l);
  if (l.startsWith("@@")) return c.cyan(l);
  if (l.startsWith("+")) return c.green(l);
  if (l.startsWith("-")) return c.red(l);
  return l;
}

// ---- json ----------------------------------------------------------------------------------------------------

/**
 * The JSON document: the TestRunResult itself (so that a consumer, the GitHub Action among them, can render any
 * other format from it) under the `tool`/`version` header every crdlint JSON document has, fields in a fixed order.
 */
function testJson(result: TestRunResult, toolVersion = "unknown"): string {
  const doc = {
    tool: "crdlint",
    version: toolVersion,
    kubernetesVersion: result.kubernetesVersion,
    ...prereleaseField(result.kubernetesVersion),
    suites: result.suites,
    summary: {
      cases: result.cases.length,
      passed: result.summary.passed,
      failed: result.summary.failed,
      errored: result.summary.errored,
      problems: result.problems.length,
      durationMs: result.summary.durationMs,
    },
    cases: result.cases.map(caseJson),
    problems: result.problems.map((p: SuiteProblem) => ({
      file: p.file,
      line: p.line,
      column: p.column,
      message: p.message,
    })),
    ...(result.coverage ? { coverage: coverageJson(result.coverage) } : {}),
    // A run over several releases adds its releases and the counts at each (one release's document is unchanged).
    ...(result.releases ? { releases: result.releases } : {}),
    ...(result.summaryByRelease ? { summaryByRelease: result.summaryByRelease } : {}),
  };
  return JSON.stringify(doc, null, 2) + "\n";
}

function failureJson(f: CaseFailure) {
  return {
    message: f.message,
    step: f.step,
    ...(f.expectedError !== undefined ? { expectedError: f.expectedError } : {}),
    ...(f.actualError !== undefined ? { actualError: f.actualError } : {}),
    ...(f.expectedObject !== undefined ? { expectedObject: f.expectedObject } : {}),
    ...(f.actualObject !== undefined ? { actualObject: f.actualObject } : {}),
    ...(f.objectDiff !== undefined ? { objectDiff: f.objectDiff } : {}),
    ...(f.passesAt !== undefined ? { passesAt: f.passesAt } : {}),
  };
}

function caseJson(c: CaseResult) {
  const f = c.failure;
  return {
    file: c.file,
    line: c.line,
    column: c.column,
    suite: c.suite,
    name: c.name,
    crdFile: c.crdFile,
    operation: c.operation,
    status: c.status,
    ...(f ? { failure: failureJson(f) } : {}),
    warnings: c.warnings,
    durationMs: c.durationMs,
    ...(c.byRelease
      ? {
          byRelease: c.byRelease.map((g) => ({
            releases: g.releases,
            status: g.status,
            ...(g.failure ? { failure: failureJson(g.failure) } : {}),
            warnings: g.warnings,
          })),
        }
      : {}),
  };
}

// ---- junit ---------------------------------------------------------------------------------------------------

const seconds = (ms: number) => (ms / 1000).toFixed(3);

/** The failure as plain lines (JUnit's failure body, TAP's and GitHub's message). */
function failureDetail(f: CaseFailure): string[] {
  const out = [`${f.step}: ${f.message}`];
  for (const [label, value] of expectation(f)) out.push(`${label}: ${value}`);
  if (f.objectDiff !== undefined) out.push("object (- expected, + actual):", f.objectDiff.replace(/\n$/, ""));
  else {
    if (f.expectedObject !== undefined) out.push("expected object:", f.expectedObject.replace(/\n$/, ""));
    if (f.actualObject !== undefined) out.push("actual object:", f.actualObject.replace(/\n$/, ""));
  }
  const passes = passesAtLine(f);
  if (passes) out.push(passes);
  return out;
}

/**
 * One testsuite per suite file, or per suite file and CRD file when the file's cases ran against several CRD
 * manifests (each is then a run of its own, as openshift/api's harness runs it); a suite that could not run is a
 * testsuite with one testcase in error.
 */
function testJunit(result: TestRunResult): string {
  const crdsOfFile = new Map<string, Set<string>>();
  for (const c of result.cases) crdsOfFile.set(c.file, (crdsOfFile.get(c.file) ?? new Set()).add(c.crdFile));
  const groups = new Map<string, { name: string; cases: ShownCase[] }>();
  // Over a range, a testcase per case and set of releases where its result differs between releases.
  for (const c of perRelease(result.cases)) {
    const split = (crdsOfFile.get(c.file)?.size ?? 0) > 1;
    const key = split ? `${c.file}\0${c.crdFile}` : c.file;
    const name = split ? `${c.file} (${c.crdFile})` : c.file;
    const g = groups.get(key) ?? { name, cases: [] };
    g.cases.push(c);
    groups.set(key, g);
  }
  const suites: string[] = [];
  let tests = 0;
  let failures = 0;
  let errors = 0;
  for (const g of groups.values()) {
    const f = g.cases.filter((c) => c.status === "failed").length;
    const e = g.cases.filter((c) => c.status === "errored").length;
    const t = g.cases.reduce((sum, c) => sum + c.durationMs, 0);
    const cases = g.cases.map((c) => {
      const open = `    <testcase classname="${xml(c.suite)}" name="${xml(`${c.name} [${c.operation}]${releasesSuffix(c)}`)}" file="${xml(c.file)}" line="${c.line}" time="${seconds(c.durationMs)}"`;
      const body: string[] = [];
      if (c.failure && c.status !== "passed") {
        const tag = c.status === "failed" ? "failure" : "error";
        body.push(
          `      <${tag} type="${xml(c.failure.step)}" message="${xml(c.failure.message)}">${xml(failureDetail(c.failure).join("\n"))}</${tag}>`,
        );
      } else if (c.status !== "passed") {
        const tag = c.status === "failed" ? "failure" : "error";
        body.push(`      <${tag} message="${c.status}"/>`);
      }
      if (c.warnings.length)
        body.push(`      <system-out>${xml(c.warnings.map((w) => `warning: ${w}`).join("\n"))}</system-out>`);
      return body.length ? `${open}>\n${body.join("\n")}\n    </testcase>` : `${open}/>`;
    });
    tests += g.cases.length;
    failures += f;
    errors += e;
    suites.push(
      `  <testsuite name="${xml(g.name)}" tests="${g.cases.length}" failures="${f}" errors="${e}" time="${seconds(t)}">\n${cases.join("\n")}\n  </testsuite>`,
    );
  }
  for (const p of result.problems) {
    tests += 1;
    errors += 1;
    suites.push(
      `  <testsuite name="${xml(p.file)}" tests="1" failures="0" errors="1" time="0.000">\n    <testcase classname="${xml(p.file)}" name="${xml(p.file)}" file="${xml(p.file)}" line="${p.line}">\n      <error type="suite" message="${xml(p.message)}">${xml(`${p.file}:${p.line}:${p.column}: ${p.message}`)}</error>\n    </testcase>\n  </testsuite>`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="crdlint test" tests="${tests}" failures="${failures}" errors="${errors}" time="${seconds(result.summary.durationMs)}">\n${suites.join("\n")}${suites.length ? "\n" : ""}</testsuites>\n`;
}

// ---- tap -----------------------------------------------------------------------------------------------------

/** TAP's description may not hold a `#` (it starts a directive) nor a line break. */
const tapDescription = (s: string) => s.replace(/\r?\n/g, " ").replace(/#/g, "\\#");

function tapYaml(block: Record<string, unknown>): string[] {
  const body = stringify(block, { lineWidth: 0 }).replace(/\n$/, "");
  return ["  ---", ...body.split("\n").map((l) => `  ${l}`), "  ..."];
}

function testTap(result: TestRunResult): string {
  const several = casesOnSeveralCrds(result.cases);
  // Over a range, a test point per case and set of releases where its result differs between releases.
  const cases = perRelease(result.cases);
  const lines = ["TAP version 13", `1..${cases.length + result.problems.length}`];
  let n = 0;
  for (const c of cases) {
    n += 1;
    const description = tapDescription(`${c.file}:${c.line} ${caseTitle(c, several)}${releasesSuffix(c)}`);
    if (c.status === "passed") {
      lines.push(`ok ${n} - ${description}`);
      continue;
    }
    lines.push(`not ok ${n} - ${description}`);
    const f = c.failure;
    lines.push(
      ...tapYaml({
        status: c.status,
        at: `${c.file}:${c.line}:${c.column}`,
        crdFile: c.crdFile,
        ...(f
          ? {
              step: f.step,
              message: f.message,
              ...(f.expectedError !== undefined ? { expectedError: f.expectedError } : {}),
              ...(f.actualError !== undefined ? { actualError: f.actualError } : {}),
              ...(f.objectDiff !== undefined ? { diff: f.objectDiff } : {}),
              ...(f.objectDiff === undefined && f.expectedObject !== undefined ? { expected: f.expectedObject } : {}),
              ...(f.objectDiff === undefined && f.actualObject !== undefined ? { actual: f.actualObject } : {}),
              ...(f.passesAt !== undefined ? { passesAt: passesAtLine(f) } : {}),
            }
          : {}),
        ...(c.warnings.length ? { warnings: c.warnings } : {}),
      }),
    );
  }
  for (const p of result.problems) {
    n += 1;
    lines.push(`not ok ${n} - ${tapDescription(`${p.file} could not run`)}`);
    lines.push(...tapYaml({ status: "suite problem", at: `${p.file}:${p.line}:${p.column}`, message: p.message }));
  }
  lines.push(`# ${summaryLine(result)}`);
  return lines.join("\n") + "\n";
}

// ---- github --------------------------------------------------------------------------------------------------

// Workflow command values must escape %, CR and LF (and, in properties, ':' and ',').
function escapeData(s: string): string {
  return s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}
function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

function testGithub(result: TestRunResult): string {
  const several = casesOnSeveralCrds(result.cases);
  const out: string[] = [];
  // Over a range, an annotation per case and set of releases it fails at, where they fail differently.
  for (const c of perRelease(result.cases)) {
    if (c.status === "passed") continue;
    const message = c.failure ? failureDetail(c.failure).join("\n") : c.status;
    const at = releasesSuffix(c).replace(/^ \((.*)\)$/, " at $1");
    out.push(
      `::error file=${escapeProperty(c.file)},line=${c.line},col=${c.column},title=${escapeProperty(`${c.status === "failed" ? "FAIL" : "ERROR"} ${caseTitle(c, several)}${at}`)}::${escapeData(message)}`,
    );
  }
  for (const p of result.problems)
    out.push(
      `::error file=${escapeProperty(p.file)},line=${p.line},col=${p.column},title=${escapeProperty("crdlint test: the suite cannot run")}::${escapeData(p.message)}`,
    );
  return out.length ? out.join("\n") + "\n" : "";
}

// ---- coverage ------------------------------------------------------------------------------------------------

interface VersionCoverage {
  crd: string;
  version: string;
  checks: number;
  failedBySome: number;
  passedBySome: number;
  both: number;
  neither: number;
  /** The checks no case makes fail (a rule a suite never shows rejecting anything), in the report's order. */
  notFailed: CoverageItem[];
}

function byVersion(report: CoverageReport): VersionCoverage[] {
  const groups = new Map<string, VersionCoverage>();
  for (const item of report.items) {
    const key = `${item.crd}\0${item.version}`;
    const g = groups.get(key) ?? {
      crd: item.crd,
      version: item.version,
      checks: 0,
      failedBySome: 0,
      passedBySome: 0,
      both: 0,
      neither: 0,
      notFailed: [],
    };
    g.checks += 1;
    if (item.failed) g.failedBySome += 1;
    if (item.passed) g.passedBySome += 1;
    if (item.failed && item.passed) g.both += 1;
    if (!item.failed && !item.passed) g.neither += 1;
    if (!item.failed) g.notFailed.push(item);
    groups.set(key, g);
  }
  return [...groups.values()];
}

function coverageItemJson(i: CoverageItem) {
  return {
    crd: i.crd,
    version: i.version,
    path: i.path,
    check: i.check,
    ...(i.rule !== undefined ? { rule: i.rule } : {}),
    ...(i.file !== undefined ? { file: i.file } : {}),
    ...(i.line !== undefined ? { line: i.line } : {}),
    failed: i.failed,
    passed: i.passed,
  };
}

/** The coverage as JSON: the overall summary, one summary per CRD version, and every check. */
function coverageJson(report: CoverageReport) {
  return {
    summary: report.summary,
    versions: byVersion(report).map(({ notFailed, ...counts }) => ({
      ...counts,
      notFailed: notFailed.map((i) => ({ path: i.path, check: i.check })),
    })),
    items: report.items.map(coverageItemJson),
  };
}

const where = (i: CoverageItem) => (i.file !== undefined ? `${i.file}${i.line !== undefined ? `:${i.line}` : ""}` : "");

export function formatCoverage(
  report: CoverageReport,
  format: CoverageFormat,
  ctx: { color?: boolean; toolVersion?: string } = {},
): string {
  if (format === "json")
    return (
      JSON.stringify(
        { tool: "crdlint", version: ctx.toolVersion ?? "unknown", coverage: coverageJson(report) },
        null,
        2,
      ) + "\n"
    );
  const c = new Chalk({ level: ctx.color ? 1 : 0 });
  const lines: string[] = [];
  for (const v of byVersion(report)) {
    lines.push(
      `${c.bold(`${v.crd} ${v.version}`)}: ${plural(v.checks, "check")}, ${v.failedBySome} failed by some case, ${v.passedBySome} passed by some case`,
    );
    if (v.notFailed.length === 0) {
      lines.push(`  ${c.green("every check is made to fail by some case")}`, "");
      continue;
    }
    lines.push(`  ${c.yellow(`no case makes ${v.notFailed.length === 1 ? "this check" : "these checks"} fail:`)}`);
    const locations = v.notFailed.map(where);
    const width = Math.max(...locations.map((l) => l.length));
    v.notFailed.forEach((i, n) => {
      const rule = i.rule !== undefined ? `  ${i.rule.replace(/\s+/g, " ")}` : "";
      const reached = i.passed ? "" : c.dim("  (no case reaches it)");
      lines.push(`    ${c.dim(locations[n]!.padEnd(width))}${width ? "  " : ""}${i.path}  ${i.check}${rule}${reached}`);
    });
    lines.push("");
  }
  const s = report.summary;
  lines.push(
    `coverage: ${plural(s.checks, "check")}; ${s.failedBySome} failed by some case, ${s.passedBySome} passed by some case, ${s.both} both, ${s.neither} neither`,
  );
  return lines.join("\n") + "\n";
}
