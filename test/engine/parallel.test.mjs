// Parallel lint (src/engine/parallel.ts): many files go to worker threads, and the report is the same byte for byte
// as on one thread; small inputs, stdin and --jobs 1 stay on one thread; failures read as they do on one thread.
// Which threads ran is read from V8's coverage, which Node writes once per thread.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crdlint, root } from "../helpers/cli.mjs";
import { lint } from "../../dist/index.js";
import { MIN_PARALLEL_BYTES, planWorkers, lintOnWorkers } from "../../dist/engine/parallel.js";
import { makeLinter } from "../../dist/engine/files.js";
import { lintEach } from "../../dist/engine/lint-file.js";
import { serveLintWorker } from "../../dist/engine/lint-worker.js";
import { expandInputs } from "../../dist/load/files.js";
import { allRules } from "../../dist/rules/index.js";
import { defineRule } from "../../dist/rules/define-rule.js";

function bytesUnder(dir) {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true }))
    n += e.isDirectory() ? bytesUnder(join(dir, e.name)) : statSync(join(dir, e.name)).size;
  return n;
}

/**
 * A directory with enough copies of the fixtures to go parallel (each copy in its own folder: the paths differ).
 * Without the one fixture that evaluates CEL defaults up to the apiserver's budget: it takes more CPU than all the
 * others together, and every test here lints the copies several times (test/rules/fixtures.test.mjs lints it).
 */
const shared = mkdtempSync(join(tmpdir(), "crdlint-par-"));
after(() => rmSync(shared, { recursive: true, force: true }));
{
  const fixtures = join(root, "fixtures");
  const slow = join(fixtures, "defaults", "cel-budget");
  const filter = (src) => !src.startsWith(slow);
  const copies = Math.ceil((MIN_PARALLEL_BYTES * 1.5) / bytesUnder(fixtures));
  for (let i = 0; i < copies; i++)
    cpSync(fixtures, join(shared, `copy-${String(i).padStart(2, "0")}`), { recursive: true, filter });
}

/** Runs the CLI with V8 coverage on; returns its result and the number of threads that ran JavaScript. */
function withThreads(args, opts = {}) {
  const cov = mkdtempSync(join(tmpdir(), "crdlint-cov-"));
  try {
    const r = crdlint(args, { ...opts, env: { NODE_V8_COVERAGE: cov } });
    return { ...r, threads: readdirSync(cov).length };
  } finally {
    rmSync(cov, { recursive: true, force: true });
  }
}

test("--jobs 2 and 3 give the report of --jobs 1, byte for byte, from worker threads", (t) => {
  const dir = shared;
  // Without the cache, which would answer for the files an earlier run linted (fewer files left for the threads).
  const one = withThreads(["lint", "--format", "json", "--jobs", "1", "--no-cache", dir]);
  assert.equal(one.threads, 1);
  assert.ok(one.json.summary.files > 100, "many files");
  for (const jobs of ["2", "3"]) {
    const many = withThreads(["lint", "--format", "json", "--jobs", jobs, "--no-cache", dir]);
    assert.equal(many.threads, Number(jobs), `${jobs} threads ran`);
    assert.equal(many.status, one.status);
    assert.equal(many.stdout, one.stdout);
    assert.equal(many.stderr, one.stderr);
  }
  const text1 = crdlint(["lint", "--jobs", "1", dir]);
  const text2 = crdlint(["lint", "--jobs", "2", dir]);
  assert.equal(text2.stdout, text1.stdout);
  assert.equal(text2.status, text1.status);
});

test("small inputs stay on one thread whatever --jobs says", () => {
  const r = withThreads(["lint", "--format", "json", "--jobs", "4", "fixtures/examples"]);
  assert.equal(r.threads, 1);
  assert.equal(r.json.summary.files, 4);
});

test(
  "an unreadable file stops a parallel run with the same one-line error as on one thread",
  { skip: process.platform !== "linux" && "needs /proc/self/mem (a file every read of fails)" },
  (t) => {
    const dir = shared;
    const one = crdlint(["lint", "--jobs", "1", dir, "/proc/self/mem", "fixtures/examples"]);
    const two = withThreads(["lint", "--jobs", "2", "--no-cache", dir, "/proc/self/mem", "fixtures/examples"]);
    assert.equal(two.threads, 2);
    assert.equal(one.status, 2);
    assert.equal(two.status, 2);
    assert.equal(one.stdout, "");
    assert.equal(two.stdout, "");
    assert.equal(one.stderr, "crdlint: cannot read /proc/self/mem: EIO: i/o error, read\n");
    assert.equal(two.stderr, one.stderr);
  },
);

test("--jobs takes a whole number >= 1", () => {
  for (const bad of ["0", "-1", "1.5", "two"]) {
    const r = crdlint(["lint", "--jobs", bad, "fixtures/examples"]);
    assert.equal(r.status, 2, bad);
    assert.equal(r.stderr, `crdlint: --jobs: expected a whole number >= 1, got "${bad}"\n`);
  }
});

test("the library lints on workers too when asked (jobs), with the same result", async (t) => {
  const dir = shared;
  const one = await lint([dir], { jobs: 1 });
  const two = await lint([dir], { jobs: 2 });
  assert.deepEqual(two, one);
  const linter = await makeLinter(allRules, {});
  const { files } = await expandInputs([dir], { cwd: root });
  assert.equal((await planWorkers(linter, files, { jobs: 2 })).workers, 2);
});

test("what stays on one thread: jobs 1 (the library's default), stdin, one file, a small input, a rule of one's own", async (t) => {
  const dir = mkdtempSync(join(tmpdir(), "crdlint-par-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(join(root, "fixtures"), join(dir, "copy-00"), { recursive: true });
  const small = [
    join(dir, "copy-00", "examples", "crontab.yaml"),
    join(dir, "copy-00", "examples", "widgets-broken.yaml"),
  ];
  // Paths as lintFilesWith passes them: files, after expansion. Sizes make a plan only when they add up.
  const linter = await makeLinter(allRules, {});
  const files = readdirSync(join(dir, "copy-00", "structural")).map((f) => join(dir, "copy-00", "structural", f));
  const huge = join(dir, "huge.yaml");
  writeFileSync(huge, "# padding\n".repeat(Math.ceil(MIN_PARALLEL_BYTES / 10)));
  assert.equal((await planWorkers(linter, [huge, ...files], { jobs: 2 })).workers, 2);
  assert.equal((await planWorkers(linter, [huge, ...files], {})).workers, 0, "the library's default is one thread");
  assert.equal((await planWorkers(linter, [huge, ...files], { jobs: 1 })).workers, 0);
  assert.equal((await planWorkers(linter, [huge, "-"], { jobs: 2 })).workers, 0, "stdin");
  assert.equal((await planWorkers(linter, [huge], { jobs: 2 })).workers, 0, "one file");
  assert.equal((await planWorkers(linter, small, { jobs: 2 })).workers, 0, "small input");
  const own = defineRule({
    id: "test-own-rule",
    category: "names",
    severity: "info",
    apiserver: false,
    phase: "crd",
    description: "a rule that is not in the registry",
    check() {},
  });
  const custom = await makeLinter([...allRules, own], {});
  assert.equal(
    (await planWorkers(custom, [huge, ...files], { jobs: 2 })).workers,
    0,
    "a worker could not rebuild this linter",
  );
});

test("a worker takes files from the shared queue until it is empty, with the outcomes of this thread", async () => {
  const queue = [
    { index: 3, file: "fixtures/examples/widgets-broken.yaml" },
    { index: 0, file: "/no/such/file.yaml" },
    { index: 7, file: "fixtures/examples/crontab.yaml" },
  ];
  const next = new Int32Array(new SharedArrayBuffer(4));
  next[0] = 1; // another thread took the first file
  const sent = [];
  const options = { kubernetesVersion: "1.30", maxFileSizeBytes: 1 << 20, cwd: root };
  await serveLintWorker(
    { postMessage: (m) => sent.push(m) },
    { crdlintLintWorker: true, ruleIds: allRules.map((r) => r.id), options, queue, next },
  );
  assert.equal(next[0], 4);
  const here = await makeLinter(allRules, options);
  // The same files linted on this thread, one at a time.
  const lintFile = async (linter, file, opts) => {
    let outcome;
    let given = false;
    await lintEach(
      linter,
      () => (given ? undefined : ((given = true), { key: 0, file })),
      opts,
      (_, o) => (outcome = o),
    );
    return outcome;
  };
  assert.deepEqual(sent, [
    { index: 0, outcome: await lintFile(here, "/no/such/file.yaml", options) },
    { index: 7, outcome: await lintFile(here, "fixtures/examples/crontab.yaml", options) },
    { done: true },
  ]);
  assert.equal(sent[0].outcome.kind, "unreadable");
});

test("a worker that cannot build its engine fails the run with its error", async (t) => {
  const dir = shared;
  const real = await makeLinter(allRules, {});
  // A linter whose target release the worker refuses: the worker's engine fails to build.
  const broken = {
    rules: real.rules,
    minor: 99,
    replicable: true,
    lintText: (...a) => real.lintText(...a),
    fileDiagnostic: (...a) => real.fileDiagnostic(...a),
  };
  const files = readdirSync(join(dir, "copy-00", "structural")).map((f) => join(dir, "copy-00", "structural", f));
  await assert.rejects(
    lintOnWorkers(broken, files, {}, { workers: 2, sizes: files.map(() => 1) }),
    /unsupported Kubernetes version "1\.99"/,
  );
});
