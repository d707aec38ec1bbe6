// The rule ids the modules below src/rules/ and the engine and commands emit themselves are typed unions (a misspelt id
// does not compile); each union's list holds registered rules only, and every rule that only the engine emits (an
// engine rule: metadata without a check) is in one of them. Rules' update metadata is checked here too: the engine
// reads it instead of lists of ids.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { root } from "../helpers/cli.mjs";

const dist = (p) => import(join(root, "dist", p));
const { allRules } = await dist("rules/index.js");
const unions = {
  YAML_PROBLEM_CODES: (await dist("load/document.js")).YAML_PROBLEM_CODES,
  RESOURCE_FINDING_CODES: (await dist("values/resource.js")).RESOURCE_FINDING_CODES,
  ENGINE_CODES: (await dist("engine/codes.js")).ENGINE_CODES,
  VALIDATE_CODES: (await dist("commands/validate/codes.js")).VALIDATE_CODES,
  DIFF_CODES: (await dist("commands/diff/codes.js")).DIFF_CODES,
};
const byId = new Map(allRules.map((r) => [r.id, r]));

test("every code of each union is a registered rule, in one union only", () => {
  const seen = new Map();
  for (const [name, codes] of Object.entries(unions)) {
    assert.ok(codes.length > 0, `${name} is empty`);
    for (const code of codes) {
      assert.ok(byId.has(code), `${name}: ${code} is not a registered rule id`);
      assert.equal(seen.get(code), undefined, `${code} is in ${seen.get(code)} and ${name}`);
      seen.set(code, name);
    }
  }
});

test("every rule that only the engine emits is in a union", () => {
  const inUnion = new Set(Object.values(unions).flat());
  const engineOnly = allRules
    .filter((r) => !r.check && !r.checkSchema && !r.visitNode && !r.checkRevision)
    .map((r) => r.id);
  assert.ok(engineOnly.length >= 30, `only ${engineOnly.length} engine rules`);
  assert.deepEqual(
    engineOnly.filter((id) => !inUnion.has(id)),
    [],
  );
});

test("update metadata: what lifts a requirement is an apiserver check, what warns on update is not an error", () => {
  const lifting = allRules.filter((r) => r.update?.oldFindingLifts !== undefined);
  const warning = allRules.filter((r) => r.update?.warns === true);
  assert.ok(lifting.length >= 1 && warning.length >= 2);
  // OLD's findings are its apiserver findings (the create-time checks run on OLD): a lint could never lift anything.
  for (const r of lifting) assert.ok(r.apiserver, `${r.id}: oldFindingLifts on a rule the apiserver does not enforce`);
  for (const r of warning) assert.equal(r.severity, "warning", `${r.id}: warns on update but is an ${r.severity}`);
});
