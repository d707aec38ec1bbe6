// Our own code passes ESLint (eslint.config.js: typescript-eslint's type-checked rules on src/, ESLint's recommended
// ones on the .mjs around it) and is laid out as prettier lays it out (.prettierrc). Both run on the working tree as
// it is, without ESLint's cache (a cached type-aware result can be stale when another file's types change), and a
// failure lists every finding with the command that fixes or shows it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join, relative, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const bin = (pkg, path) => join(root, "node_modules", pkg, path);

test("ESLint finds nothing in src/, test/, scripts/, bench/ and bin/ (npm run lint:code)", { timeout: 600_000 }, () => {
  const r = spawnSync(process.execPath, [bin("eslint", "bin/eslint.js"), "--format", "json", "."], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  assert.ok(r.status === 0 || r.status === 1, `eslint could not run (exit ${r.status}): ${r.stderr}`);
  const results = JSON.parse(r.stdout);
  // Not a pass by ignoring: the typed config reached src/ and the plain one test/.
  for (const f of ["src/index.ts", "src/engine/lint.ts", "test/repo/code-style.test.mjs", "scripts/run-tests.mjs"])
    assert.ok(
      results.some((file) => relative(root, file.filePath) === f),
      `eslint linted ${f}`,
    );
  const findings = results.flatMap((file) =>
    file.messages.map(
      (m) => `${relative(root, file.filePath)}:${m.line}:${m.column} ${m.ruleId ?? "(parse)"}: ${m.message}`,
    ),
  );
  assert.equal(
    r.status === 0,
    findings.length === 0,
    `eslint exited ${r.status} with ${findings.length} findings: ${r.stderr}`,
  );
  assert.equal(findings.length, 0, `npm run lint:code finds ${findings.length}:\n${findings.join("\n")}`);
});

test(
  "prettier would change no file (npm run format writes them, npm run format:check lists them)",
  { timeout: 300_000 },
  () => {
    const r = spawnSync(process.execPath, [bin("prettier", "bin/prettier.cjs"), "--list-different", "."], {
      cwd: root,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    // 0: every file formatted; 1: some are not (listed on stdout); 2: prettier itself failed (a syntax error, a config).
    assert.ok(r.status === 0 || r.status === 1, `prettier could not run (exit ${r.status}): ${r.stderr}`);
    // Prettier lays out code only: a rule doc, a fixture or a golden reflowed would change what the tests compare.
    for (const [file, ignored] of [
      ["src/index.ts", false],
      ["test/repo/code-style.test.mjs", false],
      ["docs/rules/yaml-boolean-key.md", true],
      ["lib/index.js", true],
      ["action/dist/run.cjs", true],
      ["package.json", true],
    ]) {
      const info = spawnSync(process.execPath, [bin("prettier", "bin/prettier.cjs"), "--file-info", file], {
        cwd: root,
        encoding: "utf8",
      });
      assert.equal(JSON.parse(info.stdout).ignored, ignored, `prettier ${ignored ? "ignores" : "formats"} ${file}`);
    }
    const unformatted = r.stdout.split("\n").filter(Boolean);
    assert.equal(
      unformatted.length,
      0,
      `${unformatted.length} files are not formatted (npm run format):\n${unformatted.join("\n")}`,
    );
  },
);
