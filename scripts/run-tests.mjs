// Runs every test/**/*.test.mjs with Node's built-in test runner (Node 20 has no glob support in --test), several
// files at a time, with the dot reporter on the terminal (a dot a test, the failures in full at the end). Node's TAP
// output goes to a temporary file, from which the tests skipped and why (a tool that is absent, no corpus) and
// Node's summary lines (`# tests`, `# pass`, `# fail`, ...) are printed last, as Node wrote them.
//   CRDLINT_TEST_CONCURRENCY=n  files run at once (default: one more than the cores: a file waiting on npm, git or
//                               a child crdlint leaves its core to the others)
//   node scripts/run-tests.mjs test/cli/main.test.mjs ...   only these files
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";

// The slowest files start first, so that none of them is left running alone at the end (measured: each of these
// takes 10 s or more on 2 cores; pre-commit and package install crdlint with npm; code-style type-checks src/ for ESLint).
const SLOW_FIRST = [
  "test/e2e/readme-integrations.test.mjs",
  "test/repo/pre-commit.test.mjs",
  "test/repo/package.test.mjs",
  "test/load/fast-load.test.mjs",
  "test/engine/robustness.test.mjs",
  "test/engine/parallel.test.mjs",
  "test/cli/linter-habits.test.mjs",
  "test/rules/cases.test.mjs",
  "test/commands/lint/corpus.test.mjs",
  "test/rules/fixtures.test.mjs",
  "test/repo/code-style.test.mjs",
];

function find(dir, out) {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) find(p, out);
    else if (name.endsWith(".test.mjs")) out.push(p);
  }
  return out;
}

const given = process.argv.slice(2);
const all = given.length ? given : find("test", []);
const files = [...SLOW_FIRST.filter((f) => all.includes(f)), ...all.filter((f) => !SLOW_FIRST.includes(f))];
const concurrency = Number(process.env.CRDLINT_TEST_CONCURRENCY) || availableParallelism() + 1;

const dir = mkdtempSync(join(tmpdir(), "crdlint-tests-"));
const tap = join(dir, "tests.tap");
let status;
try {
  const r = spawnSync(
    process.execPath,
    [
      "--test",
      `--test-concurrency=${concurrency}`,
      "--test-reporter=dot",
      "--test-reporter-destination=stdout",
      "--test-reporter=tap",
      `--test-reporter-destination=${tap}`,
      ...files,
    ],
    // crdlint's cache (validate's, src/load/content-cache.ts) goes to this run's directory, not the user's.
    {
      stdio: "inherit",
      env: { ...process.env, CRDLINT_CACHE_DIR: process.env.CRDLINT_CACHE_DIR ?? join(dir, "cache") },
    },
  );
  status = r.status ?? 1;
  let lines = [];
  try {
    lines = readFileSync(tap, "utf8").split("\n");
  } catch {
    /* the runner did not start: its error is on stderr already */
  }
  // `ok 3 - name # SKIP reason`, at any depth: a test that could not run here says so.
  const skipped = lines
    .map((l) => /^\s*ok \d+ - (.*) # SKIP(?: (.*))?$/.exec(l))
    .filter((m) => m && m[2] !== "test name does not match pattern");
  if (skipped.length) {
    console.log(`\nskipped (${skipped.length}):`);
    for (const m of skipped) console.log(`  ${m[1]}${m[2] ? `: ${m[2]}` : ""}`);
  }
  // Where each failure is (the dot reporter names the test, not its file): `not ok 3 - name`, then its `location:`.
  const failed = [];
  lines.forEach((l, i) => {
    const m = /^(\s*)not ok \d+ - (.*?)(?: # (?:TODO|SKIP).*)?$/.exec(l);
    if (!m || / # TODO/.test(l)) return;
    const at = lines
      .slice(i + 1, i + 12)
      .map((x) => /^\s*location: '(.*)'$/.exec(x))
      .find(Boolean);
    failed.push(`  ${m[2]}${at ? `  (${at[1].replace(process.cwd() + "/", "")})` : ""}`);
  });
  if (failed.length) console.log(`\nfailed (${failed.length}):\n${failed.join("\n")}`);
  // Node's closing summary, as its TAP reporter printed it (CI's log reader reads these lines).
  const summary = lines.filter((l) => /^# (tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) /.test(l));
  if (summary.length) console.log("\n" + summary.join("\n"));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
