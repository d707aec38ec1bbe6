// Every Kubernetes release src/ branches on is named in the release table (src/k8s/releases.ts);
// scripts/check-releases.mjs enforces it. This runs it with the suite, and checks that it can fail.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { spawnSync } from "node:child_process";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const script = join(root, "scripts", "check-releases.mjs");

function check(dir) {
  return spawnSync(process.execPath, dir === undefined ? [script] : [script, dir], { encoding: "utf8" });
}

test("every release in src/ is named in the release table", () => {
  const r = check();
  assert.equal(r.stderr, "");
  assert.equal(r.status, 0);
});

test("every behaviour of the table starts at a release crdlint knows, after the oldest", async () => {
  const {
    RELEASE_BEHAVIOURS,
    OLDEST_KUBERNETES_MINOR,
    NEWEST_KUBERNETES_MINOR,
    PRERELEASE_KUBERNETES_MINOR,
    releaseHas,
  } = await import(join(root, "dist", "k8s", "releases.js"));
  const entries = Object.entries(RELEASE_BEHAVIOURS);
  assert.ok(entries.length >= 20, `only ${entries.length} behaviours`);
  for (const [name, b] of entries) {
    // A behaviour the oldest release already has is no change: code would not branch on it.
    assert.ok(
      // The pre-release counts: its behaviours are read from its pre-release modules.
      Number.isInteger(b.since) &&
        b.since > OLDEST_KUBERNETES_MINOR &&
        (b.since <= NEWEST_KUBERNETES_MINOR || b.since === PRERELEASE_KUBERNETES_MINOR),
      `${name}: since 1.${b.since}`,
    );
    assert.ok(b.what.length > 20, `${name}: say what changes`);
    assert.equal(releaseHas(b.since - 1, name), false);
    assert.equal(releaseHas(b.since, name), true);
  }
});

test("the check names each way of writing a release, and passes the table, data and plain minors", () => {
  const dir = mkdtempSync(join(tmpdir(), "crdlint-releases-"));
  try {
    for (const d of ["src/k8s", "src/values", "src/rules/a"]) mkdirSync(join(dir, d), { recursive: true });
    writeFileSync(
      join(dir, "src/k8s/releases.ts"),
      "export const OLDEST_KUBERNETES_MINOR = 16;\nexport const ok = (minor: number) => minor >= 30;\n",
    );
    writeFileSync(
      join(dir, "src/values/bad.ts"),
      [
        "export const FOO_MINOR = 35;",
        "export function f(minor: number, ctx: { minor: number }, k: { minor: number }, version: { minor: number }, gate: { onByDefault: number }) {",
        "  const a = minor >= 30;",
        "  const b = 30 <= minor;",
        "  const c = ctx.minor > 29;",
        "  const d = k.minor >= 34;",
        "  const e = version.minor === 31;",
        "  const g = minor - 1 >= 34;",
        "  const h = (minor) < FOO_MINOR;",
        "  const i = minor >= gate.onByDefault;",
        "  switch (minor) { case 33: return 0; }",
        "  return [a, b, c, d, e, g, h, i];",
        "}",
        "class C { constructor(private options: { minor: number }) {} old() { return this.options.minor < 22; } }",
        "export const c = C;",
        "",
      ].join("\n"),
    );
    writeFileSync(
      join(dir, "src/rules/a/fine.ts"),
      [
        "// minor >= 30 in a comment, and in a string:",
        'export const s = "minor >= 30";',
        "export const meta = { minMinor: 30, maxMinor: 33 };",
        "export function f(minor: number, r: { minMinor?: number }) {",
        "  for (let m = 16; m < minor; m++) void m;",
        "  return r.minMinor === undefined || `1.${minor}`.length > 3;",
        "}",
        "",
      ].join("\n"),
    );
    const r = check(dir);
    assert.equal(r.status, 1);
    const findings = r.stderr.split("\n").filter((l) => l !== "" && !l.startsWith("check-releases:"));
    assert.deepEqual(
      findings.map((l) => l.split(": ")[0]),
      [
        "src/values/bad.ts:1",
        "src/values/bad.ts:3",
        "src/values/bad.ts:4",
        "src/values/bad.ts:5",
        "src/values/bad.ts:6",
        "src/values/bad.ts:7",
        "src/values/bad.ts:8",
        "src/values/bad.ts:9",
        "src/values/bad.ts:10",
        "src/values/bad.ts:11",
        "src/values/bad.ts:14",
      ],
    );
    assert.match(r.stderr, /src\/values\/bad\.ts:3: minor >= 30: compares a release/);
    assert.match(r.stderr, /src\/values\/bad\.ts:14: this\.options\.minor < 22: compares a release/);
    assert.match(r.stderr, /src\/values\/bad\.ts:1: FOO_MINOR = 35: a release constant/);
    assert.match(r.stderr, /check-releases: 11 release literal\(s\) outside src\/k8s\/releases\.ts/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
