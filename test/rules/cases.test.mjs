// Every rule's cases (src/rules/<category>/<id>.cases.yaml, beside the rule) run through the library API, and the
// whole diagnostics of the rule are compared with the case's expectations; the first failing case of every
// category also runs through the CLI. Every rule has a failing and a passing case, except the few listed below.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { crdlint, root, withoutUrl } from "../helpers/cli.mjs";
import { casesFile, readCases, runCase, toExpectation } from "../helpers/rule-cases.mjs";
import { rules } from "../../dist/index.js";
import { inPreset } from "../../dist/rules/define-rule.js";

/** Rules whose trigger is not a CRD text or a CRD + resource pair, and where their tests are instead. */
const WITHOUT_CASES = new Map([
  ["file-ignored", "emitted for a file an ignore pattern skips when named explicitly (test/cli/main.test.mjs)"],
  ["internal-error", "emitted only when a rule throws (test/engine/robustness.test.mjs)"],
  ["kustomize-patch", "needs a file under a kustomize directory (test/commands/lint/layouts.test.mjs)"],
  [
    "kustomization-file",
    "needs a file named as kustomize names a kustomization, given to validate (test/commands/lint/layouts.test.mjs)",
  ],
  ["size-file-too-large", "needs a file over the size limit (test/rules/size.test.mjs)"],
  ["size-request-too-large", "needs a multi-megabyte object (test/rules/size.test.mjs)"],
  ["size-etcd-object-too-large", "needs a multi-megabyte object (test/rules/size.test.mjs)"],
  ["lint-last-applied-configuration-too-large", "needs a 256 KiB object (test/rules/size.test.mjs)"],
  ["resource-cel-cost-exceeded", "needs a resource whose CEL evaluation exceeds the runtime budget (test/validate)"],
  ["resource-cel-ratcheted", "needs an update (--old) (fixtures/validate/cel-transition-ratcheting)"],
  ["revision-object-read-changed", "needs objects replayed with diff --objects (test/commands/diff/objects.test.mjs)"],
  ["revision-object-invalid", "needs objects replayed with diff --objects (test/commands/diff/objects.test.mjs)"],
]);

const byId = new Map(rules.map((r) => [r.id, r]));
const withCases = [];
for (const rule of rules) {
  const file = casesFile(root, rule);
  if (WITHOUT_CASES.has(rule.id)) {
    test(`${rule.id} has no cases: ${WITHOUT_CASES.get(rule.id)}`, () =>
      assert.ok(!existsSync(file), `${file} exists: drop ${rule.id} from WITHOUT_CASES`));
    continue;
  }
  withCases.push({ rule, file });
}

test("every rule has cases: one where it fires and one where it does not", () => {
  for (const { rule, file } of withCases) {
    assert.ok(existsSync(file), `${rule.id}: no ${file}`);
    const cases = readCases(readFileSync(file, "utf8"));
    assert.ok(
      cases.some((c) => c.expect.length > 0),
      `${rule.id}: no case where it fires`,
    );
    assert.ok(
      cases.some((c) => c.expect.length === 0),
      `${rule.id}: no case where it stays silent`,
    );
    assert.equal(new Set(cases.map((c) => c.name)).size, cases.length, `${rule.id}: case names repeat`);
  }
});

test("every cases file belongs to a rule", () => {
  const dir = join(root, "src", "rules");
  for (const category of readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory())) {
    for (const name of readdirSync(join(dir, category.name)).filter((n) => n.endsWith(".cases.yaml"))) {
      const rule = byId.get(name.slice(0, -".cases.yaml".length));
      assert.ok(rule, `${category.name}/${name}: no such rule`);
      assert.equal(casesFile(root, rule), join(dir, category.name, name), `${name} is not beside its rule`);
    }
  }
});

const celRuntime = await (async () => {
  const { loadCelStages } = await import("../../dist/engine/validate-cel.js");
  return (await loadCelStages(37)) !== null;
})();

for (const { rule, file } of withCases) {
  if (!existsSync(file)) continue;
  for (const c of readCases(readFileSync(file, "utf8"))) {
    // A case with `bug:` states what the apiserver says where crdlint differs: it runs as a todo until fixed.
    test(`${rule.id}: ${c.name}`, { todo: c.bug }, async (t) => {
      if (rule.id.startsWith("resource-cel-") && !celRuntime) return t.skip("this build has no CEL runtime");
      assert.deepEqual((await runCase(rule, c)).expect, c.expect);
    });
  }
}

// Through the CLI: the first failing case of each category (of a rule on by default), read from standard input.
// Revision cases need two inputs: test/commands/diff/cli.test.mjs runs the CLI on them.
const sample = new Map();
for (const { rule, file } of withCases) {
  if (sample.has(rule.category) || rule.category === "revision" || !inPreset(rule, "recommended") || !existsSync(file))
    continue;
  const c = readCases(readFileSync(file, "utf8")).find((x) => x.expect.length > 0 && !x.rules && !x.bug);
  if (c) sample.set(rule.category, { rule, c });
}
for (const [category, { rule, c }] of sample) {
  test(`the CLI agrees with the cases (${category}: ${rule.id}, ${c.name})`, (t) => {
    if (rule.id.startsWith("resource-cel-") && !celRuntime) return t.skip("this build has no CEL runtime");
    const args = [rule.category === "resource" ? "validate" : "lint", "--format", "json", "-"];
    if (c.kubernetesVersion) args.push("--kubernetes-version", c.kubernetesVersion);
    const r = crdlint(args, { input: c.input });
    assert.ok(r.json, `no JSON output (exit ${r.status}): ${r.stderr}`);
    const got = withoutUrl(r.json.diagnostics).filter((d) => d.rule === rule.id);
    assert.deepEqual(
      got.map((d) => toExpectation(rule, d)),
      c.expect,
    );
    assert.equal(r.status, r.json.diagnostics.some((d) => d.severity === "error") ? 1 : 0);
  });
}
