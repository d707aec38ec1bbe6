// Runs `crdlint test` over a tree of suites (e.g. a checkout of openshift/api) in this process and prints the
// cases, the pass rate and the wall and CPU time, per release asked.
//   node bench/test-suites.mjs <suites dir> [1.32 1.33 ...]
import { runTests } from "../dist/index.js";
import { resolve } from "node:path";

const [dir, ...releases] = process.argv.slice(2);
if (!dir) {
  console.error("usage: node bench/test-suites.mjs <suites dir> [releases...]");
  process.exit(2);
}
for (const release of releases.length ? releases : ["1.33"]) {
  const cpu = process.cpuUsage();
  const wall = performance.now();
  const r = await runTests(["."], { cwd: resolve(dir), kubernetesVersion: release });
  const used = process.cpuUsage(cpu);
  const { passed, failed, errored } = r.summary;
  const total = r.cases.length;
  console.log(
    `${release}: ${r.suites} suite files, ${total} case runs: ${passed} passed (${((100 * passed) / Math.max(total, 1)).toFixed(2)}%), ${failed} failed, ${errored} errored, ${r.problems.length} suite problems; ${((performance.now() - wall) / 1000).toFixed(1)} s wall, ${((used.user + used.system) / 1e6).toFixed(1)} CPU s`,
  );
}
