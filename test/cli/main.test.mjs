// The CLI as a user meets it: exit codes, formats, configuration, suppression, bad input that must never crash.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { createRequire } from "node:module";
import { tmp } from "../helpers/tmp.mjs";
import { spawnSync } from "node:child_process";
import { crdlint, bin, root } from "../helpers/cli.mjs";
import { BASELINE_CRD } from "../../dist/rules/examples.js";

const require = createRequire(import.meta.url);

const v1beta1 =
  "apiVersion: apiextensions.k8s.io/v1beta1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec: {group: example.com, version: v1, scope: Namespaced, names: {plural: widgets, kind: Widget}}\n";
const configMap = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n";

test("--version prints the version and exits 0", () => {
  const r = crdlint(["--version"]);
  assert.equal(r.status, 0);
  assert.match(r.stdout, /^\d+\.\d+\.\d+\n$/);
});

test("bad arguments exit 2 (unknown flag, unknown format, bad version, bad size)", () => {
  for (const args of [
    ["--bogus"],
    ["lint", "-f", "xml", "."],
    ["lint", "-k", "2.0", "."],
    ["lint", "-k", "1.5", "."],
    ["lint", "--max-file-size", "lots", "."],
    ["lint", "--max-warnings", "-1", "."],
  ]) {
    const r = crdlint(args);
    assert.equal(r.status, 2, `${args.join(" ")}: ${r.stderr}`);
    assert.ok(r.stderr.trim().length > 0);
    assert.doesNotMatch(r.stderr, /\n\s+at /, "no stack trace");
  }
});

test("a missing path exits 2 with one line naming it", () => {
  const r = crdlint(["lint", "does/not/exist.yaml"]);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /does\/not\/exist\.yaml/);
  assert.equal(r.stderr.trim().split("\n").length, 1);
});

test("a glob that matches nothing exits 2", () => {
  const dir = tmp({ "a.yaml": configMap });
  const r = crdlint(["lint", "*.nothing.yaml"], { cwd: dir });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /no files match/);
});

test("directories are linted recursively, non-CRD documents are skipped and counted, globs expand", () => {
  const dir = tmp({
    "a/one.yaml": configMap,
    "a/b/two.yml": v1beta1,
    "a/c.json": JSON.stringify({ kind: "Service", apiVersion: "v1" }),
    "a/ignored.txt": "x",
  });
  const r = crdlint(["lint", "-f", "json", "a"], { cwd: dir });
  assert.equal(r.status, 1);
  assert.equal(r.json.summary.files, 3);
  assert.equal(r.json.summary.crds, 1);
  assert.equal(r.json.summary.skipped, 2);
  assert.equal(r.json.diagnostics[0].file, join("a", "b", "two.yml"));
  const g = crdlint(["lint", "-f", "json", "a/**/*.yml"], { cwd: dir });
  assert.equal(g.json.summary.files, 1);
});

test("stdin with -", () => {
  const r = crdlint(["lint", "-f", "json", "-"], { input: v1beta1 });
  assert.equal(r.status, 1);
  assert.equal(r.json.diagnostics[0].file, "-");
  assert.equal(r.json.diagnostics[0].rule, "crd-v1beta1-removed");
});

test("the Kubernetes version decides release-dependent verdicts", () => {
  const old = crdlint(["lint", "-f", "json", "-k", "1.21", "-"], { input: v1beta1 });
  assert.equal(old.status, 0);
  assert.equal(old.json.kubernetesVersion, "1.21");
  assert.deepEqual(
    old.json.diagnostics.map((d) => [d.rule, d.severity, d.apiserver]),
    [["crd-v1beta1-deprecated", "warning", false]],
  );
  assert.equal(crdlint(["lint", "--max-warnings", "0", "-k", "1.21", "-"], { input: v1beta1 }).status, 1);
  assert.equal(crdlint(["lint", "--max-warnings", "1", "-k", "1.21", "-"], { input: v1beta1 }).status, 0);
});

test("--max-warnings failing a run without errors says why on stderr, and leaves the report as it is", () => {
  const failed = crdlint(["lint", "--max-warnings", "0", "-k", "1.21", "-"], { input: v1beta1 });
  assert.equal(failed.status, 1);
  assert.equal(failed.stderr, "✖ crdlint found 1 warning, more than --max-warnings 0 allows\n");
  const json = crdlint(["lint", "-f", "json", "--max-warnings", "0", "-k", "1.21", "-"], { input: v1beta1 });
  assert.equal(json.status, 1);
  assert.equal(json.json.summary.warnings, 1, "stdout is the JSON report alone");
  assert.match(json.stderr, /found 1 warning, more than --max-warnings 0 allows/);
  // Within the limit, or failing on errors: nothing more is said.
  const within = crdlint(["lint", "--max-warnings", "1", "-k", "1.21", "-"], { input: v1beta1 });
  assert.equal(within.status, 0);
  assert.equal(within.stderr, "");
  const errors = crdlint(["lint", "--max-warnings", "0", "-"], { input: v1beta1 });
  assert.equal(errors.status, 1);
  assert.doesNotMatch(errors.stderr, /max-warnings/);
});

test("bad input never crashes: invalid YAML, binary, huge, deeply nested, alias bomb, empty, wrong shapes", () => {
  const bomb =
    "a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\n";
  const deep = "a: " + "[".repeat(5000) + "]".repeat(5000) + "\n";
  const deepCrd =
    "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: a.b.c}\nspec:\n  versions:\n  - name: v1\n    schema:\n      openAPIV3Schema: " +
    "{properties: {a: ".repeat(800) +
    "{}" +
    "}}".repeat(800) +
    "\n";
  const wrongShapes =
    "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: 7\nspec:\n  versions: {a: 1}\n  names: [1, 2]\n---\napiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nspec:\n  versions: [null, 3, {name: 5, schema: {openAPIV3Schema: [1]}}]\n";
  const dir = tmp({
    "bad.yaml": "a: [\n",
    "bin.yaml": Buffer.from([0x00, 0x01, 0xff, 0x00, 0x42]),
    "big.yaml": "a: " + "x".repeat(2 * 1024 * 1024) + "\n",
    "deep.yaml": deep,
    "deep-crd.yaml": deepCrd,
    "bomb.yaml": bomb,
    "empty.yaml": "",
    "shapes.yaml": wrongShapes,
    "ok.yaml": configMap,
  });
  const r = crdlint(["lint", "-f", "json", "--max-file-size", "1MiB", "."], { cwd: dir });
  assert.ok(r.json, `JSON expected; stderr: ${r.stderr}`);
  assert.doesNotMatch(r.stderr, /\n\s+at /, "no stack trace");
  assert.equal(r.status, 1);
  const rules = new Map(r.json.diagnostics.map((d) => [d.file, d.rule]));
  assert.equal(rules.get("bad.yaml"), "yaml-syntax");
  assert.equal(rules.get("bin.yaml"), "yaml-syntax");
  assert.equal(rules.get("big.yaml"), "size-file-too-large");
  assert.equal(rules.get("bomb.yaml"), "yaml-alias-limit");
  assert.ok(
    !r.json.diagnostics.some((d) => d.rule === "internal-error"),
    JSON.stringify(r.json.diagnostics.filter((d) => d.rule === "internal-error")),
  );
  assert.equal(r.json.summary.files, 9);
});

test("crdlint never writes to the files it reads", async () => {
  const { statSync, readFileSync } = await import("node:fs");
  const dir = tmp({ "a.yaml": v1beta1 });
  const before = statSync(join(dir, "a.yaml")).mtimeMs;
  crdlint(["lint", "a.yaml"], { cwd: dir });
  assert.equal(statSync(join(dir, "a.yaml")).mtimeMs, before);
  assert.equal(readFileSync(join(dir, "a.yaml"), "utf8"), v1beta1);
});

test("configuration: severity overrides, off, kubernetesVersion, ignore globs, upward discovery", () => {
  const dir = tmp({
    ".crdlint.yaml": "kubernetesVersion: '1.21'\nrules:\n  crd-v1beta1-deprecated: error\nignore:\n  - 'vendor/**'\n",
    "sub/a.yaml": v1beta1,
    "vendor/b.yaml": v1beta1,
  });
  const r = crdlint(["lint", "-f", "json", "."], { cwd: join(dir, "sub") });
  assert.equal(r.json.kubernetesVersion, "1.21");
  assert.deepEqual(
    r.json.diagnostics.map((d) => [d.rule, d.severity]),
    [["crd-v1beta1-deprecated", "error"]],
  );
  assert.equal(r.status, 1);
  const all = crdlint(["lint", "-f", "json", "."], { cwd: dir });
  assert.equal(all.json.summary.files, 1, "vendor/** is ignored");
  const off = tmp({ "c.yaml": "rules:\n  crd-v1beta1-removed: off\n", "a.yaml": v1beta1 });
  const o = crdlint(["lint", "-f", "json", "-c", "c.yaml", "a.yaml"], { cwd: off });
  assert.equal(o.status, 0);
  assert.deepEqual(o.json.diagnostics, []);
});

test("an invalid config exits 2 naming the file and the key", () => {
  for (const [content, key] of [
    ["rules:\n  no-such-rule: error\n", "rules.no-such-rule"],
    ["rules:\n  yaml-syntax: loud\n", "rules.yaml-syntax"],
    ["kubernetesVersion: banana\n", "kubernetesVersion"],
    ["colour: red\n", "colour"],
    ["a: [\n", "invalid YAML"],
  ]) {
    const dir = tmp({ ".crdlint.yaml": content, "a.yaml": configMap });
    const r = crdlint(["lint", "a.yaml"], { cwd: dir });
    assert.equal(r.status, 2, content);
    assert.match(r.stderr, /\.crdlint\.yaml/);
    assert.ok(r.stderr.includes(key), `${r.stderr} should name ${key}`);
  }
});

test("suppression: crdlint.io/disable annotation and # crdlint-disable-next-line", () => {
  const annotated = v1beta1.replace(
    "metadata: {name: widgets.example.com}",
    "metadata: {name: widgets.example.com, annotations: {crdlint.io/disable: crd-v1beta1-removed}}",
  );
  assert.equal(crdlint(["lint", "-"], { input: annotated }).status, 0);
  const commented = "# crdlint-disable-next-line crd-v1beta1-removed\n" + v1beta1;
  assert.equal(crdlint(["lint", "-"], { input: commented }).status, 0);
  const otherRule = "# crdlint-disable-next-line yaml-syntax\n" + v1beta1;
  assert.equal(crdlint(["lint", "-"], { input: otherRule }).status, 1);
  // Loader findings (here a duplicate key) honour both suppressions too.
  const dup = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  name: b\n";
  assert.equal(crdlint(["lint", "-"], { input: dup }).status, 1);
  assert.equal(
    crdlint(["lint", "-"], {
      input: dup.replace("  name: b", "  # crdlint-disable-next-line yaml-duplicate-key\n  name: b"),
    }).status,
    0,
  );
  const dupCrd = BASELINE_CRD.replace(
    "  name: widgets.example.com\n",
    "  name: widgets.example.com\n  name: widgets.example.com\n",
  );
  assert.equal(crdlint(["lint", "-"], { input: dupCrd }).status, 1);
  const dupCrdOff = dupCrd.replace(
    "  name: widgets.example.com\n",
    "  annotations: {crdlint.io/disable: yaml-duplicate-key}\n  name: widgets.example.com\n",
  );
  assert.equal(crdlint(["lint", "-"], { input: dupCrdOff }).status, 0);
});

test("a duplicate key is linted with the value kubectl sends (the last), and only the repetition is reported", () => {
  // kubectl's non-strict YAML conversion keeps the last value: the invalid scope before it never reaches the apiserver,
  // and the invalid one after a valid scope does.
  const lastWins = BASELINE_CRD.replace(/^  scope: .*$/m, "  scope: Bogus\n  scope: Namespaced");
  const r = crdlint(["lint", "-", "--format", "json"], { input: lastWins });
  const diags = JSON.parse(r.stdout).diagnostics;
  assert.deepEqual(
    diags.map((d) => [d.rule, d.line, d.message]),
    [
      [
        "yaml-duplicate-key",
        lastWins.split("\n").indexOf("  scope: Namespaced") + 1,
        `duplicate key "scope" (first at line ${lastWins.split("\n").indexOf("  scope: Bogus") + 1}): kubectl sends only this last value and silently drops the earlier one`,
      ],
    ],
  );
  const firstWins = BASELINE_CRD.replace(/^  scope: .*$/m, "  scope: Namespaced\n  scope: Bogus");
  const rules = JSON.parse(crdlint(["lint", "-", "--format", "json"], { input: firstWins }).stdout).diagnostics.map(
    (d) => d.rule,
  );
  assert.deepEqual(rules.sort(), ["scope-unsupported", "yaml-duplicate-key"].sort());
  // Not an apiserver verdict: the apiserver preset leaves it out.
  assert.equal(crdlint(["lint", "-", "--preset", "apiserver"], { input: lastWins }).status, 0);
});

test("formats: text summary, github annotations, junit, sarif valid against the SARIF 2.1.0 schema", async () => {
  const text = crdlint(["lint", "-"], { input: v1beta1 });
  assert.match(text.stdout, /-\n\s+1:1\s+error\s+apiVersion: Not found: no matches/);
  assert.match(text.stdout, /1 problem \(1 error, 0 warnings\)/);
  const gh = crdlint(["lint", "-f", "github", "-"], { input: v1beta1 });
  assert.match(
    gh.stdout,
    /^::error file=-,line=1,col=1,endLine=1,endColumn=\d+,title=crd-v1beta1-removed::apiVersion: Not found: /,
  );
  const junit = crdlint(["lint", "-f", "junit", "-"], { input: v1beta1 });
  assert.match(junit.stdout, /<testsuite name="-" tests="1" failures="1"/);
  assert.match(junit.stdout, /<failure type="crd-v1beta1-removed"/);
  const sarif = crdlint(["lint", "-f", "sarif", "-"], { input: v1beta1 });
  assert.equal(sarif.status, 1);
  const log = JSON.parse(sarif.stdout);
  const Ajv04 = (await import("ajv-draft-04")).default;
  const schema = require("@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json");
  const ajv = new Ajv04({ allErrors: true, strict: false, unicodeRegExp: false });
  const validate = ajv.compile(schema);
  assert.ok(validate(log), JSON.stringify(validate.errors, null, 2));
  assert.equal(log.version, "2.1.0");
  const ids = log.runs[0].tool.driver.rules.map((r) => r.id);
  assert.ok(ids.includes("crd-v1beta1-removed") && ids.includes("yaml-syntax"));
  assert.equal(log.runs[0].results[0].ruleId, "crd-v1beta1-removed");
  assert.equal(log.runs[0].results[0].locations[0].physicalLocation.region.startLine, 1);
});

test("crdlint rules lists the registry (text and json)", () => {
  const t = crdlint(["rules"]);
  assert.equal(t.status, 0);
  assert.match(t.stdout, /crd-v1beta1-removed\s+versions\s+error\s+apiserver\s+yes/);
  const j = crdlint(["rules", "--format", "json"]);
  const rows = JSON.parse(j.stdout);
  assert.ok(rows.some((r) => r.id === "yaml-syntax" && r.category === "yaml"));
});

test("YAML is read as kubectl reads it: yes/on are booleans, timestamps stay strings", () => {
  const crd =
    "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com, creationTimestamp: 2024-01-01T00:00:00Z}\nspec:\n  group: example.com\n  scope: Namespaced\n  names: {plural: widgets, singular: widget, kind: Widget, listKind: WidgetList}\n  versions:\n  - name: v1\n    served: yes\n    storage: on\n    schema: {openAPIV3Schema: {type: object}}\n";
  const r = crdlint(["lint", "-f", "json", "-"], { input: crd });
  assert.deepEqual(r.json.diagnostics, []);
  assert.equal(r.status, 0);
});

test("crdlint cost: a table per CRD version, JSON with exact saturated integers, exit 1 over a limit", () => {
  const crd =
    "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  scope: Namespaced\n  names: {plural: widgets, singular: widget, kind: Widget, listKind: WidgetList}\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          names:\n            type: array\n            items: {type: string}\n            x-kubernetes-validations:\n            - rule: \"self.all(x, x.contains('a string'))\"\n          tags:\n            type: array\n            items: {type: string}\n            x-kubernetes-validations:\n            - rule: \"self.all(x, x.all(y, true) || x == 'a')\"\n        x-kubernetes-validations:\n        - rule: 'true'\n          messageExpression: \"'a' + string(size(self.names))\"\n";
  const t = crdlint(["cost", "-"], { input: crd });
  assert.equal(t.status, 1, t.stderr);
  assert.match(t.stdout, /widgets\.example\.com {2}version v1/);
  assert.match(t.stdout, /unbounded list at names \(no maxItems\)/);
  assert.match(t.stdout, /fix: add max(Length|Items): \d+ at names/);
  const j = crdlint(["cost", "--format", "json", "-"], { input: crd });
  assert.equal(j.status, 1);
  const text = j.stdout;
  const big = [...text.matchAll(/"estimatedCost": (\d{17,})/g)].map((m) => m[1]);
  assert.ok(big.length > 0, "an unbounded messageExpression costs more than 2^53");
  assert.ok(
    big.some((digits) => String(Number(digits)) !== digits),
    "costs past 2^53 print exactly, not rounded to a double",
  );
  const report = JSON.parse(text);
  assert.deepEqual(Object.keys(report.limits), ["perExpression", "perCRD"]);
  const names = report.expressions.find((e) => e.field.endsWith("properties[names].x-kubernetes-validations[0].rule"));
  assert.equal(names.exceedsLimit, true);
  assert.equal(names.line, 20);
  assert.ok(names.suggestion && names.drivers.length >= 1);
  assert.equal(report.crds[0].exceedsLimit, true);
  assert.equal(crdlint(["cost", "-f", "xml", "-"], { input: crd }).status, 2);
});

test("a reader that closes the pipe early ends crdlint quietly, without a stack trace", () => {
  const r = spawnSync(
    "sh",
    ["-c", `"${process.execPath}" "${bin}" lint -f sarif fixtures/examples/widgets-broken.yaml | head -c 1 >/dev/null`],
    { cwd: root, encoding: "utf8" },
  );
  assert.equal(r.status, 0);
  assert.equal(r.stderr, "");
});
