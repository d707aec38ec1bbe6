// The GitHub Action's entry (action.yml runs it): lints once with the crdlint CLI, prints the annotations
// (or another format) to the log, writes SARIF for code scanning when asked, sets the step outputs and a
// job summary, and exits with crdlint's exit code. Inputs arrive as INPUT_* variables (action.yml maps them).
import { spawnSync } from "node:child_process";
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), "..");
const bin = join(packageRoot, "bin", "crdlint.js");
const FORMATS = ["github", "sarif", "json", "junit", "text"];
const SUMMARY_ROWS = 50;

// action.yml passes each input as INPUT_<NAME>, dashes as underscores (a name a shell can also read).
const input = (name) => (process.env[`INPUT_${name.toUpperCase().replace(/[- ]/g, "_")}`] ?? "").trim();

/** Splits the `args` input as a shell would split plain words and quoted strings (no expansion). */
export function splitArgs(text) {
  const out = [];
  const re = /"((?:\\.|[^"\\])*)"|'([^']*)'|(\S+)/g;
  for (let m; (m = re.exec(text)); ) out.push(m[1] !== undefined ? m[1].replace(/\\(.)/g, "$1") : (m[2] ?? m[3]));
  return out;
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

function summaryMarkdown(result, exitCode, sarifFile) {
  const { errors, warnings, infos, files, crds } = result.summary;
  const lines = [
    "### crdlint",
    "",
    `${exitCode === 0 ? "✅" : "❌"} ${errors} error(s), ${warnings} warning(s), ${infos} info(s) in ${files} file(s), ${crds} CRD(s), Kubernetes ${result.kubernetesVersion}`,
  ];
  if (sarifFile) lines.push("", `SARIF: \`${sarifFile}\``);
  if (result.diagnostics.length) {
    lines.push("", "| severity | location | rule | message |", "|---|---|---|---|");
    for (const d of result.diagnostics.slice(0, SUMMARY_ROWS)) {
      const msg = d.field ? `${d.apiserverField ?? d.field}: ${d.type ? d.type + ": " : ""}${d.message}` : d.message;
      lines.push(`| ${d.severity} | \`${cell(d.file)}:${d.line}:${d.column}\` | \`${d.rule}\` | ${cell(msg)} |`);
    }
    if (result.diagnostics.length > SUMMARY_ROWS) lines.push("", `… and ${result.diagnostics.length - SUMMARY_ROWS} more (see the annotations or the SARIF file).`);
  }
  return lines.join("\n") + "\n";
}

async function run() {
  const workspace = process.env.GITHUB_WORKSPACE || process.cwd();
  const format = input("format") || "github";
  if (!FORMATS.includes(format)) return fail(`format: expected one of ${FORMATS.join(", ")}, got "${format}"`);
  const paths = input("paths").split(/\s+/).filter(Boolean);
  const sarifInput = input("sarif-file");
  const args = ["lint", "--no-color"];
  if (input("kubernetes-version")) args.push("--kubernetes-version", input("kubernetes-version"));
  if (input("config")) args.push("--config", input("config"));
  // On a pull request the base branch is the OLD revision (GITHUB_BASE_REF is set only for pull_request events).
  const against = input("against") || (process.env.GITHUB_BASE_REF ? `origin/${process.env.GITHUB_BASE_REF}` : "");
  if (against && against !== "none") args.push("--against", against);
  args.push(...splitArgs(input("args")));

  // One lint, as JSON (the output contract); every other format is rendered from that result by crdlint's
  // own formatters, so the annotations and the SARIF are what `--format github|sarif` would print.
  const r = spawnSync(process.execPath, [bin, ...args, "--format", "json", "--", ...(paths.length ? paths : ["."])], { cwd: workspace, encoding: "utf8", maxBuffer: 1 << 30, env: { ...process.env, NO_COLOR: "1" } });
  setOutput("exit-code", r.status ?? 2);
  if (r.status !== 0 && r.status !== 1) {
    const message = (r.stderr || "").trim() || `crdlint stopped (${r.signal ?? `exit ${r.status}`})`;
    process.stderr.write(message + "\n");
    process.stdout.write(`::error title=crdlint::${escapeData(message)}\n`);
    return r.status ?? 2;
  }
  if (r.stderr) process.stderr.write(r.stderr);
  const result = JSON.parse(r.stdout);
  const failOn = args.includes("--max-warnings") || args.some((a) => a.startsWith("--max-warnings=")) ? "warning" : "error";

  const api = await import("../dist/index.js");
  const ctx = { cwd: workspace, color: false, toolVersion: JSON.parse(readFileSync(join(packageRoot, "package.json"), "utf8")).version, rules: api.rules, failOn };
  const render = (name) => {
    const f = api.getFormatter(name);
    if (!f.ok) throw new Error(f.error);
    return f.formatter(result, ctx);
  };
  if (format === "text") {
    // The text format groups NonStructuralSchema findings with knowledge only the CLI has: let it print.
    spawnSync(process.execPath, [bin, ...args, "--format", "text", "--", ...(paths.length ? paths : ["."])], { cwd: workspace, stdio: "inherit", env: { ...process.env, NO_COLOR: "1" } });
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
  if (process.env.GITHUB_STEP_SUMMARY) appendFileSync(process.env.GITHUB_STEP_SUMMARY, summaryMarkdown(result, r.status, sarifInput));
  return r.status;
}

function fail(message) {
  process.stderr.write(`crdlint: ${message}\n`);
  process.stdout.write(`::error title=crdlint::${escapeData(message)}\n`);
  setOutput("exit-code", 2);
  return 2;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.exitCode = await run();
  } catch (e) {
    process.exitCode = fail(`internal error: ${e instanceof Error ? e.message : String(e)}`);
  }
}
