// The CLI bundle runs from V8's code cache (src/cli/compile-cache.ts): written by a run that had none, used as it is
// by the next runs, refused (and rewritten) when V8 rejects it, and never required for a correct result.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { loadBundle, tierUpFlags } from "../../dist/cli/compile-cache.js";
import { crdlint } from "../helpers/cli.mjs";

function scratch(t) {
  const dir = mkdtempSync(join(tmpdir(), "crdlint-cc-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, "bundle.cjs");
  writeFileSync(
    file,
    "exports.add = (a, b) => a + b; exports.where = __filename; exports.hasRequire = typeof require('node:path').join;\n",
  );
  return { dir, file, cacheDir: join(dir, "cache") };
}

test("miss, then hit; the bundle runs as CommonJS either way", (t) => {
  const { file, cacheDir } = scratch(t);
  const env = { CRDLINT_COMPILE_CACHE_DIR: cacheDir };
  const first = loadBundle(file, env);
  assert.equal(first.cacheState, "miss");
  assert.equal(first.exports.add(2, 3), 5);
  assert.equal(first.exports.where, file);
  assert.equal(first.exports.hasRequire, "function");
  first.saveCache();
  assert.equal(readdirSync(cacheDir).length, 1);
  const second = loadBundle(file, env);
  assert.equal(second.cacheState, "hit");
  assert.equal(second.exports.add(2, 3), 5);
});

test("a damaged cache is not used and is rewritten; another bundle's cache is not read", (t) => {
  const { file, cacheDir } = scratch(t);
  const env = { CRDLINT_COMPILE_CACHE_DIR: cacheDir };
  loadBundle(file, env).saveCache();
  const [name] = readdirSync(cacheDir);
  const path = join(cacheDir, name);
  const good = readFileSync(path);
  const bad = Buffer.from(good);
  bad.fill(0x5a, bad.length - 64);
  writeFileSync(path, bad);
  const damaged = loadBundle(file, env);
  assert.equal(damaged.cacheState, "rejected");
  assert.equal(damaged.exports.add(1, 1), 2);
  damaged.saveCache();
  assert.equal(loadBundle(file, env).cacheState, "hit");
  // A changed bundle has another key: the old cache is not used for it.
  writeFileSync(file, "exports.add = (a, b) => a * b;\n");
  const changed = loadBundle(file, env);
  assert.equal(changed.cacheState, "miss");
  assert.equal(changed.exports.add(2, 3), 6);
});

test("NODE_DISABLE_COMPILE_CACHE and CRDLINT_NO_COMPILE_CACHE turn it off", (t) => {
  const { file, cacheDir } = scratch(t);
  for (const off of ["NODE_DISABLE_COMPILE_CACHE", "CRDLINT_NO_COMPILE_CACHE"]) {
    const b = loadBundle(file, { CRDLINT_COMPILE_CACHE_DIR: cacheDir, [off]: "1" });
    assert.equal(b.cacheState, "off");
    b.saveCache();
    assert.throws(() => statSync(cacheDir));
  }
});

test("crdlint lint writes the cache once and gives the same report from it", (t) => {
  const dir = mkdtempSync(join(tmpdir(), "crdlint-cc-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const env = { CRDLINT_COMPILE_CACHE_DIR: dir };
  const args = ["lint", "--format", "json", "fixtures/examples/widgets-broken.yaml"];
  assert.equal(crdlint(["--version"], { env }).status, 0);
  assert.deepEqual(readdirSync(dir), [], "a light command writes no cache");
  const cold = crdlint(args, { env });
  const [name] = readdirSync(dir);
  assert.ok(name, "a lint run writes the cache");
  const written = statSync(join(dir, name)).mtimeMs;
  const warm = crdlint(args, { env });
  assert.equal(warm.status, cold.status);
  assert.equal(warm.stdout, cold.stdout);
  assert.equal(statSync(join(dir, name)).mtimeMs, written, "a run that used the cache leaves it as it is");
});

// The launcher makes V8 optimize later (tuneTierUp): a flag by V8 version, never one the user set or V8 lacks.
test("the tier-up flag: by V8 version, none for a version not checked, the user's own flag kept", () => {
  assert.equal(tierUpFlags({}, [], "11.3.244.8-node.38"), "--interrupt-budget=400000");
  assert.equal(tierUpFlags({}, [], "12.4.254.21-node.57"), "--invocation-count-for-turbofan=12000");
  assert.equal(tierUpFlags({}, [], "13.6.233.17-node.63"), "--invocation-count-for-turbofan=12000");
  for (const v of ["10.2.154.26-node.26", "14.1.0"]) assert.equal(tierUpFlags({}, [], v), undefined, v);
  assert.equal(tierUpFlags({ CRDLINT_V8_DEFAULTS: "1" }, [], "11.3.244.8"), undefined);
  assert.equal(tierUpFlags({}, ["--interrupt_budget=1000"], "11.3.244.8"), undefined);
  assert.equal(tierUpFlags({}, ["--interrupt-budget", "1000"], "11.3.244.8"), undefined);
  assert.equal(tierUpFlags({ NODE_OPTIONS: "--max-old-space-size=512 --interrupt-budget=9" }, [], "11.3.1"), undefined);
  assert.equal(tierUpFlags({ NODE_OPTIONS: "--invocation-count-for-turbofan=1" }, [], "12.4.1"), undefined);
  // Another flag whose name starts the same is not the user's choice of this one.
  const other = ["--interrupt-budget-for-feedback-allocation=10"];
  assert.equal(tierUpFlags({}, other, "11.3.244.8"), "--interrupt-budget=400000");
});

test("this Node's V8 takes the tier-up flag without a word on stderr", () => {
  const script = `import("./dist/cli/compile-cache.js").then((m) => console.log(JSON.stringify(m.tuneTierUp({}) ?? null)))`;
  const r = spawnSync(process.execPath, ["-e", script], { encoding: "utf8" });
  assert.equal(r.status, 0);
  assert.equal(r.stderr, "", "V8 prints `unrecognized flag` for a flag it does not have");
  assert.equal(JSON.parse(r.stdout), tierUpFlags({}, process.execArgv, process.versions.v8) ?? null);
});

test("the CLI reports the same with V8's defaults", () => {
  const args = ["lint", "--format", "json", "--no-cache", "fixtures/examples/widgets-broken.yaml"];
  const tuned = crdlint(args);
  const defaults = crdlint(args, { env: { CRDLINT_V8_DEFAULTS: "1" } });
  assert.equal(defaults.status, tuned.status);
  assert.equal(defaults.stdout, tuned.stdout);
  assert.equal(defaults.stderr, tuned.stderr);
});
