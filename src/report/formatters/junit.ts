/** `--format junit`: one testsuite per file, one failing testcase per diagnostic at or above the failure threshold. */
import type { Diagnostic } from "../../diagnostics/index.js";
import { apiserverLine, atOrAbove, type Formatter } from "../types.js";

function xml(s: string): string {
  return s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    // XML 1.0 forbids most control characters even escaped.
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, "");
}

export const junit: Formatter = (result, ctx) => {
  const byFile = new Map<string, Diagnostic[]>();
  for (const d of result.diagnostics) byFile.set(d.file, [...(byFile.get(d.file) ?? []), d]);
  const suites: string[] = [];
  let total = 0;
  let failures = 0;
  for (const [file, diags] of byFile) {
    const failing = diags.filter((d) => atOrAbove(d, ctx.failOn));
    total += failing.length;
    failures += failing.length;
    const cases = failing.map((d) => {
      const msg = d.apiserver ? apiserverLine(d) : d.message;
      const body = [`${file}:${d.line}:${d.column}`, d.field ? `field: ${d.field}` : "", msg, d.detail ?? "", d.suggestion ? `fix: ${d.suggestion}` : ""]
        .filter(Boolean)
        .join("\n");
      return `    <testcase classname="${xml(file)}" name="${xml(`${d.rule} ${d.field ?? ""} (${d.line}:${d.column})`)}">\n      <failure type="${xml(d.rule)}" message="${xml(msg)}">${xml(body)}</failure>\n    </testcase>`;
    });
    suites.push(`  <testsuite name="${xml(file)}" tests="${failing.length}" failures="${failing.length}" errors="0">\n${cases.join("\n")}${cases.length ? "\n" : ""}  </testsuite>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="crdlint" tests="${total}" failures="${failures}" errors="0">\n${suites.join("\n")}${suites.length ? "\n" : ""}</testsuites>\n`;
};
