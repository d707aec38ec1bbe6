// Every create and update request `crdlint test` sends for a tree of suites, replayed through the oracle (the
// apiserver's own custom-resource code): whether each fails, and its field errors, compared with crdlint's answer.
// Used by test/oracle/test-suites.test.mjs (the fixture suites) and bench/test-suites-oracle.mjs (any checkout).
import { resolve } from "node:path";
import { runTests } from "../../dist/index.js";
import { fieldErrorText } from "../../dist/commands/test/apiserver.js";
import { Oracle, oracleBinary } from "./client.mjs";


/** @returns {Promise<{ requests: number, agree: number, differ: { object: unknown, old: boolean, mine: string[], theirs: string[] }[] }>} */
export async function compareSuitesWithOracle(root, dir, release) {
  const requests = [];
  await runTests(["."], {
    cwd: resolve(dir),
    kubernetesVersion: release,
    releaseHints: false,
    onRequest: (r) => requests.push(r),
  });
  const oracle = new Oracle(oracleBinary(root, release), release);
  const texts = new Map();
  // In batches: every request carries its CRD's text, and a suite tree sends thousands.
  const answers = [];
  for (let i = 0; i < requests.length; i += 256) {
    const batch = requests.slice(i, i + 256).map((r) => {
      let crd = texts.get(r.crd);
      if (!crd) texts.set(r.crd, (crd = JSON.stringify(r.crd)));
      return oracle.request("cr-validate", {
        crd,
        object: JSON.stringify(r.object),
        ...(r.old ? { old: JSON.stringify(r.old) } : {}),
        ...(r.subresource ? { subresource: r.subresource } : {}),
        fieldValidation: "Warn",
      });
    });
    answers.push(...(await Promise.all(batch)));
  }
  await oracle.close();
  let agree = 0;
  const differ = [];
  requests.forEach((r, i) => {
    const a = answers[i];
    const theirs = [...(a.errors ?? []).map((e) => e.error), ...(a.requestError ? [a.requestError] : [])].sort();
    const mine = r.answer.error === null ? [] : r.answer.causes.map((c) => (c.rule === "resource-decode-failed" ? (c.detail ?? c.message) : fieldErrorText(c))).sort();
    if (JSON.stringify(mine) === JSON.stringify(theirs)) agree++;
    else differ.push({ object: r.object, old: r.old !== undefined, subresource: r.subresource, mine, theirs });
  });
  return { requests: requests.length, agree, differ };
}
