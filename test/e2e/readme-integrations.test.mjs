// The README's GitHub Action and pre-commit recipes, run as written on the projects of projects.mjs: the Action's
// entry as the runner starts it (the committed bundle, action/dist/run.cjs) on a pull request's checkout, shallow
// (actions/checkout's default depth 1) and full (fetch-depth: 0); the pre-commit configurations through the real
// pre-commit (skipped when it is not installed; .ci/run installs it), with the hook repository's URL and rev
// pointing at this working tree.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { root } from "../helpers/cli.mjs";
import { copyWorkingTree, npmEnv, registryUnreachable } from "../helpers/checkout.mjs";
import { git, gitEnv } from "./projects.mjs";
import { binDir, has, projects, work } from "./harness.mjs";
import { readmeBlocks } from "./recipes.mjs";

const blocks = readmeBlocks();
const action = parse(readFileSync(join(root, "action.yml"), "utf8"));

/** The README's workflow: the crdlint step's `with:` inputs and the checkout step's `with:`. */
function readmeWorkflow() {
  const block = blocks.find((b) => b.lang === "yaml" && b.lines.some((l) => /uses: crdlint\/crdlint@/.test(l)));
  const steps = parse(block.lines.join("\n")).jobs.crdlint.steps;
  return {
    checkout: steps.find((s) => s.uses?.startsWith("actions/checkout")),
    crdlint: steps.find((s) => s.uses?.startsWith("crdlint/crdlint@")),
  };
}

/** Runs the Action's committed bundle as the runner does for a pull request into main (inputs as INPUT_* variables). */
function runAction(workspace, inputs) {
  const out = join(workspace, "..", `${workspace.split("/").pop()}-output`);
  const summary = `${out}-summary`;
  writeFileSync(out, "");
  writeFileSync(summary, "");
  const env = {
    ...gitEnv,
    GITHUB_ACTIONS: "true",
    GITHUB_WORKSPACE: workspace,
    GITHUB_OUTPUT: out,
    GITHUB_STEP_SUMMARY: summary,
    GITHUB_EVENT_NAME: "pull_request",
    GITHUB_BASE_REF: "main",
  };
  for (const [name, spec] of Object.entries(action.inputs))
    env[`INPUT_${name.toUpperCase()}`] = String(inputs[name] ?? spec.default ?? "");
  const r = spawnSync(process.execPath, [join(root, action.runs.main)], {
    cwd: workspace,
    env,
    encoding: "utf8",
    timeout: 300_000,
  });
  const outputs = Object.fromEntries(
    readFileSync(out, "utf8")
      .trim()
      .split("\n")
      .filter(Boolean)
      .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
  );
  return { ...r, outputs };
}

/** A clone as actions/checkout makes it: depth 1 (its default), or the whole history (fetch-depth: 0). */
function checkoutOf(project, depth) {
  const upstream = join(work, `${project}-upstream`);
  const branch = git(["rev-parse", "--abbrev-ref", "HEAD"], projects[project]);
  const dir = join(work, `${project}-actions-${depth}`);
  if (!existsSync(dir))
    spawnSync(
      "git",
      ["clone", "-q", ...(depth ? ["--depth", String(depth)] : []), "--branch", branch, `file://${upstream}`, dir],
      { env: gitEnv },
    );
  return dir;
}

for (const [project, paths] of [
  ["operator", "config/crd"],
  ["charts", "charts/*/crds"],
])
  test(
    `the README's Action step on a ${project} pull request: depth 1 lints without --against and says so; fetch-depth: 0 checks the update`,
    { timeout: 600_000 },
    (t) => {
      if (!projects[project])
        return t.skip("the shared corpus (../shared/corpus) is absent: this project is built from its real CRDs");
      const { checkout, crdlint } = readmeWorkflow();
      assert.equal(checkout.with["fetch-depth"], 0, "the README checks out the whole history");
      // The README's `paths` names the kubebuilder layout and says what a chart repository names instead.
      const inputs = {
        ...crdlint.with,
        paths: crdlint.with.paths === "config/crd" ? paths : assert.fail(`README paths ${crdlint.with.paths}`),
      };

      const shallow = runAction(checkoutOf(project, 1), inputs);
      assert.match(
        shallow.stdout,
        /^::notice title=crdlint::origin\/main is not fetched .*fetch-depth: 0/m,
        shallow.stdout + shallow.stderr,
      );
      assert.equal(shallow.status, 0, shallow.stdout + shallow.stderr);
      assert.equal(shallow.outputs["exit-code"], "0");
      const sarif = JSON.parse(readFileSync(shallow.outputs["sarif-file"], "utf8"));
      assert.equal(sarif.version, "2.1.0");
      assert.deepEqual(
        sarif.runs[0].results.filter((r) => r.level === "error"),
        [],
        "no false error",
      );

      const full = runAction(checkoutOf(project, 0), inputs);
      assert.doesNotMatch(full.stdout, /::notice title=crdlint::origin\/main is not fetched/);
      const annotations = full.stdout.split("\n").filter((l) => l.startsWith("::"));
      for (const a of annotations)
        assert.doesNotMatch(a, /file=[^,]*(%3A|origin\/main)/, "every annotation is on a file the pull request shows");
      if (project === "operator") {
        // The pull request's real findings, annotated on the CRD's file in the pull request.
        assert.equal(full.status, 1, full.stdout + full.stderr);
        assert.ok(
          annotations.some((a) =>
            /^::error file=config\/crd\/bases\/apps\.example\.com_widgets\.yaml,.*title=revision-field-removed::/.test(
              a,
            ),
          ),
          full.stdout,
        );
        assert.ok(
          annotations.some((a) =>
            /^::warning file=config\/crd\/bases\/apps\.example\.com_widgets\.yaml,.*title=revision-version-removed::/.test(
              a,
            ),
          ),
          full.stdout,
        );
      } else {
        // Two CRDs added since the base branch: information, and --max-warnings 0 holds (Helm creates crds/ itself).
        assert.equal(full.status, 0, full.stdout + full.stderr);
        assert.equal(annotations.filter((a) => /title=revision-crd-added::/.test(a)).length, 2, full.stdout);
      }
      assert.ok(JSON.parse(readFileSync(full.outputs["sarif-file"], "utf8")).runs[0].results.length > 0);
    },
  );

/** The README's pre-commit configuration blocks: the remote hooks and the local hook. */
function preCommitConfigs() {
  const configs = blocks
    .filter((b) => b.lang === "yaml" && b.lines[0] === "repos:")
    .map((b) => b.lines.join("\n") + "\n");
  assert.equal(configs.length, 2, "the README has a remote-hooks and a local-hook configuration");
  return {
    remote: configs.find((c) => c.includes("https://github.com/crdlint/crdlint")),
    local: configs.find((c) => c.includes("repo: local")),
  };
}

test(
  "the README's pre-commit configurations, through the real pre-commit on the kubebuilder operator's pull request",
  { timeout: 1_200_000 },
  (t) => {
    if (!has("pre-commit")) return t.skip("pre-commit is not installed (pip install pre-commit, as .ci/run does)");
    const operator = projects.operator;
    if (!operator)
      return t.skip("the shared corpus (../shared/corpus) is absent: this project is built from its real CRDs");
    const hookRepo = copyWorkingTree(t, "crdlint-e2e-hooks-");
    if (!hookRepo) return t.skip("not a git checkout: cannot make a hook repository of the working tree");
    for (const args of [
      ["init", "-q", "-b", "main"],
      ["add", "-A"],
      ["commit", "-q", "-m", "crdlint"],
    ])
      git(args, hookRepo);
    const rev = git(["rev-parse", "HEAD"], hookRepo);
    const { remote, local } = preCommitConfigs();
    const env = npmEnv({
      ...gitEnv,
      PATH: `${binDir}:${process.env.PATH}`,
      PRE_COMMIT_HOME: join(work, "pre-commit-home"),
      PRE_COMMIT_COLOR: "never",
    });
    const preCommit = (args) =>
      spawnSync("pre-commit", args, { cwd: operator, env, encoding: "utf8", timeout: 900_000 });

    // The pull request's CRD change and a new sample, staged, as a commit would pass them.
    const crdFile = "config/crd/bases/apps.example.com_widgets.yaml";
    writeFileSync(join(operator, crdFile), readFileSync(join(operator, crdFile), "utf8") + "# reviewed\n");
    writeFileSync(
      join(operator, "config/samples/apps_v1_widget_large.yaml"),
      "apiVersion: apps.example.com/v1\nkind: Widget\nmetadata:\n  name: widget-large\nspec:\n  size: 9\n",
    );
    git(["add", crdFile, "config/samples/apps_v1_widget_large.yaml", "config/samples/kustomization.yaml"], operator);
    try {
      // Only the repository's URL and rev are this checkout's; the hooks and their arguments are the README's.
      writeFileSync(
        join(operator, ".pre-commit-config.yaml"),
        remote.replace("https://github.com/crdlint/crdlint", hookRepo).replace(/rev: v[\d.]+/, `rev: ${rev}`),
      );
      const r = preCommit(["run"]);
      const out = r.stdout + r.stderr;
      if (r.status !== 0 && !/- hook id: /.test(out)) {
        const log = join(env.PRE_COMMIT_HOME, "pre-commit.log");
        const detail = existsSync(log) ? readFileSync(log, "utf8") : out;
        if (registryUnreachable(detail))
          return t.skip(`pre-commit could not install the hook: npm reached neither the registry nor its cache`);
        assert.fail(`pre-commit could not run the hooks:\n${detail}`);
      }
      assert.match(out, /^crdlint\.+Passed$/m, out);
      assert.match(out, /^crdlint validate\.+Passed$/m, out);
      // The pull request removes a field and a version: the update check blocks the commit, with the real findings.
      assert.match(out, /^crdlint lint --against origin\/main\.+Failed$/m, out);
      assert.match(out, /revision-field-removed/, out);
      assert.equal(r.status, 1, out);

      writeFileSync(join(operator, ".pre-commit-config.yaml"), local);
      const l = preCommit(["run"]);
      assert.equal(l.status, 0, l.stdout + l.stderr);
      assert.match(l.stdout, /^crdlint\.+Passed$/m);
    } finally {
      git(["reset", "-q", "--hard"], operator);
      git(["clean", "-qfd", "config"], operator);
      spawnSync("rm", ["-f", join(operator, ".pre-commit-config.yaml")]);
    }
  },
);

test(
  "the README's husky and lint-staged recipe, on a clone of the kubebuilder operator: a broken CRD staged blocks the commit, a clean change goes through",
  { timeout: 900_000 },
  (t) => {
    if (!projects.operator)
      return t.skip("the shared corpus (../shared/corpus) is absent: this project is built from its real CRDs");
    const source = copyWorkingTree(t, "crdlint-e2e-package-");
    if (!source) return t.skip("not a git checkout: cannot tell which files make the package");
    const dir = join(work, "operator-husky");
    spawnSync("git", ["clone", "-q", "--branch", "remove-v1alpha1", `file://${join(work, "operator-upstream")}`, dir], {
      env: gitEnv,
    });
    const env = npmEnv({ ...gitEnv, PATH: process.env.PATH });
    const run = (cmd, args) => spawnSync(cmd, args, { cwd: dir, env, encoding: "utf8", timeout: 600_000 });
    // The README's install line, with this working tree for github:crdlint/crdlint.
    const install = readFileSync(join(root, "README.md"), "utf8").match(
      /`(npm install --save-dev husky lint-staged) github:crdlint\/crdlint`, then `(npx husky init)`/,
    );
    assert.ok(install, "the README says how to install husky and lint-staged");
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "widget-operator", private: true }, null, 2));
    const npmInstall = run("sh", ["-c", `${install[1]} ${source}`]);
    if (npmInstall.status !== 0 && registryUnreachable(npmInstall.stderr))
      return t.skip(`npm could not reach the registry nor its cache: ${npmInstall.stderr.trim().split("\n").pop()}`);
    assert.equal(npmInstall.status, 0, npmInstall.stderr);
    const init = run("sh", ["-c", install[2]]);
    assert.equal(init.status, 0, init.stdout + init.stderr);
    // package.json gains the README's lint-staged block; .husky/pre-commit is the README's.
    const config = JSON.parse(
      blocks.find((b) => b.lang === "json" && b.lines.join("\n").includes('"lint-staged"')).lines.join("\n"),
    );
    const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    writeFileSync(join(dir, "package.json"), JSON.stringify({ ...pkg, ...config }, null, 2));
    const hook = blocks[blocks.findIndex((b) => b.lang === "json" && b.lines.join("\n").includes('"lint-staged"')) + 1];
    assert.deepEqual(hook.lines, ["npx lint-staged"]);
    writeFileSync(join(dir, ".husky", "pre-commit"), hook.lines.join("\n") + "\n");
    writeFileSync(join(dir, ".gitignore"), "node_modules/\n");
    git(["add", "package.json", ".gitignore", ".husky/pre-commit"], dir);
    git(["commit", "-q", "--no-verify", "-m", "husky"], dir);

    // A CRD edit that breaks it (a required field without a schema type) and a new sample: lint-staged runs crdlint.
    const crdFile = "config/crd/bases/apps.example.com_widgets.yaml";
    const good = readFileSync(join(dir, crdFile), "utf8");
    writeFileSync(
      join(dir, crdFile),
      good
        .replace("              size:\n", "              size:\n                x-kubernetes-int-or-string: false\n")
        .replace(
          "                format: int32\n                minimum: 1\n                type: integer\n",
          "                minimum: 1\n",
        ),
    );
    writeFileSync(
      join(dir, "config/samples/apps_v1_widget_large.yaml"),
      "apiVersion: apps.example.com/v1\nkind: Widget\nmetadata:\n  name: widget-large\nspec:\n  size: 9\n",
    );
    git(["add", crdFile, "config/samples/apps_v1_widget_large.yaml"], dir);
    const blocked = run("git", ["commit", "-m", "a broken CRD"]);
    assert.notEqual(blocked.status, 0, blocked.stdout + blocked.stderr);
    // lint-staged runs the two globs' tasks at once and kills the other when one fails: the user sees lint's finding
    // or validate's report that the CRD would be rejected, whichever ends first. Either names the CRD and the
    // apiserver's error on it.
    const shown = blocked.stdout + blocked.stderr;
    assert.match(shown, /structural-type-missing|resource-crd-invalid/);
    assert.match(shown, /must not be empty for specified object fields/);
    assert.match(shown, /config\/crd\/bases\/apps\.example\.com_widgets\.yaml/);
    // Fixed: the commit goes through, the sample validated against the CRDs.
    writeFileSync(join(dir, crdFile), good + "# reviewed\n");
    git(["add", crdFile], dir);
    const passed = run("git", ["commit", "-m", "a clean change"]);
    assert.equal(passed.status, 0, passed.stdout + passed.stderr);
    assert.equal(git(["log", "-1", "--format=%s"], dir), "a clean change");
  },
);
