// Benchmark: the cold start of `crdlint lint one-crd.yaml` (one CRD, one CEL rule: what a pre-commit hook runs per
// file) against `node -e 0`, each a fresh process, interleaved so that load on the machine hits both alike.
// Prints the medians and their ratio (the goal: within 2.5x). Not a timed test.
//   node bench/startup.mjs [--runs N] [file.yaml]
import { spawnSync } from "node:child_process";
import { join, dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..");
const args = process.argv.slice(2);
const runsIdx = args.indexOf("--runs");
const runs = runsIdx >= 0 ? Number(args[runsIdx + 1]) : 21;
const file = resolve(
  args.find((a, i) => !a.startsWith("--") && args[i - 1] !== "--runs") ?? join(here, "one-crd.yaml"),
);

function time(argv) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, argv, { encoding: "utf8", cwd: root, env: { ...process.env, NO_COLOR: "1" } });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0 && r.status !== 1) {
    console.error(`${argv.join(" ")} exited ${r.status}: ${r.stderr}`);
    process.exit(2);
  }
  return ms;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const cases = [
  { name: "node -e 0", argv: ["-e", "0"] },
  {
    name: `crdlint lint ${file.startsWith(root) ? file.slice(root.length + 1) : file}`,
    argv: [join(root, "bin", "crdlint.js"), "lint", file],
  },
  { name: "crdlint --version", argv: [join(root, "bin", "crdlint.js"), "--version"] },
];
for (const c of cases) time(c.argv); // warm the file system cache (and Node's compile cache where it has one)
const ms = cases.map(() => []);
for (let i = 0; i < runs; i++) cases.forEach((c, j) => ms[j].push(time(c.argv)));
const base = median(ms[0]);
console.log(`node ${process.version}, median of ${runs} interleaved runs`);
cases.forEach((c, j) =>
  console.log(
    `  ${c.name.padEnd(40)} ${median(ms[j]).toFixed(0).padStart(5)} ms  ${(median(ms[j]) / base).toFixed(2)}x`,
  ),
);
console.log(`ratio crdlint lint / node -e 0: ${(median(ms[1]) / base).toFixed(2)}x (goal: 2.5x)`);
