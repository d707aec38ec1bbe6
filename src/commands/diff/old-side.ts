/**
 * The OLD side of a diff: OLD's CRDs read from files, a directory or a git ref, each with its place, and their pairing
 * with NEW's CRDs (by path first, then by metadata.name); OLD's stored versions as the user gave them.
 */
import { existsSync, statSync } from "node:fs";
import { relative, resolve } from "node:path";
import { expandInputs, ignoredBy, readInput, DEFAULT_MAX_FILE_SIZE_BYTES, formatBytes } from "../../load/files.js";
import type { LoadedDocument } from "../../load/document.js";
import {
  filesMentioningAt,
  GitRefError,
  listFilesAt,
  readFilesAt,
  refLabel,
  resolveGitRef,
  toPosix,
  worktreePath,
  type GitTree,
} from "../../load/git.js";
import { isPartialCrd } from "../../load/kustomize-patch.js";
import { goTemplateAction } from "../../load/template.js";
import { objectsOf } from "../../load/objects.js";
import { isCrd, isObject } from "../../crd/model.js";
import { UsageError } from "../../engine/files.js";
import type { Linter } from "../../engine/lint.js";
import type { OldCrd } from "../../engine/update.js";
import type { OldSource, RevisionOptions } from "./options.js";

/**
 * Where a file sits among the paths named, on either side: `scope` is the index of the path that named it, `key` what
 * pairs it with the other side's file of the same place (the path relative to the repository's top at a git ref,
 * else relative to the path named, "" for a named file).
 */
export interface Place {
  scope: number;
  key: string;
}

export interface OldEntry extends OldCrd, Place {
  name: string;
  used: boolean;
  /** At a git ref: the file's path as the working tree names it, where findings about it are shown. */
  shownFile?: string;
}

/** A file of OLD that was not read (a template, broken YAML, too large): an info, not an exit 2. */
interface SkippedOld extends Place {
  label: string;
  line: number;
  column: number;
  why: string;
  shownFile?: string;
}

/** The CRDs of a text, list items included (`kubectl get crd -o yaml`), read as lint reads them (src/load/objects.ts). */
export function crdsOf(
  documents: readonly LoadedDocument[],
): { raw: Record<string, unknown>; document: LoadedDocument }[] {
  return objectsOf(documents).objects.flatMap((o) => (isCrd(o.value) ? [{ raw: o.value, document: o.document }] : []));
}

export function nameOf(raw: Record<string, unknown>): string | null {
  return isObject(raw.metadata) && typeof raw.metadata.name === "string" && raw.metadata.name !== ""
    ? raw.metadata.name
    : null;
}

/** The key of `file` among the files a path named: relative to a named directory, "" for a named file (or -). */
export function keyUnder(cwd: string, named: string, file: string): string {
  if (file === "-") return "";
  return toPosix(relative(resolve(cwd, named), resolve(cwd, file)));
}

/**
 * OLD: its CRDs with their places. Pairing (`pair`) goes by file path first, then by metadata.name, so that copies
 * of one CRD in several places (release channels, a chart beside the kustomize bases) each meet their own revision.
 */
export class OldSide {
  readonly entries: OldEntry[] = [];
  readonly skipped: SkippedOld[] = [];
  /** NEW's keys: an OLD copy whose file is still in NEW waits for that file (a pair by path) before pairing by name. */
  newKeys: ReadonlySet<string> = new Set();

  constructor(
    private readonly linter: Linter,
    private readonly options: RevisionOptions,
    readonly tree: GitTree | null,
  ) {}

  get cwd(): string {
    return this.options.cwd ?? process.cwd();
  }

  /**
   * Reads one file of OLD. A named file that cannot be read or holds no CRD stops the run (the user named it as OLD);
   * any other file mentioning CustomResourceDefinition that is a template or does not parse is skipped with an info.
   */
  add(file: string, text: string, explicit: boolean, place: Place, shownFile?: string): void {
    const loaded = this.linter.load(text);
    const template = goTemplateAction(text, loaded.problems);
    const syntax = loaded.problems.find((p) => p.rule === "yaml-syntax");
    if (template || syntax) {
      if (explicit)
        throw new UsageError(
          template
            ? `cannot read OLD ${file}:${template.line}:${template.column}: a Go/Helm template, not YAML; render it (helm template) and give the output as OLD`
            : `cannot read OLD ${file}:${syntax!.range.start.line}:${syntax!.range.start.column}: ${syntax!.message}`,
        );
      if (!text.includes("CustomResourceDefinition")) return;
      const at = template ?? syntax!.range.start;
      const why = template
        ? `is a Go/Helm template ({{ ... }}), not YAML (render it, e.g. \`helm template . > old.yaml\`, and give that as OLD)`
        : `does not parse (${syntax!.message})`;
      this.skipped.push({
        ...place,
        label: file,
        line: at.line,
        column: at.column,
        why,
        ...(shownFile ? { shownFile } : {}),
      });
      return;
    }
    const crds = crdsOf(loaded.documents);
    if (explicit && crds.length === 0) throw new UsageError(`OLD ${file} holds no CustomResourceDefinition`);
    for (const { raw, document } of crds) {
      const name = nameOf(raw);
      // A kustomize patch of a CRD is not a revision of it (it is merged into the CRD of its name).
      if (name === null || isPartialCrd(raw)) continue;
      this.entries.push({
        name,
        raw,
        document,
        file,
        used: false,
        ...place,
        ...(shownFile ? { shownFile, showInNew: true } : {}),
      });
    }
  }

  addTreeFiles(files: readonly { file: string; scope: number }[]): void {
    const tree = this.tree!;
    const texts = readFilesAt(
      tree,
      files.map((f) => f.file),
      this.options.maxFileSizeBytes ?? DEFAULT_MAX_FILE_SIZE_BYTES,
    );
    for (const { file: f, scope } of files) {
      const t = texts.get(f);
      if (t === undefined) continue;
      const place = { scope, key: f };
      const shownFile = worktreePath(tree, this.cwd, f);
      if (typeof t !== "string") {
        this.skipped.push({
          ...place,
          label: refLabel(tree, this.cwd, f),
          line: 1,
          column: 1,
          why: `is ${formatBytes(t.tooLarge)}, over the --max-file-size limit`,
          shownFile,
        });
        continue;
      }
      this.add(refLabel(tree, this.cwd, f), t, false, place, shownFile);
    }
  }

  /**
   * Where the ref has CRDs of these names outside the paths named (a file moved out of them, or another channel's
   * copy): the first such file of each name, as `<ref>:<path>`. Nothing is paired with them.
   */
  elsewhere(names: readonly string[]): Map<string, string> {
    const out = new Map<string, string>();
    const tree = this.tree;
    if (!tree || names.length === 0) return out;
    const listed = new Set(this.entries.map((e) => e.key).concat(this.skipped.map((s) => s.key)));
    const wanted = new Set(names);
    const files = filesMentioningAt(tree, names).filter((f) => !listed.has(f));
    const texts = readFilesAt(tree, files, this.options.maxFileSizeBytes ?? DEFAULT_MAX_FILE_SIZE_BYTES);
    for (const f of files) {
      const text = texts.get(f);
      if (typeof text !== "string") continue;
      const loaded = this.linter.load(text);
      if (goTemplateAction(text, loaded.problems)) continue;
      for (const { raw } of crdsOf(loaded.documents)) {
        const name = nameOf(raw);
        if (name !== null && wanted.has(name) && !out.has(name) && !isPartialCrd(raw))
          out.set(name, refLabel(tree, this.cwd, f));
      }
    }
    return out;
  }

  /**
   * OLD's revision of NEW's CRD `name` at `place`: the copy at the same path; else the one copy of the name whose
   * file NEW no longer has, in the same named path first, then in any. Several such copies: `ambiguous`.
   */
  pair(name: string, place: Place): { hit?: OldEntry; ambiguous?: OldEntry[] } {
    const exact = this.entries.find((e) => !e.used && e.name === name && e.key === place.key);
    if (exact) return { hit: exact };
    const free = this.entries.filter((e) => !e.used && e.name === name && !this.newKeys.has(e.key));
    const inScope = free.filter((e) => e.scope === place.scope);
    const pool = inScope.length ? inScope : free;
    if (pool.length === 1) return { hit: pool[0]! };
    return pool.length > 1 ? { ambiguous: pool } : {};
  }
}

/** OLD's status.storedVersions per CRD from --stored-versions-from files (kubectl get crd -o yaml). */
async function storedVersionsFrom(
  linter: Linter,
  files: readonly string[],
  options: RevisionOptions,
): Promise<Map<string, string[]>> {
  const cwd = options.cwd ?? process.cwd();
  const out = new Map<string, string[]>();
  for (const file of files) {
    const input = await readInput(file, {
      cwd,
      maxFileSizeBytes: options.maxFileSizeBytes ?? DEFAULT_MAX_FILE_SIZE_BYTES,
      stdin: options.stdin,
    }).catch((e: Error) => {
      throw new UsageError(`--stored-versions-from ${file}: ${e.message}`);
    });
    if ("problem" in input) throw new UsageError(`--stored-versions-from ${file}: ${input.message}`);
    const loaded = linter.load(input.text);
    const syntax = loaded.problems.find((p) => p.rule === "yaml-syntax");
    if (syntax)
      throw new UsageError(
        `--stored-versions-from ${file}:${syntax.range.start.line}:${syntax.range.start.column}: ${syntax.message}`,
      );
    let found = 0;
    for (const { raw } of crdsOf(loaded.documents)) {
      const name = nameOf(raw);
      const stored =
        isObject(raw.status) && Array.isArray(raw.status.storedVersions)
          ? raw.status.storedVersions.filter((v): v is string => typeof v === "string")
          : [];
      if (name === null || stored.length === 0) continue;
      out.set(name, stored);
      found++;
    }
    if (found === 0)
      throw new UsageError(
        `--stored-versions-from ${file}: no CustomResourceDefinition with status.storedVersions (give the CRDs as the cluster returns them: kubectl get crd NAME -o yaml)`,
      );
  }
  return out;
}

export async function readOld(
  linter: Linter,
  source: OldSource,
  newPaths: readonly string[],
  options: RevisionOptions,
): Promise<OldSide> {
  const cwd = options.cwd ?? process.cwd();
  const maxFileSizeBytes = options.maxFileSizeBytes ?? DEFAULT_MAX_FILE_SIZE_BYTES;
  const fromPaths = async (paths: readonly string[], explicitFiles: boolean): Promise<OldSide> => {
    const side = new OldSide(linter, options, null);
    const seen = new Set<string>();
    for (const named of paths) {
      const expanded = await expandInputs([named], { cwd, stdinFilename: undefined });
      if (expanded.errors.length) throw new UsageError(expanded.errors.map((e) => `OLD: ${e}`).join("\n"));
      for (const file of expanded.files) {
        if (seen.has(file)) continue;
        seen.add(file);
        const input = await readInput(file, { cwd, maxFileSizeBytes, stdin: options.stdin }).catch((e: Error) => {
          throw new UsageError(`cannot read OLD ${file}: ${e.message}`);
        });
        const explicit =
          explicitFiles &&
          (file === "-" || paths.includes(file)) &&
          (file === "-" || statSync(resolve(cwd, file)).isFile());
        const place = { scope: 0, key: keyUnder(cwd, named, file) };
        if ("problem" in input) {
          if (explicit) throw new UsageError(`cannot read OLD ${file}: ${input.message}`);
          side.skipped.push({
            ...place,
            label: file,
            line: 1,
            column: 1,
            why: input.problem === "too-large" ? "is over the --max-file-size limit" : "is not text",
          });
          continue;
        }
        side.add(file, input.text, explicit, place);
      }
    }
    return side;
  };
  if (source.kind === "paths") return fromPaths(source.paths, true);
  const against = source.against;
  if (existsSync(resolve(cwd, against))) {
    // --against DIR: the same files under DIR; pairing by name makes the layout irrelevant.
    return fromPaths([against], false);
  }
  let tree: GitTree;
  try {
    tree = resolveGitRef(cwd, against);
  } catch (e) {
    if (e instanceof GitRefError) throw new UsageError(e.message);
    throw e;
  }
  const side = new OldSide(linter, options, tree);
  // NEW's ignore patterns hold for OLD too: an ignored directory of fixtures is in neither revision.
  const ignored = await ignoredBy({ cwd, ignore: options.ignore, ignoreBase: options.ignoreBase });
  side.addTreeFiles(
    listFilesAt(tree, cwd, options.namedPaths ?? newPaths).filter((f) => !ignored(worktreePath(tree, cwd, f.file))),
  );
  return side;
}

/** The stored versions the user gave per CRD: --stored-versions NAME=... over --stored-versions-from. */
export async function storedVersionsOf(
  linter: Linter,
  options: RevisionOptions,
): Promise<Map<string, readonly string[]>> {
  const out = new Map<string, readonly string[]>(
    options.storedVersionsFrom?.length ? await storedVersionsFrom(linter, options.storedVersionsFrom, options) : [],
  );
  for (const [name, list] of Object.entries(options.storedVersionsByCrd ?? {})) out.set(name, list);
  return out;
}
