/**
 * Revisions of CRDs: OLD (files, a directory, a git ref, live objects from `kubectl get crd -o yaml`) against NEW,
 * paired by metadata.name across files and documents. NEW is linted as an update of OLD (the apiserver's update
 * verdicts and the revision rules); `diff` keeps what the update changes, `lint --against` everything.
 */
import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { expandInputs, readInput, DEFAULT_MAX_FILE_SIZE_BYTES, formatBytes } from "../load/files.js";
import type { LoadedDocument } from "../load/document.js";
import { crdFilesAt, GitRefError, listFilesAt, readFilesAt, refLabel, resolveGitRef, type GitTree } from "../load/git.js";
import { isCrd, isObject } from "../crd/model.js";
import { buildDiagnostic, prepareDiagnostics, summarize, type Diagnostic, type LintResult, type SourceRange } from "../diagnostics/index.js";
import { formatKubernetesVersion } from "../k8s/version.js";
import { UsageError, type LintOptions } from "./files.js";
import { severityOfEffect, type Linter, type OldRevision } from "./lint.js";
import { applyDiffPolicy, type DiffPolicy } from "../config/diff-policy.js";
import { replayObjects } from "./replay.js";

export interface RevisionOptions extends LintOptions {
  /** --stored-versions: OLD's status.storedVersions (overrides OLD's status and the A27 assumption). */
  storedVersions?: string[];
  /** The `diff` section of .crdlint.yaml. */
  diffPolicy?: DiffPolicy;
  /** --objects: example or exported custom resources replayed against NEW (src/engine/replay.ts). */
  objects?: readonly string[];
}

/** Where OLD comes from. */
export type OldSource = { kind: "paths"; paths: readonly string[] } | { kind: "against"; against: string };

interface OldEntry extends OldRevision {
  name: string;
  used: boolean;
}

/** Rules the orchestrator reports itself (a CRD added or removed has no pair to run rules on). */
export const CRD_ADDED = "revision-crd-added";
export const CRD_REMOVED = "revision-crd-removed";

/** The documents of a text that are CRDs, `kind: List` items included (`kubectl get crd -o yaml`). */
function crdsOf(documents: readonly LoadedDocument[]): { raw: Record<string, unknown>; document: LoadedDocument }[] {
  const out: { raw: Record<string, unknown>; document: LoadedDocument }[] = [];
  for (const doc of documents) {
    const v = doc.value;
    if (isCrd(v)) out.push({ raw: v, document: doc });
    else if (isObject(v) && v.kind === "List" && Array.isArray(v.items))
      v.items.forEach((item, i) => {
        if (!isCrd(item)) return;
        const at = (p: readonly (string | number)[]) => ["items", i, ...p];
        out.push({
          raw: item,
          document: { index: doc.index, value: item, rangeOfDocument: doc.rangeOfDocument, locate: (p) => doc.locate(at(p)), locateInString: (p, o) => doc.locateInString(at(p), o) },
        });
      });
  }
  return out;
}

function nameOf(raw: Record<string, unknown>): string | null {
  return isObject(raw.metadata) && typeof raw.metadata.name === "string" && raw.metadata.name !== "" ? raw.metadata.name : null;
}

/** Reads OLD into CRDs by name; a side that cannot be read, or names a CRD twice, is a UsageError (exit 2). */
class OldSide {
  readonly byName = new Map<string, OldEntry>();
  /** Files at the ref already read (a moved CRD is looked for in the others). */
  private readonly readPaths = new Set<string>();
  private searchedTree = false;

  constructor(
    private readonly linter: Linter,
    private readonly options: RevisionOptions,
    private readonly tree: GitTree | null,
  ) {}

  add(file: string, text: string, explicit: boolean): void {
    const loaded = this.linter.load(text);
    const syntax = loaded.problems.find((p) => p.rule === "yaml-syntax");
    if (syntax) throw new UsageError(`cannot read OLD ${file}:${syntax.range.start.line}:${syntax.range.start.column}: ${syntax.message}`);
    const crds = crdsOf(loaded.documents);
    if (explicit && crds.length === 0) throw new UsageError(`OLD ${file} holds no CustomResourceDefinition`);
    for (const { raw, document } of crds) {
      const name = nameOf(raw);
      if (name === null) continue;
      const prior = this.byName.get(name);
      if (prior) throw new UsageError(`two CRDs named ${name} in OLD: ${prior.file} (document ${prior.document.index + 1}) and ${file} (document ${document.index + 1}); OLD must hold one revision of each CRD`);
      this.byName.set(name, { name, raw, document, file, used: false });
    }
  }

  addTreeFiles(files: readonly string[]): void {
    const tree = this.tree!;
    const texts = readFilesAt(tree, files, this.options.maxFileSizeBytes ?? DEFAULT_MAX_FILE_SIZE_BYTES);
    for (const f of files) {
      this.readPaths.add(f);
      const t = texts.get(f);
      if (t === undefined) continue;
      if (typeof t !== "string") throw new UsageError(`OLD ${refLabel(tree, this.cwd, f)} is ${formatBytes(t.tooLarge)}, over the --max-file-size limit`);
      this.add(refLabel(tree, this.cwd, f), t, false);
    }
  }

  get cwd(): string {
    return this.options.cwd ?? process.cwd();
  }

  /** The OLD revision of a NEW CRD; at a git ref, a CRD not under the paths is looked for in the whole tree (moved files). */
  find(name: string): OldEntry | undefined {
    let hit = this.byName.get(name);
    if (!hit && this.tree && !this.searchedTree) {
      this.searchedTree = true;
      const others = crdFilesAt(this.tree).filter((f) => !this.readPaths.has(f));
      // CRDs found outside the paths pair with NEW but are not "removed" when NEW lacks them: they were never in scope.
      const before = new Set(this.byName.keys());
      this.addTreeFiles(others);
      for (const [n, e] of this.byName) if (!before.has(n)) e.used = true;
      hit = this.byName.get(name);
    }
    return hit;
  }
}

async function readOld(linter: Linter, source: OldSource, newPaths: readonly string[], options: RevisionOptions): Promise<OldSide> {
  const cwd = options.cwd ?? process.cwd();
  const maxFileSizeBytes = options.maxFileSizeBytes ?? DEFAULT_MAX_FILE_SIZE_BYTES;
  const fromPaths = async (paths: readonly string[], explicitFiles: boolean): Promise<OldSide> => {
    const side = new OldSide(linter, options, null);
    const expanded = await expandInputs(paths, { cwd, stdinFilename: undefined });
    if (expanded.errors.length) throw new UsageError(expanded.errors.map((e) => `OLD: ${e}`).join("\n"));
    for (const file of expanded.files) {
      const input = await readInput(file, { cwd, maxFileSizeBytes, stdin: options.stdin }).catch((e: Error) => {
        throw new UsageError(`cannot read OLD ${file}: ${e.message}`);
      });
      if ("problem" in input) throw new UsageError(`cannot read OLD ${file}: ${input.message}`);
      const explicit = explicitFiles && (file === "-" || paths.includes(file)) && (file === "-" || statSync(resolve(cwd, file)).isFile());
      side.add(file, input.text, explicit);
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
  side.addTreeFiles(listFilesAt(tree, cwd, newPaths));
  return side;
}

/**
 * Lints NEW (`newPaths`) as an update of OLD. `diffOnly` (crdlint diff): only what the revision brings, i.e. the
 * revision rules and the apiserver's errors on the update; otherwise (lint --against) every finding of lint too.
 */
export async function lintRevisions(linter: Linter, source: OldSource, newPaths: readonly string[], options: RevisionOptions, diffOnly: boolean): Promise<LintResult> {
  const cwd = options.cwd ?? process.cwd();
  const old = await readOld(linter, source, newPaths, options);
  const expanded = await expandInputs(newPaths.length ? newPaths : ["."], { cwd, ignore: options.ignore, ignoreBase: options.ignoreBase, stdinFilename: options.stdinFilename });
  if (expanded.errors.length) throw new UsageError(expanded.errors.join("\n"));
  const maxFileSizeBytes = options.maxFileSizeBytes ?? DEFAULT_MAX_FILE_SIZE_BYTES;
  // --objects replays objects against NEW's CRDs: NEW's texts are kept for it (standard input is read once).
  const newTexts: string[] = [];
  async function* inputs(): AsyncGenerator<NewInput> {
    for (const file of expanded.files) {
      const input = await readInput(file, { cwd, maxFileSizeBytes, stdin: options.stdin }).catch((e: Error) => {
        throw new UsageError(`cannot read ${file}: ${e.message}`);
      });
      if (options.objects?.length && !("problem" in input)) newTexts.push(input.text);
      yield "problem" in input ? { file, problem: input.problem, message: input.message } : { file, text: input.text };
    }
  }
  const result = await lintNew(linter, old, inputs(), options, diffOnly);
  if (options.objects?.length) return withReplay(linter, result, newTexts, options, expanded.files);
  return { ...result, files: expanded.files };
}

/** The same on texts (the library's diffText): OLD's and NEW's documents, each side one text. */
export async function lintRevisionTexts(linter: Linter, oldText: { file: string; text: string }, newText: { file: string; text: string }, options: RevisionOptions, diffOnly: boolean): Promise<LintResult> {
  const old = new OldSide(linter, options, null);
  old.add(oldText.file, oldText.text, false);
  async function* inputs(): AsyncGenerator<NewInput> {
    yield newText;
  }
  const result = await lintNew(linter, old, inputs(), options, diffOnly);
  return options.objects?.length ? withReplay(linter, result, [newText.text], options, [newText.file]) : result;
}

type NewInput = { file: string; text: string } | { file: string; problem: "too-large" | "binary"; message: string };

async function lintNew(linter: Linter, old: OldSide, inputs: AsyncIterable<NewInput>, options: RevisionOptions, diffOnly: boolean): Promise<LintResult> {
  const diagnostics: Diagnostic[] = [];
  const counts = { files: 0, documents: 0, crds: 0, resources: 0, skipped: 0, suppressedApiserverErrors: 0 };
  const seenNew = new Map<string, string>();
  const bundles: string[] = [];
  for await (const input of inputs) {
    const file = input.file;
    counts.files++;
    if ("problem" in input) {
      diagnostics.push(linter.fileDiagnostic(file, input.problem === "too-large" ? "size-file-too-large" : "yaml-syntax", input.message));
      continue;
    }
    const added: { name: string; at: { document: number; range: SourceRange } }[] = [];
    const r = linter.lintText(input.text, file, {
      storedVersions: options.storedVersions,
      old: (name, document) => {
        const prior = seenNew.get(name);
        if (prior !== undefined) throw new UsageError(`two CRDs named ${name} in NEW: ${prior} and ${file}; NEW must hold one revision of each CRD`);
        seenNew.set(name, file);
        const hit = old.find(name);
        if (hit) hit.used = true;
        else added.push({ name, at: { document: document.index, range: document.locate(["metadata", "name"]) } });
        return hit;
      },
    });
    diagnostics.push(...r.diagnostics);
    counts.documents += r.documents;
    counts.crds += r.crds;
    if (r.crds > 1) bundles.push(file);
    counts.resources += r.resources;
    counts.skipped += r.skipped;
    counts.suppressedApiserverErrors += r.suppressedApiserverErrors;
    for (const { name, at } of added) diagnostics.push(crdEventDiagnostic(linter, CRD_ADDED, file, at, name, `CRD ${name} is new: it is created, not updated`));
  }
  for (const entry of old.byName.values()) {
    if (entry.used) continue;
    const at = entry.document.locate(["metadata", "name"]);
    diagnostics.push(
      crdEventDiagnostic(linter, CRD_REMOVED, entry.file, { document: entry.document.index, range: at }, entry.name, `CRD ${entry.name} is gone from NEW: deleting a CRD deletes every ${entry.name} object in the cluster`),
    );
  }
  let kept = diffOnly ? diagnostics.filter(keptByDiff) : diagnostics;
  kept = kept.filter((d) => (options.rules?.[d.rule] ?? "on") !== "off");
  if (options.diffPolicy) kept = applyDiffPolicy(kept, options.diffPolicy);
  const prepared = prepareDiagnostics(kept);
  return { diagnostics: prepared, summary: summarize(prepared, counts), kubernetesVersion: formatKubernetesVersion({ major: 1, minor: linter.minor }), ...(bundles.length ? { bundles } : {}) };
}

/** Adds the --objects replay to a diff's result: its diagnostics, under the same rule switches and policy. */
async function withReplay(linter: Linter, result: LintResult, newTexts: readonly string[], options: RevisionOptions, files: string[]): Promise<LintResult> {
  const crds: Record<string, unknown>[] = [];
  for (const text of newTexts) for (const { raw } of crdsOf(linter.load(text).documents)) crds.push(raw);
  const replay = await replayObjects(linter, crds, options.objects!, options);
  let kept = replay.diagnostics.filter((d) => (options.rules?.[d.rule] ?? "on") !== "off");
  if (options.diffPolicy) kept = applyDiffPolicy(kept, options.diffPolicy);
  const prepared = prepareDiagnostics([...result.diagnostics, ...kept]);
  const { errors: _e, warnings: _w, infos: _i, ...counts } = result.summary;
  const summary = summarize(prepared, { ...counts, files: counts.files + replay.files.length, resources: counts.resources + replay.resources, skipped: counts.skipped + replay.skipped });
  return { ...result, diagnostics: prepared, summary, files: [...files, ...replay.files] };
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
  const effect = rule === CRD_REMOVED ? "data-lost" : "none";
  const configured = linter.severityFor(rule, severityOfEffect(effect, false));
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
    effect,
  });
}
