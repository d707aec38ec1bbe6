/**
 * `--format junit`: one testsuite per linted file. A diagnostic at or above the failure threshold is a failing
 * testcase; a file with none is one passing testcase, so a clean run shows passed tests. Diagnostics below the
 * threshold (warnings, infos) are listed in the suite's system-out.
 */
import type { Diagnostic } from "../../diagnostics/index.js";
import { atOrAbove, detailLines, diagnosticLine, hiddenSuffix, type Formatter } from "../types.js";
import { kubernetesPrerelease } from "../../k8s/version.js";

/** Text as XML attribute or element content (shared with the test report's JUnit). */
export function xml(s: string): string {
  return (
    s
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      // XML 1.0 forbids most control characters even escaped.
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, "")
  );
}

function describe(d: Diagnostic, file: string): string {
  const msg = (d.apiserver || (d.hiddenBy && d.type) ? diagnosticLine(d) : d.message) + hiddenSuffix(d);
  return [
    `${file}:${d.line}:${d.column} ${d.severity} ${d.rule}`,
    d.field ? `field: ${d.field}` : "",
    msg,
    detailLines(d).join("\n"),
    d.suggestion ? `fix: ${d.suggestion}` : "",
  ]
    .filter(Boolean)
    .join("\n");
}

export const junit: Formatter = (result, ctx) => {
  const byFile = new Map<string, Diagnostic[]>();
  // Every file read gets a suite, in the order read; diagnostics of files not in the list (none today) still show.
  for (const f of result.files ?? []) byFile.set(f, []);
  for (const d of result.diagnostics) byFile.set(d.file, [...(byFile.get(d.file) ?? []), d]);
  const suites: string[] = [];
  let total = 0;
  let failures = 0;
  // A release not yet shipped: each suite's properties name the pre-release modules its verdicts were read from.
  const pre = kubernetesPrerelease(result.kubernetesVersion);
  const properties =
    pre === undefined
      ? ""
      : `    <properties>\n      <property name="kubernetesVersion" value="${xml(result.kubernetesVersion)}"/>\n      <property name="prerelease" value="${xml(pre)}"/>\n    </properties>\n`;
  for (const [file, diags] of byFile) {
    // A diagnostic behind another problem is not a failure of its own (the apiserver does not report it yet): it
    // is listed in system-out with its mark, so that the failing testcases stay the apiserver's answer.
    const fails = (d: Diagnostic) => !d.hiddenBy && atOrAbove(d, ctx.failOn);
    const failing = diags.filter(fails);
    const others = diags.filter((d) => !fails(d));
    const cases = failing.map((d) => {
      const msg = d.apiserver ? diagnosticLine(d) : d.message;
      return `    <testcase classname="${xml(file)}" name="${xml(`${d.rule} ${d.field ?? ""} (${d.line}:${d.column})`)}">\n      <failure type="${xml(d.rule)}" message="${xml(msg)}">${xml(describe(d, file))}</failure>\n    </testcase>`;
    });
    if (failing.length === 0) {
      const count = (sev: string, n = others.filter((d) => d.severity === sev && !d.hiddenBy).length) =>
        n ? [`${n} ${sev}${n === 1 ? "" : "s"}`] : [];
      const hidden = others.filter((d) => d.hiddenBy).length;
      const below = [...count("warning"), ...count("info"), ...(hidden ? [`${hidden} behind other problems`] : [])];
      const note = below.length ? `${below.join(", ")} below the failure threshold (in system-out)` : "no problems";
      cases.push(
        `    <testcase classname="${xml(file)}" name="${xml(`crdlint ${file}`)}">\n      <system-out>${xml(note)}</system-out>\n    </testcase>`,
      );
    }
    total += cases.length;
    failures += failing.length;
    const out = others.length
      ? `    <system-out>${xml(others.map((d) => describe(d, file)).join("\n\n"))}</system-out>\n`
      : "";
    suites.push(
      `  <testsuite name="${xml(file)}" tests="${cases.length}" failures="${failing.length}" errors="0">\n${properties}${cases.join("\n")}\n${out}  </testsuite>`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="crdlint" tests="${total}" failures="${failures}" errors="0">\n${suites.join("\n")}${suites.length ? "\n" : ""}</testsuites>\n`;
};

/**
 * `--format junit` when crdlint could not do its job (exit 2): a valid report with one testcase in error, carrying
 * the one-line message, so that a CI step that reads the report finds why instead of a missing file.
 */
export function junitForFailure(message: string): string {
  const m = xml(message);
  return `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="crdlint" tests="1" failures="0" errors="1">
  <testsuite name="crdlint" tests="1" failures="0" errors="1">
    <testcase classname="crdlint" name="crdlint">
      <error type="crdlint-exit-2" message="${m}">${m}</error>
    </testcase>
  </testsuite>
</testsuites>
`;
}
