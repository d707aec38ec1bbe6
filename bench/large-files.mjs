// Benchmark: `crdlint lint` on one generated CRD of 1, 5, 10 and 15 MB; prints time per MB. Not a timed test.
//   node bench/large-files.mjs [--sizes 1,5,10,15] [--runs N]
// Wall time depends on what else the machine runs; CPU time (all threads of the process) much less so.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { largeCrd } from "./large-crd.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..");
const args = process.argv.slice(2);
const opt = (name, dflt) => (args.includes(name) ? args[args.indexOf(name) + 1] : dflt);
const sizes = opt("--sizes", "1,5,10,15").split(",").map(Number);
const runs = Number(opt("--runs", "1"));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const dir = mkdtempSync(join(tmpdir(), "crdlint-large-"));
try {
  console.log(
    `load average before: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")} on this machine`,
  );
  for (const mb of sizes) {
    const file = join(dir, `crd-${mb}mb.yaml`);
    writeFileSync(file, largeCrd(mb * 1024 * 1024));
    const bytes = statSync(file).size;
    const wall = [],
      cpu = [];
    let rss = 0,
      summary = null;
    for (let i = 0; i < runs; i++) {
      const t0 = process.hrtime.bigint();
      const r = spawnSync(
        process.execPath,
        [
          "--import",
          join(here, "usage-hook.mjs"),
          join(root, "bin", "crdlint.js"),
          "lint",
          "--format",
          "json",
          "--max-file-size",
          "1GiB",
          file,
        ],
        { encoding: "utf8", maxBuffer: 1 << 30, cwd: root },
      );
      wall.push(Number(process.hrtime.bigint() - t0) / 1e6);
      const usage = JSON.parse(/BENCH_USAGE (.*)/.exec(r.stderr)?.[1] ?? "{}");
      cpu.push(usage.cpuMs ?? NaN);
      rss = Math.max(rss, usage.maxRssKB ?? 0);
      try {
        summary = JSON.parse(r.stdout).summary;
      } catch {
        console.error(`crdlint gave no JSON for ${mb} MB (exit ${r.status}): ${r.stderr.slice(0, 300)}`);
        process.exitCode = 1;
      }
    }
    const realMb = bytes / (1024 * 1024);
    const w = median(wall) / 1000,
      c = median(cpu) / 1000;
    console.log(
      `${realMb.toFixed(1).padStart(5)} MB  wall ${w.toFixed(2).padStart(6)} s (${(w / realMb).toFixed(2)} s/MB)  cpu ${c.toFixed(2).padStart(6)} s (${(c / realMb).toFixed(2)} s/MB)  peak RSS ${(rss / 1024).toFixed(0)} MB  ${summary ? `${summary.crds} CRD, ${summary.errors} errors` : "no result"}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
