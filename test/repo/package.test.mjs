// The npm package as users get it, installed for real, with nothing built on their side (no prepare, no build
// script: the committed lib/ is what runs). Each install goes into a temporary project or prefix, never the system:
// `npm pack` of this working tree installed into an empty project (then `npx crdlint`, the library API and its
// TypeScript types), `npm install -g` from a git+file:// URL of a temporary clone and from the tarball, and a local
// directory as a dependency. Dependencies come from npm's cache when they are there, else the registry; each test
// skips, saying so, when neither answers.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { root } from "../helpers/cli.mjs";
import { copyWorkingTree, npmEnv, registryUnreachable, tempDir } from "../helpers/checkout.mjs";

const npm = (args, cwd) => spawnSync("npm", args, { cwd, encoding: "utf8", env: npmEnv(), timeout: 300_000 });
const broken = join(root, "fixtures", "examples", "widgets-broken.yaml");
const clean = join(root, "fixtures", "examples", "crontab.yaml");
const version = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version;
const has = (cmd) => spawnSync("sh", ["-c", `command -v ${cmd}`]).status === 0;

/** Runs an installed crdlint executable: its version, a broken CRD (exit 1, two errors) and a clean one (exit 0). */
function assertRuns(exe, cwd) {
  const run = (args) => spawnSync(exe, args, { cwd, encoding: "utf8", env: npmEnv() });
  const v = run(["--version"]);
  assert.equal(v.status, 0, v.stderr);
  assert.equal(v.stdout.trim(), version);
  const bad = run(["lint", "-f", "json", broken]);
  assert.equal(bad.status, 1, bad.stderr);
  // The apiserver's answer unmarked; what it reports once that is fixed marked with hiddenBy (every problem in one run).
  const diagnostics = JSON.parse(bad.stdout).diagnostics;
  assert.deepEqual(
    diagnostics.filter((d) => !d.hiddenBy).map((d) => d.rule),
    ["structural-type-missing", "forbidden-unique-items"],
  );
  assert.deepEqual(
    diagnostics.filter((d) => d.hiddenBy).map((d) => [d.rule, d.hiddenBy.rule]),
    [
      ["cel-cost-schema-total-exceeds-budget", "structural-type-missing"],
      ["cel-cost-rule-exceeds-budget", "structural-type-missing"],
      ["cel-cost-total-contributor", "structural-type-missing"],
    ],
  );
  const ok = run(["lint", clean]);
  assert.equal(ok.status, 0, ok.stdout + ok.stderr);
}

/** npm's result, or null after t.skip when npm could reach neither the registry nor its cache. */
function installed(t, r) {
  if (r.status !== 0 && registryUnreachable(r.stderr)) {
    t.skip(
      `npm could not reach the registry nor find the dependencies in its cache: ${r.stderr.trim().split("\n").pop()}`,
    );
    return false;
  }
  assert.equal(r.status, 0, r.stdout + r.stderr);
  return true;
}

/** A git repository holding the working tree as it is now, in one commit (null outside git). */
function cloneOfWorkingTree(t) {
  const dir = copyWorkingTree(t, "crdlint-git-");
  if (!dir) return null;
  const env = {
    ...npmEnv(),
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_AUTHOR_NAME: "crdlint test",
    GIT_AUTHOR_EMAIL: "test@example.com",
    GIT_COMMITTER_NAME: "crdlint test",
    GIT_COMMITTER_EMAIL: "test@example.com",
  };
  for (const args of [
    ["init", "-q", "-b", "main"],
    ["add", "-A"],
    ["commit", "-q", "-m", "crdlint working tree"],
  ]) {
    const r = spawnSync("git", args, { cwd: dir, env, encoding: "utf8" });
    assert.equal(r.status, 0, `git ${args.join(" ")}: ${r.stderr}`);
  }
  return dir;
}

test(
  "npm install -g git+file://<clone>: installs into a prefix without building, and runs",
  { timeout: 600_000 },
  (t) => {
    if (!has("git")) return t.skip("git is not installed");
    const repo = cloneOfWorkingTree(t);
    if (!repo) return t.skip("not a git checkout: cannot tell which files make the package");
    const prefix = tempDir(t, "crdlint-prefix-");
    if (!installed(t, npm(["install", "-g", "--prefix", prefix, `git+file://${repo}`], prefix))) return;
    const pkg = join(prefix, "lib", "node_modules", "crdlint");
    assert.ok(
      existsSync(join(pkg, "lib", "bin", "crdlint.cjs")),
      "the committed build was installed (not a link to a deleted clone)",
    );
    assert.ok(!existsSync(join(pkg, "dist")) && !existsSync(join(pkg, "src")), "nothing was built, no sources shipped");
    assertRuns(join(prefix, "bin", "crdlint"), prefix);
  },
);

test(
  "npm 10 (the release Node 20 and 22 ship): npm install -g git+file://<clone> installs without building, and runs",
  { timeout: 600_000 },
  (t) => {
    if (!has("git")) return t.skip("git is not installed");
    // npm 10 from npm's cache or the registry, run with `npm exec`: the machine's own npm is left as it is.
    const npm10 = spawnSync("npm", ["exec", "--yes", "--package=npm@10", "--", "npm", "--version"], {
      encoding: "utf8",
      env: npmEnv(),
      timeout: 300_000,
    });
    if (npm10.status !== 0 && registryUnreachable(npm10.stderr))
      return t.skip(`npm 10 is neither in npm's cache nor reachable: ${npm10.stderr.trim().split("\n").pop()}`);
    assert.match(npm10.stdout.trim(), /^10\./, npm10.stderr);
    const repo = cloneOfWorkingTree(t);
    if (!repo) return t.skip("not a git checkout: cannot tell which files make the package");
    const prefix = tempDir(t, "crdlint-prefix10-");
    const r = spawnSync(
      "npm",
      ["exec", "--yes", "--package=npm@10", "--", "npm", "install", "-g", "--prefix", prefix, `git+file://${repo}`],
      { cwd: prefix, encoding: "utf8", env: npmEnv(), timeout: 300_000 },
    );
    if (!installed(t, r)) return;
    assert.ok(
      existsSync(join(prefix, "lib", "node_modules", "crdlint", "lib", "bin", "crdlint.cjs")),
      "the committed build was installed",
    );
    assertRuns(join(prefix, "bin", "crdlint"), prefix);
  },
);

test("a local directory as a dependency (npm install <dir>): runs without a build", { timeout: 600_000 }, (t) => {
  const source = copyWorkingTree(t, "crdlint-local-");
  if (!source) return t.skip("not a git checkout: cannot tell which files make the package");
  const consumer = tempDir(t, "crdlint-consumer-");
  writeFileSync(join(consumer, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  if (!installed(t, npm(["install", "--no-package-lock", source], consumer))) return;
  assert.ok(!existsSync(join(source, "dist")), "nothing was built in the dependency");
  assertRuns(join(consumer, "node_modules", ".bin", "crdlint"), consumer);
  const use = spawnSync(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `import { lint } from "crdlint"; console.log((await lint([${JSON.stringify(broken)}])).diagnostics.filter((d) => !d.hiddenBy).length)`,
    ],
    { cwd: consumer, encoding: "utf8" },
  );
  assert.equal(use.stdout.trim(), "2", use.stderr);
});

test(
  "npm pack → install the tarball in an empty project → npx crdlint, the library API and its types",
  { timeout: 600_000 },
  async (t) => {
    const source = copyWorkingTree(t, "crdlint-pack-");
    if (!source) return t.skip("not a git checkout: cannot tell which files make the package");
    const consumer = tempDir(t, "crdlint-consumer-");
    const pack = npm(["pack", "--pack-destination", consumer], source);
    assert.equal(pack.status, 0, pack.stderr);
    const tarball = `crdlint-${version}.tgz`;
    assert.equal(pack.stdout, `${tarball}\n`, "npm pack prints the tarball name and nothing else on stdout");
    const listed = pack.stderr;
    for (const f of [
      "LICENSE",
      "README.md",
      "package.json",
      "bin/crdlint.js",
      "lib/index.js",
      "lib/index.d.ts",
      "lib/rules-meta.json",
      "lib/bin/crdlint.cjs",
      "lib/cli/compile-cache.js",
      "lib/cli/bundle-worker.js",
      "schemas/crdlint-test-suite.schema.json",
    ])
      assert.match(listed, new RegExp(`\\s${f.replace(/\./g, "\\.")}\\n`), `${f} is in the package`);
    assert.doesNotMatch(
      listed,
      /tsbuildinfo|\bsrc\/|\btest\/|fixtures\/|\.cases\.yaml|\boracle\/|\bdist\//,
      "sources, tests, fixtures, the Go oracle and the development build stay out of the package",
    );

    writeFileSync(join(consumer, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
    if (!installed(t, npm(["install", "--no-save", "--no-package-lock", join(consumer, tarball)], consumer))) return;

    const npx = (args) =>
      spawnSync("npx", ["--no-install", "crdlint", ...args], { cwd: consumer, encoding: "utf8", env: npmEnv() });
    const v = npx(["--version"]);
    assert.equal(v.stdout.trim(), version);
    const bad = npx(["lint", "-f", "json", broken]);
    assert.equal(bad.status, 1, bad.stderr);
    // The apiserver's answer (what lies behind it is marked hiddenBy, test/engine/behind-gates.test.mjs).
    assert.deepEqual(
      JSON.parse(bad.stdout)
        .diagnostics.filter((d) => !d.hiddenBy)
        .map((d) => d.rule),
      ["structural-type-missing", "forbidden-unique-items"],
    );
    const ok = npx(["lint", clean]);
    assert.equal(ok.status, 0, ok.stdout + ok.stderr);

    // The same tarball installed globally, into a prefix of its own (pre-commit's node hooks install so).
    const prefix = tempDir(t, "crdlint-prefix-");
    if (!installed(t, npm(["install", "-g", "--prefix", prefix, join(consumer, tarball)], prefix))) return;
    assertRuns(join(prefix, "bin", "crdlint"), prefix);

    // The library API, imported by name from the installed package.
    writeFileSync(
      join(consumer, "use-api.mjs"),
      `import { lint, lintText, cost, validate, rules, getFormatter, UsageError } from "crdlint";
const r = await lint([${JSON.stringify(broken)}]);
const t = await lintText("apiVersion: apiextensions.k8s.io/v1beta1\\nkind: CustomResourceDefinition\\nmetadata: {name: a.b.c}\\n");
const c = await cost([${JSON.stringify(join(root, "fixtures", "cel-cost", "bounded.yaml"))}]);
const v = await validate([${JSON.stringify(join(root, "fixtures", "validate", "cel-messages", "resource.yaml"))}], { crds: [${JSON.stringify(join(root, "fixtures", "validate", "cel-messages", "crd.yaml"))}] });
let usage = false;
try { await lint(["/no/such/dir/*.yaml"]); } catch (e) { usage = e instanceof UsageError; }
console.log(JSON.stringify({ rules: r.diagnostics.filter((d) => !d.hiddenBy).map((d) => d.rule), text: t.diagnostics[0].rule, costs: c.expressions.length, total: String(c.crds[0].totalCost), usage, ruleCount: rules.length, github: getFormatter("github").ok, validated: v.diagnostics.map((d) => d.rule + " " + d.field) }));
`,
    );
    const use = spawnSync(process.execPath, ["use-api.mjs"], { cwd: consumer, encoding: "utf8" });
    assert.equal(use.status, 0, use.stderr);
    const got = JSON.parse(use.stdout);
    assert.deepEqual(got.rules, ["structural-type-missing", "forbidden-unique-items"]);
    assert.equal(got.text, "crd-v1beta1-removed");
    assert.equal(got.costs, 4);
    assert.equal(got.total, "21008");
    assert.equal(got.usage, true);
    assert.deepEqual(got.validated, [
      "resource-cel-rule-failed spec",
      "resource-cel-rule-failed spec.minReplicas",
      "resource-cel-rule-failed spec.legacy",
    ]);
    assert.ok(got.ruleCount > 100 && got.github);

    // The types that "exports" points at: a strict TypeScript project type-checks against them, and a wrong call
    // is an error (the @ts-expect-error lines fail the compile if the types were missing or `any`).
    writeFileSync(
      join(consumer, "use-types.ts"),
      `import { lint, lintText, cost, validate, type Diagnostic, type LintResult, type LintOptions, type ValidateOptions, type Severity, type CostReport, type ExpressionCostReport } from "crdlint";
const options: LintOptions = { kubernetesVersion: "1.33", rules: { "lint-missing-description": "off" } };
const result: LintResult = await lint(["crds/"], options);
const first: Diagnostic | undefined = result.diagnostics[0];
const where: string = first ? \`\${first.file}:\${first.line}:\${first.column} \${first.rule}\` : "";
const severity: Severity | undefined = first?.severity;
const fromText: LintResult = await lintText("{}", { file: "x.yaml" });
const report: CostReport = await cost(["crds/"]);
const costs: bigint[] = report.expressions.map((e: ExpressionCostReport) => e.totalCost);
const validateOptions: ValidateOptions = { crds: ["crds/"], old: "stored.yaml", fieldValidation: "warn", kubernetesVersion: "1.33" };
const validated: LintResult = await validate(["samples/"], validateOptions);
const firstAnswer: LintResult = await lint(["crds/"], { apiserverGates: true });
const behind: string | undefined = first?.hiddenBy?.rule;
const hiddenErrors: number | undefined = result.summary.hidden?.errors;
// @ts-expect-error field validation is strict, warn or ignore
await validate(["samples/"], { fieldValidation: "loose" });
// @ts-expect-error paths are an array of strings
await lint("crds/");
// @ts-expect-error a diagnostic's line is a number
const wrong: string = result.diagnostics[0].line;
export { where, severity, fromText, costs, wrong, validated, firstAnswer, behind, hiddenErrors };
`,
    );
    writeFileSync(
      join(consumer, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: [],
        },
        files: ["use-types.ts"],
      }),
    );
    const tsc = spawnSync(
      process.execPath,
      [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.json"],
      { cwd: consumer, encoding: "utf8" },
    );
    assert.equal(tsc.status, 0, tsc.stdout + tsc.stderr);
  },
);
