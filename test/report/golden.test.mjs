// One golden file per output format (test/report/golden/<format>.golden): the whole output of `crdlint lint` over a small
// fixed set of fixtures (a clean CRD; errors, a warning and an info; a cost error with detail and suggestion; YAML
// problems), colour off, paths relative to the repository root. The package version is written as <version> so a
// release does not touch the goldens. UPDATE_GOLDEN=1 rewrites them from the current output: read the diff.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { crdlint, root } from "../helpers/cli.mjs";

const FORMATS = ["text", "json", "sarif", "junit", "github", "markdown"];
const INPUTS = [
  "fixtures/names/clean.yaml",
  "fixtures/cel-compile/static-rule-and-message.yaml",
  "fixtures/cel-cost/map-index-of.yaml",
  "fixtures/yaml/boolean-key.yaml",
];
const version = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version;
// Whatever the CI or terminal says, the goldens are plain text.
const env = { NO_COLOR: "1", FORCE_COLOR: undefined, GITHUB_ACTIONS: undefined, CI: undefined, TERM: "dumb" };

const withoutVersion = (out) =>
  out.replace(new RegExp(`("(?:version|semanticVersion)": ?)"${version.replace(/\./g, "\\.")}"`, "g"), '$1"<version>"');

for (const format of FORMATS) {
  test(`the ${format} output is its golden file`, () => {
    // The strict preset: the goldens show every severity (a warning and an info of strict lints among them).
    const r = crdlint(["lint", "--format", format, "--preset", "strict", "--kubernetes-version", "1.37", ...INPUTS], {
      env,
    });
    assert.equal(r.status, 1, r.stderr);
    assert.equal(r.stderr, "");
    const file = join(root, "test", "report", "golden", `${format}.golden`);
    const got = withoutVersion(r.stdout);
    if (process.env.UPDATE_GOLDEN) writeFileSync(file, got);
    assert.equal(got, readFileSync(file, "utf8"));
  });
}

test("the goldens hold no colour and no absolute path", () => {
  for (const format of FORMATS) {
    const golden = readFileSync(join(root, "test", "report", "golden", `${format}.golden`), "utf8");
    assert.doesNotMatch(golden, /\x1b\[/, format);
    assert.ok(!golden.includes(root), `${format}: absolute path`);
    // Every format names the files with problems (the clean one only appears where a format lists every file).
    for (const input of INPUTS.slice(1)) assert.ok(golden.includes(input), `${format}: ${input} is not named`);
  }
});
