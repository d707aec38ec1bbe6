// Loaded with --import into a benchmarked process: reports its peak resident memory on exit (stderr).
import { writeSync } from "node:fs";
process.on("exit", () => writeSync(2, `\nBENCH_MAXRSS_KB ${process.resourceUsage().maxRSS}\n`));
