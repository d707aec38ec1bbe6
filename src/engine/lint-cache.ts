/**
 * What earlier runs found in each file, kept across runs (`crdlint lint`'s cache, in the user's cache directory;
 * `--no-cache` skips it): a file linted again with the same bytes, in the same place (its layout: chart, kustomization),
 * by the same build of crdlint with the same configuration, gets the diagnostics and counts the first lint found,
 * without being parsed or linted. A lint is a function of exactly those (src/engine/lint-file.ts: `lintText` of the
 * text, the file's name and its layout; the linter of the run's options), so the answer is the same byte for byte.
 *
 * One entry per file and configuration, filed under their key (so a file edited a hundred times has one entry, not a
 * hundred): the file's content digest, its layout, the outcome, and the file's status (device, inode, size, change
 * and modification times) as it was before it was read. A later run whose stat of the file is the same takes the
 * outcome without reading the file; one whose stat differs (a fresh checkout, a touched file) reads it and takes the
 * outcome when the digest is the same. As git does for its index, a status that changed within the last seconds is not
 * trusted: a file written again in the same tick of the file system's clock would keep its times.
 */
import { createHash } from "node:crypto";
import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { ContentCache } from "../load/content-cache.js";
import { inputLayout, type InputLayout, type LayoutCache } from "../load/layout.js";
import type { FileOutcome } from "./lint-file.js";

/** Where the cache is, crdlint's build (part of every key), and the run's configuration as a string (ditto). */
export interface LintCacheConfig {
  dir: string;
  version: string;
  scope: string;
}

export type LintedOutcome = Extract<FileOutcome, { kind: "linted" }>;

interface Entry {
  /** The file's status before it was read; null when it had changed too recently to be trusted. */
  status: string | null;
  digest: string;
  layout: string;
  outcome: LintedOutcome;
}

const KIND = "lint-file";
/** A status younger than this at the time it was taken may still change within the same timestamp (coarse clocks). */
const RACY_MS = 2000;

export class LintFileCache {
  private readonly store: ContentCache;

  constructor(
    readonly config: LintCacheConfig,
    private readonly cwd: string,
  ) {
    this.store = new ContentCache(config.dir, `crdlint ${config.version}\0lint v1`);
  }

  /** Removes, at most once a day, the entries no run has written or read for a month (src/load/content-cache.ts). */
  prune(): void {
    this.store.prune(KIND);
  }

  private key(file: string): string {
    return this.store.key(this.config.scope, this.cwd, file);
  }

  /**
   * The file's status as an entry holds it, taken before the file is read: null for anything but a regular file and
   * for a file changed within the last seconds.
   */
  async status(file: string): Promise<string | null> {
    try {
      const st = await stat(resolve(this.cwd, file), { bigint: true });
      if (!st.isFile() || Date.now() - Number(st.ctimeMs) < RACY_MS) return null;
      return `${st.dev}:${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`;
    } catch {
      return null;
    }
  }

  private entry(file: string): Entry | undefined {
    const e = this.store.get(KIND, this.key(file));
    return isEntry(e) ? e : undefined;
  }

  /**
   * Per file, its status (taken before anything reads it: the file's lint files it with what it finds, rather than
   * taking it again) and the outcome its entry holds when the status and layout are those the entry was filed with
   * (such a file is not read); no outcome for the others and for standard input.
   */
  async unchanged(files: readonly string[]): Promise<{ status: string | null; outcome?: LintedOutcome }[]> {
    const layouts: LayoutCache = new Map();
    return Promise.all(
      files.map(async (file) => {
        if (file === "-") return { status: null };
        const layout = JSON.stringify(inputLayout(file, this.cwd, layouts));
        const status = await this.status(file);
        const e = status === null ? undefined : this.entry(file);
        return e && e.status === status && e.layout === layout ? { status, outcome: e.outcome } : { status };
      }),
    );
  }

  /** The digest of a file's text and the outcome its entry holds for that text and layout, if it holds one. */
  sameContent(file: string, layout: InputLayout, text: string): { digest: string; outcome?: LintedOutcome } {
    const digest = createHash("sha256").update(text).digest("base64");
    const e = this.entry(file);
    return e && e.digest === digest && e.layout === JSON.stringify(layout)
      ? { digest, outcome: e.outcome }
      : { digest };
  }

  /** Files what linting a file found (a failure to write only costs the next run the lint). */
  record(file: string, status: string | null, digest: string, layout: InputLayout, outcome: LintedOutcome): void {
    const entry: Entry = { status, digest, layout: JSON.stringify(layout), outcome };
    this.store.set(KIND, this.key(file), entry);
  }
}

/** An entry as this build writes it (anything else, a damaged or foreign file, is no entry). */
function isEntry(v: unknown): v is Entry {
  if (typeof v !== "object" || v === null) return false;
  const e = v as Partial<Entry>;
  return (
    (e.status === null || typeof e.status === "string") &&
    typeof e.digest === "string" &&
    typeof e.layout === "string" &&
    typeof e.outcome === "object" &&
    e.outcome !== null &&
    e.outcome.kind === "linted" &&
    Array.isArray(e.outcome.diagnostics) &&
    typeof e.outcome.counts === "object" &&
    e.outcome.counts !== null
  );
}
