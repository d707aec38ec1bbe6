// Benchmark: what a run over ten releases costs against a run at one, in one process (CPU time on this thread, jobs
// 1). The target (issue 23): 1.28..1.37 at most twice one release. Prints numbers; not a test.
//   node bench/release-range.mjs [dir] [--one 1.37] [--range 1.28..1.37] [--runs 1]
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..");
const args = process.argv.slice(2);
const flag = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const one = flag("--one", "1.37");
const range = flag("--range", "1.28..1.37");
const runs = Number(flag("--runs", "1"));
const dir = resolve(
  args.find((a, i) => !a.startsWith("--") && !args[i - 1]?.startsWith("--")) ??
    join(root, "..", "shared", "corpus", "crds"),
);
if (!existsSync(dir)) {
  console.error(`no directory at ${dir} (give one: node bench/release-range.mjs <dir>)`);
  process.exit(2);
}
const { lint } = await import(join(root, "dist", "index.js"));

/** CPU seconds (user + system) of one lint of the directory, with what it found. */
async function measure(kubernetesVersion) {
  const before = process.cpuUsage();
  const wall = performance.now();
  const r = await lint([dir], { kubernetesVersion, jobs: 1 });
  const cpu = process.cpuUsage(before);
  return {
    cpu: (cpu.user + cpu.system) / 1e6,
    wall: (performance.now() - wall) / 1000,
    errors: r.summary.errors,
    crds: r.summary.crds,
    rejectedSomewhere: (r.crdReleases ?? []).filter((c) => c.accepted.length < (r.releases ?? []).length).length,
  };
}

// A first run warms the process (module loading, the CEL environment, V8's compiler) for both measures alike.
await measure(one);
const best = (xs) => xs.reduce((a, b) => (b.cpu < a.cpu ? b : a));
const single = [];
const many = [];
for (let i = 0; i < runs; i++) {
  single.push(await measure(one));
  many.push(await measure(range));
}
const s = best(single);
const m = best(many);
console.log(`directory: ${dir}`);
console.log(
  `one release (${one}):   ${s.cpu.toFixed(2)} s CPU, ${s.wall.toFixed(2)} s wall; ${s.crds} CRDs, ${s.errors} errors`,
);
console.log(
  `range (${range}): ${m.cpu.toFixed(2)} s CPU, ${m.wall.toFixed(2)} s wall; ${m.errors} diagnostics of errors, ${m.rejectedSomewhere} CRDs rejected at some release`,
);
console.log(`ratio: ${(m.cpu / s.cpu).toFixed(2)}× (target: at most 2×)`);
