// Loaded with --import into a benchmarked process: reports its CPU time (all threads) and peak memory on exit (stderr).
import { writeSync } from "node:fs";
process.on("exit", () => {
  const u = process.resourceUsage();
  writeSync(
    2,
    `\nBENCH_USAGE ${JSON.stringify({ cpuMs: (u.userCPUTime + u.systemCPUTime) / 1000, maxRssKB: u.maxRSS })}\n`,
  );
});
