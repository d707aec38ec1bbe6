// What the apiserver did not check yet: each fixtures/releases/<case>.yaml is linted at every release that has a
// <case>.k1.N.expected.json beside it (the releases on both sides of a feature gate's default flip), and the whole
// diagnostics are compared (test/rules/fixtures.test.mjs compares rule, field, type and line of the same files).
// docs/feature-gates.md lists the boundaries.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { crdlint, root, withoutUrl } from "../helpers/cli.mjs";

const dir = join(root, "fixtures", "releases");
const cases = readdirSync(dir)
  .map((name) => /^(.+)\.k(1\.\d+)\.expected\.json$/.exec(name))
  .filter(Boolean)
  .map(([name, base, release]) => ({
    base,
    release,
    expected: join(dir, name),
    file: join("fixtures", "releases", `${base}.yaml`),
  }))
  .sort((a, b) =>
    a.base === b.base ? Number(a.release.split(".")[1]) - Number(b.release.split(".")[1]) : a.base < b.base ? -1 : 1,
  );

test("every release fixture has expectations on both sides of a boundary", () => {
  const byBase = new Map();
  for (const c of cases) byBase.set(c.base, [...(byBase.get(c.base) ?? []), c.release]);
  assert.ok(byBase.size >= 6);
  for (const [base, releases] of byBase)
    assert.ok(releases.length >= 2, `${base} needs a release below and above its boundary`);
});

for (const c of cases) {
  test(`${c.base} at Kubernetes ${c.release}`, () => {
    const want = JSON.parse(readFileSync(c.expected, "utf8"));
    const r = crdlint(["lint", "--format", "json", "--preset", "strict", "--kubernetes-version", c.release, c.file]);
    assert.ok(r.json, `no JSON output (exit ${r.status}): ${r.stderr}`);
    assert.equal(r.json.kubernetesVersion, c.release);
    assert.deepEqual(withoutUrl(r.json.diagnostics), want);
    assert.equal(r.status, want.some((d) => d.severity === "error") ? 1 : 0);
  });
}

test("below 1.25 an unknown field is a warning that says what happens, from 1.25 an apiserver error", () => {
  const old = crdlint(["lint", "--format", "json", "-k", "1.24", "fixtures/releases/unknown-fields.yaml"]).json
    .diagnostics;
  assert.deepEqual(
    [...new Set(old.map((d) => `${d.rule} ${d.severity} ${d.apiserver} ${d.type}`))],
    ["decode-unknown-field-ignored warning false null"],
  );
  for (const d of old)
    assert.match(d.message, /drops it without an error .*kubectl's client-side validation may reject it$/);
  const now = crdlint(["lint", "--format", "json", "-k", "1.25", "fixtures/releases/unknown-fields.yaml"]).json
    .diagnostics;
  assert.deepEqual(
    [...new Set(now.map((d) => `${d.rule} ${d.severity} ${d.apiserver} ${d.type}`))],
    ["decode-unknown-field error true Unknown field"],
  );
  assert.deepEqual(
    old.map((d) => [d.field, d.line, d.column, d.suggestion]),
    now.map((d) => [d.field, d.line, d.column, d.suggestion]),
  );
});

test("crdlint cost says that 1.23-1.24 drop the rules, and estimates them from 1.25", () => {
  const old = crdlint(["cost", "-k", "1.24", "fixtures/releases/cel-rules.yaml"]);
  assert.match(
    old.stdout,
    /Kubernetes 1\.24 drops x-kubernetes-validations on create \(CustomResourceValidationExpressions is off by default before 1\.25\)/,
  );
  assert.match(old.stdout, /^0 expressions in 0 schemas, Kubernetes 1\.24/m);
  const now = crdlint(["cost", "-k", "1.25", "fixtures/releases/cel-rules.yaml"]);
  assert.doesNotMatch(now.stdout, /drops x-kubernetes-validations/);
  assert.match(now.stdout, /^2 expressions in 1 schema, Kubernetes 1\.25/m);
});
