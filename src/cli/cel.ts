/**
 * `crdlint cel eval`: the command's options and its run (a thin shell over the library's celEval); main.ts registers
 * it with one call.
 */
import { Option, type Command } from "commander";
import { addReleaseOptions, CliFailure, emitReport, loadOptions, parseMaxFileSize, type CliIO } from "./common.js";

interface CelEvalFlags {
  crd: string;
  name?: string;
  crdVersion?: string;
  path?: string;
  object?: string;
  old?: string;
  optionalOldSelf?: boolean;
  format: string;
  kubernetesVersion?: string;
  config?: string;
  outputFile?: string;
  maxFileSize: string;
}

export interface CelCommandDeps {
  io: CliIO;
  setResult: (p: Promise<number>) => void;
  toolVersion: () => string;
}

export function registerCelCommand(program: Command, deps: CelCommandDeps): void {
  const cel = program
    .command("cel")
    .description(
      "CEL tools over a CRD's schema: cel eval evaluates an expression as a rule at a schema node would run",
    );
  const evalCommand = cel
    .command("eval")
    .description(
      "evaluate a CEL expression with self (and oldSelf) typed from a CRD's schema at a path: its value, runtime cost and estimated cost, at the release asked",
    )
    .argument("<expression>", "the CEL expression, as an x-kubernetes-validations rule would hold it")
    .requiredOption("--crd <file>", "the CRD (a file, or - for stdin)")
    .option("--name <name>", "metadata.name of the CRD, when the file holds several")
    .option("--crd-version <version>", "the CRD version whose schema types self (default: the storage version)")
    .option(
      "--path <path>",
      "where self is in the schema: spec.ports[*] (every item), spec.ports[0], spec.labels['app'] (default: the root)",
    )
    .option("--object <file>", "a custom resource (or - for stdin): self is its value at --path")
    .option("--old <file>", "the object before the update: oldSelf, paired with self as the apiserver pairs them")
    .option("--optional-old-self", "evaluate as a rule with optionalOldSelf: true (oldSelf is an optional)")
    .addOption(new Option("-f, --format <format>", "output format: text, json").default("text"));
  addReleaseOptions(evalCommand)
    .option("-o, --output-file <path>", "write the report to this file instead of standard output")
    .option("--max-file-size <size>", "refuse inputs larger than this", "32MiB")
    .action((expression: string, flags: CelEvalFlags) => deps.setResult(runCelEval(expression, flags, deps)));
}

async function runCelEval(expression: string, flags: CelEvalFlags, deps: CelCommandDeps): Promise<number> {
  const { io } = deps;
  if (flags.format !== "text" && flags.format !== "json")
    throw new CliFailure(`unknown format "${flags.format}" for cel eval (expected text or json)`);
  const stdinUsers = [flags.crd, flags.object, flags.old].filter((f) => f === "-").length;
  if (stdinUsers > 1) throw new CliFailure("only one of --crd, --object and --old can read standard input (-)");
  const [api, report, { parseSize }] = await Promise.all([
    import("../index.js"),
    import("../report/cel-eval.js"),
    import("../load/files.js"),
  ]);
  // The configuration gives the release when -k does not, as for every command.
  const loaded = await loadOptions(
    { kubernetesVersion: flags.kubernetesVersion, config: flags.config, ignore: true },
    io,
    new Set(api.rules.map((r) => r.id)),
  );
  let result;
  try {
    result = await api.celEval(expression, {
      crd: flags.crd,
      ...(flags.name !== undefined ? { crdName: flags.name } : {}),
      ...(flags.crdVersion !== undefined ? { version: flags.crdVersion } : {}),
      ...(flags.path !== undefined ? { path: flags.path } : {}),
      ...(flags.object !== undefined ? { object: flags.object } : {}),
      ...(flags.old !== undefined ? { oldObject: flags.old } : {}),
      ...(flags.optionalOldSelf ? { optionalOldSelf: true } : {}),
      ...(loaded.kubernetesVersion !== undefined ? { kubernetesVersion: loaded.kubernetesVersion } : {}),
      cwd: io.cwd,
      stdin: io.stdin,
      maxFileSizeBytes: parseMaxFileSize(flags.maxFileSize, parseSize),
    });
  } catch (e) {
    if (e instanceof api.UsageError) throw new CliFailure(e.message);
    throw e;
  }
  await emitReport(
    flags.format === "json" ? report.celEvalJson(result, deps.toolVersion()) : report.celEvalText(result),
    flags,
    io,
  );
  return result.ok ? 0 : 1;
}
