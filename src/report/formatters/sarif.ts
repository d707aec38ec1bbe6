/** `--format sarif`: SARIF 2.1.0, one run, every registered rule in tool.driver.rules. */
import { relative, isAbsolute, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { diagnosticLine, hiddenSuffix, type Formatter } from "../types.js";
import { REPOSITORY_URL, ruleDocsUrl } from "../rule-docs.js";
import { kubernetesPrerelease, prereleaseField } from "../../k8s/version.js";

/**
 * A file under the working directory as a relative URI reference (what code scanning maps to the repository); one
 * outside it (`../x.yaml`, `/tmp/x.yaml`) as an absolute file:// URI: a relative `../` reference has no base a
 * SARIF consumer can resolve.
 */
function artifactUri(file: string, cwd: string): string {
  if (file === "-") return "stdin";
  const abs = resolve(cwd, file);
  const rel = relative(cwd, abs);
  if (rel === "" || rel === ".." || rel.startsWith(".." + sep) || isAbsolute(rel)) return pathToFileURL(abs).href;
  return rel.split(sep).map(encodeURIComponent).join("/");
}

/** A SARIF log of one run whose tool is crdlint (`rules` its reportingDescriptors); `run` holds the rest of the run. */
function sarifLog(toolVersion: string, rules: readonly object[], run: object): object {
  return {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "crdlint",
            version: toolVersion,
            semanticVersion: toolVersion,
            informationUri: REPOSITORY_URL,
            rules,
          },
        },
        ...run,
      },
    ],
  };
}

export const sarif: Formatter = (result, ctx) => {
  const index = new Map(ctx.rules.map((r, i) => [r.id, i]));
  const level = (s: string) => (s === "error" ? "error" : s === "warning" ? "warning" : "note");
  const log = sarifLog(
    ctx.toolVersion,
    ctx.rules.map((r) => ({
      id: r.id,
      shortDescription: { text: r.description },
      helpUri: ruleDocsUrl(r.id),
      defaultConfiguration: { level: level(r.severity) },
      properties: { category: r.category, apiserver: r.apiserver },
    })),
    {
      results: result.diagnostics.map((d) => ({
        ruleId: d.rule,
        ...(index.has(d.rule) ? { ruleIndex: index.get(d.rule) } : {}),
        level: level(d.severity),
        message: { text: diagnosticLine(d) + hiddenSuffix(d) + (d.suggestion ? ` (fix: ${d.suggestion})` : "") },
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: artifactUri(d.file, ctx.cwd) },
              region: {
                startLine: d.line,
                startColumn: d.column,
                endLine: d.endLine,
                endColumn: Math.max(d.endColumn, 1),
              },
            },
            ...(d.field
              ? { logicalLocations: [{ fullyQualifiedName: d.apiserverField ?? d.field, kind: "member" }] }
              : {}),
          },
        ],
        // hiddenBy: the apiserver reports this only once that diagnostic is fixed (not part of its answer now).
        properties: {
          category: d.category,
          apiserver: d.apiserver,
          field: d.field,
          type: d.type,
          object: d.object,
          document: d.document,
          ...(d.hiddenBy ? { hiddenBy: d.hiddenBy } : {}),
          ...(d.apiserverWarning ? { apiserverWarning: true } : {}),
        },
      })),
      columnKind: "unicodeCodePoints",
      // A release not yet shipped: the run says which pre-release modules its answers were read from.
      ...(kubernetesPrerelease(result.kubernetesVersion) !== undefined
        ? { properties: { kubernetesVersion: result.kubernetesVersion, ...prereleaseField(result.kubernetesVersion) } }
        : {}),
    },
  );
  return JSON.stringify(log, null, 2) + "\n";
};

/**
 * The SARIF log of a run that could not start (a usage error, exit 2): no results, and the error as a tool execution
 * notification, so that an upload step reading the file still finds a valid log.
 */
export function sarifForFailure(message: string, toolVersion: string): string {
  const log = sarifLog(toolVersion, [], {
    invocations: [
      {
        executionSuccessful: false,
        exitCode: 2,
        toolExecutionNotifications: [{ level: "error", message: { text: message } }],
      },
    ],
    results: [],
  });
  return JSON.stringify(log, null, 2) + "\n";
}
