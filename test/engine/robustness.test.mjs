// Robustness: crdlint never throws, never hangs and always answers with a report (or, on the command line,
// a one-line error and exit 2), whatever it reads. Property-based (fast-check, fixed seed: reproducible) over
// mutated fixture CRDs, mutated YAML text and random YAML, in-process through the library for volume, and
// through the CLI for fewer cases; plus the fixed hostile inputs docs/reliability.md lists.
// CRDLINT_FUZZ_SEED and CRDLINT_FUZZ_RUNS (a multiplier) change the seed and the volume.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import fc from "fast-check";
import { root, bin } from "../helpers/cli.mjs";
import * as fuzz from "../helpers/fuzz.mjs";
import * as api from "../../dist/index.js";

const SEED = Number(process.env.CRDLINT_FUZZ_SEED ?? 20261123);
const SCALE = Number(process.env.CRDLINT_FUZZ_RUNS ?? 1);
/** Per input, in-process: generous, since CI shares 2 cores between test files; a typical input takes < 50 ms. */
const BOUND_MS = 5000;
/** With no word from the worker for this long, an input has hung crdlint: the worker is stopped. */
const HANG_MS = 30_000;
const reproduce = `(reproduce with CRDLINT_FUZZ_SEED=${SEED})`;

function runProperty(property, numRuns) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("../helpers/fuzz-worker.mjs", import.meta.url), {
      workerData: { property, seed: SEED, numRuns: Math.round(numRuns * SCALE), boundMs: BOUND_MS },
    });
    let last = null;
    let timer;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        void worker.terminate();
        reject(
          new Error(`${property}: input #${last?.n} did not finish within ${HANG_MS} ms ${reproduce}:\n${last?.text}`),
        );
      }, HANG_MS);
    };
    arm();
    worker.on("message", (m) => {
      if (m.type === "input") {
        last = m;
        arm();
      } else {
        clearTimeout(timer);
        void worker.terminate();
        resolve(m);
      }
    });
    worker.on("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
}

for (const [property, runs] of [
  ["mutated CRDs", 200],
  ["CEL rules", 150],
  ["mutated YAML text", 200],
  ["random YAML", 250],
]) {
  test(`library: ${property} always get a well-formed report in bounded time`, { timeout: 300_000 }, async (t) => {
    const r = await runProperty(property, runs);
    t.diagnostic(`${r.runs} inputs, slowest ${r.slowest} ms`);
    assert.equal(r.failed, false, `${r.report}\n${reproduce}`);
  });
}

test(
  "library: every hostile input of docs/reliability.md gets a report in bounded time, with the findings it promises",
  { timeout: 300_000 },
  async () => {
    for (const h of fuzz.hostileInputs) {
      const t0 = performance.now();
      const result = await api.lintText(h.text, { file: "hostile.yaml" });
      const ms = performance.now() - t0;
      assert.ok(ms < BOUND_MS * 2, `${h.name}: ${Math.round(ms)} ms`);
      assert.doesNotThrow(() => fuzz.checkReport(result), h.name);
      const found = new Set(result.diagnostics.map((d) => d.rule));
      for (const rule of h.rules)
        assert.ok(found.has(rule), `${h.name}: expected ${rule}, got ${[...found].join(", ") || "nothing"}`);
      if (h.message)
        assert.ok(
          result.diagnostics.some((d) => h.message.test(d.message)),
          `${h.name}: no message matches ${h.message}`,
        );
    }
  },
);

test("docs/reliability.md names every hostile input", () => {
  const section = readFileSync(join(root, "docs", "reliability.md"), "utf8").replace(/`/g, "");
  for (const h of fuzz.hostileInputs) assert.ok(section.includes(h.name), `docs/reliability.md lists "${h.name}"`);
});

/** Runs the CLI on stdin; resolves with what a user would see. */
function cli(args, input) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd: root, env: { ...process.env, NO_COLOR: "1" } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), HANG_MS);
    child.on("close", (status, signal) => {
      clearTimeout(timer);
      resolve({ status, signal, stdout, stderr });
    });
    child.stdin.on("error", () => {});
    child.stdin.end(input);
  });
}

/** The CLI's answer: exit 0 or 1 with the JSON report, or exit 2 with one line on stderr; never a stack trace. */
function assertCliAnswer(r, what) {
  assert.equal(r.signal, null, `${what}: killed (${r.signal}) after ${HANG_MS} ms`);
  assert.doesNotMatch(r.stderr, /\n\s+at /, `${what}: stack trace on stderr`);
  if (r.status === 2) {
    // crdlint's own one-line error, or commander's for bad arguments (the error, then where to find usage).
    assert.match(
      r.stderr,
      /^(crdlint: [^\n]+|error: [^\n]+\n\(run crdlint --help for usage\))\n$/,
      `${what}: exit 2 with one line`,
    );
    return;
  }
  assert.ok(r.status === 0 || r.status === 1, `${what}: exit ${r.status}\n${r.stderr}`);
  assert.equal(r.stderr, "", `${what}: nothing on stderr`);
  const report = JSON.parse(r.stdout);
  assert.ok(Array.isArray(report.diagnostics), what);
  assert.ok(!report.diagnostics.some((d) => d.rule === "internal-error"), `${what}: a rule crashed`);
  assert.equal(r.status, report.summary.errors > 0 ? 1 : 0, `${what}: exit code follows the errors`);
}

async function inPairs(items, fn) {
  for (let i = 0; i < items.length; i += 2) await Promise.all(items.slice(i, i + 2).map(fn));
}

test(
  "CLI: generated inputs get a JSON report (exit 0/1) or a one-line error (exit 2)",
  { timeout: 300_000 },
  async () => {
    const count = Math.max(1, Math.round(4 * SCALE));
    const inputs = [fuzz.mutatedCrd, fuzz.mutatedText, fuzz.randomYaml].flatMap((a, i) =>
      fc.sample(a, { seed: SEED + i, numRuns: count }),
    );
    await inPairs(inputs, async (text) =>
      assertCliAnswer(
        await cli(["lint", "-f", "json", "-"], text),
        `input ${JSON.stringify(text.slice(0, 300))} ${reproduce}`,
      ),
    );
    // `crdlint cost` shares the pipeline and adds its own report: a JSON report whose exit code follows the budget.
    const crds = fc.sample(fuzz.mutatedCrd, { seed: SEED + 3, numRuns: Math.max(1, Math.round(2 * SCALE)) });
    await inPairs(crds, async (text) => {
      const r = await cli(["cost", "-f", "json", "-"], text);
      assert.equal(r.signal, null);
      assert.doesNotMatch(r.stderr, /\n\s+at /);
      assert.ok(r.status === 0 || r.status === 1, `cost: exit ${r.status}: ${r.stderr} ${reproduce}`);
      assert.ok(Array.isArray(JSON.parse(r.stdout).expressions));
    });
  },
);

test("CLI: hostile inputs and hostile arguments", { timeout: 300_000 }, async () => {
  const picked = fuzz.hostileInputs.filter((h) =>
    /alias bomb|binary|nested flow|__proto__|1 MB line|catastrophic|complex/.test(h.name),
  );
  await inPairs(picked, async (h) => assertCliAnswer(await cli(["lint", "-f", "json", "-"], h.text), h.name));
  for (const args of [
    ["lint", "-k", "1.x", "-"],
    ["lint", "--max-file-size", "-1", "-"],
    ["lint", "--max-warnings", "many", "-"],
    ["lint", "-f", "xml", "-"],
    ["lint", "--config", "/no/such/config.yaml", "-"],
    ["lint", "/no/such/file.yaml"],
    ["cost", "-f", "sarif", "-"],
    ["--no-such-option"],
  ]) {
    const r = await cli(args, "");
    assert.equal(r.status, 2, `${args.join(" ")}: exit ${r.status}`);
    assertCliAnswer(r, args.join(" "));
  }
});

test(
  "CLI: hostile file systems and configuration files: an endless device, symlink loops, dangling links, a directory named .yaml",
  { timeout: 120_000 },
  async (t) => {
    if (existsSync("/dev/zero")) {
      const zero = await cli(["lint", "-f", "json", "--max-file-size", "1MiB", "/dev/zero"], "");
      assertCliAnswer(zero, "/dev/zero");
      assert.deepEqual(
        JSON.parse(zero.stdout).diagnostics.map((d) => [d.rule, d.message]),
        [["size-file-too-large", "input is over the 1 MiB limit (--max-file-size); not parsed"]],
      );
    }
    const dir = mkdtempSync(join(tmpdir(), "crdlint-fs-"));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    mkdirSync(join(dir, "crds", "sub", "dir.yaml"), { recursive: true });
    symlinkSync("..", join(dir, "crds", "sub", "loop"));
    symlinkSync(join(dir, "nowhere.yaml"), join(dir, "crds", "dangling.yaml"));
    cpSync(join(root, "fixtures", "examples", "crontab.yaml"), join(dir, "crds", "crontab.yaml"));
    const r = await cli(["lint", "-f", "json", join(dir, "crds")], "");
    assertCliAnswer(r, "a directory with a symlink loop and a dangling link");
    assert.equal(JSON.parse(r.stdout).summary.crds, 1);
    // Hostile configuration files: a one-line error and exit 2 each.
    for (const config of [
      "? [a, b]\n: 1\n",
      "rules: {__proto__: error}\n",
      "rules: {constructor: off}\n",
      "a: &a [*a]\n",
      "kubernetesVersion: [1]\n",
      "ignore: {a: 1}\n",
      "\uFFFE\0",
    ]) {
      writeFileSync(join(dir, "config.yaml"), config);
      const c = await cli(["lint", "-c", join(dir, "config.yaml"), "-"], "");
      assert.equal(c.status, 2, `config ${JSON.stringify(config)}: exit ${c.status}`);
      assertCliAnswer(c, `config ${JSON.stringify(config)}`);
    }
  },
);
