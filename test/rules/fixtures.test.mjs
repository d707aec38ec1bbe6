// Every fixtures/<category>/<case>.yaml is linted through the CLI and compared with <case>.expected.json beside it
// (whole diagnostics but the file name, the derived category and documentation URL, and the info-level lints),
// first written by hand from the rules catalog (rule, field, type, line), at Kubernetes 1.37, then completed from
// the output; <case>.k1.NN.expected.json beside it holds the expectation at release 1.NN. CRDLINT_WRITE_EXPECTED=1
// rewrites them from the current output (but those of fixtures/releases, which test/rules/releases.test.mjs owns and
// which also hold the info lints and file names): read the diff.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { crdlint, root, withoutUrl } from "../helpers/cli.mjs";

const fixturesDir = join(root, "fixtures");
const cases = [];
for (const category of readdirSync(fixturesDir).sort()) {
  const dir = join(fixturesDir, category);
  for (const name of readdirSync(dir).sort()) {
    if (!/\.(ya?ml|json)$/.test(name) || name.endsWith(".expected.json")) continue;
    const base = name.replace(/\.(ya?ml|json)$/, "");
    const expected = join(dir, `${base}.expected.json`);
    if (existsSync(expected))
      cases.push({ category, name, file: join("fixtures", category, name), expected, release: "1.37" });
    // <case>.k1.NN.expected.json: the same file at another release (where the apiserver's verdict differs by release).
    for (const other of readdirSync(dir).sort()) {
      const m = other.startsWith(`${base}.k`) ? /^\.k(1\.\d+)\.expected\.json$/.exec(other.slice(base.length)) : null;
      if (m)
        cases.push({
          category,
          name,
          file: join("fixtures", category, name),
          expected: join(dir, other),
          release: m[1],
        });
    }
  }
}

const ORDER = [
  "rule",
  "severity",
  "apiserver",
  "document",
  "object",
  "line",
  "column",
  "endLine",
  "endColumn",
  "field",
  "apiserverField",
  "type",
  "value",
  "message",
  "detail",
  "suggestion",
];
/** A diagnostic as a fixture states it: all but the file (the fixture's) and the category (the rule's), keys in a readable order. */
const pick = ({ file, category, ...d }) => {
  const out = {};
  for (const k of ORDER) if (d[k] !== undefined) out[k] = d[k];
  return Object.assign(out, d);
};
/** One diagnostic a line, so a diff shows which one changed. */
const serialise = (ds) => (ds.length === 0 ? "[]\n" : `[\n${ds.map((d) => `  ${JSON.stringify(d)}`).join(",\n")}\n]\n`);

test("there are fixtures", () => assert.ok(cases.length > 0));

/**
 * One CLI run lints every fixture of a release (a process per fixture took most of this file's time); each test
 * compares the diagnostics of its own file. Fixtures state what the rules find: every rule a preset holds (the presets
 * are tested in test/rules/presets.test.mjs).
 */
const runs = new Map();
function lintRelease(release) {
  if (!runs.has(release)) {
    const files = [...new Set(cases.filter((c) => c.release === release).map((c) => c.file))];
    const r = crdlint(["lint", "--format", "json", "--preset", "strict", "--kubernetes-version", release, ...files]);
    assert.ok(r.json, `no JSON output (exit ${r.status}): ${r.stderr}`);
    const byFile = new Map(files.map((f) => [f, []]));
    for (const d of r.json.diagnostics) byFile.get(d.file)?.push(d);
    assert.equal(
      r.status,
      r.json.diagnostics.some((d) => d.severity === "error") ? 1 : 0,
      "exit code follows the diagnostics",
    );
    runs.set(release, byFile);
  }
  return runs.get(release);
}

for (const c of cases) {
  test(`fixture ${c.category}/${c.name}${c.release === "1.37" ? "" : ` at ${c.release}`}`, () => {
    const want = JSON.parse(readFileSync(c.expected, "utf8"));
    // Lints of severity info (e.g. missing descriptions) are not part of a fixture's expectation.
    const got = withoutUrl(lintRelease(c.release).get(c.file))
      .filter((d) => d.severity !== "info")
      .map(pick);
    if (process.env.CRDLINT_WRITE_EXPECTED && c.category !== "releases") writeFileSync(c.expected, serialise(got));
    const exp = want.filter((d) => d.severity !== "info").map(pick);
    assert.deepEqual(got, exp);
  });
}
