// Replays every create and update request `crdlint test` sends for a tree of suites (e.g. a checkout of
// openshift/api) through the oracle — the apiserver's own custom-resource code — and compares the verdicts: whether
// the request fails, and the field errors (type, field, text). Prints the agreement per release.
//   node bench/test-suites-oracle.mjs <suites dir> [1.33 1.37]   (build the oracle first: node scripts/build-oracle.mjs)
import { runTests } from "../dist/index.js";
import { Oracle, oracleBinary, binaryExists } from "../test/oracle/client.mjs";
import { fileURLToPath } from "node:url";
import { dirname, resolve } from "node:path";

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
  const requests = [];
  await runTests(["."], {
    cwd: resolve(dir),
    kubernetesVersion: release,
    releaseHints: false,
    onRequest: (r) => requests.push(r),
  });
  const oracle = new Oracle(oracleBinary(root, release), release);
  const texts = new Map();
  const asked = requests.map((r) => {
    let crd = texts.get(r.crd);
    if (!crd) texts.set(r.crd, (crd = JSON.stringify(r.crd)));
    return oracle.request("cr-validate", {
      crd,
      object: JSON.stringify(r.object),
      ...(r.old ? { old: JSON.stringify(r.old) } : {}),
      fieldValidation: "Warn",
    });
  });
  const answers = await Promise.all(asked);
  await oracle.close();
  let agree = 0;
  const differ = [];
  requests.forEach((r, i) => {
    const a = answers[i];
    const theirs = [...(a.errors ?? []).map((e) => e.error), ...(a.requestError ? [a.requestError] : [])].sort();
    const mine =
      r.answer.error === null
        ? []
        : r.answer.causes
            .map((c) =>
              c.rule === "resource-decode-failed"
                ? (c.detail ?? c.message)
                : `${c.field ?? "<nil>"}: ${c.type}${c.value !== undefined ? `: ${c.value}` : ""}${c.message ? `: ${c.message}` : ""}`,
            )
            .sort();
    if (JSON.stringify(mine) === JSON.stringify(theirs)) agree++;
    else differ.push({ object: r.object, old: r.old !== undefined, mine, theirs });
  });
  console.log(`${release}: ${requests.length} requests, ${agree} agree with the oracle, ${differ.length} differ`);
  const seen = new Set();
  for (const d of differ) {
    const k = JSON.stringify([d.mine, d.theirs]);
    if (seen.has(k)) continue;
    seen.add(k);
    console.log(JSON.stringify({ mine: d.mine, theirs: d.theirs }));
  }
}
