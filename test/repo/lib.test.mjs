// lib/ is the committed build that every install runs (scripts/build-lib.mjs). It must be exactly what the sources
// build to: this builds it again into a temporary directory, from the dist/ that `npm run build:dist` made of the
// sources, and compares file by file. When it fails, `npm run build:lib` refreshes lib/ (then commit it).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { root } from "../helpers/cli.mjs";
import { tempDir } from "../helpers/checkout.mjs";

function files(dir, base = dir, out = []) {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) files(p, base, out);
    else out.push(relative(base, p));
  }
  return out;
}

test("lib/ is exactly what the sources build to (npm run build:lib refreshes it)", { timeout: 300_000 }, (t) => {
  if (!existsSync(join(root, "dist", "bin", "crdlint.cjs")))
    return t.skip("dist/ is not built (npm run build:dist, as npm test does)");
  const out = tempDir(t, "crdlint-lib-");
  const r = spawnSync(process.execPath, [join(root, "scripts", "build-lib.mjs"), "--out", out], {
    cwd: root,
    encoding: "utf8",
  });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  const built = files(out);
  assert.deepEqual(built, [
    "bin/crdlint.cjs",
    "cli/bundle-worker.js",
    "cli/compile-cache.js",
    "index.d.ts",
    "index.js",
    "rules-meta.json",
  ]);
  assert.deepEqual(files(join(root, "lib")), built, "lib/ holds the files the build writes, and no others");
  const stale = built.filter((f) => !readFileSync(join(out, f)).equals(readFileSync(join(root, "lib", f))));
  assert.deepEqual(
    stale,
    [],
    `lib/ differs from a build of the sources in ${stale.join(", ")}: run \`npm run build:lib\` and commit lib/`,
  );
});

test("package.json points its bin, library entry and types at what is committed, and runs no build on install", () => {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  assert.deepEqual(pkg.exports["."], { types: "./lib/index.d.ts", import: "./lib/index.js" });
  assert.equal(pkg.main, "./lib/index.js");
  assert.equal(pkg.types, "./lib/index.d.ts");
  assert.deepEqual(pkg.bin, { crdlint: "bin/crdlint.js" });
  // pacote "prepares" a git dependency that has any of these scripts (a nested npm install with dev dependencies, then
  // prepare), and npm 11 then links a global install to the temporary clone it deletes (npm/cli#9406): none may exist.
  // So the build is `npm run build:dist`, not `npm run build`.
  for (const s of ["prepare", "prepack", "preinstall", "install", "postinstall", "build"])
    assert.equal(pkg.scripts[s], undefined, `no ${s} script`);
  assert.ok(pkg.files.includes("lib") && !pkg.files.includes("dist"));
  const launcher = readFileSync(join(root, "bin", "crdlint.js"), "utf8");
  assert.match(launcher, /"lib"/, "the launcher falls back to lib/ where dist/ is not built");
});
