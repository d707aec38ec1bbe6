// The CLI runs one bundle (dist/bin/crdlint.cjs) and evaluates only the modules a command needs: `--version` and
// `rules` run neither the CEL stack nor the decoder. Which module ran is read from V8's coverage of the bundle: esbuild
// wraps each lazily imported module in an init function named after its path, run on first import.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { root, bin } from "../helpers/cli.mjs";

const bundleUrl = new URL("../../dist/bin/crdlint.cjs", import.meta.url).href;

/** The bundled modules whose init function ran, and every module URL the ES module loader resolved. */
function evaluated(args) {
  const dir = mkdtempSync(join(tmpdir(), "crdlint-cov-"));
  try {
    const r = spawnSync(
      process.execPath,
      ["--import", join(root, "test", "helpers", "record-imports.mjs"), bin, ...args],
      {
        encoding: "utf8",
        cwd: root,
        env: { ...process.env, NODE_V8_COVERAGE: dir, NO_COLOR: "1" },
      },
    );
    const m = /IMPORTED (\[.*\])/.exec(r.stderr);
    assert.ok(m, r.stderr);
    const ran = new Set();
    for (const f of readdirSync(dir)) {
      const script = JSON.parse(readFileSync(join(dir, f), "utf8")).result.find((s) => s.url === bundleUrl);
      for (const fn of script?.functions ?? [])
        if (/^(dist|node_modules)\//.test(fn.functionName) && fn.ranges[0].count > 0) ran.add(fn.functionName);
    }
    assert.ok(ran.size > 0, "no coverage of the bundle");
    return { status: r.status, ran: [...ran], urls: JSON.parse(m[1]) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const heavy = (modules) =>
  modules.filter((p) => /^node_modules\/@bufbuild\/|^dist\/(cel|validate)\/|^dist\/crd\/(decode|decoders\/)/.test(p));

for (const args of [["--version"], ["rules"], ["rules", "--format", "json"]]) {
  test(`crdlint ${args.join(" ")} runs neither CEL nor the decoder`, () => {
    const { status, ran } = evaluated(args);
    assert.equal(status, 0);
    assert.deepEqual(heavy(ran), []);
  });
}

test("crdlint lint does run them (the check above can fail), and only the decoder of the target release", () => {
  const { status, ran } = evaluated(["lint", "-k", "1.30", "fixtures/examples/crontab.yaml"]);
  assert.equal(status, 0);
  assert.ok(ran.includes("dist/cel/schema/compile.js"), "CEL ran for lint");
  assert.deepEqual(
    ran.filter((p) => p.startsWith("dist/crd/decoders/")),
    ["dist/crd/decoders/v1-30.js"],
  );
});

test("the CLI loads nothing outside the bundle but its launcher", () => {
  const { urls } = evaluated(["lint", "fixtures/examples/crontab.yaml"]);
  const files = [...new Set(urls.filter((u) => u.startsWith("file:")))]
    .map((u) => u.slice(new URL("../..", import.meta.url).href.length))
    .sort();
  assert.deepEqual(files, ["bin/crdlint.js", "dist/cli/compile-cache.js"]);
});

test("ajv compiles the decoders at build time and is not in the bundle", () => {
  const inputs = JSON.parse(readFileSync(new URL("../../dist/bin/crdlint.inputs.json", import.meta.url), "utf8"));
  assert.ok(inputs.includes("dist/cel/schema/compile.js"));
  assert.deepEqual(
    inputs.filter((p) => p.startsWith("node_modules/ajv/")),
    [],
  );
});
