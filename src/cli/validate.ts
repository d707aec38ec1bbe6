/**
 * `crdlint validate`: the command's options and its run. It takes the options every linting command shares
 * (common.ts) and adds its own; main.ts registers it with one call.
 */
import type { Command } from "commander";
import { Option } from "commander";
import {
  addCommonOptions,
  CliFailure,
  colorEnabled,
  emitReport,
  exitCodeExplained,
  parseMaxWarnings,
  prepareRun,
  quietView,
  renameStdin,
  type CliIO,
  type CommonFlags,
} from "./common.js";

interface ValidateFlags extends CommonFlags {
  crd?: string[];
  old?: string;
  fieldValidation: string;
  ignoreMissingSchemas?: boolean;
  showDefaulted?: boolean;
  maxWarnings?: string;
  apiserverGates?: boolean;
  cache: boolean;
}

export interface ValidateCommandDeps {
  io: CliIO;
  setResult: (p: Promise<number>) => void;
  toolVersion: () => string;
  /** The version and build, for the cache's keys (a rebuilt crdlint reads nothing an older build cached). */
  buildVersion: () => string;
}

const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

export function registerValidateCommand(program: Command, deps: ValidateCommandDeps): void {
  addCommonOptions(
    program
      .command("validate")
      .description(
        "validate custom resources against their CRDs as the apiserver would (kubectl create/apply), `-` reads stdin",
      )
      .argument(
        "[manifests...]",
        "resource files, directories, globs, or - for stdin (default: stdin); CRDs among them are used too",
      )
      .option("--crd <path>", "CRD file, directory, glob or - (repeatable)", collect)
      .option(
        "--old <file>",
        "the stored objects: validate the manifests as updates of them (transition rules, ratcheting)",
      )
      .addOption(
        new Option("--field-validation <mode>", "unknown fields: strict (error, kubectl's default), warn, ignore")
          .choices(["strict", "warn", "ignore"])
          .default("strict"),
      )
      .option("--ignore-missing-schemas", "skip resources whose kind no CRD defines instead of reporting them")
      .option(
        "--show-defaulted",
        "print each resource as the apiserver would store it (pruned, defaulted) as YAML on stdout; the report goes to stderr",
      )
      .option("--max-warnings <n>", "fail (exit 1) when there are more than n warnings")
      .option(
        "--no-cache",
        "do not use the cache of what earlier runs learnt of the CRD files (in $CRDLINT_CACHE_DIR, else the user's cache directory)",
      )
      .option(
        "--apiserver-gates",
        "stop where the apiserver stops: only its first answer, without the problems it reports once those are fixed (shown by default, marked)",
      ),
    ["text", "json", "sarif", "junit", "github"],
  ).action((manifests: string[], flags: ValidateFlags) => deps.setResult(runValidate(manifests, flags, deps)));
}

async function runValidate(manifests: string[], flags: ValidateFlags, deps: ValidateCommandDeps): Promise<number> {
  const { io } = deps;
  const [api, { stringify }, { defaultCacheDir }] = await Promise.all([
    import("../index.js"),
    import("yaml"),
    import("../load/content-cache.js"),
  ]);
  const fmt = api.getFormatter(flags.format);
  if (!fmt.ok) throw new CliFailure(fmt.error);
  const maxWarnings = parseMaxWarnings(flags.maxWarnings);
  // Unlike lint and cost, no path reads standard input (as kubectl's -f - would), not the files under cwd.
  const { options, inputs } = await prepareRun(manifests, flags, io, new Set(api.rules.map((r) => r.id)), "stdin");
  let result;
  try {
    result = await api.validate(inputs, {
      ...options,
      crds: flags.crd ?? [],
      old: flags.old,
      fieldValidation: flags.fieldValidation as "strict" | "warn" | "ignore",
      ignoreMissingSchemas: flags.ignoreMissingSchemas,
      ...(flags.cache ? { cache: { dir: defaultCacheDir(io.env), version: deps.buildVersion() } } : {}),
      ...(flags.apiserverGates ? { apiserverGates: true } : {}),
      onDefaulted: flags.showDefaulted ? (o) => io.stdout("---\n" + stringify(o, { version: "1.1" })) : undefined,
    });
  } catch (e) {
    if (e instanceof api.UsageError) throw new CliFailure(e.message);
    throw e;
  }
  result = { ...result, diagnostics: renameStdin(result.diagnostics, flags.stdinFilename) };
  const shown = quietView(result, flags.quiet);
  // With --show-defaulted the objects go to stdout, so the report goes to stderr (or to --output-file).
  const report = fmt.formatter(shown, {
    cwd: io.cwd,
    color: flags.outputFile ? flags.color === true : !flags.showDefaulted && colorEnabled(flags.color, io),
    toolVersion: deps.toolVersion(),
    rules: api.rules.map((r) => ({ ...r, nonStructural: false })),
    failOn: maxWarnings >= 0 ? "warning" : "error",
  });
  await emitReport(report, flags, flags.showDefaulted && !flags.outputFile ? { ...io, stdout: io.stderr } : io);
  return exitCodeExplained(shown.summary, maxWarnings, io);
}
