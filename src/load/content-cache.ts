/**
 * A content-addressed cache on disk: small JSON values filed under the SHA-256 of what they were computed from (and
 * of crdlint's version), so that a later run finds them whatever the files are called and wherever they are. It
 * lives in the user's cache directory (`defaultCacheDir`). Several processes may share it: a value is written to a
 * temporary file and renamed into place, so a reader sees a whole value or none. A failure to read or write it only
 * costs speed.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { makeDirectory } from "./directory.js";

/**
 * Where the cache goes when nothing says otherwise: $CRDLINT_CACHE_DIR; else the platform's user cache directory
 * ($XDG_CACHE_HOME or ~/.cache on Linux, ~/Library/Caches on macOS, %LOCALAPPDATA% on Windows) under `crdlint`.
 */
export function defaultCacheDir(env: Record<string, string | undefined>, platform = process.platform): string {
  if (env.CRDLINT_CACHE_DIR) return env.CRDLINT_CACHE_DIR;
  if (platform === "win32") return join(env.LOCALAPPDATA ?? join(homedir(), "AppData", "Local"), "crdlint", "Cache");
  if (platform === "darwin") return join(homedir(), "Library", "Caches", "crdlint");
  return join(env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "crdlint");
}

export class ContentCache {
  /** `salt`: what else the values depend on (crdlint's version and the format of the values). */
  constructor(
    readonly dir: string,
    private readonly salt: string,
  ) {}

  /** The key of a value computed from `parts`. */
  key(...parts: string[]): string {
    const h = createHash("sha256");
    h.update(this.salt);
    for (const p of parts) h.update("\0").update(p);
    return h.digest("hex");
  }

  private path(kind: string, key: string): string {
    return join(this.dir, kind, key.slice(0, 2), `${key.slice(2)}.json`);
  }

  /** Whether an entry is filed (readable or not). */
  has(kind: string, key: string): boolean {
    return existsSync(this.path(kind, key));
  }

  get(kind: string, key: string): unknown {
    try {
      return JSON.parse(readFileSync(this.path(kind, key), "utf8")) as unknown;
    } catch {
      return undefined;
    }
  }

  set(kind: string, key: string, value: unknown): void {
    const path = this.path(kind, key);
    const tmp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    try {
      makeDirectory(join(this.dir, kind, key.slice(0, 2)));
      writeFileSync(tmp, JSON.stringify(value));
      renameSync(tmp, path);
    } catch {
      try {
        rmSync(tmp, { force: true });
      } catch {
        // No temporary file where the directory cannot be (a cache directory under a file): nothing to remove.
      }
    }
  }
}
