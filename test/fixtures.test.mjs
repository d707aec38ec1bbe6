// Every fixtures/<category>/<case>.yaml is linted through the CLI and compared with <case>.expected.json beside it
// (rule, field, type, line), written by hand from the rules catalog, at Kubernetes 1.37; <case>.k1.NN.expected.json
// beside it holds the expectation at release 1.NN.
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
    const base = name.replace(/\.(ya?ml|json)$/, "");
    const expected = join(dir, `${base}.expected.json`);
    if (existsSync(expected)) cases.push({ category, name, file: join("fixtures", category, name), expected, release: "1.37" });
    // <case>.k1.NN.expected.json: the same file at another release (where the apiserver's verdict differs by release).
    for (const other of readdirSync(dir).sort()) {
      const m = other.startsWith(`${base}.k`) ? /^\.k(1\.\d+)\.expected\.json$/.exec(other.slice(base.length)) : null;
      if (m) cases.push({ category, name, file: join("fixtures", category, name), expected: join(dir, other), release: m[1] });
    }
  }
}

const key = (d) => `${d.line}\t${d.rule}\t${d.field}\t${d.type}`;

test("there are fixtures", () => assert.ok(cases.length > 0));

for (const c of cases) {
  test(`fixture ${c.category}/${c.name}${c.release === "1.37" ? "" : ` at ${c.release}`}`, () => {
    const want = JSON.parse(readFileSync(c.expected, "utf8"));
    const r = crdlint(["lint", "--format", "json", "--kubernetes-version", c.release, c.file]);
    assert.ok(r.json, `no JSON output (exit ${r.status}): ${r.stderr}`);
    // Lints of severity info (e.g. missing descriptions) are not part of a fixture's expectation.
    const got = r.json.diagnostics.filter((d) => d.severity !== "info").map((d) => key({ ...d, type: d.type ?? null }));
    const exp = want.filter((d) => d.severity !== "info").map((d) => key({ ...d, type: d.type ?? null }));
    assert.deepEqual([...got].sort(), [...exp].sort());
    const hasError = r.json.diagnostics.some((d) => d.severity === "error");
    assert.equal(r.status, hasError ? 1 : 0, "exit code follows the diagnostics");
  });
}
