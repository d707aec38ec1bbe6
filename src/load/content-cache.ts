/**
 * A content-addressed cache on disk: small JSON values filed under the SHA-256 of what they were computed from (and
 * of crdlint's version), so that a later run finds them whatever the files are called and wherever they are. It
 * lives in the user's cache directory (`defaultCacheDir`). Several processes may share it: a value is written to a
 * temporary file and renamed into place, so a reader sees a whole value or none. A failure to read or write it only
 * costs speed. It does not grow without end: an entry not written (or kept, `keep`) for ENTRY_MAX_AGE_DAYS is removed
 * (`prune`), which is how the entries of older builds and of files long changed go.
 */
import { createHash } from "node:crypto";
import {
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
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

/** An entry neither written nor kept for this long is removed: it belongs to an older build or a file long changed. */
export const ENTRY_MAX_AGE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** What this cache names its entries and its temporary files (nothing else under a kind is ever removed). */
const ENTRY_NAME = /^[0-9a-f]{62}\.json$/;
const TEMPORARY_NAME = /^[0-9a-f]{62}\.json\.\d+\.[0-9a-z]*\.tmp$/;
const PREFIX_NAME = /^[0-9a-f]{2}$/;

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

  /**
   * Marks an entry as used (its time, which pruning reads, made now) when it is older than a week: an entry read for
   * months without being written again is kept. Costs a stat per call, and a write once a week.
   */
  keep(kind: string, key: string, now = Date.now()): void {
    const path = this.path(kind, key);
    try {
      if (now - statSync(path).mtimeMs > 7 * DAY_MS) utimesSync(path, new Date(now), new Date(now));
    } catch {
      // Gone, or not ours to touch: it is written again when next needed.
    }
  }

  /**
   * Removes the entries of `kind` neither written nor kept for ENTRY_MAX_AGE_DAYS, and temporary files a stopped run
   * left a day ago, at most once a day (the kind's `.pruned` stamp, written first, so that processes sharing the
   * directory do not all walk it). Only names this cache writes are removed.
   */
  prune(kind: string, now = Date.now()): void {
    const root = join(this.dir, kind);
    const stamp = join(root, ".pruned");
    try {
      if (!existsSync(root)) return;
      if (existsSync(stamp) && now - statSync(stamp).mtimeMs < DAY_MS) return;
      writeFileSync(stamp, "");
      for (const prefix of readdirSync(root)) {
        if (!PREFIX_NAME.test(prefix)) continue;
        const dir = join(root, prefix);
        for (const name of readdirSync(dir)) {
          const entry = ENTRY_NAME.test(name);
          if (!entry && !TEMPORARY_NAME.test(name)) continue;
          const path = join(dir, name);
          if (now - statSync(path).mtimeMs > (entry ? ENTRY_MAX_AGE_DAYS : 1) * DAY_MS) rmSync(path, { force: true });
        }
      }
    } catch {
      // A directory being changed by another process, or not ours to change: pruning waits for another run.
    }
  }

  /** The value filed under `key` (undefined: none, or unreadable); a value read is kept from pruning (`keep`). */
  get(kind: string, key: string): unknown {
    let value: unknown;
    try {
      value = JSON.parse(readFileSync(this.path(kind, key), "utf8")) as unknown;
    } catch {
      return undefined;
    }
    this.keep(kind, key);
    return value;
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
