// Runs one robustness property in a worker thread, so that the test can stop it if an input hangs crdlint:
// it reports each input before linting it, and the outcome at the end.
import { parentPort, workerData } from "node:worker_threads";
import fc from "fast-check";
import * as api from "../../dist/index.js";
import * as fuzz from "./fuzz.mjs";
import { checkReport } from "./fuzz.mjs";

const arbitraries = {
  "CEL rules": fuzz.celRules,
  "mutated CRDs": fuzz.mutatedCrd,
  "mutated YAML text": fuzz.mutatedText,
  "random YAML": fuzz.randomYaml,
};

async function main() {
  const { property, seed, numRuns, boundMs } = workerData;
  let n = 0;
  let slowest = 0;
  // Every release crdlint knows: rules that differ by release take other paths.
  const prop = fc.asyncProperty(arbitraries[property], fc.integer({ min: 16, max: 37 }), async (text, minor) => {
    parentPort.postMessage({
      type: "input",
      n: n++,
      text: text.length > 2000 ? text.slice(0, 2000) + `… (${text.length} characters)` : text,
    });
    const t0 = performance.now();
    const result = await api.lintText(text, { file: "fuzz.yaml", kubernetesVersion: `1.${minor}` });
    const ms = performance.now() - t0;
    slowest = Math.max(slowest, ms);
    if (ms > boundMs) throw new Error(`took ${Math.round(ms)} ms (bound ${boundMs} ms)`);
    checkReport(result);
  });
  const details = await fc.check(prop, { seed, numRuns, endOnFailure: false });
  parentPort.postMessage({
    type: "done",
    failed: details.failed,
    report: details.failed ? fc.defaultReportMessage(details) : null,
    runs: details.numRuns,
    slowest: Math.round(slowest),
  });
}

if (parentPort && workerData?.property) await main();
