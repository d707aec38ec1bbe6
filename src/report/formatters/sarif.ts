/** `--format sarif`: SARIF 2.1.0, one run, every registered rule in tool.driver.rules. */
import { relative, isAbsolute, sep } from "node:path";
import { apiserverLine, type Formatter } from "../types.js";

const HELP_BASE = "https://github.com/crdlint/crdlint/blob/main/docs/rules/";

function artifactUri(file: string, cwd: string): string {
  if (file === "-") return "stdin";
  const rel = isAbsolute(file) ? relative(cwd, file) : file;
  return rel.split(sep).map(encodeURIComponent).join("/");
}

export const sarif: Formatter = (result, ctx) => {
  const index = new Map(ctx.rules.map((r, i) => [r.id, i]));
  const level = (s: string) => (s === "error" ? "error" : s === "warning" ? "warning" : "note");
  const log = {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "crdlint",
            version: ctx.toolVersion,
            semanticVersion: ctx.toolVersion,
            informationUri: "https://github.com/crdlint/crdlint",
            rules: ctx.rules.map((r) => ({
              id: r.id,
              shortDescription: { text: r.description },
              helpUri: `${HELP_BASE}${r.id}.md`,
              defaultConfiguration: { level: level(r.severity) },
              properties: { category: r.category, apiserver: r.apiserver },
            })),
          },
        },
        results: result.diagnostics.map((d) => ({
          ruleId: d.rule,
          ...(index.has(d.rule) ? { ruleIndex: index.get(d.rule) } : {}),
          level: level(d.severity),
          message: { text: (d.apiserver ? apiserverLine(d) : d.field ? `${d.field}: ${d.message}` : d.message) + (d.suggestion ? ` (fix: ${d.suggestion})` : "") },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: artifactUri(d.file, ctx.cwd) },
                region: { startLine: d.line, startColumn: d.column, endLine: d.endLine, endColumn: Math.max(d.endColumn, 1) },
              },
              ...(d.field ? { logicalLocations: [{ fullyQualifiedName: d.apiserverField ?? d.field, kind: "member" }] } : {}),
            },
          ],
          properties: { category: d.category, apiserver: d.apiserver, field: d.field, type: d.type, object: d.object, document: d.document },
        })),
        columnKind: "unicodeCodePoints",
      },
    ],
  };
  return JSON.stringify(log, null, 2) + "\n";
};
