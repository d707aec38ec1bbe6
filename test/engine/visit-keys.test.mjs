// A rule's visitKeys (src/rules/define-rule.ts) let the engine skip its visitNode on schema nodes that have none of
// those keys. The declaration is a promise about the rule's code: this test lints every rule's cases and every
// fixture with the declarations and without them (each rule visiting every node) and requires the same diagnostics,
// at the newest release and at an old one, with every rule on (the strict preset).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createLinter } from "../../dist/engine/lint.js";
import { allRules } from "../../dist/rules/index.js";
import { readCases } from "../helpers/rule-cases.mjs";

const root = new URL("../..", import.meta.url).pathname;

function inputs() {
  const out = [];
  const rulesDir = join(root, "src", "rules");
  for (const category of readdirSync(rulesDir, { withFileTypes: true })) {
    if (!category.isDirectory() || category.name === "resource" || category.name === "revision") continue;
    for (const name of readdirSync(join(rulesDir, category.name)).filter((n) => n.endsWith(".cases.yaml")))
      for (const c of readCases(readFileSync(join(rulesDir, category.name, name), "utf8")))
        out.push({ file: `${name}#${c.name}`, text: c.input });
  }
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.ya?ml$/.test(e.name)) out.push({ file: p.slice(root.length), text: readFileSync(p, "utf8") });
    }
  };
  walk(join(root, "test", "fixtures"));
  return out;
}

test("visitKeys never hide a finding: the same diagnostics with every rule visiting every node", async () => {
  const declared = allRules.filter((r) => r.visitKeys !== undefined);
  assert.ok(declared.length > 50, `${declared.length} rules declare visitKeys`);
  const everyNode = allRules.map((r) => (r.visitKeys === undefined ? r : { ...r, visitKeys: undefined }));
  const all = inputs();
  assert.ok(all.length > 500, `${all.length} inputs`);
  for (const minor of [37, 28]) {
    const options = { minor, preset: "strict" };
    const withKeys = await createLinter(allRules, options);
    const without = await createLinter(everyNode, options);
    for (const { file, text } of all) {
      const a = withKeys.lintText(text, file).diagnostics;
      const b = without.lintText(text, file).diagnostics;
      assert.deepEqual(a, b, `${file} at 1.${minor}`);
    }
  }
});
