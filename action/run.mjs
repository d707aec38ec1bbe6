// The GitHub Action's entry. action.yml runs its prebuilt bundle, action/dist/run.cjs (scripts/bundle-action.mjs
// builds it from this file and the crdlint CLI), on the runner's own Node (`runs.using: node24`): no npm ci, no
// build, and the job's Node version is left alone. Run from source (the tests), it uses the checkout's dist/.
//
// It runs crdlint lint (or validate, or test) once in this process, prints the annotations (or another format) to the log,
// writes SARIF for code scanning when asked, sets the step outputs and a job summary, and exits with crdlint's exit
// code. Inputs arrive as INPUT_* variables.
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { spawnSync } from "node:child_process";
import { isMainThread } from "node:worker_threads";
import { main, readStdin, startLintWorker } from "../dist/cli/bundle.js";
import { getFormatter, rules } from "../dist/index.js";
import { sarifForFailure } from "../dist/report/formatters/sarif.js";
import { formatTestResult } from "../dist/report/test.js";
import { hiddenSuffix } from "../dist/report/types.js";

const FORMATS = ["github", "sarif", "json", "junit", "text"];
// crdlint test reports cases, not findings: no SARIF, and TAP besides.
const TEST_FORMATS = ["github", "json", "junit", "tap", "text"];
const COMMANDS = ["lint", "validate", "test"];
const SUMMARY_ROWS = 50;

/**
 * An input. A JavaScript action gets INPUT_<NAME> with the name upper-cased and dashes kept (INPUT_SARIF-FILE);
 * the underscore spelling (INPUT_SARIF_FILE), which a shell can set, is read too.
 */
const input = (name) => {
  const upper = name.toUpperCase().replace(/ /g, "_");
  return (process.env[`INPUT_${upper}`] ?? process.env[`INPUT_${upper.replace(/-/g, "_")}`] ?? "").trim();
};

/** Splits the `args` input as a shell would split plain words and quoted strings (no expansion). */
export function splitArgs(text) {
  const out = [];
  const re = /"((?:\\.|[^"\\])*)"|'([^']*)'|(\S+)/g;
  for (let m; (m = re.exec(text));) out.push(m[1] !== undefined ? m[1].replace(/\\(.)/g, "$1") : (m[2] ?? m[3]));
  return out;
}

/** The crdlint package.json above this file (source: the repository root; bundle: two levels up, the same root). */
function toolVersion() {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const p = join(dir, "package.json");
    if (existsSync(p)) {
      const pkg = JSON.parse(readFileSync(p, "utf8"));
      if (pkg.name === "crdlint") return pkg.version;
    }
    if (dirname(dir) === dir) return "unknown";
  }
}

function setOutput(name, value) {
  if (process.env.GITHUB_OUTPUT) appendFileSync(process.env.GITHUB_OUTPUT, `${name}=${value}\n`);
}

function escapeData(s) {
  return s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

function cell(s) {
  return String(s).replace(/\|/g, "\\|").replace(/\r?\n/g, " ");
}

function summaryMarkdown(command, result, exitCode, sarifFile) {
  const { errors, warnings, infos, files, crds, resources } = result.summary;
  const what = command === "validate" ? `${crds} CRD(s), ${resources} resource(s)` : `${crds} CRD(s)`;
  const lines = [
    `### crdlint${command === "validate" ? " validate" : ""}`,
    "",
    `${exitCode === 0 ? "✅" : "❌"} ${errors} error(s), ${warnings} warning(s), ${infos} info(s) in ${files} file(s), ${what}, Kubernetes ${result.kubernetesVersion}`,
  ];
  if (sarifFile) lines.push("", `SARIF: \`${sarifFile}\``);
  if (result.diagnostics.length) {
    lines.push("", "| severity | location | rule | message |", "|---|---|---|---|");
    for (const d of result.diagnostics.slice(0, SUMMARY_ROWS)) {
      const msg = d.field ? `${d.apiserverField ?? d.field}: ${d.type ? d.type + ": " : ""}${d.message}` : d.message;
      // Behind another problem: the apiserver reports it once that one is fixed (as the annotations say).
      lines.push(
        `| ${d.severity} | \`${cell(d.file)}:${d.line}:${d.column}\` | \`${d.rule}\` | ${cell(msg + hiddenSuffix(d))} |`,
      );
    }
    if (result.diagnostics.length > SUMMARY_ROWS)
      lines.push("", `… and ${result.diagnostics.length - SUMMARY_ROWS} more (see the annotations or the SARIF file).`);
  }
  return lines.join("\n") + "\n";
}

/** The CLI in this process, its output captured. */
async function crdlint(args, cwd) {
  let stdout = "";
  let stderr = "";
  const status = await main(args, {
    stdout: (s) => void (stdout += s),
    stderr: (s) => void (stderr += s),
    cwd,
    isTTY: false,
    stdinIsTTY: false,
    env: { ...process.env, NO_COLOR: "1" },
    stdin: (maxBytes) => readStdin(maxBytes),
  });
  return { status, stdout, stderr };
}

export async function run() {
  const workspace = process.env.GITHUB_WORKSPACE || process.cwd();
  const format = input("format") || "github";
  const command = input("command") || "lint";
  if (!COMMANDS.includes(command)) return fail(`command: expected one of ${COMMANDS.join(", ")}, got "${command}"`);
  const formats = command === "test" ? TEST_FORMATS : FORMATS;
  if (!formats.includes(format))
    return fail(
      `format: expected one of ${formats.join(", ")}${command === "test" ? " for command test" : ""}, got "${format}"`,
    );
  const paths = input("paths").split(/\s+/).filter(Boolean);
  const crds = input("crds").split(/\s+/).filter(Boolean);
  const sarifInput = input("sarif-file");
  const args = [command, "--no-color"];
  if (input("kubernetes-version")) args.push("--kubernetes-version", input("kubernetes-version"));
  if (input("config")) args.push("--config", input("config"));
  if (command === "test") {
    if (sarifInput)
      return fail("sarif-file: only for commands lint and validate (crdlint test reports cases, not findings)");
    // The suites (files or directories) are the paths; the CRDs suites name by metadata.name come from crds.
    for (const c of crds) args.push(`--crd=${c}`);
    args.push(...splitArgs(input("args")));
    return runTests(workspace, format, args, paths);
  } else if (command === "validate") {
    // validate reads standard input without manifests: in a workflow that is never what was meant.
    if (paths.length === 0)
      return fail("command validate: name the manifests to validate in paths (and their CRDs in crds)");
    for (const c of crds) args.push(`--crd=${c}`);
  } else {
    if (crds.length) return fail("crds: only for command validate (lint takes its CRD files in paths)");
    // The named paths are narrowed to the files that hold a CRD (other YAML, Helm values, workflows are skipped);
    // without paths crdlint finds those files under the workspace itself.
    if (paths.length && input("crd-files-only") !== "false") args.push("--crd-files-only");
    // On a pull request the base branch is the OLD revision (GITHUB_BASE_REF is set only for pull_request events).
    const base = process.env.GITHUB_BASE_REF ? `origin/${process.env.GITHUB_BASE_REF}` : "";
    const against = input("against") || base;
    if (against && against !== "none") {
      // actions/checkout fetches one commit by default, without the base branch: the default comparison then
      // cannot be made, which is no reason to fail the pull request. Lint without it, and say how to get it.
      // A ref named in the against input is taken as asked (crdlint stops, exit 2, when it does not resolve).
      if (!input("against") && !gitCommitExists(workspace, against))
        process.stdout.write(
          `::notice title=crdlint::${escapeData(`${against} is not fetched (actions/checkout fetches one commit by default): linted without --against, so CRD changes were not checked as updates of the base branch. Set fetch-depth: 0 on actions/checkout to check them.`)}\n`,
        );
      else args.push("--against", against);
    }
  }
  args.push(...splitArgs(input("args")));

  // One run, as JSON (the output contract); every other format is rendered from that result by crdlint's own
  // formatters, so the annotations and the SARIF are what `--format github|sarif` would print.
  const r = await crdlint([...args, "--format", "json", "--", ...paths], workspace);
  setOutput("exit-code", r.status);
  if (r.status !== 0 && r.status !== 1) {
    let message = (r.stderr || "").trim();
    if (!message) message = `crdlint stopped (exit ${r.status})`;
    process.stderr.write(message + "\n");
    process.stdout.write(`::error title=crdlint::${escapeData(message)}\n`);
    // The SARIF file is written on every exit, so that the upload-sarif step after this one finds it.
    writeFailureSarif(workspace, sarifInput, errorMessage(r.stdout) ?? message.replace(/^crdlint: /, ""));
    return r.status;
  }
  if (r.stderr) process.stderr.write(r.stderr);
  const result = JSON.parse(r.stdout);
  const failOn =
    args.includes("--max-warnings") || args.some((a) => a.startsWith("--max-warnings=")) ? "warning" : "error";

  const ctx = { cwd: workspace, color: false, toolVersion: toolVersion(), rules, failOn };
  const render = (name) => {
    const f = getFormatter(name);
    if (!f.ok) throw new Error(f.error);
    return f.formatter(result, ctx);
  };
  if (format === "text") {
    // The text format groups NonStructuralSchema findings with knowledge only the CLI has: let it print.
    const t = await crdlint([...args, "--format", "text", "--", ...paths], workspace);
    process.stdout.write(t.stdout);
  } else {
    process.stdout.write(render(format));
  }

  let sarifFile = "";
  if (sarifInput) {
    sarifFile = resolve(workspace, sarifInput);
    mkdirSync(dirname(sarifFile), { recursive: true });
    writeFileSync(sarifFile, render("sarif"));
  }
  setOutput("errors", result.summary.errors);
  setOutput("warnings", result.summary.warnings);
  setOutput("sarif-file", sarifFile);
  if (process.env.GITHUB_STEP_SUMMARY)
    appendFileSync(process.env.GITHUB_STEP_SUMMARY, summaryMarkdown(command, result, r.status, sarifInput));
  return r.status;
}

function fail(message) {
  process.stderr.write(`crdlint: ${message}\n`);
  process.stdout.write(`::error title=crdlint::${escapeData(message)}\n`);
  setOutput("exit-code", 2);
  writeFailureSarif(process.env.GITHUB_WORKSPACE || process.cwd(), input("sarif-file"), message);
  return 2;
}

/** command test: one run as JSON, the report asked for rendered from it by crdlint's test reporters. */
async function runTests(workspace, format, args, paths) {
  const r = await crdlint([...args, "--format", "json", "--", ...paths], workspace);
  setOutput("exit-code", r.status);
  const report = testReport(r.stdout, format, toolVersion());
  if (!report) {
    // No report (exit 2 before any suite ran: a bad option or path): crdlint's message, as one annotation.
    const message = (r.stderr || "").trim() || errorMessage(r.stdout) || `crdlint stopped (exit ${r.status})`;
    process.stderr.write(message + "\n");
    process.stdout.write(`::error title=crdlint::${escapeData(message)}\n`);
    return r.status === 0 ? 2 : r.status;
  }
  if (r.stderr) process.stderr.write(r.stderr);
  process.stdout.write(report.text);
  for (const [name, value] of Object.entries(report.outputs)) setOutput(name, value);
  if (process.env.GITHUB_STEP_SUMMARY)
    appendFileSync(process.env.GITHUB_STEP_SUMMARY, testSummaryMarkdown(report.result, r.status));
  return r.status;
}

/**
 * What `crdlint test --format json` printed, rendered in `format` with the step outputs it sets: `errors` counts
 * the cases that failed or could not run and the suites that could not run, `passed` and `failed` the cases
 * (`failed` with those that errored). Null when the output is no test report (crdlint stopped first).
 */
export function testReport(stdout, format, version) {
  let result;
  try {
    result = JSON.parse(stdout);
  } catch {
    return null;
  }
  if (!result || !Array.isArray(result.cases) || !result.summary) return null;
  const { passed, failed, errored } = result.summary;
  const problems = Array.isArray(result.problems) ? result.problems.length : 0;
  return {
    result,
    text: format === "json" ? stdout : formatTestResult(result, format, { color: false, toolVersion: version }),
    outputs: { errors: failed + errored + problems, warnings: 0, passed, failed: failed + errored },
  };
}

/** The job summary of a test run: the counts, then the cases that did not pass (the first 50). */
export function testSummaryMarkdown(result, exitCode) {
  const { passed, failed, errored } = result.summary;
  const lines = [
    "### crdlint test",
    "",
    `${exitCode === 0 ? "✅" : "❌"} ${result.cases.length} case(s) in ${result.suites} suite(s): ${passed} passed, ${failed} failed, ${errored} errored${result.problems.length ? `, ${result.problems.length} suite(s) could not run` : ""}, Kubernetes ${result.kubernetesVersion}`,
  ];
  const rows = [
    ...result.problems.map((p) => ["suite", `${p.file}:${p.line}:${p.column}`, "", p.message]),
    ...result.cases
      .filter((c) => c.status !== "passed")
      .map((c) => [
        c.status,
        `${c.file}:${c.line}:${c.column}`,
        `${c.suite} › ${c.name} [${c.operation}]`,
        c.failure ? `${c.failure.step}: ${c.failure.message}` : "",
      ]),
  ];
  if (rows.length) {
    lines.push("", "| status | location | case | what |", "|---|---|---|---|");
    for (const [status, at, name, what] of rows.slice(0, SUMMARY_ROWS))
      lines.push(`| ${status} | \`${cell(at)}\` | ${cell(name)} | ${cell(what)} |`);
    if (rows.length > SUMMARY_ROWS) lines.push("", `… and ${rows.length - SUMMARY_ROWS} more (see the annotations).`);
  }
  return lines.join("\n") + "\n";
}

/** Whether `ref` names a commit in the workspace's repository (false outside git, or without git). */
function gitCommitExists(cwd, ref) {
  const r = spawnSync("git", ["rev-parse", "--verify", "--quiet", "--end-of-options", `${ref}^{commit}`], {
    cwd,
    encoding: "utf8",
  });
  return r.status === 0;
}

/** The message of crdlint's JSON error object (--format json on exit 2), if that is what it printed. */
function errorMessage(stdout) {
  try {
    return JSON.parse(stdout).error?.message;
  } catch {
    return undefined;
  }
}

/**
 * On exit 2, the sarif-file input still gets a valid SARIF log: a run with no results whose invocation failed with
 * the one-line error (what `crdlint --format sarif` writes then), and the sarif-file output names it.
 */
function writeFailureSarif(workspace, sarifInput, message) {
  if (!sarifInput) return;
  const sarifFile = resolve(workspace, sarifInput);
  try {
    mkdirSync(dirname(sarifFile), { recursive: true });
    writeFileSync(sarifFile, sarifForFailure(message, toolVersion()));
    setOutput("sarif-file", sarifFile);
  } catch (e) {
    process.stderr.write(
      `crdlint: cannot write sarif-file ${sarifInput}: ${e instanceof Error ? e.message : String(e)}\n`,
    );
  }
}

// In the bundle, the lint worker threads crdlint starts run this same file (scripts/bundle-action.mjs points
// CRDLINT_BUNDLE_WORKER here): they serve lint requests instead of running the action.
// (No top-level await: the bundle is a CommonJS script.)
const bundled = typeof CRDLINT_ACTION_BUNDLE !== "undefined";
if (!isMainThread) {
  if (bundled) void startLintWorker();
} else if (bundled || (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url))) {
  run().then(
    (code) => (process.exitCode = code),
    (e) => (process.exitCode = fail(`internal error: ${e instanceof Error ? e.message : String(e)}`)),
  );
}
