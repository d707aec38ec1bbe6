// A fresh temporary directory holding the given files (name → content; parent folders are created).
import { mkdtempSync, writeFileSync, mkdirSync } from "node:fs";
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
