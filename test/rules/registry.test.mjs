// The registry is consistent, and every rule's documented failing example fires it while its passing example does not.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { stringify } from "yaml";
import { root } from "../helpers/cli.mjs";
import { allRules } from "../../dist/rules/index.js";
import { createLinter } from "../../dist/engine/lint.js";
import { expandExample, expandRevisionExample } from "../../dist/rules/examples.js";
import { diffText } from "../../dist/index.js";

const CATEGORIES = new Set([
  "yaml",
  "decoding",
  "structural",
  "forbidden-field",
  "versions",
  "names",
  "subresources",
  "printer-columns",
  "selectable-fields",
  "conversion",
  "schema-values",
  "defaults",
  "list-types",
  "cel-compile",
  "cel-cost",
  "size",
  "conventions",
  "resource",
  "revision",
]);

test("rule ids are unique, kebab-case, and each lives in src/rules/<category>/<id>.ts", () => {
  const seen = new Set();
  for (const r of allRules) {
    assert.ok(!seen.has(r.id), `duplicate id ${r.id}`);
    seen.add(r.id);
    assert.match(r.id, /^[a-z0-9]+(-[a-z0-9]+)*$/);
    assert.ok(CATEGORIES.has(r.category), `${r.id}: unknown category ${r.category}`);
    const folder = ["internal-error"].includes(r.id) ? "yaml" : r.category;
    const file = join(root, "src", "rules", folder, `${r.id}.ts`);
    assert.ok(
      existsSync(file) || existsSync(join(root, "src", "rules", r.category, `${r.id}.ts`)),
      `${r.id}: no file ${file}`,
    );
    assert.ok(r.description && r.description.length > 10, `${r.id}: description`);
    assert.ok(["error", "warning", "info"].includes(r.severity));
    if (r.apiserver) assert.ok(r.type, `${r.id}: apiserver rules carry the apiserver's error type`);
    assert.ok(r.docs && typeof r.docs.pass === "string" && typeof r.docs.fail === "string", `${r.id}: docs examples`);
  }
});

const linters = new Map();
async function linterFor(rule) {
  const minor =
    rule.minMinor && rule.minMinor > 37 ? rule.minMinor : rule.maxMinor && rule.maxMinor < 37 ? rule.maxMinor : 37;
  // Opt-in rules are switched on here: their examples must hold too.
  const optIn = Object.fromEntries(allRules.filter((r) => r.preset === "opt-in").map((r) => [r.id, r.severity]));
  if (!linters.has(minor))
    linters.set(minor, await createLinter(allRules, { minor, preset: "strict", ruleSeverity: optIn }));
  return linters.get(minor);
}

function exampleText(rule, text) {
  if (rule.category === "yaml" || rule.category === "size") return text;
  const expanded = expandExample(text);
  // Serialise as kubectl will read it back (YAML 1.1), so `yes` or a key `n` stay strings.
  return stringify(expanded, { version: "1.1" });
}

for (const rule of allRules) {
  // Engine-emitted rules whose trigger is not a document (internal failures, file size) have no failing text.
  // Resource rules are emitted by `crdlint validate`; their examples run in test/commands/validate/cli.test.mjs.
  if (!rule.docs.fail || rule.category === "resource") continue;
  if (rule.category === "revision") {
    test(`${rule.id}: the failing example fires it, the passing one does not`, async () => {
      const run = async (text) => {
        const { old, new: next } = expandRevisionExample(text);
        const side = (v) => (v === null ? "" : stringify(v, { version: "1.1" }));
        const minor =
          rule.minMinor && rule.minMinor > 37
            ? rule.minMinor
            : rule.maxMinor && rule.maxMinor < 37
              ? rule.maxMinor
              : 37;
        // An opt-in rule is switched on for its own examples.
        const rules = rule.preset === "opt-in" ? { [rule.id]: rule.severity } : {};
        const r = await diffText(side(old), side(next), { kubernetesVersion: `1.${minor}`, rules });
        return r.diagnostics.filter((d) => d.rule === rule.id);
      };
      assert.ok((await run(rule.docs.fail)).length > 0, `${rule.id} did not fire on its failing example`);
      assert.deepEqual(
        (await run(rule.docs.pass)).map((d) => `${d.field}: ${d.message}`),
        [],
        `${rule.id} fired on its passing example`,
      );
    });
    continue;
  }
  test(`${rule.id}: the failing example fires it, the passing one does not`, async () => {
    const linter = await linterFor(rule);
    const bad = linter
      .lintText(exampleText(rule, rule.docs.fail), "fail.yaml")
      .diagnostics.filter((d) => d.rule === rule.id);
    assert.ok(bad.length > 0, `${rule.id} did not fire on its failing example:\n${exampleText(rule, rule.docs.fail)}`);
    const good = linter
      .lintText(exampleText(rule, rule.docs.pass), "pass.yaml")
      .diagnostics.filter((d) => d.rule === rule.id);
    assert.deepEqual(
      good.map((d) => `${d.field}: ${d.message}`),
      [],
      `${rule.id} fired on its passing example`,
    );
  });
}

void readFileSync;
