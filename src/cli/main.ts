/** The crdlint command line: parses arguments, calls the library, prints, and RETURNS an exit code (never process.exit). */
import { readFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Command, CommanderError, Option } from "commander";

export interface CliIO {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  cwd: string;
  isTTY: boolean;
  env: Record<string, string | undefined>;
  stdin: () => Promise<string>;
}

const here = dirname(fileURLToPath(import.meta.url));
const packageRoot = resolve(here, "..", "..");

function toolVersion(): string {
  return (JSON.parse(readFileSync(join(packageRoot, "package.json"), "utf8")) as { version: string }).version;
}

/** Exit 2: crdlint could not do its job. */
class CliFailure extends Error {}

interface LintFlags {
  format: string;
  kubernetesVersion?: string;
  config?: string;
  maxWarnings?: string;
  quiet?: boolean;
  color?: boolean;
  maxFileSize: string;
  debug?: boolean;
  jobs?: string;
}

async function findConfig(cwd: string): Promise<string | null> {
  const { CONFIG_FILE_NAMES } = await import("../config/index.js");
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    for (const name of CONFIG_FILE_NAMES) {
      const p = join(dir, name);
      if (existsSync(p)) return p;
    }
    if (dirname(dir) === dir) return null;
  }
}

interface ConfigFlags {
  kubernetesVersion?: string;
  config?: string;
}

/** Finds and reads the configuration, and merges it with the command line (the command line wins). */
async function loadOptions(flags: ConfigFlags, io: CliIO, knownRules: ReadonlySet<string>) {
  const { parseConfig } = await import("../config/index.js");
  const configPath = flags.config ? resolve(io.cwd, flags.config) : await findConfig(io.cwd);
  let config = { rules: {} as Record<string, "off" | "info" | "warning" | "error">, ignore: [] as string[], kubernetesVersion: undefined as string | undefined };
  if (configPath) {
    let text: string;
    try {
      text = await readFile(configPath, "utf8");
    } catch (e) {
      throw new CliFailure(`cannot read config ${flags.config ?? configPath}: ${(e as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (e as Error).message}`);
    }
    const parsed = parseConfig(text, flags.config ?? configPath, knownRules);
    if (!parsed.ok) throw new CliFailure(`invalid config: ${parsed.error}`);
    config = { ...config, ...parsed.config };
  }
  return {
    kubernetesVersion: flags.kubernetesVersion ?? config.kubernetesVersion,
    rules: config.rules,
    ignore: config.ignore,
    cwd: io.cwd,
    stdin: io.stdin,
  };
}

function parseMaxFileSize(text: string, parseSize: (t: string) => number | null): number {
  const n = parseSize(text);
  if (n === null || n <= 0) throw new CliFailure(`--max-file-size: expected a size such as 10MiB, got "${text}"`);
  return n;
}

async function runCost(paths: string[], flags: { format: string; kubernetesVersion?: string; config?: string; maxFileSize: string }, io: CliIO): Promise<number> {
  if (flags.format !== "text" && flags.format !== "json") throw new CliFailure(`unknown format "${flags.format}" for cost (expected text or json)`);
  const [{ allRules }, files, cost, { parseSize }] = await Promise.all([
    import("../rules/index.js"),
    import("../engine/files.js"),
    import("../engine/cost.js"),
    import("../load/files.js"),
  ]);
  const options = { ...(await loadOptions(flags, io, new Set(allRules.map((r) => r.id)))), maxFileSizeBytes: parseMaxFileSize(flags.maxFileSize, parseSize) };
  let report;
  try {
    report = await cost.estimateCosts(allRules, paths, options);
  } catch (e) {
    if (e instanceof files.UsageError) throw new CliFailure(e.message);
    throw e;
  }
  io.stdout(flags.format === "json" ? cost.costReportJson(report, toolVersion()) : cost.costReportText(report));
  return report.expressions.some((e) => e.exceedsLimit) || report.crds.some((c) => c.exceedsLimit) ? 1 : 0;
}

async function runLint(paths: string[], flags: LintFlags, io: CliIO): Promise<number> {
  const [{ getFormatter }, { allRules }, files, { parseSize }, { isNonStructuralRule }] = await Promise.all([
    import("../report/formatters/index.js"),
    import("../rules/index.js"),
    import("../engine/files.js"),
    import("../load/files.js"),
    import("../crd/structural.js"),
  ]);
  const fmt = getFormatter(flags.format);
  if (!fmt.ok) throw new CliFailure(fmt.error);
  let maxWarnings = -1;
  if (flags.maxWarnings !== undefined) {
    maxWarnings = Number(flags.maxWarnings);
    if (!Number.isInteger(maxWarnings) || maxWarnings < 0) throw new CliFailure(`--max-warnings: expected a whole number >= 0, got "${flags.maxWarnings}"`);
  }
  const maxFileSizeBytes = parseMaxFileSize(flags.maxFileSize, parseSize);

  const jobs = files.parseJobs(flags.jobs);
  if (jobs === null) throw new CliFailure(`--jobs: expected a whole number >= 1, got "${flags.jobs}"`);
  const options = { ...(await loadOptions(flags, io, new Set(allRules.map((r) => r.id)))), maxFileSizeBytes, jobs };
  let result;
  try {
    const linter = await files.makeLinter(allRules, options);
    result = await files.lintFilesWith(linter, paths, options);
  } catch (e) {
    if (e instanceof files.UsageError) throw new CliFailure(e.message);
    throw e;
  }
  const shown = flags.quiet ? { ...result, diagnostics: result.diagnostics.filter((d) => d.severity === "error") } : result;
  const color = flags.color === undefined ? io.isTTY && !io.env.NO_COLOR : flags.color;
  io.stdout(
    fmt.formatter(shown, {
      cwd: io.cwd,
      color,
      toolVersion: toolVersion(),
      rules: allRules.map((r) => ({ ...r, nonStructural: isNonStructuralRule(r.id) })),
      failOn: maxWarnings >= 0 ? "warning" : "error",
    }),
  );
  const { errors, warnings } = result.summary;
  if (errors > 0) return 1;
  if (maxWarnings >= 0 && warnings > maxWarnings) return 1;
  return 0;
}

interface RuleMetaRow {
  id: string;
  category: string;
  severity: string;
  apiserver: boolean;
  description: string;
  enabledByDefault?: boolean;
}

/** `crdlint rules` reads the metadata generated at build time, so it loads no rule code (and neither CEL nor ajv). */
async function loadRuleMeta(): Promise<RuleMetaRow[]> {
  const p = join(here, "..", "rules-meta.json");
  if (existsSync(p)) return JSON.parse(await readFile(p, "utf8")) as RuleMetaRow[];
  const { allRules } = await import("../rules/index.js");
  return allRules.map(({ id, category, severity, apiserver, description }) => ({ id, category, severity, apiserver, description }));
}

async function runRules(flags: { format: string; category?: string }, io: CliIO): Promise<number> {
  let rows = await loadRuleMeta();
  if (flags.category) rows = rows.filter((r) => r.category === flags.category);
  if (flags.format === "json") {
    io.stdout(JSON.stringify(rows, null, 2) + "\n");
    return 0;
  }
  if (flags.format !== "text") throw new CliFailure(`unknown format "${flags.format}" for rules (expected text or json)`);
  const w = Math.max(...rows.map((r) => r.id.length), 4);
  const cw = Math.max(...rows.map((r) => r.category.length), 8);
  const lines = [`${"RULE".padEnd(w)}  ${"CATEGORY".padEnd(cw)}  SEVERITY  APISERVER  DESCRIPTION`];
  for (const r of rows)
    lines.push(`${r.id.padEnd(w)}  ${r.category.padEnd(cw)}  ${(r.enabledByDefault === false ? "off" : r.severity).padEnd(8)}  ${(r.apiserver ? "yes" : "no").padEnd(9)}  ${r.description}${r.enabledByDefault === false ? ` (opt-in: set it to ${r.severity} in .crdlint.yaml)` : ""}`);
  lines.push("", `${rows.length} rules (${rows.filter((r) => r.apiserver).length} apiserver checks)`);
  io.stdout(lines.join("\n") + "\n");
  return 0;
}

function buildProgram(io: CliIO, setResult: (p: Promise<number>) => void): Command {
  const program = new Command();
  program
    .name("crdlint")
    .description("Lint Kubernetes CustomResourceDefinitions the way the apiserver validates them, before kubectl apply.")
    .version(toolVersion(), "-v, --version", "print the crdlint version")
    .showHelpAfterError("(run crdlint --help for usage)")
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .exitOverride();

  const lintCmd = program
    .command("lint", { isDefault: true })
    .description("lint CRD files, directories and globs (`-` reads stdin)")
    .argument("[paths...]", "files, directories (recursive: .yaml, .yml, .json), globs, or - for stdin")
    .addOption(new Option("-f, --format <format>", "output format: text, json, sarif, junit, github").default("text"))
    .option("-k, --kubernetes-version <version>", "target Kubernetes release, e.g. 1.30 (default: config, else the newest crdlint knows)")
    .option("-c, --config <file>", "configuration file (default: .crdlint.yaml found upward from the working directory)")
    .option("--max-warnings <n>", "fail (exit 1) when there are more than n warnings")
    .option("-q, --quiet", "report errors only")
    .option("--color", "force colour")
    .option("--no-color", "disable colour")
    .option("--max-file-size <size>", "skip and report files larger than this", "10MiB")
    .option("--debug", "print stack traces of unexpected failures")
    .option("-j, --jobs <n>", "worker threads for many files (default: one per core; 1: no workers)")
    .action((paths: string[], flags: LintFlags) => setResult(runLint(paths, flags, io)));
  void lintCmd;

  program
    .command("cost")
    .description("estimate the CEL cost of every x-kubernetes-validations rule, per CRD version, with fixes for expensive ones")
    .argument("[paths...]", "files, directories, globs, or - for stdin")
    .addOption(new Option("-f, --format <format>", "text or json").default("text"))
    .option("-k, --kubernetes-version <version>", "target Kubernetes release, e.g. 1.30")
    .option("-c, --config <file>", "configuration file")
    .option("--max-file-size <size>", "skip and report files larger than this", "10MiB")
    .option("--debug", "print stack traces of unexpected failures")
    .action((paths: string[], flags: { format: string; kubernetesVersion?: string; config?: string; maxFileSize: string }) => setResult(runCost(paths, flags, io)));

  program
    .command("rules")
    .description("list crdlint's rules")
    .addOption(new Option("-f, --format <format>", "text or json").default("text"))
    .option("--category <category>", "only the rules of one category")
    .action((flags: { format: string; category?: string }) => setResult(runRules(flags, io)));

  return program;
}

export async function main(argv: readonly string[], io: CliIO): Promise<number> {
  const debug = argv.includes("--debug");
  let pending: Promise<number> | null = null;
  const program = buildProgram(io, (p) => (pending = p));
  try {
    await program.parseAsync(argv as string[], { from: "user" });
    return pending ? await pending : 0;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === "commander.helpDisplayed" || e.code === "commander.version" || e.code === "commander.help") return 0;
      // commander already printed its message; bad arguments are exit 2, not commander's 1.
      return 2;
    }
    if (e instanceof CliFailure) {
      io.stderr(`crdlint: ${e.message}\n`);
      return 2;
    }
    io.stderr(`crdlint: internal error: ${e instanceof Error ? e.message : String(e)}${debug ? "" : " (run with --debug for details)"}\n`);
    if (debug && e instanceof Error && e.stack) io.stderr(e.stack + "\n");
    return 2;
  }
}
