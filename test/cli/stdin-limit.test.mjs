// Standard input is bounded by --max-file-size as files are: `crdlint lint - < /dev/zero` (and cost, validate,
// `--crd -`, `--old -`) stops reading past the limit and says so, promptly, instead of reading forever; NUL bytes
// on standard input are a diagnostic. Through the CLI, with a time bound: a hang fails the test, it does not stall it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { closeSync, existsSync, mkdtempSync, openSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { bin, crdlint, root } from "../helpers/cli.mjs";
import * as api from "../../dist/index.js";

/** Far above what reading 32 MiB takes (~0.1 s) even on 2 shared cores; an unbounded read never ends. */
const TIMEOUT_MS = 60_000;
const OVER_64K = "input is over the 64 KiB limit (--max-file-size); not parsed";
const BINARY = "input is binary (contains NUL bytes), not YAML or JSON";
const CRONTAB = join(root, "fixtures", "examples", "crontab.yaml");
const hasZero = existsSync("/dev/zero");
const skipZero = hasZero ? false : "no /dev/zero on this system";

/** The CLI with /dev/zero as standard input, killed after TIMEOUT_MS. */
function fromZero(args, options = {}) {
  const fd = openSync("/dev/zero", "r");
  try {
    return crdlint(args, { ...options, stdin: fd, timeout: TIMEOUT_MS });
  } finally {
    closeSync(fd);
  }
}

function assertEnded(r, what) {
  assert.equal(r.signal, null, `${what}: still reading standard input after ${TIMEOUT_MS} ms`);
  assert.doesNotMatch(r.stderr, /\n\s+at /, `${what}: stack trace`);
}

const ruleAndMessage = (diagnostics) =>
  diagnostics.map((d) => [d.file, d.rule, d.severity, d.line, d.column, d.message]);

function tempDir(t) {
  const dir = mkdtempSync(join(tmpdir(), "crdlint-stdin-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

test(
  "lint - < /dev/zero: size-file-too-large at the limit, exit 1, and --stdin-filename names it",
  { skip: skipZero, timeout: 3 * TIMEOUT_MS },
  () => {
    const r = fromZero(["lint", "-f", "json", "--max-file-size", "64KiB", "-"]);
    assertEnded(r, "lint -");
    assert.equal(r.status, 1, r.stderr);
    assert.equal(r.stderr, "");
    assert.deepEqual(ruleAndMessage(r.json.diagnostics), [["-", "size-file-too-large", "error", 1, 1, OVER_64K]]);
    assert.equal(r.json.summary.files, 1);

    // No path with --stdin-filename reads standard input too; the text format says the same.
    const named = fromZero(["lint", "--max-file-size", "64KiB", "--stdin-filename", "chart.yaml"]);
    assertEnded(named, "lint --stdin-filename");
    assert.equal(named.status, 1);
    assert.match(
      named.stdout,
      new RegExp(`^chart\\.yaml\\n  1:1 +error +${OVER_64K.replace(/[()]/g, "\\$&")}  size-file-too-large\\n`),
    );
  },
);

test("lint - < /dev/zero with the default limit (32 MiB) ends too", { skip: skipZero, timeout: 3 * TIMEOUT_MS }, () => {
  const r = fromZero(["lint", "-f", "json", "-"]);
  assertEnded(r, "lint - (default limit)");
  assert.equal(r.status, 1);
  assert.deepEqual(ruleAndMessage(r.json.diagnostics), [
    ["-", "size-file-too-large", "error", 1, 1, "input is over the 32 MiB limit (--max-file-size); not parsed"],
  ]);
});

test(
  "cost - < /dev/zero: the input it could not read is listed (JSON and text), exit 1",
  { skip: skipZero, timeout: 3 * TIMEOUT_MS },
  () => {
    const r = fromZero(["cost", "-f", "json", "--max-file-size", "64KiB", "-"]);
    assertEnded(r, "cost -");
    assert.equal(r.status, 1, r.stderr);
    assert.deepEqual(r.json.expressions, []);
    assert.deepEqual(ruleAndMessage(r.json.diagnostics), [["-", "size-file-too-large", "error", 1, 1, OVER_64K]]);
    const text = fromZero(["cost", "--max-file-size", "64KiB", "-"]);
    assertEnded(text, "cost - (text)");
    assert.equal(text.status, 1);
    assert.match(
      text.stdout,
      /^-:1:1  error  input is over the 64 KiB limit \(--max-file-size\); not parsed  size-file-too-large\n\n0 expressions/,
    );
  },
);

test(
  "validate < /dev/zero (no path: standard input), validate --crd -, validate --old -",
  { skip: skipZero, timeout: 5 * TIMEOUT_MS },
  (t) => {
    const r = fromZero(["validate", "-f", "json", "--max-file-size", "64KiB"]);
    assertEnded(r, "validate");
    assert.equal(r.status, 1, r.stderr);
    assert.deepEqual(ruleAndMessage(r.json.diagnostics), [["-", "size-file-too-large", "error", 1, 1, OVER_64K]]);
    assert.equal(r.json.summary.files, 1);

    const dir = tempDir(t);
    writeFileSync(join(dir, "cr.yaml"), "apiVersion: stable.example.com/v1\nkind: CronTab\nmetadata:\n  name: a\n");
    // The CRDs on standard input are not read, so the resource's kind is not known: both are said.
    const crd = fromZero(["validate", "-f", "json", "--max-file-size", "64KiB", "--crd", "-", "cr.yaml"], { cwd: dir });
    assertEnded(crd, "validate --crd -");
    assert.equal(crd.status, 1, crd.stderr);
    assert.deepEqual(
      crd.json.diagnostics.map((d) => [d.file, d.rule]),
      [
        ["-", "size-file-too-large"],
        ["cr.yaml", "resource-kind-not-found"],
      ],
    );
    assert.equal(crd.json.diagnostics[0].message, OVER_64K);

    // The stored objects of an update cannot be read: crdlint cannot do its job (exit 2, one line).
    const old = fromZero(
      ["validate", "-f", "json", "--max-file-size", "64KiB", "--crd", CRONTAB, "--old", "-", "cr.yaml"],
      { cwd: dir },
    );
    assertEnded(old, "validate --old -");
    assert.equal(old.status, 2);
    assert.equal(old.stderr, `crdlint: cannot read --old -: ${OVER_64K}\n`);
  },
);

test(
  "NUL bytes on standard input: a yaml-syntax diagnostic from lint, cost and validate",
  { timeout: 3 * TIMEOUT_MS },
  () => {
    const input = "apiVersion: v1\nkind: ConfigMap\n\0\0\0binary";
    for (const args of [
      ["lint", "-f", "json", "-"],
      ["cost", "-f", "json", "-"],
      ["validate", "-f", "json", "-"],
    ]) {
      const r = crdlint(args, { input, timeout: TIMEOUT_MS });
      assertEnded(r, args[0]);
      assert.equal(r.status, 1, `${args[0]}: ${r.stderr}`);
      assert.deepEqual(ruleAndMessage(r.json.diagnostics), [["-", "yaml-syntax", "error", 1, 1, BINARY]], args[0]);
    }
  },
);

test(
  "validate: files over --max-file-size and endless devices are reported as lint reports them",
  { timeout: 3 * TIMEOUT_MS },
  () => {
    const r = crdlint(["validate", "-f", "json", "--max-file-size", "1KiB", CRONTAB], { timeout: TIMEOUT_MS });
    assertEnded(r, "validate big file");
    assert.equal(r.status, 1, r.stderr);
    const lint = crdlint(["lint", "-f", "json", "--max-file-size", "1KiB", CRONTAB], { timeout: TIMEOUT_MS });
    assert.deepEqual(ruleAndMessage(r.json.diagnostics), ruleAndMessage(lint.json.diagnostics));
    assert.match(
      r.json.diagnostics[0].message,
      /^file is 1\.\d KiB, over the 1 KiB limit \(--max-file-size\); not parsed$/,
    );
    if (hasZero) {
      const zero = crdlint(["validate", "-f", "json", "--max-file-size", "64KiB", "/dev/zero"], {
        timeout: TIMEOUT_MS,
      });
      assertEnded(zero, "validate /dev/zero");
      assert.deepEqual(ruleAndMessage(zero.json.diagnostics), [
        ["/dev/zero", "size-file-too-large", "error", 1, 1, OVER_64K],
      ]);
    }
  },
);

test("library: a standard input reader is given the limit; one that returns more is reported with its size", async () => {
  let asked = null;
  const text = "# " + "x".repeat(2045) + "\n"; // 2 KiB
  const stdin = async (maxBytes) => {
    asked = maxBytes;
    return text;
  };
  const linted = await api.lint(["-"], { stdin, maxFileSizeBytes: 1024 });
  assert.equal(asked, 1024);
  assert.deepEqual(ruleAndMessage(linted.diagnostics), [
    ["-", "size-file-too-large", "error", 1, 1, "input is 2 KiB, over the 1 KiB limit (--max-file-size); not parsed"],
  ]);
  const validated = await api.validate(["-"], { stdin, maxFileSizeBytes: 1024 });
  assert.deepEqual(ruleAndMessage(validated.diagnostics), ruleAndMessage(linted.diagnostics));
  // Bytes from a reader are checked as bytes; within the limit they are linted as usual.
  const bytes = await api.lint(["-"], {
    stdin: async () => new TextEncoder().encode("a: b\n"),
    maxFileSizeBytes: 1024,
  });
  assert.deepEqual(bytes.diagnostics, []);
  assert.equal(bytes.summary.documents, 1);
});

test(
  "validate reads a pipe once: the CRD pass and the resource pass both see what it held",
  { timeout: 3 * TIMEOUT_MS },
  (t) => {
    const dir = tempDir(t);
    const fifo = join(dir, "manifests.yaml");
    if (spawnSync("mkfifo", [fifo]).status !== 0) return t.skip("mkfifo is not available");
    const fixture = join(root, "fixtures", "validate", "metadata");
    // A writer fills the FIFO once, as `<(helm template ...)` would; crdlint must not open it a second time for nothing.
    const r = spawnSync(
      "sh",
      [
        "-c",
        `{ cat crd.yaml; echo ---; cat resource.yaml; } > "$1" & exec "$2" "$3" validate -f json "$1"`,
        "sh",
        fifo,
        process.execPath,
        bin,
      ],
      {
        cwd: fixture,
        encoding: "utf8",
        env: { ...process.env, NO_COLOR: "1" },
        timeout: TIMEOUT_MS,
        killSignal: "SIGKILL",
      },
    );
    assertEnded(r, "validate <fifo>");
    const report = JSON.parse(r.stdout);
    const direct = crdlint(["validate", "-f", "json", "--crd", "crd.yaml", "resource.yaml"], { cwd: fixture });
    assert.equal(report.summary.crds, 1);
    assert.equal(report.summary.resources, direct.json.summary.resources);
    assert.ok(report.summary.resources > 0);
    assert.deepEqual(
      report.diagnostics.map((d) => d.rule),
      direct.json.diagnostics.map((d) => d.rule),
    );
  },
);
