// The integrations a user copies from the README agree with what exists: the version in package.json, the
// CHANGELOG, the README's pins, the pre-commit hooks and the Action's bundle. And the machine-readable output of
// a failed run, SARIF URIs outside the working directory, and `crdlint rules` on a terminal.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parse } from "yaml";
import { crdlint, root, bin } from "../helpers/cli.mjs";
import { tmp } from "../helpers/tmp.mjs";
import { BASELINE_CRD } from "../../dist/rules/examples.js";

const version = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version;
const readme = readFileSync(join(root, "README.md"), "utf8");

test("package.json, CHANGELOG, the README's pins and the Action bundle name one version", () => {
  const changelog = readFileSync(join(root, "CHANGELOG.md"), "utf8");
  const released = [...changelog.matchAll(/^## (\d+\.\d+\.\d+)\b/gm)].map((m) => m[1]);
  assert.equal(released[0], version, "the newest release in CHANGELOG.md is package.json's version");
  const pins = [...readme.matchAll(/rev: (v\S+)|crdlint\/crdlint@(v\S+)/g)].map((m) => m[1] ?? m[2]);
  assert.ok(pins.length >= 2, "the README pins the pre-commit hook and the Action");
  for (const pin of pins) assert.equal(pin, `v${version}`, "every pin names this version's tag");
  const bundle = readFileSync(join(root, "action", "dist", "run.cjs"), "utf8")
    .slice(0, 200)
    .split("\n")[0];
  assert.equal(bundle, `// crdlint action bundle ${version} (npm run build:action)`);
  // The tag itself exists once the version is released: in a checkout that has tags, this one must be among them.
  const tags = spawnSync("git", ["tag", "--list"], { cwd: root, encoding: "utf8" });
  if (tags.status === 0 && tags.stdout.trim())
    assert.ok(tags.stdout.split("\n").includes(`v${version}`), `tag v${version} exists`);
});

test("the README's pre-commit hook ids are those of .pre-commit-hooks.yaml", () => {
  const hooks = parse(readFileSync(join(root, ".pre-commit-hooks.yaml"), "utf8")).map((h) => h.id);
  const used = [...readme.matchAll(/- id: (crdlint[\w-]*)/g)].map((m) => m[1]);
  assert.ok(used.length >= 2);
  for (const id of used) assert.ok(hooks.includes(id) || id === "crdlint", `hook ${id}`);
  assert.deepEqual(hooks, ["crdlint", "crdlint-validate", "crdlint-against", "crdlint-test"]);
});

test("--format json on exit 2 writes a JSON error object", () => {
  for (const args of [
    ["lint", "-f", "json", "no/such.yaml"],
    ["lint", "--format=json", "-k", "9.9", "."],
    ["cost", "-f", "json", "no/such.yaml"],
    ["validate", "-f", "json", "--crd", "no/such", "x.yaml"],
    ["lint", "-f", "json", "--bogus"],
  ]) {
    const r = crdlint(args);
    assert.equal(r.status, 2, args.join(" "));
    assert.deepEqual(Object.keys(r.json ?? {}), ["tool", "version", "error"], `${args.join(" ")}: ${r.stdout}`);
    assert.equal(r.json.version, version);
    assert.equal(r.json.error.exitCode, 2);
    assert.ok(r.json.error.message.length > 0);
    assert.ok(r.stderr.includes(r.json.error.message.split("\n")[0].slice(0, 20)), "stderr says it too");
  }
});

test("SARIF URIs: relative under the working directory, absolute file:// outside it", () => {
  const outside = tmp({ "crd.yaml": BASELINE_CRD.replace("widgets.example.com", "widgets.other.com") });
  const inside = tmp({ "crds/in.yaml": BASELINE_CRD.replace("widgets.example.com", "widgets.other.com") });
  const rel = join("..", outside.split("/").pop(), "crd.yaml");
  const r = crdlint(["lint", "-f", "sarif", "crds/in.yaml", rel, join(outside, "crd.yaml")], { cwd: inside });
  const uris = [
    ...new Set(JSON.parse(r.stdout).runs[0].results.map((x) => x.locations[0].physicalLocation.artifactLocation.uri)),
  ];
  const abs = pathToFileURL(resolve(outside, "crd.yaml")).href;
  assert.deepEqual(uris.sort(), ["crds/in.yaml", abs].sort());
  for (const u of uris) assert.doesNotMatch(u, /^\.\./);
});

const hasScript = spawnSync("sh", ["-c", "command -v script"]).status === 0;

test(
  "crdlint rules fits the terminal's width, and prints whole rows in a pipe",
  { skip: hasScript ? false : "script(1) is not installed (needed for a terminal)" },
  () => {
    for (const columns of [60, 120, 200]) {
      const r = spawnSync(
        "script",
        ["-qec", `stty cols ${columns}; '${process.execPath}' '${bin}' rules`, "/dev/null"],
        { encoding: "utf8", timeout: 60_000, env: { ...process.env, NO_COLOR: "1" } },
      );
      assert.equal(r.status, 0, r.stderr);
      const lines = r.stdout.replace(/\r/g, "").split("\n");
      assert.ok(lines.length > 200, `${columns}: ${lines.length} lines`);
      const widest = Math.max(...lines.map((l) => l.length));
      assert.ok(widest <= columns, `${columns} columns: a line of ${widest}`);
      assert.ok(lines.some((l) => l.includes("yaml-syntax")));
    }
    const piped = crdlint(["rules"]);
    assert.ok(
      piped.stdout.split("\n").some((l) => l.length > 200 && l.includes("<https://")),
      "a pipe gets whole rows with their URL",
    );
  },
);
