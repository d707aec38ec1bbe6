// Every fixtures/<category>/<case>.yaml is linted through the CLI and compared with <case>.expected.json beside it
// (rule, field, type, line), written by hand from the rules catalog.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { crdlint, root } from "./helpers/cli.mjs";

const fixturesDir = join(root, "fixtures");
const cases = [];
for (const category of readdirSync(fixturesDir).sort()) {
  const dir = join(fixturesDir, category);
  for (const name of readdirSync(dir).sort()) {
    if (!/\.(ya?ml|json)$/.test(name) || name.endsWith(".expected.json")) continue;
    const expected = join(dir, name.replace(/\.(ya?ml|json)$/, ".expected.json"));
    if (existsSync(expected)) cases.push({ category, name, file: join("fixtures", category, name), expected });
  }
}

const key = (d) => `${d.line}\t${d.rule}\t${d.field}\t${d.type}`;

test("there are fixtures", () => assert.ok(cases.length > 0));

for (const c of cases) {
  test(`fixture ${c.category}/${c.name}`, () => {
    const want = JSON.parse(readFileSync(c.expected, "utf8"));
    const r = crdlint(["lint", "--format", "json", "--kubernetes-version", "1.37", c.file]);
    assert.ok(r.json, `no JSON output (exit ${r.status}): ${r.stderr}`);
    // Lints of severity info (e.g. missing descriptions) are not part of a fixture's expectation.
    const got = r.json.diagnostics.filter((d) => d.severity !== "info").map((d) => key({ ...d, type: d.type ?? null }));
    const exp = want.map((d) => key({ ...d, type: d.type ?? null }));
    assert.deepEqual([...got].sort(), [...exp].sort());
    const hasError = r.json.diagnostics.some((d) => d.severity === "error");
    assert.equal(r.status, hasError ? 1 : 0, "exit code follows the diagnostics");
  });
}
