// Runs every test/**/*.test.mjs with Node's built-in test runner (Node 20 has no glob support in --test).
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";

function find(dir, out) {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) find(p, out);
    else if (name.endsWith(".test.mjs")) out.push(p);
  }
  return out;
}

const files = find("test", []);
const reporter = process.env.CI ? ["--test-reporter=spec"] : [];
const r = spawnSync(process.execPath, ["--test", ...reporter, ...files], { stdio: "inherit" });
process.exit(r.status ?? 1);
