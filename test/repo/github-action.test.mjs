// The GitHub Action: action.yml runs the prebuilt bundle action/dist/run.cjs on the runner's own Node, with the
// inputs as INPUT_* variables (upper-cased, dashes kept, as the runner sets them for a JavaScript action). Here the
// entry runs as the runner would run it (GITHUB_WORKSPACE, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY set): from source
// (action/run.mjs on this checkout's build) for behaviour, and the committed bundle once, and its annotations,
// outputs, summary and SARIF (validated against the SARIF 2.1.0 schema) are checked.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";
import { root, crdlint } from "../helpers/cli.mjs";
import { splitArgs } from "../../action/run.mjs";

const require = createRequire(import.meta.url);
const source = join(root, "action", "run.mjs");
const bundle = join(root, "action", "dist", "run.cjs");
const action = parse(readFileSync(join(root, "action.yml"), "utf8"));

function workspace(t) {
  const dir = mkdtempSync(join(tmpdir(), "crdlint-action-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, "config", "crd"), { recursive: true });
  cpSync(join(root, "fixtures", "examples", "widgets-broken.yaml"), join(dir, "config", "crd", "widgets.yaml"));
  cpSync(join(root, "fixtures", "examples", "crontab.yaml"), join(dir, "config", "crd", "crontab.yaml"));
  writeFileSync(join(dir, "output"), "");
  writeFileSync(join(dir, "summary"), "");
  return dir;
}

/** Runs the entry with the env the runner builds from action.yml's inputs (defaults for those not given). */
function runAction(dir, inputs, entry = source, extraEnv = {}) {
  for (const name of Object.keys(inputs)) assert.ok(name in action.inputs, `action.yml has an input ${name}`);
  const env = {
    ...process.env,
    GITHUB_ACTIONS: "true",
    GITHUB_WORKSPACE: dir,
    GITHUB_OUTPUT: join(dir, "output"),
    GITHUB_STEP_SUMMARY: join(dir, "summary"),
    GITHUB_BASE_REF: "",
    ...extraEnv,
  };
  for (const [name, spec] of Object.entries(action.inputs))
    env[`INPUT_${name.toUpperCase()}`] = inputs[name] ?? spec.default ?? "";
  writeFileSync(join(dir, "output"), "");
  writeFileSync(join(dir, "summary"), "");
  const r = spawnSync(process.execPath, [entry], { cwd: dir, env, encoding: "utf8" });
  const outputs = Object.fromEntries(
    readFileSync(join(dir, "output"), "utf8")
      .trim()
      .split("\n")
      .filter(Boolean)
      .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
  );
  return { ...r, outputs, summary: readFileSync(join(dir, "summary"), "utf8") };
}

test("action.yml: a JavaScript action that runs the prebuilt bundle on the runner's Node (no setup-node, no npm ci)", () => {
  assert.equal(action.runs.using, "node24");
  assert.equal(action.runs.main, "action/dist/run.cjs");
  assert.ok(existsSync(bundle), "the bundle is committed");
  assert.equal(action.runs.steps, undefined, "no steps: nothing installs, builds or changes Node");
  for (const name of [
    "command",
    "paths",
    "crds",
    "crd-files-only",
    "format",
    "sarif-file",
    "kubernetes-version",
    "config",
    "args",
    "against",
  ])
    assert.ok(name in action.inputs, `input ${name}`);
  assert.equal(action.inputs.format.default, "github");
  assert.equal(action.inputs.command.default, "lint");
  for (const name of ["exit-code", "errors", "warnings", "sarif-file"]) assert.ok(action.outputs[name].description);
});

test("action entry: github annotations (as `crdlint lint --format github` prints them), outputs, summary and valid SARIF 2.1.0", async (t) => {
  const dir = workspace(t);
  const r = runAction(dir, { paths: "config/crd", "sarif-file": "reports/crdlint.sarif" });
  assert.equal(r.status, 1, r.stderr);
  assert.match(
    r.stdout,
    /^::error file=config\/crd\/widgets\.yaml,line=24,col=17,endLine=27,endColumn=1,title=structural-type-missing::spec\.validation\.openAPIV3Schema\.properties\[spec\]\.properties\[size\]\.type: Required value: /m,
  );
  assert.match(r.stdout, /^::error file=config\/crd\/widgets\.yaml,line=29,col=19,.*title=forbidden-unique-items::/m);
  assert.equal(
    r.stdout,
    crdlint(["lint", "--format", "github", "config/crd"], { cwd: dir }).stdout,
    "the annotations are the CLI's",
  );
  assert.deepEqual(r.outputs, {
    "exit-code": "1",
    errors: "2",
    warnings: "0",
    "sarif-file": join(dir, "reports", "crdlint.sarif"),
  });
  assert.match(r.summary, /^### crdlint\n\n❌ 2 error\(s\), 0 warning\(s\), 0 info\(s\) in 2 file\(s\), 2 CRD\(s\)/);
  assert.match(
    r.summary,
    /\| error \| `config\/crd\/widgets\.yaml:24:17` \| `structural-type-missing` \| spec\.validation/,
  );

  const text = readFileSync(join(dir, "reports", "crdlint.sarif"), "utf8");
  assert.equal(
    text,
    crdlint(["lint", "--format", "sarif", "config/crd"], { cwd: dir }).stdout,
    "the SARIF is the CLI's",
  );
  const log = JSON.parse(text);
  const Ajv04 = (await import("ajv-draft-04")).default;
  const validate = new Ajv04({ allErrors: true, strict: false, unicodeRegExp: false }).compile(
    require("@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json"),
  );
  assert.ok(validate(log), JSON.stringify(validate.errors, null, 2));
  assert.equal(log.version, "2.1.0");
  // The apiserver's answer, and behind the structural error (properties.hiddenBy) the CEL cost errors it reports next.
  assert.deepEqual(
    log.runs[0].results.map((x) => [
      x.ruleId,
      x.level,
      x.locations[0].physicalLocation.artifactLocation.uri,
      x.locations[0].physicalLocation.region.startLine,
      x.properties.hiddenBy?.rule,
    ]),
    [
      ["cel-cost-schema-total-exceeds-budget", "error", "config/crd/widgets.yaml", 18, "structural-type-missing"],
      ["structural-type-missing", "error", "config/crd/widgets.yaml", 24, undefined],
      ["forbidden-unique-items", "error", "config/crd/widgets.yaml", 29, undefined],
      ["cel-cost-rule-exceeds-budget", "error", "config/crd/widgets.yaml", 37, "structural-type-missing"],
      ["cel-cost-total-contributor", "error", "config/crd/widgets.yaml", 37, "structural-type-missing"],
    ],
  );
});

test("action entry: a clean tree exits 0; kubernetes-version, config and args reach crdlint", (t) => {
  const dir = workspace(t);
  const clean = runAction(dir, { paths: "config/crd/crontab.yaml" });
  assert.equal(clean.status, 0, clean.stderr);
  assert.equal(clean.stdout, "");
  assert.equal(clean.outputs["exit-code"], "0");
  assert.match(clean.summary, /✅ 0 error/);
  writeFileSync(join(dir, "crdlint.yaml"), "rules:\n  forbidden-unique-items: warning\n");
  const configured = runAction(dir, {
    paths: "config/crd",
    config: "crdlint.yaml",
    "kubernetes-version": "1.30",
    args: "--max-warnings 5 --quiet",
  });
  assert.equal(configured.status, 1);
  assert.match(configured.summary, /Kubernetes 1\.30/);
  // --quiet shows errors only, and the summary counts what it shows (so the warning is not counted).
  assert.equal(configured.outputs.warnings, "0");
  assert.doesNotMatch(configured.stdout, /forbidden-unique-items/, "--quiet shows errors only");
  const json = runAction(dir, { paths: "config/crd", format: "json" });
  assert.deepEqual(
    JSON.parse(json.stdout).summary,
    crdlint(["lint", "-f", "json", "config/crd"], { cwd: dir }).json.summary,
  );
});

test("action entry: crdlint's usage errors are one annotation and exit 2", (t) => {
  const dir = workspace(t);
  const bad = runAction(dir, { paths: "config/crd", "kubernetes-version": "9.9" });
  assert.equal(bad.status, 2);
  assert.match(bad.stdout, /^::error title=crdlint::crdlint: .*9\.9/);
  assert.equal(bad.outputs["exit-code"], "2");
  const missing = runAction(dir, { paths: "no/such/dir" });
  assert.equal(missing.status, 2);
  const format = runAction(dir, { format: "xml" });
  assert.equal(format.status, 2);
  assert.match(format.stderr, /format: expected one of/);
});

test("action entry: command validate checks the manifests against the crds input", (t) => {
  const dir = workspace(t);
  mkdirSync(join(dir, "samples"));
  writeFileSync(
    join(dir, "samples", "crontab.yaml"),
    "apiVersion: stable.example.com/v1\nkind: CronTab\nmetadata: {name: c}\nspec: {cronSpec: 5, image: x}\n",
  );
  const r = runAction(dir, { command: "validate", crds: "config/crd/crontab.yaml", paths: "samples" });
  assert.equal(r.status, 1, r.stderr + r.stdout);
  assert.match(
    r.stdout,
    /^::error file=samples\/crontab\.yaml,line=4,.*title=resource-schema-invalid::spec\.cronSpec: Invalid value: /m,
  );
  assert.equal(r.outputs["exit-code"], "1");
  assert.match(r.summary, /^### crdlint validate\n\n❌ 1 error\(s\).*1 CRD\(s\), 1 resource\(s\)/);
  // validate without manifests would read standard input: refused, with the reason.
  const none = runAction(dir, { command: "validate", crds: "config/crd" });
  assert.equal(none.status, 2);
  assert.match(none.stdout, /^::error title=crdlint::command validate: name the manifests/m);
  const bad = runAction(dir, { command: "check" });
  assert.equal(bad.status, 2);
});

test("action entry: by default only files that hold a CRD are linted; a Helm template is one notice, not an error", (t) => {
  const dir = workspace(t);
  mkdirSync(join(dir, "chart", "templates"), { recursive: true });
  writeFileSync(join(dir, "chart", "values.yaml"), "replicas: 1\n");
  writeFileSync(
    join(dir, "chart", "templates", "deployment.yaml"),
    "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {{ .Release.Name }}\n",
  );
  writeFileSync(
    join(dir, "chart", "templates", "crd.yaml"),
    "{{- if .Values.crds }}\n" +
      readFileSync(join(root, "fixtures", "examples", "crontab.yaml"), "utf8") +
      "{{- end }}\n",
  );
  writeFileSync(join(dir, ".github-workflow.yml"), "on: [push]\njobs: {a: {runs-on: '${{ matrix.os }}'}}\n");
  for (const inputs of [{}, { paths: "." }, { paths: "chart config" }]) {
    const r = runAction(dir, inputs);
    assert.equal(r.status, 1, `${JSON.stringify(inputs)}: ${r.stderr}`);
    const annotations = r.stdout
      .trim()
      .split("\n")
      .map((l) => l.replace(/ file=([^,]+),.*title=([^:]+)::.*/, " $1 $2"));
    assert.deepEqual(
      annotations.filter((a) => !a.includes("config/crd/widgets.yaml")),
      ["::notice chart/templates/crd.yaml yaml-go-template"],
      JSON.stringify(inputs),
    );
  }
  // crd-files-only: "false" lints every named file (a template still only gets its notice).
  const all = runAction(dir, { paths: "chart", "crd-files-only": "false" });
  assert.match(all.stdout, /deployment\.yaml,.*title=yaml-go-template/);
});

test("the committed action bundle runs crdlint of package.json's version", (t) => {
  const version = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version;
  const first = readFileSync(bundle, "utf8").slice(0, 200).split("\n")[0];
  assert.equal(
    first,
    `// crdlint action bundle ${version} (npm run build:action)`,
    "rebuild it with npm run build:action for this version",
  );
  const dir = workspace(t);
  const r = runAction(dir, { paths: "config/crd", format: "json" }, bundle);
  assert.equal(r.status, 1, r.stderr);
  const report = JSON.parse(r.stdout);
  assert.equal(report.version, version);
  assert.ok(
    report.diagnostics.some((d) => d.rule === "structural-type-missing" && d.file === "config/crd/widgets.yaml"),
  );
  assert.equal(r.outputs["exit-code"], "1");
});

test("action entry: against (default on a pull request: origin/<base>) lints each CRD as an update of its revision there", (t) => {
  const dir = workspace(t);
  const git = (...args) =>
    spawnSync("git", args, {
      cwd: dir,
      encoding: "utf8",
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: "t",
        GIT_AUTHOR_EMAIL: "t@example.com",
        GIT_COMMITTER_NAME: "t",
        GIT_COMMITTER_EMAIL: "t@example.com",
      },
    });
  git("init", "-q", "-b", "main");
  git("add", "config/crd/crontab.yaml");
  git("commit", "-q", "-m", "base");
  git("update-ref", "refs/remotes/origin/main", "HEAD");
  const crd = join(dir, "config", "crd", "crontab.yaml");
  writeFileSync(crd, readFileSync(crd, "utf8").replace(/plural: crontabs/, "plural: crontabz"));
  // GITHUB_BASE_REF=main (a pull request) makes origin/main the OLD revision; "none" turns it off.
  const r = runAction(dir, { paths: "config/crd/crontab.yaml" }, source, { GITHUB_BASE_REF: "main" });
  assert.equal(r.status, 1, r.stderr);
  assert.match(
    r.stdout,
    /title=revision-plural-changed::spec\.names\.plural: Invalid value: "crontabz": field is immutable/,
  );
  const off = runAction(dir, { paths: "config/crd/crontab.yaml", against: "none" }, source, {
    GITHUB_BASE_REF: "main",
  });
  assert.doesNotMatch(off.stdout, /revision-plural-changed/);
});

test("action args split like shell words", () => {
  assert.deepEqual(splitArgs(` --max-warnings 0  --ignore "a b/*.yaml" 'c d' `), [
    "--max-warnings",
    "0",
    "--ignore",
    "a b/*.yaml",
    "c d",
  ]);
  assert.deepEqual(splitArgs(""), []);
});

test("action entry on a pull request checked out at depth 1 (actions/checkout's default): no base branch, a plain lint and a notice saying how", (t) => {
  // The repository the pull request is made in: main, then a branch that breaks crontab.yaml's plural.
  const origin = workspace(t);
  const env = {
    ...process.env,
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_AUTHOR_NAME: "t",
    GIT_AUTHOR_EMAIL: "t@example.com",
    GIT_COMMITTER_NAME: "t",
    GIT_COMMITTER_EMAIL: "t@example.com",
  };
  const git = (cwd, ...args) => {
    const r = spawnSync("git", args, { cwd, encoding: "utf8", env });
    assert.equal(r.status, 0, `git ${args.join(" ")}: ${r.stderr}`);
  };
  git(origin, "init", "-q", "-b", "main");
  git(origin, "add", "config/crd/crontab.yaml");
  git(origin, "commit", "-q", "-m", "base");
  git(origin, "checkout", "-q", "-b", "pr");
  const crd = join(origin, "config", "crd", "crontab.yaml");
  writeFileSync(crd, readFileSync(crd, "utf8").replace(/plural: crontabs/, "plural: crontabz"));
  git(origin, "commit", "-q", "-am", "rename the plural");
  // What the runner has: one commit of the pull request's head, no origin/main.
  const dir = mkdtempSync(join(tmpdir(), "crdlint-action-shallow-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const ws = join(dir, "ws");
  git(dir, "clone", "-q", "--depth", "1", "--single-branch", "--branch", "pr", `file://${origin}`, ws);
  assert.notEqual(
    spawnSync("git", ["rev-parse", "--verify", "-q", "origin/main"], { cwd: ws }).status,
    0,
    "the base is not fetched",
  );
  writeFileSync(join(ws, "output"), "");
  writeFileSync(join(ws, "summary"), "");
  const r = runAction(ws, { paths: "config/crd/crontab.yaml", "sarif-file": "crdlint.sarif" }, source, {
    GITHUB_BASE_REF: "main",
  });
  // The plain lint runs: the new plural no longer matches the CRD's name (a create-time error), but nothing is judged
  // as an update of main.
  assert.equal(r.status, 1, r.stdout + r.stderr);
  const [notice, ...annotations] = r.stdout.trim().split("\n");
  assert.equal(
    notice,
    "::notice title=crdlint::origin/main is not fetched (actions/checkout fetches one commit by default): linted without --against, so CRD changes were not checked as updates of the base branch. Set fetch-depth: 0 on actions/checkout to check them.",
  );
  assert.deepEqual(
    annotations.map((a) => /title=([^:]+)::/.exec(a)?.[1]),
    ["crd-name-mismatch"],
  );
  assert.equal(r.outputs["exit-code"], "1");
  assert.deepEqual(
    JSON.parse(readFileSync(join(ws, "crdlint.sarif"), "utf8")).runs[0].results.map((x) => x.ruleId),
    ["crd-name-mismatch"],
  );

  // With the base fetched (fetch-depth: 0 fetches every branch), the same run compares and finds the change.
  git(ws, "fetch", "-q", "--unshallow", "origin", "+refs/heads/main:refs/remotes/origin/main");
  const full = runAction(ws, { paths: "config/crd/crontab.yaml" }, source, { GITHUB_BASE_REF: "main" });
  assert.equal(full.status, 1, full.stdout + full.stderr);
  assert.match(
    full.stdout,
    /title=revision-plural-changed::spec\.names\.plural: Invalid value: "crontabz": field is immutable/,
  );
  assert.doesNotMatch(full.stdout, /::notice/);
  // A ref named in the against input is taken as asked: one that does not resolve stops crdlint (exit 2).
  const named = runAction(ws, { paths: "config/crd/crontab.yaml", against: "origin/no-such-branch" }, source, {
    GITHUB_BASE_REF: "main",
  });
  assert.equal(named.status, 2, named.stdout + named.stderr);
});

test("action entry: the sarif-file is written on exit 2 too (a valid run that failed, with the error), so upload-sarif finds it", async (t) => {
  const Ajv04 = (await import("ajv-draft-04")).default;
  const valid = new Ajv04({ allErrors: true, strict: false, unicodeRegExp: false }).compile(
    require("@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json"),
  );
  const dir = workspace(t);
  // crdlint stops (an unknown Kubernetes release), and the action refuses its inputs (an unknown format).
  for (const [inputs, text] of [
    [{ paths: "config/crd", "kubernetes-version": "9.9" }, /9\.9/],
    [{ paths: "config/crd", format: "xml" }, /^format: expected one of/],
  ]) {
    const r = runAction(dir, { ...inputs, "sarif-file": "reports/crdlint.sarif" });
    assert.equal(r.status, 2, r.stdout + r.stderr);
    const file = join(dir, "reports", "crdlint.sarif");
    assert.equal(r.outputs["sarif-file"], file);
    const log = JSON.parse(readFileSync(file, "utf8"));
    rmSync(file);
    assert.ok(valid(log), JSON.stringify(valid.errors));
    const [invocation] = log.runs[0].invocations;
    assert.equal(invocation.executionSuccessful, false);
    assert.equal(invocation.exitCode, 2);
    assert.match(invocation.toolExecutionNotifications[0].message.text, text);
    assert.doesNotMatch(invocation.toolExecutionNotifications[0].message.text, /^crdlint: /);
    assert.deepEqual(log.runs[0].results, []);
  }
});

test("action entry: command test runs the suites, annotates each failing case, and sets passed and failed", (t) => {
  const dir = workspace(t);
  const suite = (expected) =>
    `crd: config/crd/crontab.yaml\ntests:\n  - name: a cron spec is a string\n    object: {spec: {cronSpec: 42}}\n    expectedError: ${expected}\n  - name: a minimal crontab is accepted\n    object: {spec: {cronSpec: "* * * * */5"}}\n`;
  writeFileSync(join(dir, "crontab.crdtest.yaml"), suite("must be of type integer"));
  for (const entry of [source, bundle]) {
    const r = runAction(dir, { command: "test" }, entry);
    assert.equal(r.status, 1, r.stderr + r.stdout);
    assert.match(r.stdout, /^::error file=crontab\.crdtest\.yaml,line=3,col=5,.*::.*must be of type string/m);
    assert.deepEqual([r.outputs.passed, r.outputs.failed, r.outputs["exit-code"]], ["1", "1", "1"]);
  }
  writeFileSync(join(dir, "crontab.crdtest.yaml"), suite("must be of type string"));
  const green = runAction(dir, { command: "test" });
  assert.equal(green.status, 0, green.stderr + green.stdout);
  assert.deepEqual([green.outputs.passed, green.outputs.failed], ["2", "0"]);
});
