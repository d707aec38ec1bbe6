/**
 * `crdlint validate`: the command's options and its run. Registered by main.ts with one call; the options are
 * defined here with a small local helper so the common CLI options can be merged without touching this file much.
 */
import type { Command } from "commander";
import { Option } from "commander";
import type { CliIO } from "./main.js";

interface ValidateFlags {
  crd?: string[];
  old?: string;
  format: string;
  kubernetesVersion?: string;
  config?: string;
  fieldValidation: string;
  ignoreMissingSchemas?: boolean;
  showDefaulted?: boolean;
  maxWarnings?: string;
  quiet?: boolean;
  color?: boolean;
  debug?: boolean;
}

export interface ValidateCommandDeps {
  io: CliIO;
  setResult: (p: Promise<number>) => void;
  /** Throws the CLI's exit-2 failure. */
  fail: (message: string) => never;
  toolVersion: () => string;
  loadOptions: (flags: { kubernetesVersion?: string; config?: string }, io: CliIO, knownRules: ReadonlySet<string>) => Promise<{
    kubernetesVersion?: string;
    rules: Record<string, "off" | "info" | "warning" | "error">;
    ignore: string[];
    cwd: string;
    stdin: () => Promise<string>;
  }>;
}

const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

/** The options validate shares with lint, defined locally (see the file comment). */
function commonOptions(cmd: Command): Command {
  return cmd
    .addOption(new Option("-f, --format <format>", "output format: text, json, sarif, junit, github").default("text"))
    .option("-k, --kubernetes-version <version>", "target Kubernetes release, e.g. 1.30 (default: config, else the newest crdlint knows)")
    .option("-c, --config <file>", "configuration file (default: .crdlint.yaml found upward from the working directory)")
    .option("--max-warnings <n>", "fail (exit 1) when there are more than n warnings")
    .option("-q, --quiet", "report errors only")
    .option("--color", "force colour")
    .option("--no-color", "disable colour")
    .option("--debug", "print stack traces of unexpected failures");
}

export function registerValidateCommand(program: Command, deps: ValidateCommandDeps): void {
  const cmd = program
    .command("validate")
    .description("validate custom resources against their CRDs as the apiserver would (kubectl create/apply), `-` reads stdin")
    .argument("[manifests...]", "resource files, directories, globs, or - for stdin (default: stdin); CRDs among them are used too")
    .option("--crd <path>", "CRD file, directory, glob or - (repeatable)", collect)
    .option("--old <file>", "the stored objects: validate the manifests as updates of them (transition rules, ratcheting)")
    .addOption(new Option("--field-validation <mode>", "unknown fields: strict (error, kubectl's default), warn, ignore").choices(["strict", "warn", "ignore"]).default("strict"))
    .option("--ignore-missing-schemas", "skip resources whose kind no CRD defines instead of reporting them")
    .option("--show-defaulted", "print each resource as the apiserver would store it (pruned, defaulted) as YAML on stdout; the report goes to stderr");
  commonOptions(cmd).action((manifests: string[], flags: ValidateFlags) => deps.setResult(runValidate(manifests, flags, deps)));
}

async function runValidate(manifests: string[], flags: ValidateFlags, deps: ValidateCommandDeps): Promise<number> {
  const { io, fail } = deps;
  const [{ getFormatter }, { allRules }, files, validate, { stringify }] = await Promise.all([
    import("../report/formatters/index.js"),
    import("../rules/index.js"),
    import("../engine/files.js"),
    import("../engine/validate.js"),
    import("yaml"),
  ]);
  const fmt = getFormatter(flags.format);
  if (!fmt.ok) return fail(fmt.error);
  let maxWarnings = -1;
  if (flags.maxWarnings !== undefined) {
    maxWarnings = Number(flags.maxWarnings);
    if (!Number.isInteger(maxWarnings) || maxWarnings < 0) fail(`--max-warnings: expected a whole number >= 0, got "${flags.maxWarnings}"`);
  }
  const options = await deps.loadOptions(flags, io, new Set(allRules.map((r) => r.id)));
  let result;
  try {
    result = await validate.validateFiles(manifests, {
      ...options,
      crds: flags.crd ?? [],
      old: flags.old,
      fieldValidation: flags.fieldValidation as "strict" | "warn" | "ignore",
      ignoreMissingSchemas: flags.ignoreMissingSchemas,
      onDefaulted: flags.showDefaulted ? (o) => io.stdout("---\n" + stringify(o, { version: "1.1" })) : undefined,
    });
  } catch (e) {
    if (e instanceof files.UsageError) fail(e.message);
    throw e;
  }
  const shown = flags.quiet ? { ...result, diagnostics: result.diagnostics.filter((d) => d.severity === "error") } : result;
  const color = flags.color === undefined ? io.isTTY && !io.env.NO_COLOR && !flags.showDefaulted : flags.color;
  const report = fmt.formatter(shown, {
    cwd: io.cwd,
    color,
    toolVersion: deps.toolVersion(),
    rules: allRules.map((r) => ({ ...r, nonStructural: false })),
    failOn: maxWarnings >= 0 ? "warning" : "error",
  });
  (flags.showDefaulted ? io.stderr : io.stdout)(report);
  const { errors, warnings } = result.summary;
  if (errors > 0) return 1;
  if (maxWarnings >= 0 && warnings > maxWarnings) return 1;
  return 0;
}
