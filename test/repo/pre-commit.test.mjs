// The pre-commit hooks of .pre-commit-hooks.yaml, run by the real pre-commit (skipped when it is not installed)
// from a throwaway git repository whose .pre-commit-config.yaml points at this checkout: the
// working tree as it is now is committed into a temporary hook repository (pre-commit clones `repo` at `rev`).
// pre-commit's node language runs `npm install`, `npm pack` (it reads stdout as the tarball's path) and
// `npm install -g` of the tarball: nothing is built there (no prepare or build script; the committed lib/ runs).
// npm prefers its cache here, so the test runs offline once `npm ci` has filled it. CI (.ci/run) installs the
// current pre-commit and sets CRDLINT_REQUIRE_PRE_COMMIT=1, so that there the test fails instead of skipping.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { root, crdlint } from "../helpers/cli.mjs";
import { copyWorkingTree, npmEnv, registryUnreachable, tempDir } from "../helpers/checkout.mjs";

const has = (cmd) => spawnSync("sh", ["-c", `command -v ${cmd}`]).status === 0;

test(
  "pre-commit hooks: a staged non-structural CRD blocks the commit, a clean one goes through",
  { timeout: 1_200_000 },
  async (t) => {
    // A test never installs anything: CI installs pre-commit before npm test (.ci/run), a developer with pip install.
    if (!has("pre-commit")) {
      if (process.env.CRDLINT_REQUIRE_PRE_COMMIT === "1")
        assert.fail("pre-commit is not installed, and CRDLINT_REQUIRE_PRE_COMMIT=1 (.ci/run) requires it");
      return t.skip("pre-commit is not installed (pip install pre-commit, as .ci/run does)");
    }
    t.diagnostic(spawnSync("pre-commit", ["--version"], { encoding: "utf8" }).stdout.trim());
    if (!has("git")) return t.skip("git is not installed");
    const hookRepo = copyWorkingTree(t, "crdlint-hooks-");
    if (!hookRepo) return t.skip("not a git checkout: cannot make a hook repository of the working tree");
    const work = tempDir(t, "crdlint-precommit-");
    // Git and pre-commit see only what this test sets: no user or system git config, a private pre-commit home.
    const env = npmEnv({
      GIT_CONFIG_GLOBAL: "/dev/null",
      GIT_CONFIG_NOSYSTEM: "1",
      GIT_AUTHOR_NAME: "crdlint test",
      GIT_AUTHOR_EMAIL: "test@example.com",
      GIT_COMMITTER_NAME: "crdlint test",
      GIT_COMMITTER_EMAIL: "test@example.com",
      PRE_COMMIT_HOME: join(work, "pre-commit-home"),
      PRE_COMMIT_COLOR: "never",
    });
    const run = (cmd, args, cwd) => spawnSync(cmd, args, { cwd, env, encoding: "utf8", timeout: 900_000 });
    const git = (args, cwd) => {
      const r = run("git", args, cwd);
      assert.equal(r.status, 0, `git ${args.join(" ")}: ${r.stderr}`);
      return r.stdout.trim();
    };
    git(["init", "-q", "-b", "main"], hookRepo);
    git(["add", "-A"], hookRepo);
    git(["commit", "-q", "-m", "crdlint working tree"], hookRepo);
    const rev = git(["rev-parse", "HEAD"], hookRepo);

    // crdlint-validate is defined for `crdlint validate`; it is exercised once this checkout has that command.
    // (`crdlint validate --help` would not tell: an unknown word is a path for the default lint command.)
    const help = crdlint(["--help"]).stdout;
    const canValidate = /^\s+validate\b/m.test(help);
    const canTest = /^\s+test\b/m.test(help);
    const repo = join(work, "repo");
    mkdirSync(join(repo, "crds"), { recursive: true });
    mkdirSync(join(repo, "manifests"), { recursive: true });
    git(["init", "-q", "-b", "main"], repo);
    writeFileSync(
      join(repo, ".pre-commit-config.yaml"),
      [
        "repos:",
        `  - repo: ${hookRepo}`,
        `    rev: ${rev}`,
        "    hooks:",
        "      - id: crdlint",
        "        files: ^crds/",
        ...(canValidate
          ? ["      - id: crdlint-validate", "        args: [--crd=crds]", "        files: ^manifests/"]
          : []),
        ...(canTest ? ["      - id: crdlint-test"] : []),
        "",
      ].join("\n"),
    );
    const install = run("pre-commit", ["install"], repo);
    assert.equal(install.status, 0, install.stdout + install.stderr);

    const broken = readFileSync(join(root, "fixtures", "examples", "widgets-broken.yaml"), "utf8");
    const clean = readFileSync(join(root, "fixtures", "examples", "crontab.yaml"), "utf8");
    writeFileSync(join(repo, "crds", "widgets.yaml"), broken);
    git(["add", ".pre-commit-config.yaml", "crds/widgets.yaml"], repo);
    const blocked = run("git", ["commit", "-m", "add a non-structural CRD"], repo);
    const out = blocked.stdout + blocked.stderr;
    if (
      blocked.status !== 0 &&
      /An unexpected error has occurred|Installing environment/.test(out) &&
      !/- hook id: crdlint/.test(out)
    ) {
      const log = join(env.PRE_COMMIT_HOME, "pre-commit.log");
      const detail = existsSync(log) ? readFileSync(log, "utf8") : out;
      if (registryUnreachable(detail))
        return t.skip(
          `pre-commit could not install the hook: npm reached neither the registry nor its cache (${detail.trim().split("\n").pop()})`,
        );
      assert.fail(`pre-commit could not install the hook:\n${detail}`);
    }
    assert.notEqual(blocked.status, 0, out);
    assert.match(out, /crdlint\.+Failed/);
    assert.match(out, /crds\/widgets\.yaml/);
    assert.match(out, /NonStructuralSchema: widgets\.example\.com/);
    assert.match(out, /structural-type-missing/);
    assert.notEqual(run("git", ["rev-parse", "--verify", "-q", "HEAD"], repo).status, 0, "nothing was committed");

    // Fixed and staged; a broken CRD that is not staged is not passed to the hook and does not block.
    writeFileSync(join(repo, "crds", "widgets.yaml"), clean);
    writeFileSync(join(repo, "crds", "not-staged.yaml"), broken);
    git(["add", "crds/widgets.yaml"], repo);
    const passed = run("git", ["commit", "-m", "a structural CRD"], repo);
    assert.equal(passed.status, 0, passed.stdout + passed.stderr);
    assert.match(passed.stdout + passed.stderr, /crdlint\.+Passed/);
    assert.equal(git(["log", "--format=%s"], repo), "a structural CRD");

    if (!canValidate)
      return t.diagnostic("crdlint-validate not exercised: this checkout has no `crdlint validate` command yet");
    const cr = "apiVersion: stable.example.com/v1\nkind: CronTab\nmetadata:\n  name: nightly\nspec:\n  cronSpec: 42\n";
    writeFileSync(join(repo, "manifests", "crontab.yaml"), cr);
    git(["add", "manifests/crontab.yaml"], repo);
    const invalid = run("git", ["commit", "-m", "an invalid custom resource"], repo);
    assert.notEqual(invalid.status, 0, invalid.stdout + invalid.stderr);
    assert.match(invalid.stdout + invalid.stderr, /crdlint validate\.+Failed[\s\S]*spec\.cronSpec/);

    if (!canTest) return t.diagnostic("crdlint-test not exercised: this checkout has no `crdlint test` command yet");
    // A staged suite runs crdlint test (it finds the suites itself): a wrong expectation blocks the commit.
    writeFileSync(join(repo, "manifests", "crontab.yaml"), cr.replace("cronSpec: 42", 'cronSpec: "* * * * */5"'));
    const suite = (expected) =>
      `crd: crds/widgets.yaml\ntests:\n  - name: a cron spec is a string\n    object: {spec: {cronSpec: 42}}\n    expectedError: ${expected}\n`;
    writeFileSync(join(repo, "crontab.crdtest.yaml"), suite("must be of type integer"));
    git(["add", "manifests/crontab.yaml", "crontab.crdtest.yaml"], repo);
    const failing = run("git", ["commit", "-m", "a wrong test"], repo);
    assert.notEqual(failing.status, 0, failing.stdout + failing.stderr);
    assert.match(
      failing.stdout + failing.stderr,
      /crdlint test\.+Failed[\s\S]*FAIL crontab\.crdtest\.yaml:3:5 crontab\.crdtest\.yaml › a cron spec is a string \[create\][\s\S]*must be of type string/,
    );
    writeFileSync(join(repo, "crontab.crdtest.yaml"), suite("must be of type string"));
    git(["add", "crontab.crdtest.yaml"], repo);
    const green = run("git", ["commit", "-m", "a test of the CRD"], repo);
    assert.equal(green.status, 0, green.stdout + green.stderr);
    assert.match(green.stdout + green.stderr, /crdlint test\.+Passed/);
  },
);
