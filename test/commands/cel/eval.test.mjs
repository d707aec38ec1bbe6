// `crdlint cel eval`: one expression compiled as a rule at a schema node, evaluated on an object's values there, with
// the runtime cost and the estimate. Through the library (celEval) and the CLI; the compile error, the estimate and the
// rejections are checked against what crdlint lint and crdlint cost answer for the same rule written into the CRD.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { crdlint, root } from "../../helpers/cli.mjs";
import { tmp } from "../../helpers/tmp.mjs";
import { celEval, cost, lintText, UsageError } from "../../../dist/index.js";

const dir = join(root, "test", "fixtures", "cel-eval");
const crdFile = join(dir, "widgets.crd.yaml");
const objectFile = join(dir, "widget.yaml");
const oldFile = join(dir, "widget-old.yaml");
const crdText = readFileSync(crdFile, "utf8");

const at = (path, extra = {}) => ({ crd: crdFile, object: objectFile, path, ...extra });

/** The fixture CRD with one rule added to the property `property` of version v1's schema. */
function withRule(property, rule) {
  const lines = crdText.split("\n");
  const start = lines.findIndex((l) => l.trim() === "- name: v1");
  const i = lines.findIndex((l, k) => k > start && l.trim() === `${property}:`);
  assert.ok(start >= 0 && i >= 0, `no property ${property}`);
  const indent = lines[i].match(/^ */)[0] + "  ";
  lines.splice(i + 1, 0, `${indent}x-kubernetes-validations:`, `${indent}  - rule: ${JSON.stringify(rule)}`);
  return lines.join("\n");
}

test("each item of a list: the value and the runtime cost of each evaluation, the estimate times maxItems", async () => {
  const r = await celEval("self.port > 100", at("spec.ports[*]"));
  assert.equal(r.path, "spec.ports[*]");
  assert.equal(r.type, "bool");
  // an attribute with one qualifier costs 2, the comparison 1 (cel-go's runtime cost)
  assert.deepEqual(
    r.evaluations.map((e) => [e.field, e.value, e.cost]),
    [
      ["spec.ports[0]", false, 3],
      ["spec.ports[1]", true, 3],
    ],
  );
  assert.equal(r.runtime.cost, 6);
  assert.deepEqual(
    [r.estimate.estimatedCost, r.estimate.maxCardinality, r.estimate.totalCost, r.estimate.exceedsLimit],
    [3n, 16n, 48n, false],
  );
  assert.equal(r.ok, true);
  assert.deepEqual(r.rejected, []);
  assert.equal(
    r.ruleField,
    "spec.versions[1].schema.openAPIV3Schema.properties[spec].properties[ports].items.x-kubernetes-validations[0].rule",
  );
});

test("one item of a list, and the object as the apiserver decodes it (defaults applied)", async () => {
  const one = await celEval("self.name", at("spec.ports[1]"));
  assert.deepEqual(
    one.evaluations.map((e) => [e.field, e.value, e.text]),
    [["spec.ports[1]", "https", '"https"']],
  );
  assert.equal(one.type, "string");
  // replicas is absent from the object: its default (1) is what a rule sees
  const spec = await celEval("self.replicas", at("spec"));
  assert.equal(spec.evaluations[0].value, 1);
  const labels = await celEval("self.startsWith('w')", at("spec.labels[*]"));
  assert.deepEqual(
    labels.evaluations.map((e) => [e.field, e.value]),
    [["spec.labels[app]", true]],
  );
});

test("a transition rule: oldSelf paired by list-map key, items without an old value not run; defaults on both sides", async () => {
  const ports = await celEval("self.port > oldSelf.port", at("spec.ports[*]", { oldObject: oldFile }));
  assert.equal(ports.usesOldSelf, true);
  assert.equal(ports.evaluations[0].field, "spec.ports[0]");
  assert.match(ports.evaluations[0].skipped, /no old value pairs with this one/);
  assert.deepEqual([ports.evaluations[1].field, ports.evaluations[1].value], ["spec.ports[1]", false]);
  const spec = await celEval("self.replicas >= oldSelf.replicas", at("spec", { oldObject: oldFile }));
  assert.equal(spec.evaluations[0].value, false);
  // oldSelf without --old: a usage error, unless the rule has optionalOldSelf (then oldSelf is optional.none())
  await assert.rejects(celEval("self == oldSelf", at("spec.replicas")), (e) => {
    assert.ok(e instanceof UsageError);
    assert.match(e.message, /reads oldSelf/);
    return true;
  });
  await assert.rejects(
    celEval("oldSelf > 0", { crd: crdFile, path: "spec.replicas", oldObject: oldFile }),
    /reads oldSelf: give the custom resource it is evaluated on \(--object, and --old for oldSelf\)/,
  );
  const optional = await celEval(
    "oldSelf.hasValue() ? self >= oldSelf.value() : true",
    at("spec.replicas", { optionalOldSelf: true }),
  );
  assert.equal(optional.evaluations[0].value, true);
});

test("a compile error is the apiserver's, as crdlint lint reports the same rule", async () => {
  const r = await celEval("self.x > 1", { crd: crdFile, path: "spec" });
  assert.equal(r.compiled, false);
  assert.equal(r.ok, false);
  const lint = await lintText(withRule("spec", "self.x > 1"), { file: "crd.yaml" });
  const d = lint.diagnostics.find((x) => x.rule === "cel-compile-failed");
  assert.ok(d, "lint reports the rule");
  assert.equal(r.compileError, `${d.message}\n${d.detail}`);
  assert.equal(r.compileError, "compilation failed: ERROR: <input>:1:5: undefined field 'x'\n | self.x > 1\n | ....^");
});

test("the estimate is crdlint cost's for the same rule, over the limit though the actual cost is small", async () => {
  const expr = "self.all(a, self.all(b, a != b || a == b))";
  const r = await celEval(expr, at("spec.tags"));
  assert.equal(r.evaluations[0].value, true);
  assert.ok(r.runtime.cost < 100, `runtime cost ${r.runtime.cost}`);
  const d = tmp({ "crd.yaml": withRule("tags", expr) });
  const report = await cost([join(d, "crd.yaml")]);
  const e = report.expressions.find((x) => x.expression === expr);
  assert.ok(e, "cost estimates the rule");
  assert.deepEqual(
    [r.estimate.estimatedCost, r.estimate.maxCardinality, r.estimate.totalCost, r.estimate.exceedsLimit],
    [e.estimatedCost, e.maxCardinality, e.totalCost, true],
  );
  assert.deepEqual(r.estimate.drivers, e.drivers);
  assert.equal(r.estimate.suggestion, e.suggestion);
  const over = report.lint.diagnostics.find((x) => x.rule === "cel-cost-rule-exceeds-budget");
  assert.deepEqual(r.rejected, [over.message]);
  assert.equal(r.ok, false);
});

test("a node the apiserver cannot type: its internal error, as crdlint lint reports it", async () => {
  const text = (rule) => `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: things.example.com}
spec:
  group: example.com
  names: {kind: Thing, plural: things}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        x-kubernetes-validations: [{rule: 'true'}]
        properties:
          spec:
            type: any
            properties:
              size: {type: integer${rule}}
`;
  const r = await celEval("self > 0", { crd: { text: text("") }, path: "spec.size" });
  assert.equal(r.compiled, false);
  assert.equal(r.ok, false);
  const lint = await lintText(text(", x-kubernetes-validations: [{rule: 'self > 0'}]"), { file: "crd.yaml" });
  const d = lint.diagnostics.find((x) => x.rule === "cel-type-info-failed");
  assert.ok(d, "lint reports it");
  assert.equal(r.compileError, d.message);
  assert.match(r.notes.join("\n"), /crdlint lint/);
});

test("oldSelf under an atomic list: the apiserver's rejection, as crdlint lint words it", async () => {
  const r = await celEval("self == oldSelf", at("spec.tags[*]", { oldObject: oldFile }));
  const text = crdText.replace(
    "                  items:\n                    type: string\n",
    "                  items:\n                    type: string\n                    maxLength: 8\n                    x-kubernetes-validations:\n                      - rule: self == oldSelf\n",
  );
  const diag = (await lintText(text, { file: "crd.yaml" })).diagnostics.find(
    (x) => x.rule === "cel-old-self-uncorrelatable",
  );
  assert.ok(diag);
  assert.ok(r.rejected.includes(diag.message), JSON.stringify(r.rejected));
  assert.ok(r.evaluations.every((e) => e.skipped));
});

test("a function the release lacks fails to compile there, and runs at the release that has it", async () => {
  // New expressions compile in the environment of the previous release (the compatibility version): semver from 1.34.
  const old = await celEval("isSemver(self)", at("spec.release", { kubernetesVersion: "1.33" }));
  assert.equal(old.compiled, false);
  assert.match(old.compileError, /undeclared reference to 'isSemver'/);
  const now = await celEval(
    "isSemver(self) && semver(self).major() == 1",
    at("spec.release", { kubernetesVersion: "1.34" }),
  );
  assert.equal(now.kubernetesVersion, "1.34");
  assert.equal(now.evaluations[0].value, true);
});

test("values of every kind, as CEL literals and as JSON", async () => {
  const cases = [
    ["1 + 2", "3", 3, "int"],
    ["7u", "7u", 7, "uint"],
    ["2.0 * 3.0", "6.0", 6, "double"],
    ["b'a\\x00'", 'b"a\\x00"', "YQA=", "bytes"],
    ["duration('90s')", 'duration("90s")', "90s", "duration"],
    ["timestamp('2024-01-02T03:04:05Z')", 'timestamp("2024-01-02T03:04:05Z")', "2024-01-02T03:04:05Z", "timestamp"],
    ["{'a': [1, 2]}", '{"a": [1, 2]}', { a: [1, 2] }, "map(string, list(int))"],
    ["optional.none()", "optional.none()", null, "optional_type(dyn)"],
    ["quantity('1.5Gi')", 'quantity("1610612736")', "1610612736", "kubernetes.Quantity"],
    ["ip('10.0.0.1')", 'ip("10.0.0.1")', "10.0.0.1", "net.IP"],
    ["cidr('10.0.0.0/8')", 'cidr("10.0.0.0/8")', "10.0.0.0/8", "net.CIDR"],
  ];
  for (const [expr, text, value, type] of cases) {
    const r = await celEval(expr, { crd: crdFile });
    assert.deepEqual([r.evaluations[0].text, r.evaluations[0].value, r.type], [text, value, type], expr);
    assert.match(r.notes[0], /not a bool/);
  }
});

test("an evaluation error is cel-go's, and fails the run", async () => {
  const r = await celEval("self['nope'] == 'x'", at("spec.labels"));
  assert.deepEqual(
    r.evaluations.map((e) => e.error),
    ["no such key: nope"],
  );
  assert.equal(r.ok, false);
  // past the per-call limit the evaluation is cancelled, as the apiserver cancels it
  const l = `[${Array.from({ length: 100 }, (_, k) => k).join(", ")}]`;
  const big = await celEval(`${l}.all(a, ${l}.all(b, ${l}.all(c, a + b + c >= 0)))`, { crd: crdFile });
  assert.deepEqual(
    [big.evaluations[0].error, big.evaluations[0].cancelled, big.runtime.cost, big.ok],
    ["operation cancelled: actual cost limit exceeded", true, 1_000_001, false],
  );
});

test("what cannot be answered is a UsageError that says why", async () => {
  const cases = [
    [
      ["self > 0", at("spec.nope")],
      /--path "spec.nope": the schema has no property "nope" at spec \(its properties: labels, ports, release, replicas, tags\)/,
    ],
    [["self > 0", at("spec.replicas[0]")], /no item \[0\] at spec.replicas/],
    [["self > 0", { crd: join(dir, "missing.yaml") }], /cannot read --crd .*missing.yaml: no such file/],
    [["self.replicas > 0", { crd: crdFile, path: "spec" }], /reads self: give the custom resource/],
    [["1", { crd: crdFile, version: "v9" }], /no version v9 \(its versions: v1alpha1, v1\)/],
    [["1", { crd: crdFile, kubernetesVersion: "1.24" }], /drops x-kubernetes-validations/],
    [
      ["1", { crd: { text: crdText + "---\n" + crdText.replace("widgets.example.com", "gadgets.example.com") } }],
      /holds 2 CRDs \(widgets.example.com, gadgets.example.com\): choose one with --name/,
    ],
    [["self != ''", at("spec.tags[5]")], /the object has no value at spec.tags\[5\]/],
    [
      [
        "self != ''",
        {
          crd: crdFile,
          path: "spec.release",
          object: { value: { apiVersion: "example.com/v1alpha1", kind: "Widget" } },
        },
      ],
      /evaluate against version v1alpha1 \(--crd-version v1alpha1\)/,
    ],
  ];
  for (const [args, message] of cases)
    await assert.rejects(
      celEval(...args),
      (e) => {
        assert.ok(e instanceof UsageError, String(e));
        assert.match(e.message, message);
        return true;
      },
      `${args[0]} at ${args[1].path}`,
    );
  // --name picks one of several
  const two = await celEval("1", {
    crd: { text: crdText + "---\n" + crdText.replace("widgets.example.com", "gadgets.example.com") },
    crdName: "gadgets.example.com",
  });
  assert.equal(two.crd.name, "gadgets.example.com");
});

test("CLI: the whole text report, exit 0", () => {
  const r = crdlint([
    "cel",
    "eval",
    "self.port > 100",
    "--crd",
    crdFile,
    "--object",
    objectFile,
    "--path",
    "spec.ports[*]",
    "-k",
    "1.33",
  ]);
  assert.equal(r.stderr, "");
  assert.equal(r.status, 0);
  assert.equal(
    r.stdout,
    [
      "widgets.example.com v1, Kubernetes 1.33, self at spec.ports[*]",
      "expression: self.port > 100",
      "type: bool",
      "values:",
      "  spec.ports[0]  false  (cost 3)",
      "  spec.ports[1]  true  (cost 3)",
      "runtime cost: 6 (limits: 1,000,000 per evaluation, 10,000,000 per request)",
      "estimated cost: 3 × 16 = 48 of the 10,000,000 per-rule limit (0%)",
      "",
    ].join("\n"),
  );
});

test("CLI: an estimate over the limit is shown and fails the run (exit 1); a compile error exits 1", () => {
  const r = crdlint([
    "cel",
    "eval",
    "self.all(a, self.all(b, a != b || a == b))",
    "--crd",
    crdFile,
    "--object",
    objectFile,
    "--path",
    "spec.tags",
  ]);
  assert.equal(r.status, 1);
  assert.match(r.stdout, /^value: true$/m);
  assert.match(r.stdout, /EXCEEDS the per-rule limit/);
  assert.match(
    r.stdout,
    /✖ the apiserver rejects this expression as a rule at spec\.versions\[1\]\.schema\.openAPIV3Schema\.properties\[spec\]\.properties\[tags\]\.x-kubernetes-validations\[0\]\.rule:\n {2}- estimated rule cost exceeds budget by factor of/,
  );
  const c = crdlint(["cel", "eval", "self.x > 1", "--crd", crdFile, "--path", "spec"]);
  assert.equal(c.status, 1);
  assert.equal(
    c.stdout,
    [
      "widgets.example.com v1, Kubernetes 1.37, self at spec",
      "expression: self.x > 1",
      "✖ compilation failed: ERROR: <input>:1:5: undefined field 'x'",
      " | self.x > 1",
      " | ....^",
      "  (the apiserver rejects it at spec.versions[1].schema.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule)",
      "",
    ].join("\n"),
  );
});

test("CLI: JSON, a transition rule with --old, the object on standard input", () => {
  const r = crdlint(
    [
      "cel",
      "eval",
      "self.port > oldSelf.port",
      "--crd",
      crdFile,
      "--object",
      "-",
      "--old",
      oldFile,
      "--path",
      "spec.ports[*]",
      "-f",
      "json",
    ],
    { input: readFileSync(objectFile, "utf8") },
  );
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.json.tool, "crdlint");
  assert.deepEqual(r.json.crd, { name: "widgets.example.com", version: "v1" });
  assert.equal(r.json.usesOldSelf, true);
  assert.deepEqual(
    r.json.evaluations.map((e) => [e.field, e.value ?? null, e.skipped !== undefined]),
    [
      ["spec.ports[0]", null, true],
      ["spec.ports[1]", false, false],
    ],
  );
  assert.deepEqual(r.json.estimate.totalCost, 80);
});

test("CLI: bad usage exits 2 with the reason", () => {
  const cases = [
    [["--path", "spec.nope"], /crdlint: --path "spec.nope": the schema has no property "nope" at spec/],
    [["--object", join(dir, "absent.yaml")], /crdlint: cannot read --object .*absent\.yaml: no such file/],
    [["--crd-version", "v9"], /crdlint: the CRD has no version v9/],
    [["-k", "1.99"], /unsupported Kubernetes version "1\.99"/],
    [["-f", "yaml"], /unknown format "yaml" for cel eval/],
  ];
  for (const [extra, message] of cases) {
    const r = crdlint([
      "cel",
      "eval",
      "self > 0",
      "--crd",
      crdFile,
      "--path",
      "spec.replicas",
      "--object",
      objectFile,
      ...extra,
    ]);
    assert.equal(r.status, 2, `${extra.join(" ")}: ${r.stdout}${r.stderr}`);
    assert.match(r.stderr, message);
    assert.equal(r.stdout, "");
  }
  const noObject = crdlint(["cel", "eval", "self > 0", "--crd", crdFile, "--path", "spec.replicas"]);
  assert.equal(noObject.status, 2);
  assert.match(noObject.stderr, /reads self: give the custom resource it is evaluated on \(--object\)/);
  const json = crdlint(["cel", "eval", "self > 0", "--crd", crdFile, "--path", "spec.nope", "-f", "json"]);
  assert.equal(json.status, 2);
  assert.match(json.json.error.message, /no property "nope"/);
});
