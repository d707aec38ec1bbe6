// Revisions over the real-world corpus (../shared/corpus/crds): each file diffed against itself reports nothing, and
// against a copy with one CRD-level mutation per CRD reports that mutation. ../shared is not part of the product:
// on a user's clone these tests are skipped.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { parseAllDocuments } from "yaml";
import { root } from "../../helpers/cli.mjs";
import { makeLinter } from "../../../dist/engine/files.js";
import { lintUpdateTexts } from "../../../dist/commands/diff/index.js";
import { allRules } from "../../../dist/rules/index.js";
import { mutate } from "../../../bench/mutations.mjs";

const corpus = join(root, "..", "shared", "corpus", "crds");
const present = existsSync(corpus);
const skip = present ? false : "../shared/corpus is not here (not part of a user's clone)";

function files(dir, out = []) {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) files(p, out);
    else if (/\.(ya?ml|json)$/i.test(name)) out.push(p);
  }
  return out;
}

async function diffLinter() {
  const lintsOff = Object.fromEntries(
    allRules
      .filter((r) => !r.apiserver && r.category !== "revision" && r.category !== "yaml")
      .map((r) => [r.id, "off"]),
  );
  return makeLinter(allRules, { rules: lintsOff });
}

test("corpus: diff X X reports nothing", { skip, timeout: 30 * 60 * 1000 }, async () => {
  const linter = await diffLinter();
  let crds = 0;
  const found = [];
  for (const file of files(corpus)) {
    const text = readFileSync(file, "utf8");
    const r = await lintUpdateTexts(linter, { file, text }, { file, text }, {}, true);
    crds += r.summary.crds;
    for (const d of r.diagnostics) found.push(`${file}:${d.line} ${d.rule} ${d.message}`);
  }
  assert.ok(crds >= 500, `${crds} CRDs`);
  assert.deepEqual(found, []);
});

test("corpus: one mutation per CRD is reported as that change", { skip, timeout: 30 * 60 * 1000 }, async () => {
  const linter = await diffLinter();
  const missed = [];
  let mutated = 0;
  for (const file of files(corpus)) {
    const text = readFileSync(file, "utf8");
    const docs = parseAllDocuments(text).map((d) => d.toJS());
    const m = mutate(docs);
    if (!m) continue;
    mutated += m.expected.length;
    const r = await lintUpdateTexts(linter, { file, text }, { file: `${file}.new`, text: m.text }, {}, true);
    for (const { name, rule } of m.expected)
      if (!r.diagnostics.some((d) => d.object === name && d.rule === rule)) missed.push(`${file}: ${name}: no ${rule}`);
  }
  assert.ok(mutated >= 500, `${mutated} mutated CRDs`);
  assert.deepEqual(missed, []);
});
