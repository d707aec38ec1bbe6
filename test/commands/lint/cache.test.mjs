// lint's cache of what earlier runs found in each file (src/engine/lint-cache.ts): a run answers byte for byte as a
// run without it, in every format, on one thread and on several, at one release and over a range; an entry is taken
// only for the same bytes, layout and options (a file's status spares the read, its digest the lint); a damaged entry
// is ignored; --no-cache writes nothing; the library checks the option.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { createHash } from "node:crypto";
import { crdlint, root } from "../../helpers/cli.mjs";
import { filesUnder } from "../../helpers/tmp.mjs";
import { lint } from "../../../dist/index.js";

/** The cache's entries (not the stamp of its last pruning). */
const entries = (dir) => filesUnder(dir).filter((f) => f.endsWith(".json"));

const crontab = readFileSync(join(root, "fixtures", "examples", "crontab.yaml"), "utf8");
const broken = readFileSync(join(root, "fixtures", "examples", "widgets-broken.yaml"), "utf8");

/** A project: a CRD that lints clean, one with errors, a chart's CRD and a kustomize patch. */
function project() {
  const dir = mkdtempSync(join(tmpdir(), "crdlint-lint-cache-"));
  writeFileSync(join(dir, "crontab.yaml"), crontab);
  writeFileSync(join(dir, "broken.yaml"), broken);
  mkdirSync(join(dir, "chart", "crds"), { recursive: true });
  writeFileSync(join(dir, "chart", "Chart.yaml"), "apiVersion: v2\nname: c\nversion: 0.1.0\nkubeVersion: '>=1.30.0'\n");
  writeFileSync(join(dir, "chart", "crds", "crontab.yaml"), crontab + "# the chart's copy\n");
  return dir;
}

/**
 * Adds a diagnostic to each cache entry of the files named (an entry is known by its file's digest) that has none: a
 * run that prints it took that file's outcome from the cache.
 */
function markEntries(cache, dir, names = ["broken.yaml", "chart/crds/crontab.yaml", "crontab.yaml"]) {
  const digest = (n) =>
    createHash("sha256")
      .update(readFileSync(join(dir, n), "utf8"))
      .digest("base64");
  const byDigest = new Map(names.map((n) => [digest(n), n]));
  const filed = entries(cache).map((f) => [f, JSON.parse(readFileSync(f, "utf8"))]);
  const template = filed.flatMap(([, e]) => e.outcome.diagnostics)[0];
  for (const [f, e] of filed) {
    const file = byDigest.get(e.digest);
    if (!file || e.outcome.diagnostics.some((d) => d.message === "FROM THE CACHE")) continue;
    e.outcome.diagnostics.push({ ...template, file, message: "FROM THE CACHE" });
    writeFileSync(f, JSON.stringify(e));
  }
}

test("a run with the cache answers byte for byte as a run without it, in every format", () => {
  const dir = project();
  const env = { CRDLINT_CACHE_DIR: join(dir, ".cache") };
  for (const args of [
    ["-f", "json"],
    ["-f", "sarif"],
    ["-f", "text"],
    ["-f", "json", "-k", "1.29..1.31"],
    ["-f", "json", "--preset", "strict", "--report-unused-disable-directives"],
  ]) {
    const none = crdlint(["lint", ".", ...args, "--no-cache"], { cwd: dir, env });
    const cold = crdlint(["lint", ".", ...args], { cwd: dir, env });
    const warm = crdlint(["lint", ".", ...args], { cwd: dir, env });
    assert.equal(none.status, 1, none.stderr);
    for (const r of [cold, warm]) {
      assert.equal(r.stdout, none.stdout, args.join(" "));
      assert.equal(r.stderr, none.stderr);
      assert.equal(r.status, none.status);
    }
  }
  // One entry per file (Chart.yaml is linted too) and set of options: three sets, the format being none of them.
  assert.equal(entries(join(dir, ".cache")).length, 12);
});

test("an entry is taken for the same bytes in the same place with the same options, and only then", async () => {
  const dir = project();
  const cache = join(dir, ".cache");
  const env = { CRDLINT_CACHE_DIR: cache };
  const run = (...args) => crdlint(["lint", ".", "-f", "json", ...args], { cwd: dir, env });
  const first = run();
  assert.equal(first.status, 1, first.stderr);
  markEntries(cache, dir);
  const marked = (r) => r.json.diagnostics.filter((d) => d.message === "FROM THE CACHE").map((d) => d.file);
  const unmarked = (r) => r.json.diagnostics.filter((d) => d.message !== "FROM THE CACHE");
  const all = ["broken.yaml", "chart/crds/crontab.yaml", "crontab.yaml"];

  // The files were just written: their status is not trusted yet (no entry holds it), their digest is.
  assert.deepEqual(marked(run()), all);
  // Older than the racy window: the digest answers once more and the entries are filed again with the status, which
  // alone answers the run after (the files are not read, nothing is written).
  await sleep(2100);
  assert.deepEqual(marked(run()), all);
  const written = entries(cache).map((f) => [f, statSync(f).mtimeMs, readFileSync(f, "utf8")]);
  assert.ok(written.every(([, , t]) => JSON.parse(t).status !== null));
  assert.deepEqual(marked(run()), all);
  assert.deepEqual(
    entries(cache).map((f) => [f, statSync(f).mtimeMs, readFileSync(f, "utf8")]),
    written,
  );

  // Touched (new times, same bytes): the digest answers.
  const now = new Date();
  utimesSync(join(dir, "crontab.yaml"), now, now);
  assert.deepEqual(marked(run()), all);

  // Other bytes: linted again.
  writeFileSync(join(dir, "crontab.yaml"), crontab.replace("openAPIV3Schema:", "openAPIV3Schema: # edited"));
  const edited = run();
  assert.deepEqual(marked(edited), ["broken.yaml", "chart/crds/crontab.yaml"]);
  assert.deepEqual(unmarked(edited), run("--no-cache").json.diagnostics);

  // Other options (each its own entries): linted again.
  for (const args of [["-k", "1.31"], ["--preset", "strict"], ["--apply-method", "server-side"], ["--apiserver-gates"]])
    assert.deepEqual(marked(run(...args)), [], args.join(" "));
  // A rule turned off in the configuration: linted again.
  const rule = "cel-cost-total-contributor";
  assert.ok(first.json.diagnostics.some((d) => d.file === "broken.yaml" && d.rule === rule));
  writeFileSync(join(dir, ".crdlint.yaml"), `rules:\n  ${rule}: "off"\n`);
  const off = run();
  assert.deepEqual(marked(off), []);
  assert.ok(!off.json.diagnostics.some((d) => d.rule === rule));
  rmSync(join(dir, ".crdlint.yaml"));

  // Another layout (a kustomization above every file, which lists none of them): linted again.
  markEntries(cache, dir);
  assert.deepEqual(marked(run()), all);
  writeFileSync(join(dir, "kustomization.yaml"), "resources: []\n");
  const relaid = run();
  assert.deepEqual(marked(relaid), []);
  assert.equal(relaid.stdout, run("--no-cache").stdout);
  // The entries now hold that layout's outcomes (one entry a file): without it, the files are linted again.
  rmSync(join(dir, "kustomization.yaml"));
  assert.deepEqual(run().stdout, run("--no-cache").stdout);

  // The chart's kubeVersion is the run's claimed range: every file is linted again at the new one.
  writeFileSync(join(dir, "chart", "Chart.yaml"), "apiVersion: v2\nname: c\nversion: 0.1.0\nkubeVersion: '>=1.28.0'\n");
  const claimed = run();
  assert.deepEqual(marked(claimed), []);
  assert.equal(claimed.stdout, run("--no-cache").stdout);
});

test("a damaged entry is read as none, and --no-cache neither reads nor writes the cache", () => {
  const dir = project();
  const cache = join(dir, ".cache");
  const env = { CRDLINT_CACHE_DIR: cache };
  const args = ["lint", ".", "-f", "json"];
  const cold = crdlint(args, { cwd: dir, env });
  for (const [i, f] of entries(cache).entries())
    writeFileSync(f, i === 0 ? "{not json" : JSON.stringify({ outcome: 1 }));
  const damaged = crdlint(args, { cwd: dir, env });
  assert.equal(damaged.stdout, cold.stdout);
  assert.ok(
    entries(cache).every((f) => JSON.parse(readFileSync(f, "utf8")).outcome.kind === "linted"),
    "the entries are written again",
  );
  markEntries(cache, dir);
  const none = crdlint([...args, "--no-cache"], { cwd: dir, env: { CRDLINT_CACHE_DIR: join(dir, "unused") } });
  assert.equal(none.stdout, cold.stdout);
  assert.throws(() => readdirSync(join(dir, "unused")), "--no-cache writes nothing");
});

test("lint threads share the cache: several threads answer as one, cold and warm", () => {
  const dir = mkdtempSync(join(tmpdir(), "crdlint-lint-cache-jobs-"));
  // Over the 1 MiB below which a run stays on one thread.
  const big = readFileSync(join(root, "fixtures", "examples", "crontab.yaml"), "utf8");
  for (let i = 0; i < 24; i++)
    writeFileSync(join(dir, `c${i}.yaml`), (i % 3 ? big : broken) + `# ${"x".repeat(60_000)}\n`);
  const env = { CRDLINT_CACHE_DIR: join(dir, ".cache") };
  const one = crdlint(["lint", ".", "-f", "json", "--jobs", "1", "--no-cache"], { cwd: dir, env });
  const cold = crdlint(["lint", ".", "-f", "json", "--jobs", "2"], { cwd: dir, env });
  const warm = crdlint(["lint", ".", "-f", "json", "--jobs", "2"], { cwd: dir, env });
  assert.equal(one.status, 1, one.stderr);
  assert.equal(cold.stdout, one.stdout);
  assert.equal(warm.stdout, one.stdout);
  assert.equal(entries(join(dir, ".cache")).length, 24);
});

test("the library lints without a cache unless asked, and checks the option", async () => {
  const dir = project();
  const cache = join(dir, ".cache");
  const plain = await lint(["."], { cwd: dir });
  assert.throws(() => readdirSync(cache));
  const cached = await lint(["."], { cwd: dir, cache: { dir: cache, version: "test" } });
  assert.deepEqual(cached, plain);
  assert.equal(entries(cache).length, 4);
  assert.deepEqual(await lint(["."], { cwd: dir, cache: { dir: cache, version: "test" } }), plain);
  await assert.rejects(lint(["."], { cwd: dir, cache: { dir: cache } }), {
    message: /^cache: expected false or an object with a string dir and a string version, got object$/,
  });
});

test("a cache directory that cannot be made costs only the cache: same report, no error, no hang", () => {
  const dir = project();
  writeFileSync(join(dir, "a-file"), "");
  const none = crdlint(["lint", ".", "-f", "json", "--no-cache"], { cwd: dir });
  // Under a file; and under /proc, where Node's recursive mkdir never returns (it spun lint forever).
  for (const cache of [
    join(dir, "a-file", "cache"),
    ...(process.platform === "linux" ? ["/proc/no-such/cache"] : []),
  ]) {
    const r = crdlint(["lint", ".", "-f", "json"], { cwd: dir, env: { CRDLINT_CACHE_DIR: cache }, timeout: 60_000 });
    assert.equal(r.signal, null, `${cache}: killed`);
    assert.equal(r.stderr, "");
    assert.equal(r.status, none.status);
    assert.equal(r.stdout, none.stdout);
  }
  if (process.platform === "linux") {
    const r = crdlint(["lint", ".", "-o", "/proc/no-such/report.txt"], { cwd: dir, timeout: 60_000 });
    assert.equal(r.signal, null, "--output-file under /proc: killed");
    assert.equal(r.status, 2);
    assert.match(r.stderr, /^crdlint: cannot write --output-file \/proc\/no-such\/report\.txt: ENOENT[^\n]*\n$/);
  }
});

test("the cache does not grow without end: entries not written or read for 30 days go, at most once a day", () => {
  const dir = project();
  const cache = join(dir, ".cache");
  const env = { CRDLINT_CACHE_DIR: cache };
  const lint = () => crdlint(["lint", ".", "-f", "json"], { cwd: dir, env });
  lint();
  const filed = entries(cache);
  assert.equal(filed.length, 4);
  const days = (n) => new Date(Date.now() - n * 24 * 3600 * 1000);
  // Another build's entry and a temporary file a stopped run left, both old; and what is not the cache's.
  const prefix = join(cache, "lint-file", "ab");
  mkdirSync(prefix, { recursive: true });
  const stale = join(prefix, `${"c".repeat(62)}.json`);
  const leftover = join(prefix, `${"d".repeat(62)}.json.123.x1y2.tmp`);
  const foreign = [join(prefix, "notes.json"), join(cache, "lint-file", "other", `${"e".repeat(62)}.json`)];
  mkdirSync(join(cache, "lint-file", "other"));
  for (const f of [stale, leftover, ...foreign]) {
    writeFileSync(f, "{}");
    utimesSync(f, days(40), days(40));
  }
  // An entry read on every run (its file unchanged) is kept however old it was written.
  utimesSync(filed[0], days(40), days(40));
  const first = lint();
  assert.equal(first.status, 1, first.stderr);
  assert.ok(!existsSync(stale) && !existsSync(leftover), "the old entry and the leftover are removed");
  assert.ok(
    foreign.every((f) => existsSync(f)),
    "nothing the cache did not name is removed",
  );
  assert.deepEqual(
    entries(cache).filter((f) => !foreign.includes(f)),
    filed,
  );
  assert.ok(Date.now() - statSync(filed[0]).mtimeMs < 3600e3, "an entry read is marked as used");
  // Once a day: a second run the same day leaves an old entry be.
  writeFileSync(stale, "{}");
  utimesSync(stale, days(40), days(40));
  lint();
  assert.ok(existsSync(stale));
});
