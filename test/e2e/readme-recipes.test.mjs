// Every recipe of the README, run exactly as written on git repositories in the layouts of real projects
// (test/e2e/projects.mjs: a kubebuilder operator with kustomize patches and release tags, two release channels, a
// Helm chart repository, a chart whose CRDs sit in templates/), with crdlint installed as the README says a user
// has it: on PATH (`crdlint ...`) and in the project's node_modules (`npx crdlint ...`). Paths the README writes
// as placeholders (crds/, samples/, old/ new/, live.yaml) are the project's own; nothing else in a line changes.
// Each run must exit as documented, with no false error and every real finding present.
//
// A README line that runs crdlint and is not in RECIPES below fails the first test: a recipe never goes untested.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseYaml, stringify as stringifyYaml } from "yaml";
import { git, gitEnv } from "./projects.mjs";
import { has, projects, sh, work } from "./harness.mjs";
import { readmeCommandLines } from "./recipes.mjs";

const errors = (json) => json.diagnostics.filter((d) => d.severity === "error");
const rulesOf = (json) => new Set(json.diagnostics.map((d) => d.rule));

/** `line` with the README's placeholder paths replaced by a project's own (whole words only). */
function placed(line, paths) {
  let out = line;
  for (const [from, to] of Object.entries(paths)) out = out.split(from).join(to);
  return out;
}

const KUBEBUILDER = { "crds/": "config/crd/", "samples/": "config/samples/" };
const CHANNELS = { "crds/": "config/crd/" };
const CHART_REPO = { "crds/": "charts/*/crds" };

/** The text summary line (`✔ no problems (...)` or `✖ N problems (E errors, ...)`). */
const summary = (r) => (/^(✔ no problems(, \d+ info)?|✖ \d+ problems?) \(.*$/m.exec(r.stdout) ?? [""])[0];
const noErrors = (r) => assert.match(summary(r), /^✔ no problems|\(0 errors,/, `no error expected:\n${r.out}`);
// The chart claims `kubeVersion: ">=1.22.0-0"` (traefik's Chart.yaml): with no -k the run covers 1.22–1.37 and shows
// what the claim does not hold (x-kubernetes-validations dropped before 1.25: warnings, no error), and each CRD's
// releases.
const CHART_CLAIM = (r) => (
  assert.match(
    summary(r),
    /^✖ \d+ problems \(0 errors, \d+ warnings\) in 10 files, 10 CRDs, Kubernetes 1\.22\.\.1\.37$/,
  ),
  assert.match(r.stdout, /^releases per CRD \(1\.22–1\.37\):$/m),
  assert.match(
    r.stdout,
    /x-kubernetes-validations is dropped by Kubernetes 1\.2[34] \(CustomResourceValidationExpressions/,
  )
);
const PATCHES_SKIPPED = (r) =>
  assert.equal(
    (r.stdout.match(/kustomize-patch$/gm) ?? []).length,
    3,
    `the three kustomize patches are skipped with an info:\n${r.out}`,
  );
/** The pull request's real findings: v1's spec.color removed (data lost, an error) and v1alpha1 removed (clients break). */
const PR_FINDINGS = (r) => {
  assert.match(r.stdout, /field spec\.color \(v1\) was removed.*revision-field-removed$/m, r.out);
  assert.match(r.stdout, /version v1alpha1 was removed.*revision-version-removed$/m, r.out);
  assert.match(summary(r), /\(1 error, 1 warning/, r.out);
  assert.match(
    r.stdout,
    /^verdict: the apiserver accepts this update; 1 change loses stored data, 1 change breaks clients/m,
    r.out,
  );
};
const CHANNEL_ADDITIONS = (r) => {
  // listenersets and backendtlspolicies came with v1.1.0, in both channels: four CRDs created, nothing else.
  assert.equal((r.stdout.match(/is new: it is created, not updated {2}revision-crd-added$/gm) ?? []).length, 4, r.out);
  assert.match(r.stdout, /^verdict: the apiserver accepts this update; 4 for information/m, r.out);
  noErrors(r);
};

/**
 * Every README line that runs crdlint, with the runs that prove it: the project, the directory inside it, the README's
 * placeholder paths replaced by the project's, the exit code the README documents, and what the output must hold.
 */
export const RECIPES = {
  "npx crdlint lint crds/": [
    { project: "operator", paths: KUBEBUILDER, status: 0, check: (r) => (noErrors(r), PATCHES_SKIPPED(r)) },
    {
      project: "charts",
      paths: CHART_REPO,
      status: 0,
      check: CHART_CLAIM,
    },
  ],
  "npx crdlint lint config/crd": [{ project: "operator", status: 0, check: (r) => (noErrors(r), PATCHES_SKIPPED(r)) }],
  crdlint: [
    { project: "operator", status: 0, check: (r) => (noErrors(r), PATCHES_SKIPPED(r)) },
    {
      project: "channels",
      status: 0,
      check: (r) => assert.match(summary(r), /\(0 errors, 1 warning\) in 20 files, 20 CRDs/),
    },
    // A chart's crds/ are created by Helm (no last-applied annotation), its templates are not CRD files.
    { project: "charts", status: 0, check: CHART_CLAIM },
    {
      project: "templated",
      status: 0,
      check: (r) => (
        assert.match(
          r.stdout,
          /templates\/crds\/widgets\.yaml\n\s+1:1\s+info\s+file is a Go\/Helm template .*yaml-go-template$/m,
        ),
        noErrors(r)
      ),
    },
  ],
  "crdlint lint crds/": [
    { project: "operator", paths: KUBEBUILDER, status: 0, check: (r) => (noErrors(r), PATCHES_SKIPPED(r)) },
    {
      project: "channels",
      paths: CHANNELS,
      status: 0,
      check: (r) => assert.match(summary(r), /\(0 errors, 1 warning\)/),
    },
    { project: "charts", paths: CHART_REPO, status: 0, check: CHART_CLAIM },
  ],
  "crdlint lint -k 1.30 crds/": [
    {
      project: "operator",
      paths: KUBEBUILDER,
      status: 0,
      check: (r) => (noErrors(r), assert.match(summary(r), /Kubernetes 1\.30\)$/)),
    },
  ],
  "crdlint lint -k 1.28..1.37 crds/": [
    {
      project: "operator",
      paths: KUBEBUILDER,
      status: 0,
      check: (r) => (
        noErrors(r),
        assert.match(summary(r), /Kubernetes 1\.28\.\.1\.37\)$/),
        assert.match(r.stdout, /^releases per CRD \(1\.28–1\.37\):$/m),
        assert.match(r.stdout, /: accepted at every release in 1\.28–1\.37$/m)
      ),
    },
  ],
  "crdlint lint --preset strict crds/": [{ project: "operator", paths: KUBEBUILDER, status: 0, check: noErrors }],
  "crdlint lint -f json crds/": [
    {
      project: "operator",
      paths: KUBEBUILDER,
      status: 0,
      check: (r) => {
        assert.deepEqual(errors(r.json), []);
        assert.deepEqual([...rulesOf(r.json)], ["kustomize-patch"]);
        assert.equal(r.json.summary.crds, 7);
      },
    },
  ],
  "helm template . | crdlint lint --stdin-filename chart.yaml": [
    // The chart's templates render no CRD (Helm installs crds/ itself); the rendered objects are read, not the directory.
    {
      project: "charts",
      dir: "charts/traefik",
      needs: "helm",
      status: 0,
      check: (r) =>
        assert.equal(summary(r), "✔ no problems (1 file, 0 CRDs, 4 other documents skipped, Kubernetes 1.37)"),
    },
    {
      project: "templated",
      dir: "charts/widget",
      needs: "helm",
      status: 0,
      check: (r) =>
        assert.equal(summary(r), "✔ no problems (1 file, 1 CRD, 1 other document skipped, Kubernetes 1.37)"),
    },
  ],
  "crdlint cost crds/": [
    {
      project: "operator",
      paths: KUBEBUILDER,
      status: 0,
      check: (r) => assert.match(r.stdout, /over a limit: 0 expressions, 0 schemas/),
    },
    {
      project: "channels",
      paths: CHANNELS,
      status: 0,
      check: (r) => assert.match(r.stdout, /over a limit: 0 expressions, 0 schemas/),
    },
  ],
  "crdlint validate samples/ --crd crds/": [
    {
      project: "operator",
      paths: KUBEBUILDER,
      status: 0,
      check: (r) => (
        noErrors(r),
        assert.match(r.stdout, /kustomization-file$/m),
        assert.match(summary(r), /1 resource/)
      ),
    },
  ],
  "crdlint lint --against origin/main crds/": [
    { project: "operator", paths: KUBEBUILDER, status: 1, check: (r) => (PR_FINDINGS(r), PATCHES_SKIPPED(r)) },
    { project: "channels", paths: CHANNELS, status: 0, check: CHANNEL_ADDITIONS },
    {
      project: "charts",
      paths: CHART_REPO,
      status: 0,
      check: (r) =>
        assert.match(
          r.stdout,
          /^verdict: the apiserver accepts this update; 2 for information \(8 other CRDs without findings\)$/m,
        ),
    },
  ],
  "crdlint diff old/ new/": [{ project: "operator", dir: "revisions", status: 1, check: PR_FINDINGS }],
  "crdlint rules": [{ project: "operator", status: 0, check: (r) => assert.match(r.stdout, /^\d+ rules \(/m) }],
  "crdlint rules yaml-boolean-key": [
    { project: "operator", status: 0, check: (r) => assert.match(r.stdout, /yaml-boolean-key/) },
  ],
  "crdlint lint --against origin/main": [
    { project: "operator", status: 1, check: PR_FINDINGS },
    { project: "channels", status: 0, check: CHANNEL_ADDITIONS },
  ],
  "crdlint diff live.yaml crds/": [
    {
      project: "operator",
      paths: KUBEBUILDER,
      status: 1,
      setup: (dir) => writeFileSync(join(dir, "live.yaml"), liveCrds(dir)),
      check: (r) => {
        // The cluster's status.storedVersions lists v1alpha1: removing it is the apiserver's rejection, with the plan.
        assert.match(r.stdout, /revision-stored-version-removed$/m, r.out);
        assert.match(
          r.stdout,
          /Patch status\.storedVersions to \[v1\]: kubectl patch crd widgets\.apps\.example\.com --subresource=status/,
          r.out,
        );
        assert.match(r.stdout, /^verdict: the apiserver rejects this update/m, r.out);
      },
    },
  ],
  "crdlint diff old/ new/ --objects samples/": [
    {
      project: "operator",
      dir: "revisions",
      status: 1,
      check: (r) => (PR_FINDINGS(r), assert.match(summary(r), /1 resource/)),
    },
  ],
  "npx crdlint lint --against origin/${{ github.base_ref }} config/crd": [
    { project: "operator", status: 1, line: "npx crdlint lint --against origin/main config/crd", check: PR_FINDINGS },
  ],
  "crdlint rules --preset recommended": [
    { project: "operator", status: 0, check: (r) => assert.match(r.stdout, /recommended/) },
  ],
  "git diff --cached --name-only --diff-filter=ACM -- 'config/crd/*.yaml' | xargs -r npx --no-install crdlint lint": [
    {
      project: "operator",
      status: 0,
      setup: (dir) => {
        writeFileSync(
          join(dir, "config/crd/bases/apps.example.com_widgets.yaml"),
          readFileSync(join(dir, "config/crd/bases/apps.example.com_widgets.yaml"), "utf8") + "# reviewed\n",
        );
        git(["add", "config/crd/bases/apps.example.com_widgets.yaml"], dir);
      },
      check: (r) => assert.equal(summary(r), "✔ no problems (1 file, 1 CRD, Kubernetes 1.37)"),
    },
  ],
  "npx crdlint lint --format github config/crd": [
    {
      project: "operator",
      status: 0,
      check: (r) => {
        const lines = r.stdout.trim().split("\n");
        assert.equal(lines.length, 3, r.out);
        for (const l of lines)
          assert.match(l, /^::notice file=config\/crd\/patches\/[a-z_]+\.yaml,line=3,col=1,.*title=kustomize-patch::/);
      },
    },
  ],
  "npx crdlint lint --format sarif --output-file crdlint.sarif config/crd": [
    {
      project: "operator",
      status: 0,
      check: (r, dir) => {
        const sarif = JSON.parse(readFileSync(join(dir, "crdlint.sarif"), "utf8"));
        assert.equal(sarif.version, "2.1.0");
        assert.deepEqual(
          sarif.runs[0].results.map((x) => [x.ruleId, x.level]),
          Array(3).fill(["kustomize-patch", "note"]),
        );
      },
    },
  ],
  "npx crdlint lint --format junit --output-file crdlint.xml config/crd": [
    {
      project: "operator",
      status: 0,
      check: (r, dir) =>
        assert.match(
          readFileSync(join(dir, "crdlint.xml"), "utf8"),
          /<testsuites name="crdlint" tests="\d+" failures="0" errors="0">/,
        ),
    },
  ],
};

/** What `kubectl get crd widgets.apps.example.com -o yaml` returns for the released CRD: a List, with status. */
function liveCrds(dir) {
  const crd = parseYaml(git(["show", "origin/main:config/crd/bases/apps.example.com_widgets.yaml"], dir));
  crd.metadata = {
    ...crd.metadata,
    creationTimestamp: "2026-01-01T00:00:00Z",
    generation: 2,
    resourceVersion: "4242",
    uid: "6b3e4d8a-1f2c-4a51-9d2e-3c4b5a6d7e8f",
  };
  crd.status = {
    acceptedNames: crd.spec.names,
    conditions: [
      {
        type: "Established",
        status: "True",
        reason: "InitialNamesAccepted",
        message: "the initial names have been accepted",
        lastTransitionTime: "2026-01-01T00:00:00Z",
      },
    ],
    storedVersions: ["v1alpha1", "v1"],
  };
  return stringifyYaml({ apiVersion: "v1", items: [crd], kind: "List", metadata: { resourceVersion: "" } });
}

/** `crdlint diff old/ new/`: the released config/crd (origin/main) and the pull request's, side by side, with the samples. */
function revisionsDir(checkout) {
  const dir = join(work, "operator-revisions");
  if (existsSync(dir)) return dir;
  for (const [side, ref] of [
    ["old", "origin/main"],
    ["new", "HEAD"],
  ]) {
    mkdirSync(join(dir, side), { recursive: true });
    const tar = spawnSync("git", ["archive", ref, "config/crd"], { cwd: checkout, env: gitEnv, maxBuffer: 1 << 28 });
    spawnSync("tar", ["-x", "--strip-components=2", "-C", join(dir, side)], { input: tar.stdout });
  }
  const samples = spawnSync("git", ["archive", "HEAD", "config/samples"], { cwd: checkout, env: gitEnv });
  mkdirSync(join(dir, "samples"));
  spawnSync("tar", ["-x", "--strip-components=2", "-C", join(dir, "samples")], { input: samples.stdout });
  return dir;
}

test("every README line that runs crdlint has an end-to-end run here, and every run here is a README line", () => {
  const lines = readmeCommandLines().map((r) => r.line);
  const missing = [...new Set(lines)].filter((l) => !(l in RECIPES));
  assert.deepEqual(missing, [], "README recipes without an end-to-end run (add them to RECIPES)");
  const stale = Object.keys(RECIPES).filter((l) => !lines.includes(l));
  assert.deepEqual(stale, [], "RECIPES lines the README no longer has");
});

for (const [recipe, runs] of Object.entries(RECIPES))
  for (const run of runs) {
    const line = run.line ?? placed(recipe, run.paths ?? {});
    test(`README recipe on the ${run.project} project: ${line}`, { timeout: 300_000 }, (t) => {
      const checkout = projects[run.project];
      if (!checkout)
        return t.skip("the shared corpus (../shared/corpus) is absent: this project is built from its real CRDs");
      if (run.needs && !has(run.needs))
        return t.skip(`${run.needs} is not installed (.ci/run builds it where Go is installed)`);
      if (run.line)
        assert.ok(
          recipe.includes("${{ github.base_ref }}") && line === recipe.replace("${{ github.base_ref }}", "main"),
          "only the workflow expression is filled in",
        );
      const cwd = run.dir === "revisions" ? revisionsDir(checkout) : join(checkout, run.dir ?? "");
      run.setup?.(cwd);
      try {
        const r = sh(line, cwd);
        assert.equal(r.status, run.status, `${line}: exit ${r.status}\n${r.out}`);
        assert.doesNotMatch(r.out, /\n\s+at .*:\d+:\d+\)?\n/, "no stack trace");
        run.check(r, cwd);
      } finally {
        if (run.setup) git(["reset", "-q", "--hard"], checkout);
        for (const f of ["crdlint.sarif", "crdlint.xml", "live.yaml"]) rmSync(join(cwd, f), { force: true });
      }
    });
  }
