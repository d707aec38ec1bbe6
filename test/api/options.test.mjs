// The library checks its options as the CLI checks the configuration: every misspelt or invalid option is a
// UsageError that names it, never a silent fallback; and its published types need no @types/node.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { lint, lintText, cost, validate, getFormatter, UsageError } from "../../dist/index.js";
import { root } from "../helpers/cli.mjs";

async function usageError(run, pattern) {
  await assert.rejects(run, (e) => {
    assert.ok(e instanceof UsageError, `${e}`);
    assert.match(e.message, pattern);
    return true;
  });
}

test("a misspelt field-validation mode is a UsageError, not warn", async () => {
  await usageError(
    () => validate([], { fieldValidation: "strcit" }),
    /fieldValidation: expected one of strict, warn, ignore, got "strcit" \(did you mean strict\?\)/,
  );
});

test("unknown rule ids and severities are UsageErrors with the nearest rule", async () => {
  await usageError(
    () => lintText("a: 1", { rules: { "yaml-sintax": "error" } }),
    /unknown rule "yaml-sintax" \(did you mean yaml-syntax\?\)/,
  );
  await usageError(
    () => lintText("a: 1", { rules: { "yaml-syntax": "warn" } }),
    /rules\.yaml-syntax: expected one of off, info, warning, error, got "warn"/,
  );
  await usageError(() => lint(["."], { rules: ["yaml-syntax"] }), /rules: expected an object/);
});

test("unknown Kubernetes versions, option names and wrong types are UsageErrors", async () => {
  await usageError(
    () => lint(["."], { kubernetesVersion: "1.99" }),
    /kubernetesVersion: unsupported Kubernetes version "1\.99"/,
  );
  await usageError(
    () => cost(["."], { kubernetesVersion: 1.3 }),
    /kubernetesVersion: expected a string, got number 1\.3/,
  );
  await usageError(
    () => cost(["."], { kubernetsVersion: "1.30" }),
    /unknown option "kubernetsVersion" \(did you mean kubernetesVersion\?\)/,
  );
  await usageError(() => lint("crds/"), /paths: expected an array of strings/);
  await usageError(() => lintText("a: 1", { jobs: 0 }), /jobs: expected a whole number >= 1/);
  await usageError(() => validate([], { crds: "crds/" }), /crds: expected an array of strings/);
  // Several problems are named at once.
  await usageError(
    () => validate([], { fieldValidation: "loose", kubernetesVersion: "2.0" }),
    /kubernetesVersion: .*; fieldValidation: /,
  );
});

test("valid options still work, and an unknown format is refused by name", async () => {
  const r = await lintText("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n", {
    kubernetesVersion: "1.30",
    rules: { "yaml-syntax": "warning" },
    file: "x.yaml",
  });
  assert.equal(r.kubernetesVersion, "1.30");
  const f = getFormatter("xml");
  assert.equal(f.ok, false);
  assert.match(f.error, /unknown format "xml"/);
});

test("the published types type-check in a project without @types/node", () => {
  const consumer = mkdtempSync(join(tmpdir(), "crdlint-types-"));
  mkdirSync(join(consumer, "node_modules"));
  symlinkSync(root, join(consumer, "node_modules", "crdlint"), "dir");
  writeFileSync(join(consumer, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  writeFileSync(
    join(consumer, "main.ts"),
    `import { lint, lintText, validate, cost, rules, getFormatter, UsageError, type LintResult, type ValidateOptions, type StdinReader } from "crdlint";
const stdin: StdinReader = async () => "a: 1";
const options: ValidateOptions = { crds: ["crds/"], fieldValidation: "warn", stdin };
export const results: Promise<LintResult>[] = [lint(["."]), lintText("a: 1"), validate(["-"], options)];
export { cost, rules, getFormatter, UsageError };
`,
  );
  // No @types/node, no DOM: only the language's own library; and the package's .d.ts files are checked too.
  writeFileSync(
    join(consumer, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        lib: ["ES2022"],
        module: "NodeNext",
        moduleResolution: "NodeNext",
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        types: [],
      },
      files: ["main.ts"],
    }),
  );
  const tsc = spawnSync(
    process.execPath,
    [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.json"],
    { cwd: consumer, encoding: "utf8" },
  );
  assert.equal(tsc.status, 0, tsc.stdout + tsc.stderr);
});
