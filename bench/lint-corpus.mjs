// Benchmark: crdlint over the real-world corpus, against the parse-only floor (one thread parsing the same files with
// the same YAML library). crdlint runs with its default (one worker thread per core) and with --jobs 1, interleaved
// with the floor so that load on the machine hits all three alike, both without the cache of earlier runs (--no-cache:
// every file linted); and the default once more with its cache warm (a directory of the bench's own, filled by an
// untimed run first: what a second lint of unchanged files costs). Prints numbers; not a timed test.
//   node bench/lint-corpus.mjs [dir] [--runs N]
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join, dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..");
const args = process.argv.slice(2);
const runsIdx = args.indexOf("--runs");
const runs = runsIdx >= 0 ? Number(args[runsIdx + 1]) : 5;
const dir = resolve(
  args.find((a, i) => !a.startsWith("--") && args[i - 1] !== "--runs") ?? join(root, "..", "shared", "corpus", "crds"),
);
if (!existsSync(dir)) {
  console.error(`no corpus at ${dir}: pass a directory of CRD files`);
  process.exit(2);
}

function walk(d, out) {
  for (const name of readdirSync(d)) {
    const p = join(d, name);
    const st = statSync(p);
    if (st.isDirectory()) walk(p, out);
    else if (/\.(ya?ml|json)$/i.test(name)) out.push(st.size);
  }
  return out;
}
const sizes = walk(dir, []);
const bytes = sizes.reduce((a, b) => a + b, 0);

const cacheDir = mkdtempSync(join(tmpdir(), "crdlint-bench-cache-"));
function timeProcess(argv) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ["--import", join(here, "rss-hook.mjs"), ...argv], {
    encoding: "utf8",
    maxBuffer: 1 << 30,
    cwd: root,
    env: { ...process.env, CRDLINT_CACHE_DIR: cacheDir },
  });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  const rss = Number(/BENCH_MAXRSS_KB (\d+)/.exec(r.stderr)?.[1] ?? 0);
  return { ms, rssKB: rss, status: r.status, stdout: r.stdout };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const floor = [],
  lint = [],
  single = [],
  warm = [];
const crdlint = (...a) => [join(root, "bin", "crdlint.js"), "lint", "--format", "json", ...a, dir];
timeProcess(crdlint()); // fills the cache
let rss = 0,
  floorRss = 0,
  singleRss = 0,
  summary = null;
for (let i = 0; i < runs; i++) {
  const f = timeProcess([join(here, "parse-floor.mjs"), dir]);
  floor.push(f.ms);
  floorRss = Math.max(floorRss, f.rssKB);
  const s = timeProcess(crdlint("--jobs", "1", "--no-cache"));
  single.push(s.ms);
  singleRss = Math.max(singleRss, s.rssKB);
  const l = timeProcess(crdlint("--no-cache"));
  lint.push(l.ms);
  rss = Math.max(rss, l.rssKB);
  const w = timeProcess(crdlint());
  warm.push(w.ms);
  if (l.stdout !== s.stdout || w.stdout !== s.stdout) {
    console.error("the default run, --jobs 1 and the cached run differ");
    process.exit(1);
  }
  if (!summary) {
    try {
      summary = JSON.parse(l.stdout).summary;
    } catch {
      console.error(`crdlint gave no JSON (exit ${l.status})`);
      process.exit(1);
    }
  }
}
const lintMs = median(lint),
  floorMs = median(floor),
  singleMs = median(single),
  warmMs = median(warm);
rmSync(cacheDir, { recursive: true, force: true });
const mb = bytes / (1024 * 1024);
console.log(`corpus: ${dir}`);
console.log(
  `  ${sizes.length} files, ${mb.toFixed(1)} MB, ${summary.crds} CRDs, ${summary.errors} errors / ${summary.warnings} warnings / ${summary.infos} infos`,
);
console.log(
  `crdlint lint --no-cache (whole process, median of ${runs}, ${availableParallelism()} cores): ${(lintMs / 1000).toFixed(2)} s  ${(sizes.length / (lintMs / 1000)).toFixed(0)} files/s  ${(mb / (lintMs / 1000)).toFixed(1)} MB/s  peak RSS ${(rss / 1024).toFixed(0)} MB`,
);
console.log(
  `crdlint lint --no-cache --jobs 1: ${(singleMs / 1000).toFixed(2)} s  ${(mb / (singleMs / 1000)).toFixed(1)} MB/s  peak RSS ${(singleRss / 1024).toFixed(0)} MB`,
);
console.log(
  `parse-only floor (same files, same YAML library): ${(floorMs / 1000).toFixed(2)} s  peak RSS ${(floorRss / 1024).toFixed(0)} MB`,
);
console.log(`crdlint lint, its cache warm (the files unchanged since a run): ${(warmMs / 1000).toFixed(2)} s`);
console.log(
  `ratio crdlint / floor: ${(lintMs / floorMs).toFixed(2)}x without the cache (--jobs 1: ${(singleMs / floorMs).toFixed(2)}x), ${(warmMs / floorMs).toFixed(2)}x with it warm`,
);
