// The layer order (cli -> commands -> engine -> config/report -> rules -> values -> cel -> crd -> load -> k8s -> diagnostics)
// is enforced by scripts/check-layers.mjs; this runs it with the suite, and checks that it can fail.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, mkdirSync, writeFileSync, cpSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { spawnSync } from "node:child_process";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const script = join(root, "scripts", "check-layers.mjs");

test("every relative import in src/ points down the layer order", () => {
  const r = spawnSync(process.execPath, [script], { encoding: "utf8" });
  assert.equal(r.stderr, "");
  assert.equal(r.status, 0);
});

test("the check names an upward import and a sideways rule-category import", () => {
  const dir = mkdtempSync(join(tmpdir(), "crdlint-layers-"));
  try {
    mkdirSync(join(dir, "scripts"));
    cpSync(script, join(dir, "scripts", "check-layers.mjs"));
    for (const d of ["src/k8s", "src/values", "src/rules/a", "src/rules/b"]) mkdirSync(join(dir, d), { recursive: true });
    writeFileSync(join(dir, "src/values/go.ts"), "export const x = 1;\n");
    writeFileSync(join(dir, "src/k8s/objectmeta.ts"), 'import { x } from "../values/go.js";\nexport const y = x;\n');
    writeFileSync(join(dir, "src/rules/b/shared.ts"), "export const z = 1;\n");
    writeFileSync(join(dir, "src/rules/a/rule.ts"), 'import { z } from "../b/shared.js";\nexport default z;\n');
    const r = spawnSync(process.execPath, [join(dir, "scripts", "check-layers.mjs")], { encoding: "utf8" });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /src\/k8s\/objectmeta\.ts imports \.\.\/values\/go\.js: k8s may not import values \(upward\)/);
    assert.match(r.stderr, /src\/rules\/a\/rule\.ts imports \.\.\/b\/shared\.js: rule category a imports category b/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
