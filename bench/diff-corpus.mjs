// Benchmark: `diff` over the real-world corpus against a copy with one CRD-level mutation per CRD, against `lint` of
// the mutated copy alone (target: diff at most 1.5x lint). Both run in this process on one thread, each with its own
// engine built once (as one CLI run builds one), file by file (the corpus holds variants of one CRD in several files,
// so each file is diffed against its own mutation), interleaved so that load on the machine hits both alike.
//   node bench/diff-corpus.mjs [dir] [--runs N]
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseAllDocuments } from "yaml";
import { mutate } from "./mutations.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..");
const args = process.argv.slice(2);
const runsIdx = args.indexOf("--runs");
const runs = runsIdx >= 0 ? Number(args[runsIdx + 1]) : 3;
const dir = resolve(
  args.find((a, i) => !a.startsWith("--") && args[i - 1] !== "--runs") ?? join(root, "..", "shared", "corpus", "crds"),
);
if (!existsSync(dir)) {
  console.error(`no corpus at ${dir}: pass a directory of CRD files`);
  process.exit(2);
}

const { makeLinter } = await import(join(root, "dist", "engine", "files.js"));
const { lintUpdateTexts } = await import(join(root, "dist", "commands", "diff", "index.js"));
const { allRules } = await import(join(root, "dist", "rules", "index.js"));

function files(d, out = []) {
  for (const name of readdirSync(d).sort()) {
    const p = join(d, name);
    if (statSync(p).isDirectory()) files(p, out);
    else if (/\.(ya?ml|json)$/i.test(name)) out.push(p);
  }
  return out;
}

const pairs = [];
for (const file of files(dir)) {
  const text = readFileSync(file, "utf8");
  const m = mutate(parseAllDocuments(text).map((d) => d.toJS()));
  if (m) pairs.push({ file, old: text, next: m.text });
}

const lintsOff = Object.fromEntries(
  allRules.filter((r) => !r.apiserver && r.category !== "revision" && r.category !== "yaml").map((r) => [r.id, "off"]),
);
const lintLinter = await makeLinter(allRules, {});
const diffLinter = await makeLinter(allRules, { rules: lintsOff });

async function timeLint() {
  const t0 = performance.now();
  let n = 0;
  for (const p of pairs) n += lintLinter.lintText(p.next, p.file).diagnostics.length;
  return { ms: performance.now() - t0, n };
}

async function timeDiff() {
  const t0 = performance.now();
  let n = 0;
  for (const p of pairs)
    n += (
      await lintUpdateTexts(
        diffLinter,
        { file: p.file, text: p.old },
        { file: `${p.file}.new`, text: p.next },
        {},
        true,
      )
    ).diagnostics.length;
  return { ms: performance.now() - t0, n };
}

// One warm-up pass of each: the first CRDs pay for compiling the engine's code paths.
await timeLint();
await timeDiff();
const lint = [],
  diff = [];
let findings = 0;
for (let i = 0; i < runs; i++) {
  lint.push((await timeLint()).ms);
  const d = await timeDiff();
  diff.push(d.ms);
  findings = d.n;
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const l = median(lint),
  d = median(diff);
console.log(`${pairs.length} files, ${runs} runs (median)`);
console.log(`lint NEW alone: ${l.toFixed(0)} ms`);
console.log(`diff OLD NEW:   ${d.toFixed(0)} ms (${findings} findings)`);
console.log(`ratio diff/lint: ${(d / l).toFixed(2)}x (target ≤ 1.5x)`);
