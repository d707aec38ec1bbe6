/** Creating a directory and its missing parents, as `mkdir -p` does, without Node's endless loop. */
import { existsSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";

/**
 * mkdir -p that ends: Node's own (mkdir with `recursive`, sync or not) never returns where mkdir of a directory whose
 * parent exists fails with ENOENT (under /proc: a cache directory or an --output-file there spun crdlint forever).
 * Throws what mkdir throws, EEXIST aside.
 */
export function makeDirectory(dir: string): void {
  const missing: string[] = [];
  for (let d = dir; !existsSync(d) && dirname(d) !== d; d = dirname(d)) missing.push(d);
  for (let i = missing.length - 1; i >= 0; i--) {
    try {
      mkdirSync(missing[i]!);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    }
  }
}
