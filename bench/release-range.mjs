// Benchmark: what a run over ten releases costs against a run at one, in one process (CPU time on this thread, jobs
// 1). The issue's target (issue 23): 1.28..1.37 at most twice one release. Prints numbers; not a test.
//   node bench/release-range.mjs [dir] [--one 1.37] [--range 1.28..1.37] [--runs 1] [--command lint|cost|test|diff|validate]
// --command cost estimates the CEL costs of the directory (crdlint cost), --command test runs its suites (crdlint
// test, without release hints: a range run gives none), --command diff diffs the directory (OLD) against a copy with
// one CRD-level mutation per file (NEW, bench/mutations.mjs, in a temporary directory), --command validate validates
// the resources of --resources (default: the corpus's examples) against the directory's CRDs with a cache directory
// of its own, warmed by the first run, as the CLI keeps one (--no-cache: without); the default is lint.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
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
const command = flag("--command", "lint");
if (!["lint", "cost", "test", "diff", "validate"].includes(command)) {
  console.error(`--command: expected lint, cost, test, diff or validate, got ${command}`);
  process.exit(2);
}
const dir = resolve(
  args.find((a, i) => !a.startsWith("--") && !args[i - 1]?.startsWith("--")) ??
    join(root, "..", "shared", "corpus", "crds"),
);
if (!existsSync(dir)) {
  console.error(`no directory at ${dir} (give one: node bench/release-range.mjs <dir>)`);
  process.exit(2);
}
const { cost, diff, lint, runTests, validate } = await import(join(root, "dist", "index.js"));
const resources = resolve(flag("--resources", join(root, "..", "shared", "corpus", "examples")));
if (command === "validate" && !existsSync(resources)) {
  console.error(`no resources at ${resources} (give them: --resources <dir>)`);
  process.exit(2);
}
const cacheDir =
  command === "validate" && !args.includes("--no-cache") ? mkdtempSync(join(tmpdir(), "crdlint-cache-")) : null;
process.on("exit", () => cacheDir && rmSync(cacheDir, { recursive: true, force: true }));

/** For --command diff: NEW, the directory's files each with one CRD-level mutation, in a temporary directory. */
async function mutatedCopy() {
  const { parseAllDocuments } = await import("yaml");
  const { mutate } = await import("./mutations.mjs");
  const out = mkdtempSync(join(tmpdir(), "crdlint-release-range-"));
  const walk = (d) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(ya?ml|json)$/i.test(name)) {
        const text = readFileSync(p, "utf8");
        let next = text;
        try {
          next = mutate(parseAllDocuments(text).map((doc) => doc.toJS()))?.text ?? text;
        } catch {
          // A file the yaml library cannot turn into values is diffed unchanged.
        }
        const to = join(out, relative(dir, p));
        mkdirSync(dirname(to), { recursive: true });
        writeFileSync(to, next);
      }
    }
  };
  walk(dir);
  return out;
}
const newDir = command === "diff" ? await mutatedCopy() : null;
process.on("exit", () => newDir && rmSync(newDir, { recursive: true, force: true }));

/** What one run found, whichever the command: CRDs and errors (lint), expressions (cost), cases (test). */
async function runOnce(kubernetesVersion) {
  if (command === "cost") {
    const r = await cost([dir], { kubernetesVersion });
    const over = r.expressions.filter((e) => e.exceedsLimit).length;
    return { crds: r.crds.length, errors: over, rejectedSomewhere: r.expressions.length, releases: r.releases };
  }
  if (command === "diff") {
    const r = await diff([dir], [newDir], { kubernetesVersion });
    return { crds: r.summary.crds, errors: r.summary.errors, rejectedSomewhere: 0 };
  }
  if (command === "validate") {
    const r = await validate([resources], {
      crds: [dir],
      kubernetesVersion,
      ignoreMissingSchemas: true,
      ...(cacheDir ? { cache: { dir: cacheDir, version: "bench" } } : {}),
    });
    return { crds: r.summary.resources, errors: r.summary.errors, rejectedSomewhere: 0 };
  }
  if (command === "test") {
    const r = await runTests([dir], { kubernetesVersion, releaseHints: false });
    return { crds: r.cases.length, errors: r.summary.failed + r.summary.errored, rejectedSomewhere: 0 };
  }
  const r = await lint([dir], { kubernetesVersion, jobs: 1 });
  return {
    crds: r.summary.crds,
    errors: r.summary.errors,
    rejectedSomewhere: (r.crdReleases ?? []).filter((c) => c.accepted.length < (r.releases ?? []).length).length,
  };
}

/** CPU seconds (user + system) of one lint of the directory, with what it found. */
async function measure(kubernetesVersion) {
  const before = process.cpuUsage();
  const wall = performance.now();
  const found = await runOnce(kubernetesVersion);
  const cpu = process.cpuUsage(before);
  return { cpu: (cpu.user + cpu.system) / 1e6, wall: (performance.now() - wall) / 1000, ...found };
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
const [units, bad, some] =
  command === "cost"
    ? ["schemas", "expressions over a limit", "expressions"]
    : command === "test"
      ? ["cases", "cases failed or errored", "-"]
      : command === "validate"
        ? ["resources", "errors", "-"]
        : command === "diff"
          ? ["CRDs", "errors", "-"]
          : ["CRDs", "errors", "CRDs rejected at some release"];
console.log(`crdlint ${command}, directory: ${dir}`);
console.log(
  `one release (${one}):   ${s.cpu.toFixed(2)} s CPU, ${s.wall.toFixed(2)} s wall; ${s.crds} ${units}, ${s.errors} ${bad}`,
);
console.log(
  `range (${range}): ${m.cpu.toFixed(2)} s CPU, ${m.wall.toFixed(2)} s wall; ${m.crds} ${units}, ${m.errors} ${command === "lint" ? "diagnostics of errors" : bad}${command === "test" || command === "diff" || command === "validate" ? "" : `, ${m.rejectedSomewhere} ${some}`}`,
);
console.log(`ratio: ${(m.cpu / s.cpu).toFixed(2)}× (target: at most 2×)`);
