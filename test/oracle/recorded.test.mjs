// Divergences the differential tests found and crdlint fixed, kept as ordinary tests: each file under
// test/oracle/recorded/ holds a case and the answer the oracle (the apiserver's own code, oracle/) gave for it at
// one release; crdlint's answer must agree with it as `npm run test:oracle` compares them (known divergences
// aside). No Go needed: the oracle's answers are recorded (test/oracle/record.mjs writes them).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { families } from "./families/index.mjs";
import { loadKnown, explain } from "./known.mjs";
import { parseExact } from "./json.mjs";

const dir = join("test", "oracle", "recorded");
const known = loadKnown(join("test", "oracle", "known-divergences.yaml"));

for (const name of readdirSync(dir)
  .filter((n) => n.endsWith(".json"))
  .sort()) {
  test(`oracle recorded: ${name}`, async () => {
    const text = readFileSync(join(dir, name), "utf8");
    const rec = JSON.parse(text);
    const family = families.find((f) => f.name === rec.family);
    assert.ok(family, `unknown family ${rec.family}`);
    const answer = { ...rec.answer, exact: parseExact(text).answer };
    const { items } = await family.compare(rec.case, answer, rec.release);
    const unexplained = items.filter((i) => !explain(known, family.name, rec.release, i));
    assert.deepEqual(unexplained, [], `${rec.why ?? ""}`);
  });
}
