// crdlint validate as a user meets it: CEL rules only where the release runs them, the CRD count of the summary,
// what strict field validation hides, and no silent wait on a terminal.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { crdlint, bin } from "../../helpers/cli.mjs";
import { tmp } from "../../helpers/tmp.mjs";
import { oneVersionCrd } from "../../helpers/crd-yaml.mjs";

const crd = (name, kind, plural) =>
  oneVersionCrd({
    plural,
    kind,
    schema: `        type: object
        properties:
          spec:
            type: object
            x-kubernetes-validations:
            - rule: self.size < 5
            properties:
              size: {type: integer}
`,
  });

const files = () =>
  tmp({
    "crds/widget.yaml": crd("w", "Widget", "widgets"),
    "crds/gadget.yaml": crd("g", "Gadget", "gadgets"),
    "crds/gizmo.yaml": crd("z", "Gizmo", "gizmos"),
    "big.yaml": "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec: {size: 10}\n",
    "unknown.yaml": "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec: {size: 10, color: red}\n",
  });

test("validate: x-kubernetes-validations rules run from 1.25, not before (the apiserver drops them)", () => {
  const dir = files();
  for (const [k, fails] of [
    ["1.22", false],
    ["1.24", false],
    ["1.25", true],
    ["1.37", true],
  ]) {
    const r = crdlint(["validate", "-k", k, "--format", "json", "--crd", "crds", "big.yaml"], { cwd: dir });
    assert.equal(r.status, fails ? 1 : 0, `${k}: ${r.stdout}`);
    assert.equal(
      r.json.diagnostics.some((d) => d.rule === "resource-cel-rule-failed"),
      fails,
      k,
    );
  }
});

test("validate: the summary counts the CRDs read from --crd", () => {
  const dir = files();
  const r = crdlint(["validate", "--format", "json", "--crd", "crds", "big.yaml"], { cwd: dir });
  assert.equal(r.json.summary.crds, 3);
  const text = crdlint(["validate", "--crd", "crds", "big.yaml"], { cwd: dir });
  assert.match(text.stdout, /in 1 file, 3 CRDs, 1 resource/);
  // A CRD among the manifests and given with --crd too counts once.
  const both = crdlint(["validate", "--format", "json", "--crd", "crds", "crds/widget.yaml", "big.yaml"], { cwd: dir });
  assert.equal(both.json.summary.crds, 3);
});

test("validate: strict field validation says how many problems the unknown field hides, and how to see them", () => {
  const dir = files();
  const r = crdlint(["validate", "--crd", "crds", "unknown.yaml"], { cwd: dir });
  assert.equal(r.status, 1);
  assert.match(
    r.stdout,
    /strict decoding error: unknown field "spec\.color"; 1 further problem is hidden behind it .*--field-validation warn shows it/,
  );
  const warn = crdlint(
    ["validate", "--format", "json", "--field-validation", "warn", "--crd", "crds", "unknown.yaml"],
    { cwd: dir },
  );
  assert.deepEqual(warn.json.diagnostics.map((d) => d.rule).sort(), [
    "resource-cel-rule-failed",
    "resource-unknown-field",
  ]);
  // Nothing hidden: nothing said.
  const clean = tmp({
    "crds/widget.yaml": crd("w", "Widget", "widgets"),
    "cr.yaml": "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec: {size: 1, color: red}\n",
  });
  const alone = crdlint(["validate", "--crd", "crds", "cr.yaml"], { cwd: clean });
  assert.equal(alone.status, 1);
  assert.doesNotMatch(alone.stdout, /hidden/);
});

const hasScript = spawnSync("sh", ["-c", "command -v script"]).status === 0;

test(
  "validate with no manifest and a terminal on stdin fails with usage instead of waiting",
  { skip: hasScript ? false : "script(1) is not installed (needed for a terminal)" },
  () => {
    const dir = files();
    // script(1) gives the command a pseudo-terminal as stdin; the command must end on its own (timeout otherwise).
    const run = (args) =>
      spawnSync("script", ["-qec", [process.execPath, bin, ...args].map((a) => `'${a}'`).join(" "), "/dev/null"], {
        cwd: dir,
        encoding: "utf8",
        timeout: 60_000,
        env: { ...process.env, NO_COLOR: "1" },
      });
    const r = run(["validate", "--crd", "crds"]);
    assert.equal(r.signal, null, "it did not wait on the terminal");
    assert.equal(r.status, 2, r.stdout);
    assert.match(r.stdout, /no manifests given and standard input is a terminal/);
    // Not a terminal: stdin is read, as before.
    const piped = crdlint(["validate", "--format", "json", "--crd", "crds"], {
      cwd: dir,
      input: "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec: {size: 1}\n",
    });
    assert.equal(piped.status, 0, piped.stderr);
    assert.equal(piped.json.summary.resources, 1);
  },
);
