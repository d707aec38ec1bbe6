// Replays every create and update request `crdlint test` sends for a tree of suites (e.g. a checkout of
// openshift/api) through the oracle — the apiserver's own custom-resource code — and compares the verdicts: whether
// the request fails, and the field errors (type, field, text). Prints the agreement per release, and each distinct
// disagreement once.
//   node bench/test-suites-oracle.mjs <suites dir> [1.33 1.37]   (build the oracle first: node scripts/build-oracle.mjs)
import { fileURLToPath } from "node:url";
import { dirname, resolve } from "node:path";
import { binaryExists } from "../test/oracle/client.mjs";
import { compareSuitesWithOracle } from "../test/oracle/suite-requests.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const [dir, ...releases] = process.argv.slice(2);
if (!dir) {
  console.error("usage: node bench/test-suites-oracle.mjs <suites dir> [releases...]");
  process.exit(2);
}
for (const release of releases.length ? releases : ["1.33", "1.37"]) {
  if (!binaryExists(root, release)) {
    console.log(`${release}: no oracle binary (node scripts/build-oracle.mjs)`);
    continue;
  }
  const { requests, agree, differ } = await compareSuitesWithOracle(root, dir, release);
  console.log(`${release}: ${requests} requests, ${agree} agree with the oracle, ${differ.length} differ`);
  const seen = new Set();
  for (const d of differ) {
    const k = JSON.stringify([d.mine, d.theirs]);
    if (seen.has(k)) continue;
    seen.add(k);
    console.log(k);
  }
}
