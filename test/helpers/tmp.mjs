// A fresh temporary directory holding the given files (name → content; parent folders are created), and the files
// a directory holds.
import { mkdtempSync, writeFileSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export function tmp(files) {
  const dir = mkdtempSync(join(tmpdir(), "crdlint-test-"));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, ".."), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return dir;
}

/** Every file under `dir` (its subdirectories' too), by path. */
export function filesUnder(dir) {
  const out = [];
  const walk = (d) => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(p);
    }
  };
  walk(dir);
  return out.sort();
}
