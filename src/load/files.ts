/** Paths, directories, globs and stdin → the list of inputs to lint; the only file-system reader below the CLI. */
import { open, stat, readdir } from "node:fs/promises";
import { createReadStream, readFileSync, statSync } from "node:fs";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { inputLayout, type LayoutCache } from "./layout.js";

// Above the largest real CRD files (a 15 MB generated file lints in seconds); a pipe or device is read no further.
export const DEFAULT_MAX_FILE_SIZE_BYTES = 32 * 1024 * 1024;
const LINTED_EXTENSIONS = [".yaml", ".yml", ".json"];
const SKIPPED_DIRS = new Set(["node_modules", ".git"]);

export type InputText =
  { file: string; text: string } | { file: string; problem: "too-large" | "binary"; message: string };

export interface ExpandResult {
  files: string[];
  /** Fatal problems (exit 2): a path that matches nothing or cannot be read. */
  errors: string[];
  /** Files named explicitly that an ignore pattern excludes (a warning each, as ESLint gives). */
  ignored: string[];
}

export interface ExpandOptions {
  cwd: string;
  ignore?: readonly string[];
  /** The directory `ignore` patterns are relative to (the config file's); default cwd. */
  ignoreBase?: string;
  /** The name standard input stands for (--stdin-filename): ignore patterns apply to it, as ESLint does. */
  stdinFilename?: string;
}

function hasGlobMagic(p: string): boolean {
  return /[*?[\]{}]/.test(p);
}

async function walkDir(dir: string, out: string[]): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    // Dotfiles (.crdlint.yaml, .github/) are not CRDs to lint unless named explicitly.
    if (e.name.startsWith(".")) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (!SKIPPED_DIRS.has(e.name)) await walkDir(p, out);
    } else if (e.isFile() && LINTED_EXTENSIONS.some((x) => e.name.toLowerCase().endsWith(x))) out.push(p);
  }
}

/** Expands the user's paths in order, keeping relative paths relative, without duplicates. `-` stays `-` (stdin). */
export async function expandInputs(paths: readonly string[], options: ExpandOptions): Promise<ExpandResult> {
  const files: string[] = [];
  const errors: string[] = [];
  const ignoredFiles: string[] = [];
  const seen = new Set<string>();
  const isIgnored = await ignoredBy(options);
  const add = (f: string, explicit = false) => {
    const key = resolve(options.cwd, f);
    if (seen.has(key)) return;
    seen.add(key);
    if (isIgnored(f)) {
      if (explicit) ignoredFiles.push(f);
      return;
    }
    files.push(f);
  };
  for (const p of paths) {
    if (p === "-") {
      if (options.stdinFilename && isIgnored(options.stdinFilename)) ignoredFiles.push("-");
      else add("-");
      continue;
    }
    const abs = resolve(options.cwd, p);
    let st;
    try {
      st = await stat(abs);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === "ENOENT" && hasGlobMagic(p)) {
        const { glob } = await import("glob");
        // A match that is a directory (`charts/*/crds`, `config/*/bases`) is read as a directory named on the command
        // line: recursively, its .yaml, .yml and .json files.
        const matches = (await glob(p, { cwd: options.cwd, dot: false, withFileTypes: true })).sort((a, b) =>
          a.relative() < b.relative() ? -1 : a.relative() > b.relative() ? 1 : 0,
        );
        const linted: string[] = [];
        for (const m of matches) {
          const rel = m.relative();
          if (m.isDirectory()) {
            const found: string[] = [];
            try {
              await walkDir(resolve(options.cwd, rel), found);
            } catch (e) {
              errors.push(`cannot read directory ${rel}: ${(e as Error).message}`);
              continue;
            }
            for (const f of found) linted.push(join(rel, relative(resolve(options.cwd, rel), f)));
          } else if (LINTED_EXTENSIONS.some((x) => rel.toLowerCase().endsWith(x))) linted.push(rel);
        }
        if (linted.length === 0) errors.push(`no files match ${p}`);
        const before = files.length;
        for (const m of linted) add(m);
        if (linted.length > 0 && files.length === before && linted.every((m) => isIgnored(m))) ignoredFiles.push(p);
        continue;
      }
      errors.push(code === "ENOENT" ? `no such file or directory: ${p}` : `cannot read ${p}: ${(e as Error).message}`);
      continue;
    }
    if (st.isDirectory()) {
      const found: string[] = [];
      try {
        await walkDir(abs, found);
      } catch (e) {
        errors.push(`cannot read directory ${p}: ${(e as Error).message}`);
        continue;
      }
      const before = files.length;
      for (const f of found) add(p.endsWith(sep) || p.endsWith("/") ? p + relative(abs, f) : join(p, relative(abs, f)));
      if (files.length === before && found.length === 0) errors.push(`no .yaml, .yml or .json files in ${p}`);
      // Every file of a directory named explicitly is ignored: warn once, for the directory.
      else if (files.length === before && found.every((f) => isIgnored(relative(options.cwd, f)))) ignoredFiles.push(p);
    } else add(p, true);
  }
  return { files, errors, ignored: ignoredFiles };
}

/**
 * `crdlint` with no paths: the files under the working directory (recursively, without ignored files, node_modules
 * and .git) that mention a CustomResourceDefinition, and the YAML/JSON files skipped because they do not. With
 * `paths` (`--crd-files-only`), the same among the files those paths name.
 */
export async function findCrdFiles(
  options: ExpandOptions & { maxFileSizeBytes: number },
  paths: readonly string[] = ["."],
): Promise<{ files: string[]; skipped: string[]; errors: string[] }> {
  const expanded = await expandInputs(paths, options);
  const files: string[] = [];
  const skipped: string[] = [];
  const layouts: LayoutCache = new Map();
  for (const f of expanded.files) {
    if (f === "-") {
      // Standard input is read once, by the lint itself.
      files.push(f);
      continue;
    }
    const abs = resolve(options.cwd, f);
    try {
      // A file over the size limit is linted (and reported as too large) rather than read here.
      // A kustomization and the configurations it names (kubebuilder's kustomizeconfig.yaml) mention CRDs as kinds to
      // transform, hold none.
      const role = inputLayout(f, options.cwd, layouts).kustomize?.listedAs;
      if (role === "kustomization" || role === "configuration") skipped.push(f);
      else if (
        statSync(abs).size > options.maxFileSizeBytes ||
        readFileSync(abs, "utf8").includes("CustomResourceDefinition")
      )
        files.push(f);
      else skipped.push(f);
    } catch {
      // Unreadable: lint it, and the reader says why.
      files.push(f);
    }
  }
  return { files, skipped, errors: expanded.errors };
}

/**
 * Whether the ignore patterns of `options` skip a file (a path relative to `options.cwd`): expandInputs' test, and
 * the one for files that exist only at a git ref (the OLD side of `lint --against`).
 */
export async function ignoredBy(options: ExpandOptions): Promise<(file: string) => boolean> {
  const ignore = options.ignore ?? [];
  if (ignore.length === 0) return () => false;
  const matcher = await compileIgnore(ignore);
  const base = resolve(options.cwd, options.ignoreBase ?? ".");
  return (f) => {
    const rel = relative(base, resolve(options.cwd, f));
    // A file outside the config's directory is not under its patterns.
    return !rel.startsWith("..") && !isAbsolute(rel) && matcher(rel.split(sep).join("/"));
  };
}

async function compileIgnore(patterns: readonly string[]): Promise<(rel: string) => boolean> {
  const { minimatch } = await import("minimatch");
  return (rel) =>
    patterns.some((pat) => minimatch(rel, pat, { dot: true }) || minimatch(rel, pat + "/**", { dot: true }));
}

/**
 * Reads standard input for the path `-`. Standard input can be endless (`< /dev/zero`, `yes |`): a reader stops
 * once it has read more than `maxBytes` bytes (readStdin does), and crdlint reports the input as too large without
 * parsing it. A reader that ignores the limit (`async () => text`) is read whole, then checked the same way.
 */
export type StdinReader = (maxBytes: number) => Promise<string | Uint8Array>;

// How much of an input is searched for a NUL byte: YAML and JSON text has none, and binary data has one early.
const BINARY_PROBE_BYTES = 8192;

const binary = (file: string): InputText => ({
  file,
  problem: "binary",
  message: `${file === "-" ? "input" : "file"} is binary (contains NUL bytes), not YAML or JSON`,
});

const tooLarge = (file: string, size: number | null, limit: number): InputText => ({
  file,
  problem: "too-large",
  message: `${size === null ? "input is" : `${file === "-" ? "input" : "file"} is ${formatBytes(size)},`} over the ${formatBytes(limit)} limit (--max-file-size); not parsed`,
});

/**
 * Standard input named (`-`, --stdin-filename) gave nothing, or only blank lines: the command before the pipe most
 * likely failed (`helm template . | crdlint lint -`). Reporting "no problems" would pass a CI job that linted nothing.
 */
export class NoInputError extends Error {
  constructor() {
    super(
      "no input: standard input is empty (did the command writing to the pipe fail?); name the files to lint, or pipe YAML in",
    );
  }
}

/**
 * Reads one input; size and binary checks come before parsing. Throws for unreadable files (the CLI's exit 2), and
 * NoInputError for an empty standard input unless `allowEmptyStdin`.
 */
export async function readInput(
  file: string,
  options: { cwd: string; maxFileSizeBytes: number; stdin?: StdinReader; allowEmptyStdin?: boolean },
): Promise<InputText> {
  const limit = options.maxFileSizeBytes;
  let buf: Buffer;
  if (file === "-") {
    const raw = await (options.stdin ?? readStdin)(limit);
    buf = typeof raw === "string" ? Buffer.from(raw, "utf8") : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
    // A bounded reader stopped somewhere past the limit: how far the input goes is unknown.
    if (buf.length > limit) return tooLarge(file, typeof raw === "string" ? buf.length : null, limit);
    if (!options.allowEmptyStdin && buf.toString("utf8").trim() === "") throw new NoInputError();
  } else {
    const abs = resolve(options.cwd, file);
    const st = statSync(abs);
    if (st.size > limit) return tooLarge(file, st.size, limit);
    // A regular file is read synchronously: the thread pool's chunked reads cost more CPU than they let this thread
    // do meanwhile (src/engine/lint-file.ts). A device or a pipe (/dev/zero, <(helm template ...)) has no size to check
    // first: read at most one byte past the limit.
    buf = st.isFile() ? readFileSync(abs) : await readAtMost(createReadStream(abs, { end: limit }), limit);
    if (buf.length > limit) return tooLarge(file, st.isFile() ? buf.length : null, limit);
  }
  return checkedText(file, buf);
}

/**
 * Like readInput, for a reader that streams a regular file document by document (`crdlint validate`, whose
 * inputs may hold any number of resources): such a file, within the limit and without a NUL byte at its start,
 * comes back unread as `{ file, stream: true }`; standard input, a pipe or a device is read (bounded) as readInput
 * reads it, since it can be read only once.
 */
export async function openInput(
  file: string,
  options: { cwd: string; maxFileSizeBytes: number; stdin?: StdinReader; allowEmptyStdin?: boolean },
): Promise<InputText | { file: string; stream: true }> {
  if (file !== "-") {
    const abs = resolve(options.cwd, file);
    const st = await stat(abs);
    if (st.isFile()) {
      if (st.size > options.maxFileSizeBytes) return tooLarge(file, st.size, options.maxFileSizeBytes);
      const handle = await open(abs);
      try {
        const { buffer, bytesRead } = await handle.read(Buffer.alloc(BINARY_PROBE_BYTES), 0, BINARY_PROBE_BYTES, 0);
        if (buffer.subarray(0, bytesRead).includes(0)) return binary(file);
      } finally {
        await handle.close();
      }
      return { file, stream: true };
    }
  }
  return readInput(file, options);
}

/** The text of an input that is within the size limit, or why it is not YAML (NUL bytes), without its BOM. */
function checkedText(file: string, buf: Buffer): InputText {
  if (buf.subarray(0, BINARY_PROBE_BYTES).includes(0)) return binary(file);
  let text = buf.toString("utf8");
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return { file, text };
}

/** Reads a stream until it ends or has given more than `limit` bytes, then stops reading it. */
async function readAtMost(stream: AsyncIterable<unknown> & { destroy?: () => void }, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const c of stream) {
    const b = typeof c === "string" ? Buffer.from(c, "utf8") : (c as Buffer);
    chunks.push(b);
    total += b.length;
    // Leaving the loop destroys the stream: nothing more is read from an endless input.
    if (total > limit) break;
  }
  stream.destroy?.();
  return Buffer.concat(chunks);
}

/**
 * Standard input, read until it ends or has given more than `maxBytes` bytes (the library's and the CLI's reader).
 * Declared as Uint8Array (a Buffer is one) so that the published types need no @types/node.
 */
export function readStdin(maxBytes: number): Promise<Uint8Array> {
  return readAtMost(process.stdin, maxBytes);
}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(n % (1024 * 1024) === 0 ? 0 : 1)} MiB`;
  if (n >= 1024) return `${(n / 1024).toFixed(n % 1024 === 0 ? 0 : 1)} KiB`;
  return `${n} B`;
}

/** Parses `10MiB`, `512KiB`, `1048576`, `10M`. */
export function parseSize(text: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(b|k|kb|kib|m|mb|mib|g|gb|gib)?\s*$/i.exec(text);
  if (!m) return null;
  const n = Number(m[1]);
  const unit = (m[2] ?? "b").toLowerCase();
  const mult = unit.startsWith("k") ? 1024 : unit.startsWith("m") ? 1024 ** 2 : unit.startsWith("g") ? 1024 ** 3 : 1;
  return Math.floor(n * mult);
}
