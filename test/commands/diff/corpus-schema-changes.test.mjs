// Across the real CRDs of ../shared/corpus, `diff X X'` with one deliberate schema change per CRD
// (test/helpers/mutate-crd.mjs) reports that change, at its field and version, and no other revision finding
// (test/commands/diff/corpus.test.mjs has `diff X X` and the CRD-level mutations). ../shared is not part of the product:
// on a user's clone this test is skipped.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { root } from "../../helpers/cli.mjs";
import { mutateCrd } from "../../helpers/mutate-crd.mjs";
import { rules as allRules } from "../../../dist/index.js";
import { makeLinter } from "../../../dist/engine/files.js";
import { lintUpdateTexts } from "../../../dist/commands/diff/index.js";

const corpus = join(root, "..", "shared", "corpus", "crds");
const present = existsSync(corpus);
const skip = present ? false : "../shared/corpus is not here (not part of a user's clone)";

function files(dir = corpus, out = []) {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) files(p, out);
    else if (/\.(ya?ml|json)$/i.test(name)) out.push(p);
  }
  return out;
}

/** The linter `crdlint diff` uses: apiserver checks and revision rules (crdlint's own lints off), description edits on. */
async function diffLinter() {
  const lintsOff = Object.fromEntries(
    allRules
      .filter((r) => !r.apiserver && r.category !== "revision" && r.category !== "yaml")
      .map((r) => [r.id, "off"]),
  );
  return makeLinter(allRules, { rules: lintsOff });
}

const isCrd = (v) => v && typeof v === "object" && v.kind === "CustomResourceDefinition";

test("corpus: one schema change per CRD is reported, and nothing else", { skip, timeout: 30 * 60 * 1000 }, async () => {
  const linter = await diffLinter();
  const problems = [];
  const byRule = new Map();
  let seed = 0;
  let mutated = 0;
  for (const file of files()) {
    const text = readFileSync(file, "utf8");
    const docs = linter.load(text).documents.map((d) => d.value);
    const changes = [];
    const next = docs.map((doc) => {
      if (!isCrd(doc)) return doc;
      const m = mutateCrd(doc, seed++);
      if (!m) return doc;
      changes.push({ name: doc.metadata.name, ...m });
      return m.crd;
    });
    if (changes.length === 0) continue;
    mutated += changes.length;
    const newText = next.map((d) => JSON.stringify(d)).join("\n---\n");
    const r = await lintUpdateTexts(linter, { file, text }, { file: "mutated.json", text: newText }, {}, true);
    for (const c of changes) {
      byRule.set(c.rule, (byRule.get(c.rule) ?? 0) + 1);
      const mine = r.diagnostics.filter((d) => d.object === c.name && d.category === "revision");
      const hit = mine.filter(
        (d) =>
          d.rule === c.rule &&
          d.message.includes(c.field === "" ? "the object root" : c.field) &&
          d.version?.split(", ").includes(c.version),
      );
      if (hit.length === 0)
        problems.push(
          `${file} ${c.name}: ${c.rule} at ${c.field} (${c.version}) not reported; got ${mine.map((d) => `${d.rule}: ${d.message.slice(0, 120)}`).join(" | ") || "nothing"}`,
        );
      const other = mine.filter((d) => d.rule !== c.rule);
      if (other.length)
        problems.push(
          `${file} ${c.name}: ${c.rule} at ${c.field} also gave ${other.map((d) => `${d.rule}: ${d.message.slice(0, 120)}`).join(" | ")}`,
        );
    }
  }
  assert.ok(mutated >= 500, `only ${mutated} CRDs mutated`);
  // Every mutation kind is exercised somewhere in the corpus.
  assert.equal(byRule.size, 6, `mutations used: ${[...byRule].join(", ")}`);
  assert.deepEqual(problems, []);
});
