// Records the oracle's answers to hand-picked cases as ordinary tests (test/oracle/recorded/*.json, run by
// test/oracle/recorded.test.mjs without Go): `node test/oracle/record.mjs cases.json`, where cases.json is a list of
// { "name", "family", "releases": ["1.37", ...], "case" } (a case as the family's generator makes it).
import { existsSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Oracle, oracleBinary } from "./client.mjs";
import { families } from "./families/index.mjs";

// A dev tool, but bad input still ends in one line and exit 2, never a stack trace.
const die = (message) => {
  process.stderr.write(`record: ${message}\n`);
  process.exit(2);
};
const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const out = join(root, "test", "oracle", "recorded");
if (process.argv.length !== 3) die("usage: node test/oracle/record.mjs cases.json");
let list;
try {
  list = JSON.parse(readFileSync(process.argv[2], "utf8"));
} catch (e) {
  die(`${process.argv[2]}: ${e.message}`);
}
if (!Array.isArray(list)) die(`${process.argv[2]}: not a list of cases`);
// Every family and binary is checked before the first answer is written: a bad list records nothing.
for (const item of list) {
  if (!families.some((f) => f.name === item.family)) die(`${item.name}: unknown family ${item.family}`);
  for (const release of item.releases ?? [])
    if (!existsSync(oracleBinary(root, release)))
      die(`${item.name}: no oracle binary for ${release} (node scripts/build-oracle.mjs --release ${release})`);
}
mkdirSync(out, { recursive: true });
const oracles = new Map();
for (const item of list) {
  const family = families.find((f) => f.name === item.family);
  for (const release of item.releases) {
    if (!oracles.has(release)) oracles.set(release, new Oracle(oracleBinary(root, release), release));
    const req = family.request(item.case);
    const answer = await oracles.get(release).request(req.op, req.fields, { exact: req.exact });
    if (typeof answer.fatal === "string") die(`${item.name} ${release}: the oracle could not answer: ${answer.fatal}`);
    const head = JSON.stringify({ name: item.name, family: item.family, release, why: item.why, case: item.case }, null, 2);
    // The answer is kept as the oracle printed it: its numbers may not survive a JSON.parse round trip.
    writeFileSync(join(out, `${item.family}-${item.name}-${release}.json`), `${head.slice(0, -2)},\n  "answer": ${answer.line}\n}\n`);
    console.log(`recorded ${item.family}-${item.name}-${release}`);
  }
}
for (const o of oracles.values()) await o.close();
