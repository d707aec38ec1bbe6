// Loaded with --import into a benchmarked `crdlint validate`: reports its peak resident memory and CPU time on exit (stderr).
import { writeSync } from "node:fs";
process.on("exit", () => {
  const u = process.resourceUsage();
  writeSync(2, `\nBENCH_USAGE ${JSON.stringify({ maxRssKb: u.maxRSS, cpuUs: u.userCPUTime + u.systemCPUTime })}\n`);
});
