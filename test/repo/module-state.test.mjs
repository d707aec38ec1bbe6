// No module-level mutable state in src/ (caches, counters, `let`): per-run state lives in objects the engine
// creates. scripts/check-module-state.mjs scans for it; this runs it with the suite, and checks that it can fail.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, mkdirSync, writeFileSync, cpSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { spawnSync } from "node:child_process";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const script = join(root, "scripts", "check-module-state.mjs");

test("no module in src/ holds mutable state", () => {
  const r = spawnSync(process.execPath, [script], { encoding: "utf8" });
  assert.equal(r.stderr, "");
  assert.equal(r.status, 0);
});

test("the check names a module-level let, a mutated cache, and a mutation through an import", () => {
  const dir = mkdtempSync(join(tmpdir(), "crdlint-module-state-"));
  try {
    mkdirSync(join(dir, "scripts"));
    cpSync(script, join(dir, "scripts", "check-module-state.mjs"));
    mkdirSync(join(dir, "src/k8s"), { recursive: true });
    mkdirSync(join(dir, "src/values"), { recursive: true });
    writeFileSync(
      join(dir, "src/k8s/counter.ts"),
      "let calls = 0;\nexport function f(): number {\n  return ++calls;\n}\n",
    );
    writeFileSync(
      join(dir, "src/k8s/re.ts"),
      'const cache = new Map<string, RegExp>();\nconst FIXED = new Set(["a", "b"]);\n' +
        "export function re(p: string): RegExp {\n  if (FIXED.has(p)) return /a/;\n  let r = cache.get(p);\n  if (!r) cache.set(p, (r = new RegExp(p)));\n  return r;\n}\n",
    );
    writeFileSync(join(dir, "src/k8s/seen.ts"), "export const SEEN: string[] = [];\n");
    writeFileSync(
      join(dir, "src/values/use.ts"),
      'import { SEEN as seen } from "../k8s/seen.js";\nexport function note(s: string): void {\n  seen.push(s);\n}\n',
    );
    // Allowed tables must still match, and nothing else of theirs slips through unlisted.
    for (const [file, name] of [
      ["core/interpreter/stdlib", "STD_FUNCTIONS"],
      ["core/ext/functions", "EXT_FUNCTIONS"],
      ["k8s/format", "FORMAT_FUNCTIONS"],
      ["k8s/lists", "LISTS_FUNCTIONS"],
    ]) {
      mkdirSync(dirname(join(dir, `src/cel/${file}.ts`)), { recursive: true });
      writeFileSync(
        join(dir, `src/cel/${file}.ts`),
        `const ${name}: Record<string, () => number> = {};\nfor (const n of ["a"]) ${name}[n] = () => 1;\n`,
      );
    }
    const r = spawnSync(process.execPath, [join(dir, "scripts", "check-module-state.mjs")], { encoding: "utf8" });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /src\/k8s\/counter\.ts:1: module-level `let calls`/);
    assert.match(r.stderr, /src\/k8s\/re\.ts:6: mutates module-level `cache` \(src\/k8s\/re\.ts\): cache\.set\(/);
    assert.match(r.stderr, /src\/values\/use\.ts:3: mutates module-level `SEEN` \(src\/k8s\/seen\.ts\): seen\.push\(/);
    assert.doesNotMatch(r.stderr, /FIXED|FUNCTIONS/);
    assert.match(r.stderr, /check-module-state: 3 instance\(s\)/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
