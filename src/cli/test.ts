/**
 * `crdlint test`: the command's options and its run — CRD validation test suites run against the apiserver's
 * custom-resource pipeline at the release asked, reported like a test runner. main.ts registers it with one call.
 */
import type { Command } from "commander";
import { Option } from "commander";
import { CliFailure, colorEnabled, emitReport, loadOptions, type CliIO } from "./common.js";

interface TestFlags {
  format: string;
  kubernetesVersion?: string;
  config?: string;
  crd?: string[];
  update?: boolean;
  coverage?: boolean;
  compare: "object" | "spec-status";
  verbose?: boolean;
  releaseHints: boolean;
  color?: boolean;
  outputFile?: string;
}

export interface TestCommandDeps {
  io: CliIO;
  setResult: (p: Promise<number>) => void;
  toolVersion: () => string;
}

const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

export function registerTestCommand(program: Command, deps: TestCommandDeps): void {
  program
    .command("test")
    .description(
      "run CRD validation test suites without a cluster: openshift/api's suites as they are, and *.crdtest.yaml (docs/testing.md)",
    )
    .argument("[paths...]", "suite files or directories (default: the working directory)")
    .addOption(
      new Option("-f, --format <format>", "output format: text, json, junit, tap, github")
        .choices(["text", "json", "junit", "tap", "github"])
        .default("text"),
    )
    .option(
      "-k, --kubernetes-version <version>",
      "the release the apiserver runs, e.g. 1.32 (default: config, else the newest crdlint knows); or a range, 1.28..1.37, or supported: every case at each release",
    )
    .option(
      "-c, --config <file>",
      "configuration file (default: .crdlint.yaml found upward from the working directory)",
    )
    .option(
      "--crd <path>",
      "CRD file or directory, for suites that name their CRD by metadata.name (repeatable)",
      collect,
    )
    .option("--update", "fill each TODO (expected, expectedError) in the suites with what the apiserver answers")
    .addOption(
      new Option(
        "--compare <what>",
        "what an expected object is compared with: object (the whole object, as openshift/api's harness) or spec-status",
      )
        .choices(["object", "spec-status"])
        .default("object"),
    )
    .option("--coverage", "report which CEL rules and schema checks some case makes fail, and which none exercises")
    .option("--verbose", "list passing cases too")
    .option("--no-release-hints", "do not try a failing case at the other releases")
    .option("--color", "force colour")
    .option("--no-color", "disable colour")
    .option("-o, --output-file <path>", "write the report to this file instead of standard output")
    .action((paths: string[], flags: TestFlags) => deps.setResult(runTestCommand(paths, flags, deps)));
}

async function runTestCommand(paths: string[], flags: TestFlags, deps: TestCommandDeps): Promise<number> {
  const { io } = deps;
  const [api, report] = await Promise.all([import("../index.js"), import("../report/test.js")]);
  const options = await loadOptions({ ...flags, ignore: true }, io, new Set(api.rules.map((r) => r.id)));
  let result;
  try {
    result = await api.runTests(paths, {
      cwd: io.cwd,
      kubernetesVersion: options.kubernetesVersion,
      crds: flags.crd ?? [],
      update: flags.update === true,
      coverage: flags.coverage === true,
      compare: flags.compare,
      releaseHints: flags.releaseHints,
    });
  } catch (e) {
    if (e instanceof api.UsageError) throw new CliFailure(e.message);
    throw e;
  }
  const color = flags.outputFile ? flags.color === true : colorEnabled(flags.color, io);
  let text = report.formatTestResult(result, flags.format as "text", {
    color,
    verbose: flags.verbose === true,
    toolVersion: deps.toolVersion(),
  });
  if (flags.coverage && result.coverage && flags.format === "text")
    text += report.formatCoverage(result.coverage, "text", { color });
  await emitReport(text, flags, io);
  return api.testExitCode(result);
}
