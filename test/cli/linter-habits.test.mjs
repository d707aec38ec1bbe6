// The CLI as a user with ESLint and kubeconform habits expects it (issue 11): every item through bin/crdlint.js.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRequire } from "node:module";
import { tmp } from "../helpers/tmp.mjs";
import { crdlint, root } from "../helpers/cli.mjs";
import { BASELINE_CRD } from "../../dist/rules/examples.js";
import { REPOSITORY_URL } from "../../dist/report/rule-docs.js";

const require = createRequire(import.meta.url);

async function sarifValidator() {
  const Ajv04 = (await import("ajv-draft-04")).default;
  const schema = require("@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json");
  return new Ajv04({ allErrors: true, strict: false, unicodeRegExp: false }).compile(schema);
}

const v1beta1 =
  "apiVersion: apiextensions.k8s.io/v1beta1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec: {group: example.com, version: v1, scope: Namespaced, names: {plural: widgets, kind: Widget}}\n";
const configMap = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n";
// A clean CRD with a property `y` (a YAML 1.1 boolean key: a warning) on line 17.
const withBooleanKey = BASELINE_CRD + "        properties:\n          y: {type: string, description: a coordinate}\n";

// --- 1. Commands ---------------------------------------------------------------------------------------------

test("an unknown subcommand is an error naming it, exit 2; an existing path of the same shape is linted", () => {
  const r = crdlint(["lnt"]);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /unknown command 'lnt' \(did you mean lint\?\)/);
  assert.doesNotMatch(r.stderr, /no such file/);
  const d = tmp({ "crds/a.yaml": BASELINE_CRD });
  assert.equal(crdlint(["crds"], { cwd: d }).status, 0, "a directory named like a command word is a path");
});

test("-V and -v both print the version", () => {
  const version = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version;
  for (const flag of ["-V", "-v", "--version"]) {
    const r = crdlint([flag]);
    assert.equal(r.status, 0, flag);
    assert.equal(r.stdout, version + "\n");
  }
});

test("crdlint rules <id> prints the rule's page: what, why, failing and passing example, fix, documentation URL", () => {
  const r = crdlint(["rules", "yaml-boolean-key"]);
  assert.equal(r.status, 0, r.stderr);
  for (const part of [
    /^yaml-boolean-key\n/,
    /YAML 1\.1 boolean/,
    /^Why$/m,
    /^Failing example/m,
    /^Passing example/m,
    /^How to fix$/m,
    /"y": "2"/,
  ])
    assert.match(r.stdout, part);
  assert.ok(r.stdout.includes(`${REPOSITORY_URL}/blob/main/docs/rules/yaml-boolean-key.md`));
  const j = crdlint(["rules", "yaml-boolean-key", "--format", "json"]);
  assert.equal(j.json.id, "yaml-boolean-key");
  assert.equal(j.json.url, `${REPOSITORY_URL}/blob/main/docs/rules/yaml-boolean-key.md`);
  assert.ok(j.json.docs.fail && j.json.docs.pass && j.json.docs.why && j.json.docs.fix);
  const bad = crdlint(["rules", "yaml-boolen-key"]);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /unknown rule "yaml-boolen-key" \(did you mean yaml-boolean-key\?\)/);
});

test("every rule's text and JSON output carries its documentation URL, and that page exists", () => {
  const rows = crdlint(["rules", "--format", "json"]).json;
  assert.ok(rows.length > 200);
  for (const r of rows) {
    assert.equal(r.url, `${REPOSITORY_URL}/blob/main/docs/rules/${r.id}.md`);
    assert.ok(existsSync(join(root, "docs", "rules", `${r.id}.md`)), r.id);
  }
  const text = crdlint(["rules"]).stdout;
  for (const r of rows) assert.ok(text.includes(`${r.id} `) && text.includes(`<${r.url}>`), r.id);
  const lint = crdlint(["lint", "-f", "json", "-"], { input: v1beta1 });
  assert.equal(
    lint.json.diagnostics[0].url,
    `${REPOSITORY_URL}/blob/main/docs/rules/crd-v1beta1-removed.md`,
    "lint JSON carries it too",
  );
});

test("the documentation URL names the repository package.json names", () => {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  const repo = typeof pkg.repository === "string" ? pkg.repository : pkg.repository?.url;
  if (repo === undefined) return; // no repository field yet: the constant is the project's default
  assert.equal(repo.replace(/^git\+/, "").replace(/\.git$/, ""), REPOSITORY_URL);
});

test("rules --category with an unknown category is exit 2 listing the valid ones", () => {
  const r = crdlint(["rules", "--category", "naming"]);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /unknown category "naming" \(categories: .*\bnames\b.*\bversions\b/);
  const ok = crdlint(["rules", "--category", "names", "--format", "json"]);
  assert.ok(ok.json.length > 0 && ok.json.every((r) => r.category === "names"));
});

test("lint and cost accept the same common options", () => {
  const dir = tmp({ "a.yaml": BASELINE_CRD, ".crdlint.yaml": "kubernetesVersion: '1.30'\n" });
  for (const cmd of ["lint", "cost"]) {
    const r = crdlint(
      [
        cmd,
        "--no-color",
        "-q",
        "-k",
        "1.29",
        "-c",
        ".crdlint.yaml",
        "--format",
        "json",
        "--no-ignore",
        "--max-file-size",
        "1MiB",
        "a.yaml",
      ],
      { cwd: dir },
    );
    assert.equal(r.status, 0, `${cmd}: ${r.stderr}`);
    assert.equal(r.json.kubernetesVersion, "1.29", cmd);
  }
  const help = (cmd) => crdlint([cmd, "--help"]).stdout;
  for (const flag of [
    "--no-color",
    "--quiet",
    "--kubernetes-version",
    "--config",
    "--format",
    "--no-ignore",
    "--stdin-filename",
    "--output-file",
  ]) {
    assert.ok(help("lint").includes(flag) && help("cost").includes(flag), flag);
  }
});

test("colour follows --color/--no-color, FORCE_COLOR, NO_COLOR and TERM=dumb", () => {
  const red = /\u001b\[31m/;
  const run = (env, args = []) =>
    crdlint(["lint", ...args, "-"], {
      input: v1beta1,
      env: { NO_COLOR: undefined, FORCE_COLOR: undefined, TERM: "xterm", ...env },
    }).stdout;
  assert.doesNotMatch(run({}), red, "not a terminal: no colour");
  assert.match(run({ FORCE_COLOR: "1" }), red);
  assert.match(run({ FORCE_COLOR: "" }), red, "FORCE_COLOR set but empty means on, as in chalk");
  assert.doesNotMatch(run({ FORCE_COLOR: "0" }), red);
  assert.doesNotMatch(run({ FORCE_COLOR: "false" }), red);
  assert.match(run({ FORCE_COLOR: "1", NO_COLOR: "1" }), red, "FORCE_COLOR wins over NO_COLOR");
  assert.doesNotMatch(run({ FORCE_COLOR: "1" }, ["--no-color"]), red, "the flag wins");
  assert.match(run({ NO_COLOR: "1" }, ["--color"]), red);
  assert.match(run({ TERM: "dumb" }, ["--color"]), red);
});

// --- 2. No silent skips --------------------------------------------------------------------------------------

test("cost says per CRD that its rules were not estimated when the schema has apiserver errors", () => {
  const crd =
    BASELINE_CRD +
    "        properties:\n          a:\n            x-kubernetes-validations:\n            - rule: self.size() > 0\n";
  const t = crdlint(["cost", "-"], { input: crd });
  assert.equal(t.status, 0, t.stderr);
  assert.match(
    t.stdout,
    /widgets\.example\.com {2}version v1\n {2}1 CEL rule: rules not estimated: the schema has 1 apiserver error; run crdlint lint/,
  );
  assert.doesNotMatch(t.stdout, /no compiled CEL expressions/);
  assert.match(t.stdout, /1 schema not estimated/);
  const j = crdlint(["cost", "-f", "json", "-"], { input: crd });
  assert.deepEqual(
    j.json.unestimated.map((u) => [u.object, u.versions, u.rules, u.apiserverErrors, u.reason]),
    [["widgets.example.com", ["v1"], 1, 1, "rules not estimated: the schema has 1 apiserver error; run crdlint lint"]],
  );
});

test("a file named explicitly but ignored by the config is a warning; --no-ignore lints it; directories skip it silently", () => {
  const dir = tmp({ ".crdlint.yaml": "ignore: ['vendor/**']\n", "vendor/a.yaml": v1beta1, "b.yaml": configMap });
  const r = crdlint(["lint", "-f", "json", "vendor/a.yaml"], { cwd: dir });
  assert.equal(r.status, 0);
  assert.deepEqual(
    r.json.diagnostics.map((d) => [d.file, d.rule, d.severity]),
    [["vendor/a.yaml", "file-ignored", "warning"]],
  );
  assert.match(r.json.diagnostics[0].message, /--no-ignore/);
  assert.equal(r.json.summary.files, 0);
  const text = crdlint(["lint", "vendor/a.yaml"], { cwd: dir });
  assert.match(text.stdout, /vendor\/a\.yaml\n.*warning.*file ignored because of a matching ignore pattern/);
  const forced = crdlint(["lint", "-f", "json", "--no-ignore", "vendor/a.yaml"], { cwd: dir });
  assert.equal(forced.status, 1);
  assert.equal(forced.json.diagnostics[0].rule, "crd-v1beta1-removed");
  const walked = crdlint(["lint", "-f", "json", "."], { cwd: dir });
  assert.deepEqual(
    walked.json.diagnostics,
    [],
    "a file found by walking a directory is skipped without a word, as ESLint does",
  );
  const dirNamed = crdlint(["lint", "-f", "json", "vendor"], { cwd: dir });
  assert.deepEqual(
    dirNamed.json.diagnostics.map((d) => [d.file, d.rule]),
    [["vendor", "file-ignored"]],
  );
});

test("ignore patterns are relative to the config file's directory, not the working directory", () => {
  const dir = tmp({
    ".crdlint.yaml": "ignore: ['crds/legacy/**']\n",
    "crds/legacy/a.yaml": v1beta1,
    "crds/b.yaml": BASELINE_CRD,
  });
  const r = crdlint(["lint", "-f", "json", "."], { cwd: join(dir, "crds") });
  assert.equal(r.status, 0, JSON.stringify(r.json?.diagnostics));
  assert.equal(r.json.summary.files, 1);
  const c = crdlint(["lint", "-f", "json", "-c", join(dir, ".crdlint.yaml"), join(dir, "crds")], { cwd: tmpdir() });
  assert.equal(c.json.summary.files, 1, "with -c from elsewhere too");
});

test("-q shows errors only and its summary counts only what it shows", () => {
  const input = withBooleanKey.replace(
    "apiVersion: apiextensions.k8s.io/v1",
    "apiVersion: apiextensions.k8s.io/v1beta1",
  );
  const full = crdlint(["lint", "-f", "json", "-"], { input });
  assert.ok(full.json.summary.warnings > 0, "the input has warnings");
  const q = crdlint(["lint", "-f", "json", "-q", "-"], { input });
  assert.ok(q.json.diagnostics.every((d) => d.severity === "error"));
  assert.equal(q.json.summary.errors, q.json.diagnostics.length);
  assert.equal(q.json.summary.warnings, 0);
  assert.equal(q.json.summary.infos, 0);
  const qt = crdlint(["lint", "-q", "-"], { input });
  assert.match(qt.stdout, /✖ 1 problem \(1 error, 0 warnings\)/);
  const w = crdlint(["lint", "-q", "--max-warnings", "0", "-"], { input: withBooleanKey });
  assert.equal(w.status, 0, "warnings -q hides do not count against --max-warnings");
});

// --- 3. Suppression -------------------------------------------------------------------------------------------

test("crdlint-disable-line and crdlint-disable-next-line, several rules per comment, with a reason", () => {
  const lint = (input, args = []) => crdlint(["lint", "-f", "json", ...args, "-"], { input });
  const base = lint(withBooleanKey);
  assert.deepEqual(
    base.json.diagnostics.map((d) => [d.rule, d.line]),
    [["yaml-boolean-key", 17]],
  );
  const sameLine = withBooleanKey.replace(
    "a coordinate}",
    "a coordinate}  # crdlint-disable-line yaml-boolean-key -- y is a coordinate",
  );
  assert.deepEqual(lint(sameLine).json.diagnostics, []);
  const nextLine = withBooleanKey.replace(
    "          y:",
    "          # crdlint-disable-next-line lint-missing-description, yaml-boolean-key -- y is a coordinate\n          y:",
  );
  assert.deepEqual(lint(nextLine).json.diagnostics, []);
  const otherRule = withBooleanKey.replace(
    "a coordinate}",
    "a coordinate}  # crdlint-disable-line lint-missing-description",
  );
  assert.deepEqual(
    lint(otherRule).json.diagnostics.map((d) => d.rule),
    ["yaml-boolean-key"],
  );
  const inString = withBooleanKey.replace(
    "description: a coordinate}",
    "description: '# crdlint-disable-line yaml-boolean-key'}",
  );
  assert.deepEqual(
    lint(inString).json.diagnostics.map((d) => d.rule),
    ["yaml-boolean-key"],
    "text inside a string is not a comment",
  );
});

test("crdlint-disable ... crdlint-enable blocks, per rule or for every rule", () => {
  const keys = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: point}\ndata:\n";
  const lint = (body, args = []) =>
    crdlint(["lint", "-f", "json", ...args, "-"], { input: keys + body }).json.diagnostics.map((d) => [d.rule, d.line]);
  const body =
    "  # crdlint-disable yaml-boolean-key -- coordinates\n  y: '1'\n  # crdlint-enable yaml-boolean-key\n  n: '2'\n";
  assert.deepEqual(lint(body), [["yaml-boolean-key", 8]], "only the key after the block is reported");
  assert.deepEqual(lint("  # crdlint-disable\n  y: '1'\n  n: '2'\n"), [], "to the end of the file, every rule");
  assert.deepEqual(
    lint("  # crdlint-disable\n  x: '1'\n  # crdlint-enable\n  y: '2'\n", ["--report-unused-disable-directives"]),
    [
      ["disable-directive-unused", 5],
      ["yaml-boolean-key", 8],
    ],
  );
});

test("an unknown rule id in a directive or the annotation is a warning at its place", () => {
  const input = withBooleanKey.replace(
    "a coordinate}",
    "a coordinate}  # crdlint-disable-line yaml-boolen-key, yaml-boolean-key",
  );
  const r = crdlint(["lint", "-f", "json", "-"], { input });
  assert.deepEqual(
    r.json.diagnostics.map((d) => [d.rule, d.severity, d.line, d.column, d.message, d.suggestion]),
    [
      [
        "disable-directive-unknown-rule",
        "warning",
        17,
        80,
        'unknown rule "yaml-boolen-key" in crdlint-disable-line (crdlint rules lists the rule ids)',
        "did you mean yaml-boolean-key?",
      ],
    ],
  );
  const annotated = BASELINE_CRD.replace(
    "  name: widgets.example.com\n",
    "  name: widgets.example.com\n  annotations: {crdlint.io/disable: 'no-such-rule'}\n",
  );
  const a = crdlint(["lint", "-f", "json", "-"], { input: annotated });
  assert.deepEqual(
    a.json.diagnostics.map((d) => [d.rule, d.line]),
    [["disable-directive-unknown-rule", 5]],
  );
});

test("--report-unused-disable-directives reports directives that suppressed nothing (as errors)", () => {
  const input = BASELINE_CRD.replace(
    "    served: true\n",
    "    served: true  # crdlint-disable-line yaml-boolean-key\n",
  ).replace("  versions:\n", "  # crdlint-disable-next-line\n  versions:\n");
  assert.equal(crdlint(["lint", "-"], { input }).status, 0, "not reported without the flag");
  const r = crdlint(["lint", "-f", "json", "--report-unused-disable-directives", "-"], { input });
  assert.equal(r.status, 1);
  assert.deepEqual(
    r.json.diagnostics.map((d) => [d.rule, d.severity, d.line, d.message]),
    [
      [
        "disable-directive-unused",
        "error",
        9,
        "unused crdlint-disable-next-line directive (no problems were reported on line 10)",
      ],
      [
        "disable-directive-unused",
        "error",
        12,
        'unused crdlint-disable-line directive (no problems were reported from "yaml-boolean-key" on line 12)',
      ],
    ],
  );
  const used = withBooleanKey.replace("a coordinate}", "a coordinate}  # crdlint-disable-line yaml-boolean-key");
  assert.deepEqual(
    crdlint(["lint", "-f", "json", "--report-unused-disable-directives", "-"], { input: used }).json.diagnostics,
    [],
  );
});

test("suppressing an apiserver error is allowed, and the summary says how many were suppressed", () => {
  const input = "# crdlint-disable-next-line crd-v1beta1-removed -- migrating next sprint\n" + v1beta1;
  const j = crdlint(["lint", "-f", "json", "-"], { input });
  assert.equal(j.status, 0);
  assert.deepEqual(j.json.diagnostics, []);
  assert.equal(j.json.summary.suppressedApiserverErrors, 1);
  const t = crdlint(["lint", "-"], { input });
  assert.match(
    t.stdout,
    /1 apiserver error suppressed by crdlint-disable comments or annotations: the cluster still rejects that CRD/,
  );
  assert.equal(crdlint(["lint", "-f", "json", "-"], { input: v1beta1 }).json.summary.suppressedApiserverErrors, 0);
});

// --- 4. Config ------------------------------------------------------------------------------------------------

test("kubernetesVersion: 1.30 unquoted is read as 1.30, not 1.3", () => {
  const dir = tmp({ ".crdlint.yaml": "kubernetesVersion: 1.30   # unquoted\n", "a.yaml": BASELINE_CRD });
  const r = crdlint(["lint", "-f", "json", "a.yaml"], { cwd: dir });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.json.kubernetesVersion, "1.30");
});

test("the config file is validated: every problem with its line, unknown keys with a hint, wrong types, exit 2", () => {
  const dir = tmp({
    ".crdlint.yaml": "kubernetesVersion: [1]\nrule:\n  x: off\nignore: vendor/**\nrules:\n  yaml-syntax: 3\n",
    "a.yaml": configMap,
  });
  const r = crdlint(["lint", "a.yaml"], { cwd: dir });
  assert.equal(r.status, 2);
  assert.doesNotMatch(r.stderr, /\n\s+at /);
  for (const part of [
    /\.crdlint\.yaml:1: kubernetesVersion: must be a release such as "1\.30", got a list/,
    /unknown key "rule" \(did you mean rules\?\)/,
    /ignore: must be a list of glob strings \(write it as a list: ignore: \["vendor\/\*\*"\]\)/,
    /rules\.yaml-syntax: must be one of off, info, warning, error \(got number 3\)/,
  ])
    assert.match(r.stderr, part);
  assert.ok(r.stderr.trim().split("\n").length <= 2, "one or two lines");
});

// --- 5. CI outputs --------------------------------------------------------------------------------------------

test("--stdin-filename names standard input in every format", async () => {
  const name = "crds/widgets.yaml";
  const run = (format) => crdlint(["lint", "-f", format, "--stdin-filename", name], { input: v1beta1 });
  assert.equal(run("json").json.diagnostics[0].file, name);
  assert.match(run("text").stdout, /^crds\/widgets\.yaml\n/);
  assert.match(run("github").stdout, /^::error file=crds\/widgets\.yaml,/);
  assert.match(run("junit").stdout, /<testsuite name="crds\/widgets\.yaml"/);
  const sarif = JSON.parse(run("sarif").stdout);
  assert.equal(sarif.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri, "crds/widgets.yaml");
  const dash = crdlint(["lint", "-f", "json", "--stdin-filename", name, "-"], { input: v1beta1 });
  assert.equal(dash.json.diagnostics[0].file, name, "with an explicit - too");
  const ignoredDir = tmp({ ".crdlint.yaml": "ignore: ['vendor/**']\n" });
  const ignored = crdlint(["lint", "-f", "json", "--stdin-filename", "vendor/x.yaml"], {
    input: v1beta1,
    cwd: ignoredDir,
  });
  assert.deepEqual(
    ignored.json.diagnostics.map((d) => [d.file, d.rule]),
    [["vendor/x.yaml", "file-ignored"]],
    "ignore patterns apply to the name, as in ESLint",
  );
  const cost = crdlint(["cost", "-f", "json", "--stdin-filename", name], { input: BASELINE_CRD });
  assert.equal(cost.json.crds[0].file, name);
});

test("with --format sarif a usage error still writes a valid SARIF log with a tool execution notification", async () => {
  const validate = await sarifValidator();
  for (const args of [
    ["lint", "-f", "sarif", "no/such/file.yaml"],
    ["lint", "--format=sarif", "--bogus", "."],
    ["lint", "-f", "sarif", "-k", "2.0", "."],
  ]) {
    const r = crdlint(args);
    assert.equal(r.status, 2, args.join(" "));
    const log = JSON.parse(r.stdout);
    assert.ok(validate(log), JSON.stringify(validate.errors));
    const inv = log.runs[0].invocations[0];
    assert.equal(inv.executionSuccessful, false);
    assert.equal(inv.toolExecutionNotifications[0].level, "error");
    assert.ok(inv.toolExecutionNotifications[0].message.text.length > 0);
    assert.ok(r.stderr.length > 0, "the error is on stderr too");
  }
  const dir = tmp({});
  const o = crdlint(["lint", "-f", "sarif", "-o", "out/report.sarif", "missing.yaml"], { cwd: dir });
  assert.equal(o.status, 2);
  const log = JSON.parse(readFileSync(join(dir, "out", "report.sarif"), "utf8"));
  assert.match(log.runs[0].invocations[0].toolExecutionNotifications[0].message.text, /missing\.yaml/);
});

test("--output-file (-o) writes the report to a file and nothing to stdout", () => {
  const dir = tmp({ "a.yaml": v1beta1 });
  const r = crdlint(["lint", "-f", "json", "-o", "reports/crdlint.json", "a.yaml"], { cwd: dir });
  assert.equal(r.status, 1);
  assert.equal(r.stdout, "");
  const report = JSON.parse(readFileSync(join(dir, "reports", "crdlint.json"), "utf8"));
  assert.equal(report.diagnostics[0].rule, "crd-v1beta1-removed");
  const t = crdlint(["lint", "--output-file", "report.txt", "a.yaml"], { cwd: dir, env: { FORCE_COLOR: "1" } });
  assert.equal(t.stdout, "");
  assert.doesNotMatch(
    readFileSync(join(dir, "report.txt"), "utf8"),
    /\u001b\[/,
    "no colour codes in a file unless --color",
  );
  const c = crdlint(["cost", "-f", "json", "-o", "cost.json", "a.yaml"], { cwd: dir });
  assert.equal(c.stdout, "");
  assert.ok(JSON.parse(readFileSync(join(dir, "cost.json"), "utf8")).limits);
});

test("JUnit: one testsuite per linted file with a passing testcase for a clean file; warnings are shown too", () => {
  const dir = tmp({ "clean.yaml": BASELINE_CRD, "warn.yaml": withBooleanKey, "bad.yaml": v1beta1 });
  const r = crdlint(["lint", "-f", "junit", "."], { cwd: dir });
  assert.equal(r.status, 1);
  const suite = (name) =>
    new RegExp(`<testsuite name="${name}" tests="(\\d+)" failures="(\\d+)"[^>]*>([\\s\\S]*?)</testsuite>`).exec(
      r.stdout,
    );
  const clean = suite("clean\\.yaml");
  assert.ok(clean, r.stdout);
  assert.deepEqual([clean[1], clean[2]], ["1", "0"]);
  assert.match(clean[3], /<testcase classname="clean\.yaml" name="crdlint clean\.yaml">/);
  assert.doesNotMatch(clean[3], /<failure/);
  const warn = suite("warn\\.yaml");
  assert.deepEqual([warn[1], warn[2]], ["1", "0"]);
  assert.match(warn[3], /<system-out>warn\.yaml:17:11 warning yaml-boolean-key/);
  const bad = suite("bad\\.yaml");
  assert.deepEqual([bad[1], bad[2]], ["1", "1"]);
  assert.match(bad[3], /<failure type="crd-v1beta1-removed"/);
  assert.match(r.stdout, /<testsuites name="crdlint" tests="3" failures="1"/);
  const allClean = crdlint(["lint", "-f", "junit", "clean.yaml"], { cwd: dir });
  assert.equal(allClean.status, 0);
  assert.match(allClean.stdout, /<testsuites name="crdlint" tests="1" failures="0"/);
});

// --- 6. Messages ----------------------------------------------------------------------------------------------

test("a message never dumps a whole schema: long values are cut in text, whole in JSON", () => {
  const props = Object.fromEntries(
    Array.from({ length: 20 }, (_, i) => [`p${i}`, { type: "string", description: "x".repeat(30) }]),
  );
  const crd =
    BASELINE_CRD +
    "        properties:\n          a:\n            type: array\n            x-kubernetes-list-type: map\n            x-kubernetes-list-map-keys: [p0]\n            items: " +
    JSON.stringify([
      { type: "object", properties: props },
      { type: "object", properties: props },
    ]) +
    "\n";
  const j = crdlint(["lint", "-f", "json", "-"], { input: crd });
  const d = j.json.diagnostics.find((x) => x.rule === "list-map-items-single-schema");
  assert.ok(d.value.length > 2000, "JSON keeps the whole value");
  assert.equal(d.message, "must only have a single schema if x-kubernetes-list-type is map");
  const t = crdlint(["lint", "-"], { input: crd });
  for (const line of t.stdout.split("\n"))
    assert.ok(line.length < 400, `a line of ${line.length} characters: ${line.slice(0, 120)}`);
  assert.match(
    t.stdout,
    /Invalid value: \{"Schema":null,"JSONSchemas":\[\{.*… \(\d+ characters; --format json has it whole\): must only have a single schema/,
  );
  for (const format of ["github", "sarif", "junit"])
    assert.ok(!crdlint(["lint", "-f", format, "-"], { input: crd }).stdout.includes(d.value), format);
});

test("an apiserver message that lists a huge enum is cut in message, whole in JSON detail, and not repeated in text", () => {
  const values = Array.from({ length: 300 }, (_, i) => `value-number-${i}`);
  const crd =
    BASELINE_CRD +
    "        properties:\n          e: " +
    JSON.stringify({ type: "string", enum: values, default: "nope" }) +
    "\n";
  const d = crdlint(["lint", "-f", "json", "-"], { input: crd }).json.diagnostics.find(
    (x) => x.rule === "default-schema-mismatch",
  );
  assert.ok(d.message.length <= 300, d.message);
  assert.match(
    d.message,
    /^supported values: "value-number-0", .*… \(message cut; --format json has the whole text in detail\)$/,
  );
  assert.ok(d.detail.startsWith('supported values: "value-number-0"') && d.detail.includes('"value-number-299"'));
  const t = crdlint(["lint", "-"], { input: crd }).stdout;
  for (const line of t.split("\n")) assert.ok(line.length < 500, `a line of ${line.length} characters`);
  assert.ok(!t.includes("value-number-299"));
});

test("one cost problem is explained once: the total contributor refers to the per-expression error", () => {
  const crd =
    BASELINE_CRD +
    "        properties:\n          names:\n            type: array\n            items: {type: string}\n            x-kubernetes-validations:\n            - rule: \"self.all(x, x.contains('a string'))\"\n";
  const j = crdlint(["lint", "-f", "json", "-"], { input: crd });
  const at = j.json.diagnostics.filter((d) => d.field.endsWith("x-kubernetes-validations[0].rule"));
  assert.deepEqual(at.map((d) => d.rule).sort(), ["cel-cost-rule-exceeds-budget", "cel-cost-total-contributor"]);
  const rule = at.find((d) => d.rule === "cel-cost-rule-exceeds-budget");
  const contributor = at.find((d) => d.rule === "cel-cost-total-contributor");
  assert.match(rule.detail, /unbounded list at names/);
  assert.ok(rule.suggestion);
  assert.equal(contributor.suggestion, undefined);
  assert.doesNotMatch(contributor.detail, /unbounded/);
  const t = crdlint(["lint", "-"], { input: crd }).stdout;
  assert.equal(t.match(/unbounded list at names/g).length, 1, t);
});

// --- 7. Housekeeping ------------------------------------------------------------------------------------------

test("no stray scripts at the repository root", () => {
  assert.equal(existsSync(join(root, ".p1.tmp.mjs")), false);
});

test("crdlint with no arguments lints the CRD files under the working directory and says what it skipped", () => {
  const dir = tmp({
    "config/crd/a.yaml": BASELINE_CRD,
    "config/crd/b.json": JSON.stringify({
      apiVersion: "apiextensions.k8s.io/v1beta1",
      kind: "CustomResourceDefinition",
      metadata: { name: "x" },
    }),
    "charts/app/templates/deploy.yaml":
      "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {{ .Release.Name }}\n",
    "config/samples/widget.yaml": "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\n",
    "node_modules/pkg/crd.yaml": v1beta1,
    "vendor/crd.yaml": v1beta1,
    ".crdlint.yaml": "ignore: ['vendor/**']\n",
  });
  const r = crdlint(["-f", "json"], { cwd: dir });
  assert.equal(r.status, 1, r.stderr);
  assert.deepEqual([...new Set(r.json.diagnostics.map((d) => d.file))], [join("config", "crd", "b.json")]);
  assert.equal(r.json.summary.files, 2);
  assert.match(
    r.stderr,
    /no paths given: linting the 2 files under the working directory that hold a CustomResourceDefinition; skipped 2 without one \(charts\/app\/templates\/deploy\.yaml, config\/samples\/widget\.yaml\)/,
  );
  const empty = tmp({ "a.yaml": configMap });
  const e = crdlint([], { cwd: empty });
  assert.equal(e.status, 2);
  assert.match(e.stderr, /no .*file under .* holds a CustomResourceDefinition \(1 other file skipped\)/);
});

test("the README's suppression example suppresses exactly what it says, and no directive in it is unused", () => {
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("### Suppressing a finding"));
  const example = /```yaml\n([\s\S]*?)```/.exec(section)[1];
  const r = crdlint(["lint", "-f", "json", "--report-unused-disable-directives", "-"], { input: example });
  assert.equal(r.status, 0, JSON.stringify(r.json?.diagnostics));
  assert.deepEqual(r.json.diagnostics, []);
  const bare = crdlint(["lint", "-f", "json", "-"], { input: example.replace(/#.*$/gm, "") });
  assert.deepEqual([...new Set(bare.json.diagnostics.map((d) => d.rule))].sort(), [
    "lint-bounds-inverted",
    "yaml-boolean-key",
  ]);
});

test("cost -q shows only what is over a limit; an unwritable --output-file is exit 2", () => {
  const crd =
    BASELINE_CRD +
    "        properties:\n          names:\n            type: array\n            items: {type: string}\n            x-kubernetes-validations:\n            - rule: \"self.all(x, x.contains('a string'))\"\n          small:\n            type: string\n            maxLength: 10\n            x-kubernetes-validations:\n            - rule: self.size() > 1\n";
  const full = crdlint(["cost", "-f", "json", "-"], { input: crd });
  assert.equal(full.json.expressions.length, 2);
  const q = crdlint(["cost", "-f", "json", "-q", "-"], { input: crd });
  assert.equal(q.status, 1);
  assert.deepEqual(
    q.json.expressions.map((e) => e.exceedsLimit),
    [true],
  );
  const dir = tmp({ "a.yaml": BASELINE_CRD, taken: "a file, not a directory" });
  const o = crdlint(["lint", "-o", "taken/report.txt", "a.yaml"], { cwd: dir });
  assert.equal(o.status, 2);
  assert.match(o.stderr, /cannot write --output-file taken\/report\.txt/);
});
