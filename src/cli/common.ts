/**
 * What every linting command shares (`lint`, `cost`, `validate`): the common options, built in one place so the
 * commands cannot drift apart, the configuration they read, colour, and where the report goes.
 */
import { readFile, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { Option, type Command } from "commander";
import type { LintResult } from "../diagnostics/index.js";
import type { StdinReader } from "../load/files.js";
import { makeDirectory } from "../load/directory.js";
import type { Preset } from "../rules/define-rule.js";

export interface CliIO {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  cwd: string;
  isTTY: boolean;
  /** Whether standard input is a terminal: then it is read only when `-` is named (nobody would type a manifest). */
  stdinIsTTY?: boolean;
  /**
   * Whether standard input is a pipe, a socket or a non-empty file (not a terminal, /dev/null or closed). With no
   * path it is still not read (a CI runner may feed the job's script there: GitLab's does); crdlint says how to.
   */
  stdinIsPipe?: boolean;
  /** The terminal's width when standard output is one (process.stdout.columns); undefined in a pipe. */
  columns?: number;
  env: Record<string, string | undefined>;
  /** Standard input, read up to the limit it is given (bounded: standard input can be endless). */
  stdin: StdinReader;
}

/** Exit 2: crdlint could not do its job. */
export class CliFailure extends Error {}

/** The options `addCommonOptions` defines, as commander hands them to the action. */
export interface CommonFlags {
  format: string;
  kubernetesVersion?: string;
  config?: string;
  preset?: string;
  quiet?: boolean;
  /** --color / --no-color; undefined when neither was given. */
  color?: boolean;
  /** False with --no-ignore. */
  ignore: boolean;
  stdinFilename?: string;
  /**
   * The command was named (`crdlint lint`, `crdlint cost`), not taken as the default (`crdlint`): with no path and a
   * pipe on standard input, the user meant the pipe (`helm template . | crdlint lint`), which is then a usage error.
   */
  commandNamed?: boolean;
  outputFile?: string;
  maxFileSize: string;
  debug?: boolean;
  applyMethod?: string;
}

/**
 * Adds the options every linting command accepts. `formats` are the command's own output formats (the first is
 * the default); `quiet` says what -q keeps for this command.
 */
export function addCommonOptions(cmd: Command, formats: readonly string[], quiet = "report errors only"): Command {
  return addReleaseOptions(
    cmd.addOption(new Option("-f, --format <format>", `output format: ${formats.join(", ")}`).default(formats[0])),
  )
    .option(
      "--preset <preset>",
      "rule set: recommended (default: what the apiserver rejects or warns about, and what malfunctions), strict (every rule, conventions and style too) or apiserver (only what the apiserver rejects or warns about)",
    )
    .option("-q, --quiet", quiet)
    .option("--color", "force colour")
    .option("--no-color", "disable colour")
    .option("--no-ignore", "lint files that the configuration's ignore patterns exclude")
    .option(
      "--stdin-filename <path>",
      "the name to give standard input in the report (reads stdin when no path is given)",
    )
    .option("-o, --output-file <path>", "write the report to this file instead of standard output")
    .option("--max-file-size <size>", "skip and report files (and standard input) larger than this", "32MiB")
    .option("--debug", "print stack traces of unexpected failures")
    .option(
      "--apply-method <method>",
      "how the CRDs are applied: client-side (kubectl apply, default), server-side (--server-side, create, replace) or helm; a chart's crds/ files are helm",
    );
}

/** -k and -c: the release, and the configuration that gives it when -k does not (every command takes them). */
export function addReleaseOptions(cmd: Command): Command {
  return cmd
    .option(
      "-k, --kubernetes-version <version>",
      "target Kubernetes release, e.g. 1.30 (default: config, else the newest crdlint knows); lint, cost, validate and diff also take a range, 1.28..1.37, or supported",
    )
    .option(
      "-c, --config <file>",
      "configuration file (default: .crdlint.yaml found upward from the working directory)",
    );
}

/**
 * Colour as chalk's users expect: --color/--no-color win, then FORCE_COLOR (0 or false: off, anything else: on),
 * then NO_COLOR, then TERM=dumb, then whether standard output is a terminal.
 */
export function colorEnabled(flag: boolean | undefined, io: Pick<CliIO, "env" | "isTTY">): boolean {
  if (flag !== undefined) return flag;
  const force = io.env.FORCE_COLOR;
  if (force !== undefined) return force !== "0" && force.toLowerCase() !== "false";
  if (io.env.NO_COLOR) return false;
  if (io.env.TERM === "dumb") return false;
  return io.isTTY;
}

/** Writes the report to --output-file (creating its directory), else to standard output. */
export async function emitReport(text: string, flags: Pick<CommonFlags, "outputFile">, io: CliIO): Promise<void> {
  if (!flags.outputFile) {
    io.stdout(text);
    return;
  }
  const target = resolve(io.cwd, flags.outputFile);
  try {
    makeDirectory(dirname(target));
    await writeFile(target, text);
  } catch (e) {
    throw new CliFailure(`cannot write --output-file ${flags.outputFile}: ${(e as Error).message}`);
  }
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

export interface LoadedOptions {
  kubernetesVersion?: string;
  /** The configuration's `kubernetesVersions`: the releases the project claims (lint judges its CRDs at each). */
  claimedKubernetesVersions?: string;
  /** --preset, else the configuration's `extends`, else undefined (the library's default, recommended). */
  preset?: Preset;
  rules: Record<string, "off" | "info" | "warning" | "error">;
  ignore: string[];
  /** The config file's directory: `ignore` patterns are relative to it. */
  ignoreBase: string;
  cwd: string;
  stdin: StdinReader;
  /** The configuration's `diff` section. */
  diffPolicy?: import("../config/diff-policy.js").DiffPolicy;
  /** --apply-method, else the configuration's `applyMethod`. */
  applyMethod?: import("../load/layout.js").ApplyMethod;
}

/** Finds and reads the configuration, and merges it with the command line (the command line wins). */
export async function loadOptions(
  flags: Pick<CommonFlags, "kubernetesVersion" | "config" | "ignore" | "preset" | "applyMethod">,
  io: CliIO,
  knownRules: ReadonlySet<string>,
): Promise<LoadedOptions> {
  const [{ parseConfig }, { isPreset, PRESETS }] = await Promise.all([
    import("../config/index.js"),
    import("../rules/define-rule.js"),
  ]);
  if (flags.preset !== undefined && !isPreset(flags.preset)) {
    const { closest } = await import("../config/suggest.js");
    const hint = closest(flags.preset, PRESETS);
    throw new CliFailure(
      `--preset: unknown preset "${flags.preset}"${hint ? ` (did you mean ${hint}?)` : ""}; expected ${PRESETS.join(", ")}`,
    );
  }
  if (flags.applyMethod !== undefined) {
    const { APPLY_METHODS, isApplyMethod } = await import("../load/layout.js");
    if (!isApplyMethod(flags.applyMethod)) {
      const { closest } = await import("../config/suggest.js");
      const hint = closest(flags.applyMethod, APPLY_METHODS);
      throw new CliFailure(
        `--apply-method: unknown apply method "${flags.applyMethod}"${hint ? ` (did you mean ${hint}?)` : ""}; expected ${APPLY_METHODS.join(", ")}`,
      );
    }
  }
  const configPath = flags.config ? resolve(io.cwd, flags.config) : await findConfig(io.cwd);
  let config: {
    rules: LoadedOptions["rules"];
    ignore: string[];
    kubernetesVersion?: string;
    kubernetesVersions?: string;
    preset?: Preset;
    diff?: LoadedOptions["diffPolicy"];
    applyMethod?: LoadedOptions["applyMethod"];
  } = { rules: {}, ignore: [] };
  if (configPath) {
    let text: string;
    try {
      text = await readFile(configPath, "utf8");
    } catch (e) {
      throw new CliFailure(
        `cannot read config ${flags.config ?? configPath}: ${(e as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (e as Error).message}`,
      );
    }
    const parsed = parseConfig(text, flags.config ?? configPath, knownRules);
    if (!parsed.ok) throw new CliFailure(`invalid config: ${parsed.error}`);
    config = parsed.config;
  }
  return {
    kubernetesVersion: flags.kubernetesVersion ?? config.kubernetesVersion,
    ...(config.kubernetesVersions !== undefined ? { claimedKubernetesVersions: config.kubernetesVersions } : {}),
    // The command line wins over `extends`; the configuration's own `rules` still apply on top of either preset.
    ...(flags.preset !== undefined || config.preset !== undefined
      ? { preset: (flags.preset as Preset | undefined) ?? config.preset }
      : {}),
    rules: config.rules,
    ignore: flags.ignore === false ? [] : config.ignore,
    ignoreBase: configPath ? dirname(configPath) : io.cwd,
    cwd: io.cwd,
    stdin: io.stdin,
    ...(config.diff ? { diffPolicy: config.diff } : {}),
    ...((flags.applyMethod ?? config.applyMethod)
      ? { applyMethod: (flags.applyMethod as LoadedOptions["applyMethod"]) ?? config.applyMethod }
      : {}),
  };
}

export function parseMaxFileSize(text: string, parseSize: (t: string) => number | null): number {
  const n = parseSize(text);
  if (n === null || n <= 0) throw new CliFailure(`--max-file-size: expected a size such as 10MiB, got "${text}"`);
  return n;
}

/** What a command reads when given no path: the CRD files under the working directory (lint, cost), or standard input (validate). */
export type WithoutPaths = "crd-files" | "stdin";

/**
 * The paths to lint: `--stdin-filename` with no path reads standard input; no path at all lints the files of the
 * working directory that hold a CRD, and says on stderr what it skipped (or reads standard input, for validate).
 */
export async function resolvePaths(
  paths: string[],
  flags: Pick<CommonFlags, "stdinFilename" | "commandNamed"> & { crdFilesOnly?: boolean },
  options: LoadedOptions & { maxFileSizeBytes: number },
  io: CliIO,
  withoutPaths: WithoutPaths = "crd-files",
): Promise<string[]> {
  if (paths.length > 0 && flags.crdFilesOnly) {
    // Named files that hold no CRD are skipped without a word (a pre-commit hook passes every staged YAML file).
    const { findCrdFiles } = await import("../load/files.js");
    const found = await findCrdFiles(
      {
        cwd: io.cwd,
        ignore: options.ignore,
        ignoreBase: options.ignoreBase,
        maxFileSizeBytes: options.maxFileSizeBytes,
        stdinFilename: flags.stdinFilename,
      },
      paths,
    );
    if (found.errors.length) throw new CliFailure(found.errors.join("\n"));
    return found.files;
  }
  if (paths.length > 0) return paths;
  if (flags.stdinFilename || withoutPaths === "stdin") {
    // As ESLint does: waiting silently on a terminal looks like a hang. `-` still reads it.
    if (io.stdinIsTTY)
      throw new CliFailure(
        withoutPaths === "stdin"
          ? "no manifests given and standard input is a terminal: name the files to validate, pipe them in (helm template . | crdlint validate --crd crds/), or give - to type them"
          : "no paths given and standard input is a terminal: name the files to lint, pipe them in, or give - to type them",
      );
    return ["-"];
  }
  // `helm template . | crdlint lint`: the output piped in is what the user means, yet reading standard input unnamed
  // would swallow a CI job script fed on it (GitLab's docker executor). A named command with a pipe and no path is a
  // usage error that says how; bare `crdlint` (the default command) lints the working directory, with a note below.
  if (flags.commandNamed && io.stdinIsPipe)
    throw new CliFailure(
      "no paths given, and standard input is a pipe: name it to lint what is piped in (helm template . | crdlint lint -, or --stdin-filename NAME), or name the paths to lint (crdlint lint . for the working directory)",
    );
  const { findCrdFiles } = await import("../load/files.js");
  const found = await findCrdFiles({
    cwd: io.cwd,
    ignore: options.ignore,
    ignoreBase: options.ignoreBase,
    maxFileSizeBytes: options.maxFileSizeBytes,
  });
  // As ESLint (and unlike kubeconform), standard input is read only when named: a CI runner that feeds its job script
  // on standard input (GitLab's) would otherwise lose the rest of the script to crdlint. A pipe is pointed out.
  const pipeHint = io.stdinIsPipe ? "; standard input is read only when named: helm template . | crdlint lint -" : "";
  if (found.files.length === 0)
    throw new CliFailure(
      `no paths given, and no .yaml, .yml or .json file under ${io.cwd} holds a CustomResourceDefinition${found.skipped.length ? ` (${found.skipped.length} other file${found.skipped.length === 1 ? "" : "s"} skipped)` : ""}; name the files to lint${pipeHint}`,
    );
  if (io.stdinIsPipe && !found.skipped.length)
    io.stderr(
      `crdlint: no paths given: linting the files under the working directory that hold a CustomResourceDefinition${pipeHint}\n`,
    );
  if (found.skipped.length) {
    const shown =
      found.skipped.slice(0, 5).join(", ") + (found.skipped.length > 5 ? `, and ${found.skipped.length - 5} more` : "");
    io.stderr(
      `crdlint: no paths given: linting the ${found.files.length} file${found.files.length === 1 ? "" : "s"} under the working directory that hold${found.files.length === 1 ? "s" : ""} a CustomResourceDefinition; skipped ${found.skipped.length} without one (${shown}); name a file to lint it anyway${pipeHint}\n`,
    );
  }
  return found.files;
}

/** Names standard input (`-`) in every diagnostic and file list as --stdin-filename says. */
export function renameStdin<T extends { file: string }>(items: T[], name: string | undefined): T[] {
  return name ? items.map((d) => (d.file === "-" ? { ...d, file: name } : d)) : items;
}

/**
 * What every linting command does first: reads the configuration, applies the common flags and finds the inputs.
 * `knownRules` lets the configuration reject a misspelt rule id.
 */
export async function prepareRun(
  paths: string[],
  flags: CommonFlags & { crdFilesOnly?: boolean },
  io: CliIO,
  knownRules: ReadonlySet<string>,
  withoutPaths: WithoutPaths = "crd-files",
) {
  const { parseSize } = await import("../load/files.js");
  const maxFileSizeBytes = parseMaxFileSize(flags.maxFileSize, parseSize);
  const options = {
    ...(await loadOptions(flags, io, knownRules)),
    maxFileSizeBytes,
    stdinFilename: flags.stdinFilename,
  };
  return { options, inputs: await resolvePaths(paths, flags, options, io, withoutPaths) };
}

/** `--max-warnings n`: -1 when not given; exit 2 for anything but a whole number >= 0. */
export function parseMaxWarnings(text: string | undefined): number {
  if (text === undefined) return -1;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0)
    throw new CliFailure(`--max-warnings: expected a whole number >= 0, got "${text}"`);
  return n;
}

/** -q shows errors only, and its summary (and --max-warnings) counts only what it shows. */
export function quietView<R extends LintResult>(result: R, quiet: boolean | undefined): R {
  return quiet
    ? {
        ...result,
        diagnostics: result.diagnostics.filter((d) => d.severity === "error"),
        summary: quietSummary(result.summary),
      }
    : result;
}

function quietSummary(s: LintResult["summary"]): LintResult["summary"] {
  // What lies behind other problems is counted as shown too: its errors only.
  const { hidden, ...rest } = s;
  return {
    ...rest,
    warnings: 0,
    infos: 0,
    ...(hidden && hidden.errors > 0 ? { hidden: { errors: hidden.errors, warnings: 0, infos: 0 } } : {}),
  };
}

/** 1 for an error, or for more warnings than --max-warnings allows; 0 otherwise. */
export function exitCodeFor(summary: LintResult["summary"], maxWarnings: number): number {
  if (summary.errors > 0) return 1;
  return maxWarnings >= 0 && summary.warnings > maxWarnings ? 1 : 0;
}

/**
 * The exit code, and why a run without errors fails (on stderr, as ESLint says it: the report itself may be JSON or
 * SARIF, which must not change): otherwise a CI step fails on a report whose every finding is a warning.
 */
export function exitCodeExplained(
  summary: LintResult["summary"],
  maxWarnings: number,
  io: Pick<CliIO, "stderr">,
): number {
  const code = exitCodeFor(summary, maxWarnings);
  if (code === 1 && summary.errors === 0) {
    const found = `${summary.warnings} warning${summary.warnings === 1 ? "" : "s"}`;
    io.stderr(`✖ crdlint found ${found}, more than --max-warnings ${maxWarnings} allows\n`);
  }
  return code;
}
