/** The crdlint command line: parses arguments, calls the library, prints, and RETURNS an exit code (never process.exit). */
import { readFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { existsSync, readFileSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Command, CommanderError, Option } from "commander";
import { closest } from "../config/suggest.js";
import {
  addCommonOptions,
  CliFailure,
  colorEnabled,
  emitReport,
  exitCodeExplained,
  parseMaxWarnings,
  quietView,
  prepareRun,
  renameStdin,
  type CliIO,
  type CommonFlags,
} from "./common.js";
import { registerValidateCommand } from "./validate.js";
import { registerTestCommand } from "./test.js";
import { registerCelCommand } from "./cel.js";
import type { EngineCode } from "../engine/codes.js";

export type { CliIO } from "./common.js";

const here = dirname(fileURLToPath(import.meta.url));
const packageRoot = resolve(here, "..", "..");

function toolVersion(): string {
  return (JSON.parse(readFileSync(join(packageRoot, "package.json"), "utf8")) as { version: string }).version;
}

/**
 * The version and this build of crdlint (the running module's size and time): what a cache entry is computed with, so
 * that a rebuilt crdlint of the same version does not read what an older build cached.
 */
function buildVersion(): string {
  const self = statSync(fileURLToPath(import.meta.url));
  return `${toolVersion()}+${self.size}.${Math.floor(self.mtimeMs)}`;
}

interface LintFlags extends CommonFlags {
  maxWarnings?: string;
  reportUnusedDisableDirectives?: boolean;
  jobs?: string;
  crdFilesOnly?: boolean;
  against?: string;
  storedVersions?: string[];
  storedVersionsFrom?: string[];
  objects?: string[];
  apiserverGates?: boolean;
  cache?: boolean;
}

/**
 * --stored-versions (repeatable): `v1alpha1,v1` is OLD's status.storedVersions for every CRD, `NAME=v1alpha1,v1` for
 * the CRD of that name; --stored-versions-from FILE reads them from CRDs as the cluster returns them.
 */
function parseStoredVersions(flags: LintFlags): {
  storedVersions?: string[];
  storedVersionsByCrd?: Record<string, string[]>;
  storedVersionsFrom?: string[];
} {
  const out: {
    storedVersions?: string[];
    storedVersionsByCrd?: Record<string, string[]>;
    storedVersionsFrom?: string[];
  } = {};
  for (const text of flags.storedVersions ?? []) {
    const eq = text.indexOf("=");
    const name = eq < 0 ? null : text.slice(0, eq).trim();
    const list = text
      .slice(eq + 1)
      .split(",")
      .map((v) => v.trim())
      .filter(Boolean);
    if (list.length === 0 || name === "")
      throw new CliFailure(
        `--stored-versions: expected a comma-separated list of versions such as v1alpha1,v1, or NAME=v1alpha1,v1 for one CRD, got "${text}"`,
      );
    if (name === null) {
      if (out.storedVersions)
        throw new CliFailure(
          `--stored-versions: two lists for every CRD ("${out.storedVersions.join(",")}" and "${text}"); give NAME=... for one CRD`,
        );
      out.storedVersions = list;
    } else {
      out.storedVersionsByCrd ??= {};
      if (out.storedVersionsByCrd[name]) throw new CliFailure(`--stored-versions: two lists for ${name}`);
      out.storedVersionsByCrd[name] = list;
    }
  }
  if (flags.storedVersionsFrom?.length) out.storedVersionsFrom = flags.storedVersionsFrom;
  return out;
}

const repeatable = (v: string, prev: string[] = []) => [...prev, v];

/**
 * With --against, OLD is read from the paths as named, not from the files they were narrowed to (--crd-files-only,
 * or no path: the files under "." holding a CRD): a CRD file deleted or moved since the ref is then still seen.
 */
function namedPaths(paths: readonly string[], flags: LintFlags): { namedPaths?: string[] } {
  if (paths.length === 0) return { namedPaths: ["."] };
  return flags.crdFilesOnly ? { namedPaths: [...paths] } : {};
}

const UNUSED_DIRECTIVE_RULE = "disable-directive-unused" satisfies EngineCode;

async function runCost(paths: string[], flags: CommonFlags, io: CliIO): Promise<number> {
  if (flags.format !== "text" && flags.format !== "json")
    throw new CliFailure(`unknown format "${flags.format}" for cost (expected text or json)`);
  const [api, cost] = await Promise.all([import("../index.js"), import("../report/cost.js")]);
  const { options, inputs } = await prepareRun(paths, flags, io, new Set(api.rules.map((r) => r.id)));
  let report;
  try {
    report = await api.cost(inputs, options);
  } catch (e) {
    if (e instanceof api.UsageError) throw new CliFailure(e.message);
    throw e;
  }
  report = {
    ...report,
    expressions: renameStdin(report.expressions, flags.stdinFilename),
    crds: renameStdin(report.crds, flags.stdinFilename),
    unestimated: renameStdin(report.unestimated, flags.stdinFilename),
    lint: { ...report.lint, diagnostics: renameStdin(report.lint.diagnostics, flags.stdinFilename) },
  };
  // An input that was not read fails the run as an error does in lint: its costs are unknown.
  const failed =
    report.expressions.some((e) => e.exceedsLimit) ||
    report.crds.some((c) => c.exceedsLimit) ||
    cost.unreadInputs(report).some((d) => d.severity === "error");
  // -q: only what is over a limit.
  const shown = flags.quiet ? cost.overLimitOnly(report) : report;
  await emitReport(
    flags.format === "json" ? cost.costReportJson(shown, toolVersion()) : cost.costReportText(shown, report),
    flags,
    io,
  );
  return failed ? 1 : 0;
}

async function runLint(paths: string[], flags: LintFlags, io: CliIO): Promise<number> {
  // The library entry (src/index.ts) lints for the CLI too, so the CLI and the API cannot drift apart.
  const [api, { isNonStructuralRule }, { parseJobs }, { defaultCacheDir }] = await Promise.all([
    import("../index.js"),
    import("../crd/structural.js"),
    import("../engine/files.js"),
    import("../load/content-cache.js"),
  ]);
  const { getFormatter, rules: allRules } = api;
  const fmt = getFormatter(flags.format);
  if (!fmt.ok) throw new CliFailure(fmt.error);
  const maxWarnings = parseMaxWarnings(flags.maxWarnings);
  const { options, inputs } = await prepareRun(paths, flags, io, new Set(allRules.map((r) => r.id)));
  // As ESLint's flag: unused directives are errors, unless the configuration gave the rule a severity of its own.
  if (flags.reportUnusedDisableDirectives && (options.rules[UNUSED_DIRECTIVE_RULE] ?? "off") === "off")
    options.rules = { ...options.rules, [UNUSED_DIRECTIVE_RULE]: "error" };
  const jobs = parseJobs(flags.jobs);
  if (jobs === null) throw new CliFailure(`--jobs: expected a whole number >= 1, got "${flags.jobs}"`);
  const storedVersions = parseStoredVersions(flags);
  if (Object.keys(storedVersions).length && flags.against === undefined)
    throw new CliFailure(
      `${flags.storedVersions?.length ? "--stored-versions" : "--stored-versions-from"} needs --against (it describes the OLD revision)`,
    );
  // The replay asks what a revision does to stored objects: without OLD there is no revision.
  if (flags.objects?.length && flags.against === undefined)
    throw new CliFailure("--objects needs --against (on a single revision, check objects with crdlint validate)");
  let result;
  try {
    // --crd-files-only may leave nothing to lint (no path at all would lint the working directory).
    result =
      inputs.length === 0
        ? await nothingLinted(api, options)
        : flags.against !== undefined
          ? await api.lint(inputs, {
              ...options,
              rules: { ...options.diffPolicy?.rules, ...options.rules },
              against: flags.against,
              ...storedVersions,
              ...namedPaths(paths, flags),
              ...(flags.objects?.length ? { objects: flags.objects } : {}),
            })
          : await api.lint(inputs, {
              ...options,
              jobs,
              ...(flags.apiserverGates ? { apiserverGates: true } : {}),
              ...(flags.cache !== false ? { cache: { dir: defaultCacheDir(io.env), version: buildVersion() } } : {}),
            });
  } catch (e) {
    if (e instanceof api.UsageError) throw new CliFailure(e.message);
    throw e;
  }
  return reportRun(
    api,
    result,
    fmt.formatter,
    flags,
    io,
    maxWarnings,
    isNonStructuralRule,
    flags.against !== undefined,
  );
}

/** The end of a lint or a diff: standard input named as --stdin-filename says, -q applied, the report written; the exit code. */
async function reportRun(
  api: typeof import("../index.js"),
  result: import("../index.js").LintResult,
  formatter: import("../index.js").Formatter,
  flags: LintFlags,
  io: CliIO,
  maxWarnings: number,
  isNonStructuralRule: (id: string) => boolean,
  revision = false,
): Promise<number> {
  const stdinName = flags.stdinFilename;
  const named = {
    ...result,
    diagnostics: renameStdin(result.diagnostics, stdinName),
    files: result.files?.map((f) => (f === "-" && stdinName ? stdinName : f)),
    ...(result.bundles ? { bundles: result.bundles.map((f) => (f === "-" && stdinName ? stdinName : f)) } : {}),
    ...(result.crdReleases ? { crdReleases: renameStdin(result.crdReleases, stdinName) } : {}),
  };
  const shown = quietView(named, flags.quiet);
  await emitReport(
    formatter(shown, {
      cwd: io.cwd,
      color: flags.outputFile ? flags.color === true : colorEnabled(flags.color, io),
      toolVersion: toolVersion(),
      rules: api.rules.map((r) => ({ ...r, nonStructural: isNonStructuralRule(r.id) })),
      failOn: maxWarnings >= 0 ? "warning" : "error",
      ...(revision ? { revision } : {}),
      ...(flags.quiet ? { errorsOnly: true } : {}),
    }),
    flags,
    io,
  );
  return exitCodeExplained(shown.summary, maxWarnings, io);
}

/** `head` then as much of `text` as fits in `width` columns, cut at a word with `…`. */
function fitLine(head: string, text: string, width: number): string {
  if (head.length + text.length <= width) return head + text;
  const room = width - head.length - 1;
  // Too narrow even for that: cut anywhere.
  if (room < 10) return (head + text).slice(0, Math.max(1, width - 1)) + "…";
  const cut = text.lastIndexOf(" ", room);
  return head + text.slice(0, cut > room / 2 ? cut : room).trimEnd() + "…";
}

/** The report of a run that had no file to lint (the target release is still checked and named). */
async function nothingLinted(
  api: typeof import("../index.js"),
  options: import("../index.js").LintOptions,
): Promise<import("../index.js").LintResult> {
  const { runResult } = await import("../engine/sink.js");
  const r = await api.lintText("", options);
  return runResult([], { files: 0, documents: 0, crds: 0, resources: 0, skipped: 0 }, r.kubernetesVersion, []);
}

async function runDiff(paths: string[], flags: LintFlags, io: CliIO): Promise<number> {
  const [api, { isNonStructuralRule }] = await Promise.all([import("../index.js"), import("../crd/structural.js")]);
  const { getFormatter, rules: allRules } = api;
  const fmt = getFormatter(flags.format);
  if (!fmt.ok) throw new CliFailure(fmt.error);
  const maxWarnings = parseMaxWarnings(flags.maxWarnings);
  const storedVersions = parseStoredVersions(flags);
  if (flags.against === undefined && paths.length !== 2)
    throw new CliFailure(
      `diff takes OLD and NEW (each a file, directory, glob or -), or --against REF [paths...]; got ${paths.length} path${paths.length === 1 ? "" : "s"}`,
    );
  if (flags.against === undefined && paths[0] === "-" && paths[1] === "-")
    throw new CliFailure("diff: OLD and NEW cannot both be standard input");
  const known = new Set(allRules.map((r) => r.id));
  // With --against, the paths are NEW's (none: the CRD files under the working directory); without, OLD and NEW.
  const { options, inputs } =
    flags.against !== undefined
      ? await prepareRun(paths, flags, io, known)
      : { ...(await prepareRun(paths, flags, io, known)), inputs: paths };
  const diffOptions = {
    ...options,
    ...storedVersions,
    ...(flags.against !== undefined ? namedPaths(paths, flags) : {}),
    ...(flags.objects?.length ? { objects: flags.objects } : {}),
  };
  let result;
  try {
    result =
      flags.against !== undefined
        ? await api.diffAgainst(flags.against, inputs, diffOptions)
        : await api.diff([inputs[0]!], [inputs[1]!], diffOptions);
  } catch (e) {
    if (e instanceof api.UsageError) throw new CliFailure(e.message);
    throw e;
  }
  return reportRun(api, result, fmt.formatter, flags, io, maxWarnings, isNonStructuralRule, true);
}

/** `crdlint rules` reads the metadata generated at build time, so it loads no rule code (and neither CEL nor ajv). */
async function loadRuleMeta(): Promise<RuleMetaRow[]> {
  const p = join(here, "..", "rules-meta.json");
  if (existsSync(p)) return JSON.parse(await readFile(p, "utf8")) as RuleMetaRow[];
  const [{ allRules }, { ruleMetaRow }] = await Promise.all([
    import("../rules/index.js"),
    import("../report/rule-docs.js"),
  ]);
  return allRules.map(ruleMetaRow);
}

type RuleMetaRow = import("../report/rule-docs.js").RuleMetaRow;

async function runRules(
  id: string | undefined,
  flags: { format: string; category?: string; preset?: string },
  io: CliIO,
): Promise<number> {
  if (flags.format !== "text" && flags.format !== "json")
    throw new CliFailure(`unknown format "${flags.format}" for rules (expected text or json)`);
  let rows = await loadRuleMeta();
  const [{ renderRulePage, ruleDocsUrl }, { PRESETS, isPreset }] = await Promise.all([
    import("../report/rule-docs.js"),
    import("../rules/define-rule.js"),
  ]);
  if (id !== undefined) {
    const row = rows.find((r) => r.id === id);
    if (!row) {
      const hint = closest(
        id,
        rows.map((r) => r.id),
      );
      throw new CliFailure(`unknown rule "${id}"${hint ? ` (did you mean ${hint}?)` : ""}; crdlint rules lists them`);
    }
    io.stdout(
      flags.format === "json"
        ? JSON.stringify({ ...row, url: ruleDocsUrl(row.id) }, null, 2) + "\n"
        : renderRulePage(row),
    );
    return 0;
  }
  if (flags.category) {
    const categories = [...new Set(rows.map((r) => r.category))].sort();
    if (!categories.includes(flags.category))
      throw new CliFailure(`unknown category "${flags.category}" (categories: ${categories.join(", ")})`);
    rows = rows.filter((r) => r.category === flags.category);
  }
  if (flags.preset !== undefined) {
    const wanted = flags.preset;
    if (!isPreset(wanted)) {
      const hint = closest(wanted, PRESETS);
      throw new CliFailure(
        `--preset: unknown preset "${wanted}"${hint ? ` (did you mean ${hint}?)` : ""}; expected ${PRESETS.join(", ")}`,
      );
    }
    // The presets nest: a preset holds its own rules and those of every smaller one.
    rows = rows.filter((r) => r.preset !== "opt-in" && PRESETS.indexOf(r.preset) <= PRESETS.indexOf(wanted));
  }
  if (flags.format === "json") {
    io.stdout(
      JSON.stringify(
        rows.map(({ docs: _docs, ...r }) => ({ ...r, url: ruleDocsUrl(r.id) })),
        null,
        2,
      ) + "\n",
    );
    return 0;
  }
  const w = Math.max(...rows.map((r) => r.id.length), 4);
  const cw = Math.max(...rows.map((r) => r.category.length), 8);
  const pw = Math.max(...PRESETS.map((p) => p.length), "opt-in".length);
  const lines = [
    `${"RULE".padEnd(w)}  ${"CATEGORY".padEnd(cw)}  SEVERITY  ${"PRESET".padEnd(pw)}  APISERVER  DESCRIPTION`,
  ];
  // On a terminal each row fits its width (the description cut at a word, the URL left to `crdlint rules <id>`);
  // in a pipe rows are whole, for grep.
  const width = io.columns && io.columns > 0 ? io.columns : null;
  // Too narrow for the table and a readable description: two lines a rule, the description indented under it.
  const stacked = width !== null && width - (lines[0]!.length - "DESCRIPTION".length) < 30;
  if (stacked) lines[0] = fitLine("", "RULE  SEVERITY  PRESET  APISERVER / description", width);
  for (const r of rows) {
    const head = `${r.id.padEnd(w)}  ${r.category.padEnd(cw)}  ${r.severity.padEnd(8)}  ${r.preset.padEnd(pw)}  ${(r.apiserver ? "yes" : "no").padEnd(9)}  `;
    if (width === null) lines.push(`${head}${r.description}  <${ruleDocsUrl(r.id)}>`);
    else if (stacked)
      lines.push(
        fitLine("", `${r.id}  ${r.severity}  ${r.preset}${r.apiserver ? "  apiserver" : ""}`, width),
        fitLine("    ", r.description, width),
      );
    else lines.push(fitLine(head, r.description, width));
  }
  const count = (p: string) => rows.filter((r) => r.preset === p).length;
  lines.push(
    "",
    `${rows.length} rules (${rows.filter((r) => r.apiserver).length} apiserver checks): ${PRESETS.map((p) => `${count(p)} in ${p}`).join(", ")}, ${count("opt-in")} opt-in`,
    "PRESET is the smallest preset holding the rule; the presets nest (apiserver, recommended, strict). The default is recommended;",
    "--preset strict (or extends: [crdlint:strict] in .crdlint.yaml) adds the rest but the opt-in rules, which rules: {<id>: warning} turns on.",
    width === null
      ? "A rule's page: crdlint rules <id>, or the URL at the end of its line"
      : "A rule's page, with its URL: crdlint rules <id>",
  );
  if (width !== null)
    for (let i = 0; i < lines.length; i++) if (lines[i]!.length > width) lines[i] = fitLine("", lines[i]!, width);
  io.stdout(lines.join("\n") + "\n");
  return 0;
}

function buildProgram(io: CliIO, setResult: (p: Promise<number>) => void): Command {
  const program = new Command();
  program
    .name("crdlint")
    .description(
      "Lint Kubernetes CustomResourceDefinitions the way the apiserver validates them, before kubectl apply.",
    )
    .version(toolVersion(), "-v, --version", "print the crdlint version (-V works too)")
    .showHelpAfterError("(run crdlint --help for usage)")
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .exitOverride();

  addCommonOptions(
    program
      .command("lint", { isDefault: true })
      .description(
        "lint CRD files, directories and globs (`-` reads stdin; no path: the CRD files under the working directory)",
      )
      .argument("[paths...]", "files, directories (recursive: .yaml, .yml, .json), globs, or - for stdin"),
    ["text", "json", "sarif", "junit", "github", "markdown"],
  )
    .option("--max-warnings <n>", "fail (exit 1) when there are more than n warnings")
    .option("--report-unused-disable-directives", "report crdlint-disable comments that suppress nothing (as errors)")
    .option(
      "-j, --jobs <n>",
      "threads that lint many files (default: one per core but one, which V8's garbage collector and compiler use; 1: no workers)",
    )
    .option(
      "--apiserver-gates",
      "stop where the apiserver stops: only its first answer, without the problems it reports once those are fixed (shown by default, marked)",
    )
    .option(
      "--no-cache",
      "lint every file, without the cache of what earlier runs found in files they linted with the same bytes and options (in $CRDLINT_CACHE_DIR, else the user's cache directory)",
    )
    .option(
      "--crd-files-only",
      "of the files named (and under the directories named), lint only those that mention CustomResourceDefinition, as crdlint with no path does; skip the others silently",
    )
    .option(
      "--against <ref>",
      "lint each CRD as an update of its revision at a git ref (origin/main, a tag, a SHA) or in a directory",
    )
    .option(
      "--stored-versions <list>",
      "with --against: OLD's status.storedVersions, e.g. v1alpha1,v1 for every CRD, or NAME=v1alpha1,v1 for one (repeatable; default: OLD's status, else its storage version)",
      repeatable,
    )
    .option(
      "--stored-versions-from <file>",
      "with --against: status.storedVersions of each CRD from the cluster's copy (kubectl get crd -o yaml > FILE; repeatable)",
      repeatable,
    )
    .option(
      "--objects <path>",
      "with --against: replay example or exported custom resources (a file, directory or glob; repeatable) against the new CRDs, as diff --objects does",
      (v: string, prev: string[] = []) => [...prev, v],
    )
    .action((paths: string[], flags: LintFlags, command: Command) =>
      setResult(runLint(paths, { ...flags, commandNamed: command.parent!.args.includes("lint") }, io)),
    );

  addCommonOptions(
    program
      .command("diff")
      .description(
        "what changes from OLD to NEW: the apiserver's verdict on the update, and what breaks stored objects and clients (CRDs paired by metadata.name)",
      )
      .argument("[paths...]", "OLD and NEW (each a file, directory, glob or -); with --against, NEW's paths"),
    ["text", "json", "sarif", "junit", "github", "markdown"],
  )
    .option(
      "--against <ref>",
      "OLD is the same paths at a git ref (origin/main, a tag, a SHA), or the CRDs under a directory",
    )
    .option(
      "--stored-versions <list>",
      "OLD's status.storedVersions, e.g. v1alpha1,v1 for every CRD, or NAME=v1alpha1,v1 for one (repeatable; default: OLD's status, else its storage version)",
      repeatable,
    )
    .option(
      "--stored-versions-from <file>",
      "status.storedVersions of each CRD from the cluster's copy (kubectl get crd -o yaml > FILE; repeatable)",
      repeatable,
    )
    .option(
      "--objects <path>",
      "replay example or exported custom resources (a file, directory or glob; repeatable) against NEW: what vanishes on read, what fails a create or an unchanged update",
      (v: string, prev: string[] = []) => [...prev, v],
    )
    .option("--max-warnings <n>", "fail (exit 1) when there are more than n warnings")
    .action((paths: string[], flags: LintFlags) => setResult(runDiff(paths, flags, io)));

  addCommonOptions(
    program
      .command("cost")
      .description(
        "estimate the CEL cost of every x-kubernetes-validations rule, per CRD version, with fixes for expensive ones",
      )
      .argument("[paths...]", "files, directories, globs, or - for stdin"),
    ["text", "json"],
    "show only what is over a limit",
  ).action((paths: string[], flags: CommonFlags) => setResult(runCost(paths, { ...flags, commandNamed: true }, io)));

  registerValidateCommand(program, { io, setResult, toolVersion, buildVersion });
  registerTestCommand(program, { io, setResult, toolVersion });
  registerCelCommand(program, { io, setResult, toolVersion });

  program
    .command("rules")
    .description("list crdlint's rules, or print one rule's page")
    .argument("[rule]", "a rule id: print its page (what, why, failing and passing example, fix, documentation URL)")
    .addOption(new Option("-f, --format <format>", "text or json").default("text"))
    .option("--category <category>", "only the rules of one category")
    .option("--preset <preset>", "only the rules a preset holds: apiserver, recommended or strict")
    .action((id: string | undefined, flags: { format: string; category?: string; preset?: string }) =>
      setResult(runRules(id, flags, io)),
    );

  return program;
}

/** The value of an option in raw argv (`-f x`, `-fx`, `--format x`, `--format=x`), read before commander parses it. */
function rawOption(argv: readonly string[], short: string, long: string): string | undefined {
  let value: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--") break;
    if (a === short || a === long) value = argv[i + 1];
    else if (a.startsWith(long + "=")) value = a.slice(long.length + 1);
    else if (a.startsWith(short) && !a.startsWith("--") && a.length > 2) value = a.slice(2);
  }
  return value;
}

/**
 * `crdlint x` where x is neither a command nor an existing path nor a glob: a mistyped command, not a file to lint.
 */
function unknownCommand(argv: readonly string[], program: Command, cwd: string): string | null {
  const first = argv[0];
  if (first === undefined || first.startsWith("-")) return null;
  const names = program.commands.map((c) => c.name());
  if (names.includes(first) || first === "help") return null;
  if (!/^[a-z][a-z0-9-]*$/i.test(first) || existsSync(resolve(cwd, first))) return null;
  const hint = closest(first, names);
  return `unknown command '${first}'${hint ? ` (did you mean ${hint}?)` : ""}; commands: ${names.join(", ")} (a path to lint must exist)`;
}

/** The report of a run that stopped with exit 2, in the format asked for (null: a format crdlint does not have). */
async function failureReport(format: string, message: string): Promise<string | null> {
  switch (format) {
    case "json":
      // A consumer piping it to a JSON parser reads why instead of an empty document.
      return (
        JSON.stringify({ tool: "crdlint", version: toolVersion(), error: { message, exitCode: 2 } }, null, 2) + "\n"
      );
    case "sarif":
      return (await import("../report/formatters/sarif.js")).sarifForFailure(message, toolVersion());
    case "junit":
      return (await import("../report/formatters/junit.js")).junitForFailure(message);
    case "github":
      return (await import("../report/formatters/github.js")).githubForFailure(message);
    case "text":
      return `crdlint: ${message}\n`;
    default:
      return null;
  }
}

export async function main(rawArgv: readonly string[], io: CliIO): Promise<number> {
  // -V is the version flag of most CLIs (commander's default, ESLint's -v): both work.
  const argv = rawArgv[0] === "-V" ? ["--version", ...rawArgv.slice(1)] : rawArgv;
  const debug = argv.includes("--debug");
  let pending = null as Promise<number> | null; // `as`: set by the callback, so TypeScript must not narrow it to null
  const program = buildProgram(io, (p) => {
    pending = p;
  });
  // crdlint could not do its job (exit 2): the report it was asked for is still written, as a valid document of its
  // format that says why (docs/output-contract-additions.md), to --output-file on every exit (an upload or a
  // test-report step after it never fails on a missing file) and to stdout for the machine-readable formats.
  const failed = async (message: string): Promise<number> => {
    const format = rawOption(argv, "-f", "--format") ?? "text";
    const outputFile = rawOption(argv, "-o", "--output-file");
    const document = await failureReport(format, message);
    if (document !== null && (outputFile || format !== "text")) {
      try {
        await emitReport(document, { outputFile }, io);
      } catch (e) {
        // Said once: the run may have failed on writing this very file.
        if ((e as Error).message !== message) io.stderr(`crdlint: ${(e as Error).message}\n`);
      }
    }
    return 2;
  };
  try {
    const unknown = unknownCommand(argv, program, io.cwd);
    if (unknown) throw new CliFailure(unknown);
    await program.parseAsync(argv as string[], { from: "user" });
    return pending ? await pending : 0;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === "commander.helpDisplayed" || e.code === "commander.version" || e.code === "commander.help")
        return 0;
      // commander already printed its message; bad arguments are exit 2, not commander's 1.
      return failed(e.message.replace(/^error: /, ""));
    }
    if (e instanceof CliFailure) {
      io.stderr(`crdlint: ${e.message}\n`);
      return failed(e.message);
    }
    io.stderr(
      `crdlint: internal error: ${e instanceof Error ? e.message : String(e)}${debug ? "" : " (run with --debug for details)"}\n`,
    );
    if (debug && e instanceof Error && e.stack) io.stderr(e.stack + "\n");
    return failed(`internal error: ${e instanceof Error ? e.message : String(e)}`);
  }
}
