// bench/release-floors.mjs: each CRD's accepting releases by crdlint and by the oracle. The usage errors need nothing;
// the comparison runs at the releases whose oracle binary is built (skipped otherwise) on fixtures/names, whose CRDs
// the apiserver accepts (clean.yaml) or refuses (most of the others) the same way at every release.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { root } from "../helpers/cli.mjs";
import { BUILDABLE_RELEASES, oracleBinary } from "./client.mjs";

const script = join(root, "bench", "release-floors.mjs");
const run = (...args) => spawnSync(process.execPath, [script, ...args], { cwd: root, encoding: "utf8" });

test("release-floors: usage errors exit 2 with one line", () => {
  const none = run();
  assert.equal(none.status, 2);
  assert.equal(none.stderr, "release-floors: usage: node bench/release-floors.mjs [--release R]... [--json] <dir|file>...\n");
  const unknown = run("--release", "1.27", "fixtures/names");
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /^release-floors: unknown release 1\.27 \(the oracle can be built for 1\.37, .*1\.28\)\n$/);
  const missing = run("no/such/dir");
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /no such file or directory/);
});

const built = BUILDABLE_RELEASES.filter((r) => existsSync(oracleBinary(root, r)));
test(
  "release-floors: crdlint and the oracle agree on fixtures/names at every built release",
  { skip: built.length ? false : "no oracle binary (node scripts/build-oracle.mjs)" },
  () => {
    const r = run("--json", ...built.flatMap((b) => ["--release", b]), "fixtures/names");
    assert.equal(r.status, 0, r.stdout + r.stderr);
    const out = JSON.parse(r.stdout);
    assert.deepEqual(out.missing, []);
    assert.deepEqual(out.releases, [...built].sort((a, b) => Number(a.split(".")[1]) - Number(b.split(".")[1])));
    assert.ok(out.rows.length >= 3, `CRDs: ${out.rows.map((row) => row.name).join(", ")}`);
    // The clean fixture's CRDs are accepted at every release, others nowhere, by both sides alike.
    const clean = out.rows.filter((row) => row.name.includes("clean.yaml#"));
    assert.ok(clean.length >= 1);
    for (const row of clean) assert.deepEqual([row.crdlint, row.oracle], [out.releases, out.releases], row.name);
    assert.ok(out.rows.some((row) => row.oracle.length === 0 && row.crdlint.length === 0));
    for (const row of out.rows) assert.deepEqual(row.disagreements, [], row.name);
  },
);
