// Rule messages are data (messages: { id: text }): every messageId a rule reports is one of its messages, every
// message is reported somewhere, and reportMessage fills placeholders as typescript-eslint does.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const { allRules } = await import(join(root, "dist", "rules", "index.js"));
const { reportMessage } = await import(join(root, "dist", "rules", "define-rule.js"));

test("every messageId in a rule's source is one of its messages, and every message is used", () => {
  let checked = 0;
  for (const rule of allRules) {
    if (!rule.messages) continue;
    const src = readFileSync(join(root, "src", "rules", rule.category, `${rule.id}.ts`), "utf8");
    // The ids a report names: the literal of `messageId: "x"`, or the branches of `messageId: a ? "x" : "y"`.
    const idsIn = (text) =>
      [...text.matchAll(/messageId:\s*([^,}]+)/g)].flatMap((m) =>
        [...` ${m[1]}`.matchAll(/(?:^ |[?:]\s*)"([^"]+)"/g)].map((l) => l[1]),
      );
    const used = new Set(idsIn(src));
    for (const id of used)
      assert.ok(Object.hasOwn(rule.messages, id), `${rule.id}: messageId ${id} is not in messages`);
    // A shared helper of the rule's own directory (nestedKeywordHooks, the selectable-fields evaluator) may report
    // the rule's messageId for it: such ids count as used, but need not be in the messages of every importer.
    const helperIds = new Set(used);
    for (const m of src.matchAll(/from "\.\/([\w-]+)\.js"/g)) {
      const helper = readFileSync(join(root, "src", "rules", rule.category, `${m[1]}.ts`), "utf8");
      for (const id of idsIn(helper)) helperIds.add(id);
    }
    for (const id of Object.keys(rule.messages))
      assert.ok(helperIds.has(id), `${rule.id}: message ${id} is never reported`);
    checked++;
  }
  assert.ok(checked > 100, `only ${checked} rules declare messages`);
});

test("reportMessage interpolates {{name}} once, keeps unknown placeholders, rejects an unknown id", () => {
  const rule = { id: "x", messages: { m: "a {{ v }} b {{w}} {{v}}" } };
  assert.equal(reportMessage(rule, { messageId: "m", data: { v: "{{w}}" } }), "a {{w}} b {{w}} {{w}}");
  assert.equal(reportMessage(rule, { messageId: "m", data: { v: 1n, w: [1, 2] } }), "a 1 b 1,2 1");
  assert.equal(reportMessage(rule, { message: "verbatim {{v}}" }), "verbatim {{v}}");
  assert.throws(() => reportMessage(rule, { messageId: "nope" }), /unknown messageId "nope"/);
});
