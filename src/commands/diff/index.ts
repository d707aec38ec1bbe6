/**
 * Revisions of CRDs: OLD (files, a directory, a git ref, live objects from `kubectl get crd -o yaml`) against NEW,
 * paired by metadata.name across files and documents. NEW is linted as an update of OLD (the apiserver's update
 * verdicts and the revision rules); `diff` keeps what the update changes, `lint --against` everything.
 */
import { existsSync, statSync } from "node:fs";
import { relative, resolve } from "node:path";
import { expandInputs, ignoredBy, readInput, DEFAULT_MAX_FILE_SIZE_BYTES, formatBytes } from "../../load/files.js";
import type { LoadedDocument } from "../../load/document.js";
import { filesMentioningAt, GitRefError, listFilesAt, readFilesAt, refLabel, repoPath, resolveGitRef, toPosix, worktreePath, type GitTree } from "../../load/git.js";
import { isPartialCrd } from "../../load/kustomize-patch.js";
import { goTemplateAction } from "../../load/template.js";
import { objectsOf } from "../../load/objects.js";
import { inputLayout, type LayoutCache } from "../../load/layout.js";
import { isCrd, isObject } from "../../crd/model.js";
import { buildDiagnostic, type Diagnostic, type LintResult, type SourceRange } from "../../diagnostics/index.js";
import { counted, runResult } from "../../engine/sink.js";
import { UsageError, type LintOptions } from "../../engine/files.js";
import { severityOfEffect, type Linter, type OldRevision } from "../../engine/lint.js";
import { applyDiffPolicy, type DiffPolicy } from "../../config/diff-policy.js";
import { replayObjects } from "./replay.js";

export interface RevisionOptions extends LintOptions {
  /** --stored-versions v1alpha1,v1: OLD's status.storedVersions for every CRD (overrides OLD's status and the A27 assumption). */
  storedVersions?: string[];
  /** --stored-versions NAME=v1alpha1,v1: OLD's status.storedVersions of one CRD (overrides the list for every CRD). */
  storedVersionsByCrd?: Readonly<Record<string, readonly string[]>>;
  /**
   * --stored-versions-from FILE: CRDs as the cluster returns them (`kubectl get crd -o yaml`, a `kind: List` too);
   * each one's status.storedVersions is OLD's list for the CRD of its name (NAME=... still wins).
   */
  storedVersionsFrom?: readonly string[];
  /** The `diff` section of .crdlint.yaml. */
  diffPolicy?: DiffPolicy;
  /** --objects: example or exported custom resources replayed against NEW (src/commands/diff/replay.ts). */
  objects?: readonly string[];
  /**
   * The paths as the user named them when NEW's paths are a narrowed list of files (--crd-files-only, or no path at
   * all: the files holding a CRD under "."): with `against`, OLD is these paths at the ref, and CRDs pair within them,
   * so a CRD file deleted or moved since the ref is still seen.
   */
  namedPaths?: readonly string[];
}

/** Where OLD comes from. */
export type OldSource = { kind: "paths"; paths: readonly string[] } | { kind: "against"; against: string };

/**
 * Where a file sits among the paths named, on either side: `scope` is the index of the path that named it, `key` what
 * pairs it with the other side's file of the same place (the path relative to the repository's top at a git ref,
 * else relative to the path named, "" for a named file).
 */
interface Place {
  scope: number;
  key: string;
}

interface OldEntry extends OldRevision, Place {
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

/** Rules the orchestrator reports itself (a CRD added or removed has no pair to run rules on). */
export const CRD_ADDED = "revision-crd-added";
export const CRD_REMOVED = "revision-crd-removed";
export const CRD_DUPLICATE = "revision-crd-duplicate";
export const OLD_SKIPPED = "revision-old-skipped";

/** The CRDs of a text, list items included (`kubectl get crd -o yaml`), read as lint reads them (src/load/objects.ts). */
function crdsOf(documents: readonly LoadedDocument[]): { raw: Record<string, unknown>; document: LoadedDocument }[] {
  return objectsOf(documents).objects.flatMap((o) => (isCrd(o.value) ? [{ raw: o.value, document: o.document }] : []));
}

function nameOf(raw: Record<string, unknown>): string | null {
  return isObject(raw.metadata) && typeof raw.metadata.name === "string" && raw.metadata.name !== "" ? raw.metadata.name : null;
}

/** The key of `file` among the files a path named: relative to a named directory, "" for a named file (or -). */
function keyUnder(cwd: string, named: string, file: string): string {
  if (file === "-") return "";
  return toPosix(relative(resolve(cwd, named), resolve(cwd, file)));
}

/**
 * OLD: its CRDs with their places. Pairing (`pair`) goes by file path first, then by metadata.name, so that copies
 * of one CRD in several places (release channels, a chart beside the kustomize bases) each meet their own revision.
 */
class OldSide {
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
      if (explicit) throw new UsageError(template ? `cannot read OLD ${file}:${template.line}:${template.column}: a Go/Helm template, not YAML; render it (helm template) and give the output as OLD` : `cannot read OLD ${file}:${syntax!.range.start.line}:${syntax!.range.start.column}: ${syntax!.message}`);
      if (!text.includes("CustomResourceDefinition")) return;
      const at = template ?? syntax!.range.start;
      const why = template ? `is a Go/Helm template ({{ ... }}), not YAML (render it, e.g. \`helm template . > old.yaml\`, and give that as OLD)` : `does not parse (${syntax!.message})`;
      this.skipped.push({ ...place, label: file, line: at.line, column: at.column, why, ...(shownFile ? { shownFile } : {}) });
      return;
    }
    const crds = crdsOf(loaded.documents);
    if (explicit && crds.length === 0) throw new UsageError(`OLD ${file} holds no CustomResourceDefinition`);
    for (const { raw, document } of crds) {
      const name = nameOf(raw);
      // A kustomize patch of a CRD is not a revision of it (it is merged into the CRD of its name).
      if (name === null || isPartialCrd(raw)) continue;
      this.entries.push({ name, raw, document, file, used: false, ...place, ...(shownFile ? { shownFile, showInNew: true } : {}) });
    }
  }

  addTreeFiles(files: readonly { file: string; scope: number }[]): void {
    const tree = this.tree!;
    const texts = readFilesAt(tree, files.map((f) => f.file), this.options.maxFileSizeBytes ?? DEFAULT_MAX_FILE_SIZE_BYTES);
    for (const { file: f, scope } of files) {
      const t = texts.get(f);
      if (t === undefined) continue;
      const place = { scope, key: f };
      const shownFile = worktreePath(tree, this.cwd, f);
      if (typeof t !== "string") {
        this.skipped.push({ ...place, label: refLabel(tree, this.cwd, f), line: 1, column: 1, why: `is ${formatBytes(t.tooLarge)}, over the --max-file-size limit`, shownFile });
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
        if (name !== null && wanted.has(name) && !out.has(name) && !isPartialCrd(raw)) out.set(name, refLabel(tree, this.cwd, f));
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
async function storedVersionsFrom(linter: Linter, files: readonly string[], options: RevisionOptions): Promise<Map<string, string[]>> {
  const cwd = options.cwd ?? process.cwd();
  const out = new Map<string, string[]>();
  for (const file of files) {
    const input = await readInput(file, { cwd, maxFileSizeBytes: options.maxFileSizeBytes ?? DEFAULT_MAX_FILE_SIZE_BYTES, stdin: options.stdin }).catch((e: Error) => {
      throw new UsageError(`--stored-versions-from ${file}: ${e.message}`);
    });
    if ("problem" in input) throw new UsageError(`--stored-versions-from ${file}: ${input.message}`);
    const loaded = linter.load(input.text);
    const syntax = loaded.problems.find((p) => p.rule === "yaml-syntax");
    if (syntax) throw new UsageError(`--stored-versions-from ${file}:${syntax.range.start.line}:${syntax.range.start.column}: ${syntax.message}`);
    let found = 0;
    for (const { raw } of crdsOf(loaded.documents)) {
      const name = nameOf(raw);
      const stored = isObject(raw.status) && Array.isArray(raw.status.storedVersions) ? raw.status.storedVersions.filter((v): v is string => typeof v === "string") : [];
      if (name === null || stored.length === 0) continue;
      out.set(name, stored);
      found++;
    }
    if (found === 0) throw new UsageError(`--stored-versions-from ${file}: no CustomResourceDefinition with status.storedVersions (give the CRDs as the cluster returns them: kubectl get crd NAME -o yaml)`);
  }
  return out;
}

async function readOld(linter: Linter, source: OldSource, newPaths: readonly string[], options: RevisionOptions): Promise<OldSide> {
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
        const explicit = explicitFiles && (file === "-" || paths.includes(file)) && (file === "-" || statSync(resolve(cwd, file)).isFile());
        const place = { scope: 0, key: keyUnder(cwd, named, file) };
        if ("problem" in input) {
          if (explicit) throw new UsageError(`cannot read OLD ${file}: ${input.message}`);
          side.skipped.push({ ...place, label: file, line: 1, column: 1, why: input.problem === "too-large" ? "is over the --max-file-size limit" : "is not text" });
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
  side.addTreeFiles(listFilesAt(tree, cwd, options.namedPaths ?? newPaths).filter((f) => !ignored(worktreePath(tree, cwd, f.file))));
  return side;
}

/**
 * Lints NEW (`newPaths`) as an update of OLD. `diffOnly` (crdlint diff): only what the revision brings, i.e. the
 * revision rules and the apiserver's errors on the update; otherwise (lint --against) every finding of lint too.
 */
export async function lintRevisions(linter: Linter, source: OldSource, newPaths: readonly string[], options: RevisionOptions, diffOnly: boolean): Promise<LintResult> {
  const cwd = options.cwd ?? process.cwd();
  const old = await readOld(linter, source, newPaths, options);
  const expandOptions = { cwd, ignore: options.ignore, ignoreBase: options.ignoreBase, stdinFilename: options.stdinFilename };
  const expanded = await expandInputs(newPaths.length ? newPaths : ["."], expandOptions);
  const named = options.namedPaths ?? (newPaths.length ? newPaths : ["."]);
  if (expanded.errors.length) throw new UsageError(expanded.errors.join("\n"));
  // Each NEW file's place: the named path it came from (the first that names it) and its key.
  const places = new Map<string, Place>();
  for (const [scope, p] of named.entries()) {
    for (const file of (await expandInputs([p], expandOptions)).files) {
      if (places.has(file)) continue;
      const tree = old.tree;
      places.set(file, tree ? { scope, key: file === "-" ? "" : repoPath(tree, cwd, file) } : { scope: 0, key: keyUnder(cwd, p, file) });
    }
  }
  old.newKeys = new Set([...places.values()].map((p) => p.key));
  const maxFileSizeBytes = options.maxFileSizeBytes ?? DEFAULT_MAX_FILE_SIZE_BYTES;
  // --objects replays objects against NEW's CRDs: NEW's texts are kept for it (standard input is read once).
  const newTexts: string[] = [];
  async function* inputs(): AsyncGenerator<NewInput> {
    for (const file of expanded.files) {
      const input = await readInput(file, { cwd, maxFileSizeBytes, stdin: options.stdin }).catch((e: Error) => {
        throw new UsageError(`cannot read ${file}: ${e.message}`);
      });
      if (options.objects?.length && !("problem" in input)) newTexts.push(input.text);
      const place = places.get(file) ?? { scope: 0, key: old.tree && file !== "-" ? repoPath(old.tree, cwd, file) : file };
      yield "problem" in input ? { file, problem: input.problem, message: input.message, place } : { file, text: input.text, place };
    }
  }
  const stored = await storedVersionsOf(linter, options);
  const result = await lintNew(linter, old, inputs(), options, diffOnly, stored, places);
  if (options.objects?.length) return withReplay(linter, result, newTexts, options, expanded.files);
  return { ...result, files: expanded.files };
}

/** The same on texts (the library's diffText): OLD's and NEW's documents, each side one text. */
export async function lintRevisionTexts(linter: Linter, oldText: { file: string; text: string }, newText: { file: string; text: string }, options: RevisionOptions, diffOnly: boolean): Promise<LintResult> {
  const old = new OldSide(linter, options, null);
  const place = { scope: 0, key: "" };
  old.add(oldText.file, oldText.text, false, place);
  old.newKeys = new Set([""]);
  async function* inputs(): AsyncGenerator<NewInput> {
    yield { ...newText, place };
  }
  const result = await lintNew(linter, old, inputs(), options, diffOnly, await storedVersionsOf(linter, options), new Map([[newText.file, place]]));
  return options.objects?.length ? withReplay(linter, result, [newText.text], options, [newText.file]) : result;
}

/** The stored versions the user gave per CRD: --stored-versions NAME=... over --stored-versions-from. */
async function storedVersionsOf(linter: Linter, options: RevisionOptions): Promise<Map<string, readonly string[]>> {
  const out = new Map<string, readonly string[]>(options.storedVersionsFrom?.length ? await storedVersionsFrom(linter, options.storedVersionsFrom, options) : []);
  for (const [name, list] of Object.entries(options.storedVersionsByCrd ?? {})) out.set(name, list);
  return out;
}

type NewInput = ({ file: string; text: string } | { file: string; problem: "too-large" | "binary"; message: string }) & { place: Place };

async function lintNew(
  linter: Linter,
  old: OldSide,
  inputs: AsyncIterable<NewInput>,
  options: RevisionOptions,
  diffOnly: boolean,
  stored: ReadonlyMap<string, readonly string[]>,
  places: ReadonlyMap<string, Place>,
): Promise<LintResult> {
  const diagnostics: Diagnostic[] = [];
  const counts = { files: 0, documents: 0, crds: 0, resources: 0, skipped: 0, suppressedApiserverErrors: 0 };
  /** NEW's CRDs by name: the files that define each, and its first document per file. */
  const inNew = new Map<string, Map<string, number>>();
  /** NEW's file at each key: where a finding about an OLD file of the same path is shown. */
  const newFileAt = new Map<string, string>();
  /** Names with NEW copies left unpaired for ambiguity: their OLD copies are named in that warning, not "removed". */
  const ambiguousNames = new Set<string>();
  /** CRDs only NEW has: reported once every file is read (where the ref has them outside the paths is asked once). */
  const added: { name: string; at: { document: number; range: SourceRange }; file: string }[] = [];
  for (const [file, place] of places) if (!newFileAt.has(place.key)) newFileAt.set(place.key, file);
  /** Files of NEW holding several CRDs (a bundle): the report names the CRD of each finding there. */
  const bundles: string[] = [];
  const layouts: LayoutCache = new Map();
  for await (const input of inputs) {
    const file = input.file;
    counts.files++;
    if ("problem" in input) {
      diagnostics.push(linter.fileDiagnostic(file, input.problem === "too-large" ? "size-file-too-large" : "yaml-syntax", input.message));
      continue;
    }
    const events: { rule: string; name: string; at: { document: number; range: SourceRange }; message: string }[] = [];
    // NEW's place in the repository (a chart's templates/ or crds/, a kustomize patch) counts as in lint: last argument.
    const r = linter.lintText(input.text, file, {
      storedVersions: options.storedVersions,
      old: (name, document) => {
        // A kustomize patch of a CRD pairs with nothing: it is merged into the CRD of its name.
        if (isPartialCrd(document.value)) return undefined;
        const files = inNew.get(name) ?? new Map<string, number>();
        inNew.set(name, files);
        const earlier = files.get(file);
        if (earlier === undefined) files.set(file, document.index);
        const at = { document: document.index, range: document.locate(["metadata", "name"]) };
        const { hit, ambiguous } = old.pair(name, input.place);
        if (hit) {
          hit.used = true;
          const given = stored.get(name);
          return given ? { ...hit, storedVersions: given } : hit;
        }
        if (earlier !== undefined)
          events.push({ rule: CRD_DUPLICATE, name, at, message: `CRD ${name} is defined twice in ${file} (documents ${earlier + 1} and ${document.index + 1}): only the first is compared with OLD; the apiserver keeps whichever is applied last` });
        else if (ambiguous) {
          ambiguousNames.add(name);
          events.push({
            rule: CRD_DUPLICATE,
            name,
            at,
            message: `CRD ${name} is defined more than once within the paths compared, and OLD has it in ${ambiguous.map((e) => e.file).join(", ")}, none at this path: this copy is not compared; name each channel's directory as a path of its own`,
          });
        }
        else added.push({ name, at, file });
        return undefined;
      },
    }, inputLayout(file, options.cwd ?? process.cwd(), layouts));
    diagnostics.push(...r.diagnostics);
    counts.documents += r.documents;
    counts.crds += r.crds;
    if (r.crds > 1) bundles.push(file);
    counts.resources += r.resources;
    counts.skipped += r.skipped;
    counts.suppressedApiserverErrors += r.suppressedApiserverErrors;
    for (const e of events) diagnostics.push(crdEventDiagnostic(linter, e.rule, file, e.at, e.name, e.message));
  }
  const outside = old.elsewhere([...new Set(added.map((a) => a.name))]);
  for (const { name, at, file } of added) {
    const was = outside.get(name);
    const hint = was ? ` (${was} has a CRD of this name, outside the paths named: if it moved from there, name that path too to compare them)` : "";
    diagnostics.push(crdEventDiagnostic(linter, CRD_ADDED, file, at, name, `CRD ${name} is new: it is created, not updated${hint}`));
  }
  for (const entry of old.entries) {
    if (entry.used || ambiguousNames.has(entry.name)) continue;
    const at = entry.document.locate(["metadata", "name"]);
    // OLD at a git ref: shown at line 1 of the file it was in, as the working tree names it, with OLD's place said.
    const shown = entry.shownFile ? { file: entry.shownFile, range: LINE_1, where: ` (OLD: ${entry.file}:${at.start.line})` } : { file: entry.file, range: at, where: "" };
    const twin = old.entries.find((e) => e !== entry && e.used && e.name === entry.name && e.key === entry.key);
    const elsewhere = [...(inNew.get(entry.name)?.keys() ?? [])];
    const message = twin
      ? `CRD ${entry.name} is defined twice in OLD ${entry.file} (documents ${twin.document.index + 1} and ${entry.document.index + 1}): only the first is compared with NEW`
      : elsewhere.length
        ? `CRD ${entry.name} is gone from ${entry.shownFile ?? entry.file} (NEW still defines it in ${elsewhere.join(", ")}): where this file was applied, deleting the CRD deletes every ${entry.name} object in the cluster`
        : `CRD ${entry.name} is gone from NEW: deleting a CRD deletes every ${entry.name} object in the cluster`;
    diagnostics.push(crdEventDiagnostic(linter, twin ? CRD_DUPLICATE : CRD_REMOVED, shown.file, { document: entry.document.index, range: shown.range }, entry.name, message + shown.where));
  }
  for (const s of old.skipped) {
    // Shown in NEW's file of the same path when there is one, else at the path the file had (a pull request shows both).
    const file = newFileAt.get(s.key) ?? s.shownFile ?? s.label;
    const here = file === s.label;
    const range = here ? { start: { line: s.line, column: s.column }, end: { line: s.line, column: s.column + 1 } } : LINE_1;
    diagnostics.push(fileEventDiagnostic(linter, OLD_SKIPPED, file, range, `OLD ${s.label}${here ? "" : `:${s.line}`} ${s.why}: its CRDs are not compared, so NEW's CRDs it held are reported as added`));
  }
  const unknown = Object.keys(options.storedVersionsByCrd ?? {}).filter((n) => !old.entries.some((e) => e.name === n));
  if (unknown.length) throw new UsageError(`--stored-versions ${unknown[0]}=...: OLD has no CRD named ${unknown[0]}`);
  let kept = diffOnly ? diagnostics.filter(keptByDiff) : diagnostics;
  kept = kept.filter((d) => (options.rules?.[d.rule] ?? "on") !== "off");
  if (options.diffPolicy) kept = applyDiffPolicy(kept, options.diffPolicy);
  return { ...runResult(kept, counts, linter.minor), ...(bundles.length ? { bundles } : {}) };
}

const LINE_1: SourceRange = { start: { line: 1, column: 1 }, end: { line: 1, column: 2 } };

/** Adds the --objects replay to a diff's result: its diagnostics, under the same rule switches and policy. */
async function withReplay(linter: Linter, result: LintResult, newTexts: readonly string[], options: RevisionOptions, files: string[]): Promise<LintResult> {
  const crds: Record<string, unknown>[] = [];
  for (const text of newTexts) for (const { raw } of crdsOf(linter.load(text).documents)) crds.push(raw);
  const replay = await replayObjects(linter, crds, options.objects!, options);
  let kept = replay.diagnostics.filter((d) => (options.rules?.[d.rule] ?? "on") !== "off");
  if (options.diffPolicy) kept = applyDiffPolicy(kept, options.diffPolicy);
  const { errors: _e, warnings: _w, infos: _i, ...counts } = result.summary;
  return { ...result, ...counted([...result.diagnostics, ...kept], { ...counts, files: counts.files + replay.files.length, resources: counts.resources + replay.resources, skipped: counts.skipped + replay.skipped }), files: [...files, ...replay.files] };
}

/**
 * The apiserver's warnings on an update (the CRD strategy's WarningsOnUpdate, 1.34+): kubectl prints them when it
 * applies NEW. The rules ratchet them against OLD as the apiserver does, so on an update they report only what NEW
 * introduces.
 */
export const UPDATE_WARNING_RULES: ReadonlySet<string> = new Set(["schema-format-unrecognized", "list-type-set-non-scalar"]);

/**
 * `diff` shows what the update brings: revision findings, the apiserver's errors and warnings on the update, and
 * unreadable input.
 */
function keptByDiff(d: Diagnostic): boolean {
  return (
    d.category === "revision" ||
    (d.apiserver && d.severity === "error") ||
    UPDATE_WARNING_RULES.has(d.rule) ||
    (d.category === "yaml" && d.severity === "error") ||
    d.rule === "size-file-too-large"
  );
}

function crdEventDiagnostic(linter: Linter, rule: string, file: string, at: { document: number; range: SourceRange }, name: string, message: string): Diagnostic {
  const meta = linter.rules.find((r) => r.id === rule);
  // A duplicate is about the input, not a change: it has no effect, and its severity is the rule's.
  const effect = rule === CRD_REMOVED ? "data-lost" : rule === CRD_ADDED ? "none" : undefined;
  const configured = linter.severityFor(rule, effect ? severityOfEffect(effect, false) : (meta?.severity ?? "warning"));
  return buildDiagnostic({
    file,
    document: at.document,
    object: name,
    range: at.range,
    rule,
    category: meta?.category ?? "revision",
    severity: configured === "off" ? "info" : configured,
    apiserver: false,
    field: "metadata.name",
    type: null,
    message,
    ...(effect ? { effect } : {}),
  });
}

/** A finding about a whole file of OLD (revision-old-skipped). */
function fileEventDiagnostic(linter: Linter, rule: string, file: string, range: SourceRange, message: string): Diagnostic {
  const configured = linter.severityFor(rule, "info");
  return buildDiagnostic({ file, document: 0, object: null, range, rule, category: "revision", severity: configured === "off" ? "info" : configured, apiserver: false, field: null, type: null, message });
}
