// The layer order (cli -> commands -> engine -> config/report -> rules -> values -> cel -> crd -> load -> k8s -> diagnostics)
// is enforced by scripts/check-layers.mjs; this runs it with the suite, and checks that it can fail.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, mkdirSync, writeFileSync, cpSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { spawnSync } from "node:child_process";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
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
    for (const d of ["src/k8s", "src/values", "src/rules/a", "src/rules/b"])
      mkdirSync(join(dir, d), { recursive: true });
    writeFileSync(join(dir, "src/values/go.ts"), "export const x = 1;\n");
    writeFileSync(join(dir, "src/k8s/objectmeta.ts"), 'import { x } from "../values/go.js";\nexport const y = x;\n');
    writeFileSync(join(dir, "src/rules/b/shared.ts"), "export const z = 1;\n");
    writeFileSync(join(dir, "src/rules/a/rule.ts"), 'import { z } from "../b/shared.js";\nexport default z;\n');
    const r = spawnSync(process.execPath, [join(dir, "scripts", "check-layers.mjs")], { encoding: "utf8" });
    assert.equal(r.status, 1);
    assert.match(
      r.stderr,
      /src\/k8s\/objectmeta\.ts imports \.\.\/values\/go\.js: k8s may not import values \(upward\)/,
    );
    assert.match(r.stderr, /src\/rules\/a\/rule\.ts imports \.\.\/b\/shared\.js: rule category a imports category b/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the check holds CEL to its entry, its sub-layers (core -> k8s -> schema) and its few outside helpers", () => {
  const dir = mkdtempSync(join(tmpdir(), "crdlint-layers-"));
  try {
    mkdirSync(join(dir, "scripts"));
    cpSync(script, join(dir, "scripts", "check-layers.mjs"));
    for (const d of ["src/cel/core", "src/cel/k8s", "src/cel/schema", "src/rules", "src/crd", "src/k8s"])
      mkdirSync(join(dir, d), { recursive: true });
    writeFileSync(join(dir, "src/k8s/go.ts"), "export const g = 1;\n");
    writeFileSync(join(dir, "src/crd/schema.ts"), "export const s = 1;\n");
    writeFileSync(
      join(dir, "src/cel/schema/compile.ts"),
      'import { s } from "../../crd/schema.js";\nexport const c = s;\n',
    );
    writeFileSync(
      join(dir, "src/cel/k8s/cidr.ts"),
      'import { c } from "../schema/compile.js";\nimport { g } from "../../k8s/go.js";\nexport const k = c + g;\n',
    );
    writeFileSync(join(dir, "src/cel/core/checker.ts"), 'import { k } from "../k8s/cidr.js";\nexport const x = k;\n');
    writeFileSync(join(dir, "src/cel/index.ts"), 'export { c } from "./schema/compile.js";\n');
    writeFileSync(
      join(dir, "src/rules/cel-rule.ts"),
      'import type { x } from "../cel/core/checker.js";\nimport { c } from "../cel/index.js";\nexport const r: typeof x = c;\n',
    );
    const r = spawnSync(process.execPath, [join(dir, "scripts", "check-layers.mjs")], { encoding: "utf8" });
    assert.equal(r.status, 1);
    assert.match(
      r.stderr,
      /src\/cel\/core\/checker\.ts imports \.\.\/k8s\/cidr\.js: cel\/core may not import cel\/k8s \(upward\)/,
    );
    assert.match(
      r.stderr,
      /src\/cel\/k8s\/cidr\.ts imports \.\.\/schema\/compile\.js: cel\/k8s may not import cel\/schema \(upward\)/,
    );
    assert.match(
      r.stderr,
      /src\/rules\/cel-rule\.ts imports \.\.\/cel\/core\/checker\.js: outside src\/cel, import CEL from its entry src\/cel\/index\.ts only/,
    );
    assert.match(
      r.stderr,
      /src\/cel\/schema\/compile\.ts imports \.\.\/\.\.\/crd\/schema\.js: src\/cel imports from outside itself only /,
    );
    // what is allowed stays quiet: the entry, a downward import inside CEL, a listed helper
    assert.doesNotMatch(r.stderr, /cel\/index\.js:|k8s\/go\.js:|index\.ts imports/);
    assert.match(r.stderr, /check-layers: 4 import\(s\)/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
