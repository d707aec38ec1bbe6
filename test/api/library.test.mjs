// The library entry (src/index.ts, the package's "exports"): the API a project imports, and the one the CLI
// lints through. Results are compared whole with the CLI's JSON output, so the two cannot drift apart.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { root, crdlint, withoutUrl } from "../helpers/cli.mjs";
import * as api from "../../dist/index.js";

const broken = join(root, "fixtures", "examples", "widgets-broken.yaml");
const bounded = join(root, "fixtures", "cel-cost", "bounded.yaml");

test("lint() returns the diagnostics the CLI prints (same entry, same result)", async () => {
  const result = await api.lint([broken], { cwd: root });
  // The apiserver's answer: the diagnostics without hiddenBy.
  assert.deepEqual(
    result.diagnostics.filter((d) => !d.hiddenBy).map((d) => [d.rule, d.line]),
    [
      ["structural-type-missing", 24],
      ["forbidden-unique-items", 29],
    ],
  );
  assert.equal(result.summary.errors, 2);
  // Behind the structural error: the CEL cost errors the apiserver reports once it is fixed.
  assert.deepEqual(
    result.diagnostics.filter((d) => d.hiddenBy).map((d) => [d.rule, d.line, d.hiddenBy.rule, d.hiddenBy.line]),
    [
      ["cel-cost-schema-total-exceeds-budget", 18, "structural-type-missing", 24],
      ["cel-cost-rule-exceeds-budget", 37, "structural-type-missing", 24],
      ["cel-cost-total-contributor", 37, "structural-type-missing", 24],
    ],
  );
  assert.deepEqual(result.summary.hidden, { errors: 3, warnings: 0, infos: 0 });
  assert.equal(result.kubernetesVersion, api.DEFAULT_KUBERNETES_VERSION);
  const cli = crdlint(["lint", "-f", "json", broken]);
  assert.equal(cli.status, 1);
  // The JSON format adds each rule's documentation URL (withoutUrl checks it); the rest is the library's diagnostic.
  assert.deepEqual(withoutUrl(cli.json.diagnostics), JSON.parse(JSON.stringify(result.diagnostics)));
  assert.deepEqual(cli.json.summary, result.summary);
});

test("lint() follows kubernetesVersion and per-rule severities", async () => {
  const off = await api.lint([broken], { cwd: root, rules: { "forbidden-unique-items": "off" } });
  assert.deepEqual(
    off.diagnostics.filter((d) => !d.hiddenBy).map((d) => d.rule),
    ["structural-type-missing"],
  );
  const old = await api.lint([broken], { cwd: root, kubernetesVersion: "1.30" });
  assert.equal(old.kubernetesVersion, "1.30");
});

test("lint() throws UsageError for a path that matches nothing and for a bad version", async () => {
  await assert.rejects(api.lint([join(root, "no-such-dir", "x.yaml")], { cwd: root }), api.UsageError);
  await assert.rejects(api.lint([broken], { kubernetesVersion: "2.0" }), api.UsageError);
});

test("lintText() lints text without touching the file system", async () => {
  const r = await api.lintText(
    "apiVersion: apiextensions.k8s.io/v1beta1\nkind: CustomResourceDefinition\nmetadata: {name: a.b.c}\n",
    { file: "inline.yaml" },
  );
  assert.equal(r.diagnostics[0].rule, "crd-v1beta1-removed");
  assert.equal(r.diagnostics[0].file, "inline.yaml");
  assert.equal(r.summary.crds, 1);
  const empty = await api.lintText("");
  assert.deepEqual(empty.diagnostics, []);
});

test("cost() reports every CEL expression with its cost, as `crdlint cost --format json` does", async () => {
  const report = await api.cost([bounded], { cwd: root });
  assert.equal(typeof report.limits.perExpression, "bigint");
  const costs = report.expressions.map((e) => [e.expression, e.totalCost]);
  assert.deepEqual(costs.slice(0, 3), [
    ["self.all(x, x.all(y, y.startsWith('a')))", 20802n],
    ["self.all(x, x.contains('a string'))", 202n],
    ["self <= 100", 2n],
  ]);
  assert.equal(report.crds[0].totalCost, 21008n);
  const cli = crdlint(["cost", "-f", "json", bounded]);
  assert.equal(cli.status, 0);
  assert.equal(cli.json.expressions.length, report.expressions.length);
});

test("formatters and rules are exported for rendering a result", async () => {
  const result = await api.lint([broken], { cwd: root });
  const github = api.getFormatter("github");
  assert.ok(github.ok);
  const out = github.formatter(result, {
    cwd: root,
    color: false,
    toolVersion: "0",
    rules: api.rules,
    failOn: "error",
  });
  assert.match(out, /^::error file=.*widgets-broken\.yaml,line=24,col=17,.*title=structural-type-missing::/m);
  assert.ok(
    api.rules.length > 100 && api.rules.every((r) => typeof r.id === "string" && typeof r.description === "string"),
  );
  assert.equal(api.getFormatter("nope").ok, false);
});

test("validate() returns the diagnostics `crdlint validate` prints (same entry, same result)", async () => {
  const resource = join(root, "fixtures", "validate", "cel-messages", "resource.yaml");
  const crd = join(root, "fixtures", "validate", "cel-messages", "crd.yaml");
  const result = await api.validate([resource], { cwd: root, crds: [crd] });
  assert.deepEqual(
    result.diagnostics.map((d) => `${d.rule} ${d.field} ${d.line}`),
    [
      "resource-cel-rule-failed spec 4",
      "resource-cel-rule-failed spec.minReplicas 5",
      "resource-cel-rule-failed spec.legacy 7",
    ],
  );
  const cli = crdlint(["validate", "-f", "json", resource, "--crd", crd]);
  assert.equal(cli.status, 1);
  assert.deepEqual(withoutUrl(cli.json.diagnostics), JSON.parse(JSON.stringify(result.diagnostics)));
  await assert.rejects(
    api.validate([resource], { cwd: root, crds: [join(root, "no-such-dir", "crd.yaml")] }),
    api.UsageError,
  );
});
