/**
 * The diff command (and `lint --against`), from options to result: OLD (files, a directory, a git ref, live objects
 * from `kubectl get crd -o yaml`; read and paired in old-side.ts) against NEW, paired by metadata.name across files
 * and documents. NEW is linted as an update of OLD (the apiserver's update verdicts and the revision rules); `diff`
 * keeps what the update changes, `lint --against` everything. --objects: replay.ts; the config's diff section:
 * policy.ts.
 */
import { expandInputs, readInput, DEFAULT_MAX_FILE_SIZE_BYTES } from "../../load/files.js";
import { repoPath } from "../../load/git.js";
import { isPartialCrd } from "../../load/kustomize-patch.js";
import { inputLayout, type LayoutCache } from "../../load/layout.js";
import type { Diagnostic, LintResult, SourceRange } from "../../diagnostics/index.js";
import { runResult } from "../../engine/sink.js";
import { makeLinter, UsageError } from "../../engine/files.js";
import { allRules } from "../../rules/index.js";
import type { Linter, TextResult } from "../../engine/lint.js";
import { isRangeLinter, mergeReleaseRuns } from "../../engine/range.js";
import type { UpdateInput } from "../../engine/update.js";
import { applyDiffPolicy } from "./policy.js";
import { replayObjects } from "./replay.js";
import type { DiffCode } from "./codes.js";
import { crdsOf, keyUnder, OldSide, readOld, storedVersionsOf, type Place } from "./old-side.js";
import type { OldSource, RevisionOptions } from "./options.js";

export type { OldSource, RevisionOptions } from "./options.js";

/** Rules the orchestrator reports itself (a CRD added or removed has no pair to run rules on). */
export const CRD_ADDED = "revision-crd-added" satisfies DiffCode;
export const CRD_REMOVED = "revision-crd-removed" satisfies DiffCode;
export const CRD_DUPLICATE = "revision-crd-duplicate" satisfies DiffCode;
export const OLD_SKIPPED = "revision-old-skipped" satisfies DiffCode;

/**
 * `diff` reports what the apiserver rejects or warns about on the update and what the revision changes: crdlint's own
 * lints need not run.
 */
export async function diffLinter(options: RevisionOptions): Promise<Linter> {
  const lintsOff = Object.fromEntries(
    allRules
      .filter((r) => !r.apiserver && r.category !== "revision" && r.category !== "yaml" && r.update?.warns !== true)
      .map((r) => [r.id, "off" as const]),
  );
  return makeLinter(allRules, {
    ...options,
    apiserverGates: true,
    rules: { ...lintsOff, ...options.diffPolicy?.rules, ...options.rules },
  });
}

/**
 * Lints NEW (`newPaths`) as an update of OLD. `diffOnly` (crdlint diff): only what the revision brings, i.e. the
 * revision rules and the apiserver's errors on the update; otherwise (lint --against) every finding of lint too.
 */
export async function lintUpdates(
  linter: Linter,
  source: OldSource,
  newPaths: readonly string[],
  options: RevisionOptions,
  diffOnly: boolean,
): Promise<LintResult> {
  const cwd = options.cwd ?? process.cwd();
  const old = await readOld(linter, source, newPaths, options);
  const expandOptions = {
    cwd,
    ignore: options.ignore,
    ignoreBase: options.ignoreBase,
    stdinFilename: options.stdinFilename,
  };
  const expanded = await expandInputs(newPaths.length ? newPaths : ["."], expandOptions);
  const named = options.namedPaths ?? (newPaths.length ? newPaths : ["."]);
  if (expanded.errors.length) throw new UsageError(expanded.errors.join("\n"));
  // Each NEW file's place: the named path it came from (the first that names it) and its key.
  const places = new Map<string, Place>();
  for (const [scope, p] of named.entries()) {
    for (const file of (await expandInputs([p], expandOptions)).files) {
      if (places.has(file)) continue;
      const tree = old.tree;
      places.set(
        file,
        tree
          ? { scope, key: file === "-" ? "" : repoPath(tree, cwd, file) }
          : { scope: 0, key: keyUnder(cwd, p, file) },
      );
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
      const place = places.get(file) ?? {
        scope: 0,
        key: old.tree && file !== "-" ? repoPath(old.tree, cwd, file) : file,
      };
      yield "problem" in input
        ? { file, problem: input.problem, message: input.message, place }
        : { file, text: input.text, place };
    }
  }
  const stored = await storedVersionsOf(linter, options);
  const results = await lintNew(linter, old, inputs(), options, diffOnly, stored, places);
  return overRuns(linter, results, async (release, result) =>
    options.objects?.length
      ? withReplay(release, result, newTexts, options, expanded.files)
      : { ...result, files: expanded.files },
  );
}

/**
 * The run's result from each release's (`releaseLinters[i]`'s at `i`): one release's as it is, several merged as
 * runs at each release alone would be (mergeReleaseRuns). `finish` completes a release's result with its linter.
 */
async function overRuns(
  linter: Linter,
  results: readonly LintResult[],
  finish: (release: Linter, result: LintResult) => Promise<LintResult>,
): Promise<LintResult> {
  const linters = releaseLinters(linter);
  const finished: LintResult[] = [];
  for (const [i, r] of results.entries()) finished.push(await finish(linters[i]!, r));
  return isRangeLinter(linter) ? mergeReleaseRuns(finished, linter.minors) : finished[0]!;
}

/** The linter of each release of a run: a range's engines, or the one linter. */
function releaseLinters(linter: Linter): readonly Linter[] {
  return isRangeLinter(linter) ? linter.releaseLinters : [linter];
}

/** The same on texts (the library's diffText): OLD's and NEW's documents, each side one text. */
export async function lintUpdateTexts(
  linter: Linter,
  oldText: { file: string; text: string },
  newText: { file: string; text: string },
  options: RevisionOptions,
  diffOnly: boolean,
): Promise<LintResult> {
  const old = new OldSide(linter, options, null);
  const place = { scope: 0, key: "" };
  old.add(oldText.file, oldText.text, false, place);
  old.newKeys = new Set([""]);
  async function* inputs(): AsyncGenerator<NewInput> {
    yield { ...newText, place };
  }
  const results = await lintNew(
    linter,
    old,
    inputs(),
    options,
    diffOnly,
    await storedVersionsOf(linter, options),
    new Map([[newText.file, place]]),
  );
  return overRuns(linter, results, async (release, result) =>
    options.objects?.length ? withReplay(release, result, [newText.text], options, [newText.file]) : result,
  );
}

type NewInput = (
  { file: string; text: string } | { file: string; problem: "too-large" | "binary"; message: string }
) & { place: Place };

async function lintNew(
  linter: Linter,
  old: OldSide,
  inputs: AsyncIterable<NewInput>,
  options: RevisionOptions,
  diffOnly: boolean,
  stored: ReadonlyMap<string, readonly string[]>,
  places: ReadonlyMap<string, Place>,
): Promise<LintResult[]> {
  // Over several releases, each text is read once and linted by every release's engine (sharing what does not depend
  // on the release); each release keeps its own findings and counts, as a run at it alone would.
  const linters = releaseLinters(linter);
  const runs = linters.map(() => ({
    diagnostics: [] as Diagnostic[],
    counts: { files: 0, documents: 0, crds: 0, resources: 0, skipped: 0, suppressedApiserverErrors: 0 },
    /** Files of NEW holding several CRDs (a bundle): the report names the CRD of each finding there. */
    bundles: [] as string[],
  }));
  /** NEW's CRDs by name: the files that define each, and its first document per file. */
  const inNew = new Map<string, Map<string, number>>();
  /** NEW's file at each key: where a finding about an OLD file of the same path is shown. */
  const newFileAt = new Map<string, string>();
  /** Names with NEW copies left unpaired for ambiguity: their OLD copies are named in that warning, not "removed". */
  const ambiguousNames = new Set<string>();
  /** CRDs only NEW has: reported once every file is read (where the ref has them outside the paths is asked once). */
  const added: { name: string; at: { document: number; range: SourceRange }; file: string }[] = [];
  for (const [file, place] of places) if (!newFileAt.has(place.key)) newFileAt.set(place.key, file);
  const layouts: LayoutCache = new Map();
  for await (const input of inputs) {
    const file = input.file;
    for (const run of runs) run.counts.files++;
    if ("problem" in input) {
      runs.forEach((run, i) =>
        run.diagnostics.push(
          linters[i]!.fileDiagnostic(
            file,
            input.problem === "too-large" ? "size-file-too-large" : "yaml-syntax",
            input.message,
          ),
        ),
      );
      continue;
    }
    const events: { rule: DiffCode; name: string; at: { document: number; range: SourceRange }; message: string }[] =
      [];
    // Each release's engine asks for the OLD of each CRD of the text, in the same order (a list's items share their
    // document): the first release's asking pairs them and says what is added or twice, the others get its answers
    // (checked by name and document: a release asking otherwise would be paired afresh).
    const answers: { name: string; document: number; old: ReturnType<UpdateInput["old"]> }[] = [];
    const updateAt = (): UpdateInput => {
      let asked = 0;
      return {
        storedVersions: options.storedVersions,
        old: (name, document) => {
          const a = answers[asked++];
          if (a && a.name === name && a.document === document.index) return a.old;
          const answer = { name, document: document.index, old: pair(name, document) };
          answers.push(answer);
          return answer.old;
        },
      };
    };
    const pair: UpdateInput["old"] = (name, document) => {
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
        events.push({
          rule: CRD_DUPLICATE,
          name,
          at,
          message: `CRD ${name} is defined twice in ${file} (documents ${earlier + 1} and ${document.index + 1}): only the first is compared with OLD; the apiserver keeps whichever is applied last`,
        });
      else if (ambiguous) {
        ambiguousNames.add(name);
        events.push({
          rule: CRD_DUPLICATE,
          name,
          at,
          message: `CRD ${name} is defined more than once within the paths compared, and OLD has it in ${ambiguous.map((e) => e.file).join(", ")}, none at this path: this copy is not compared; name each channel's directory as a path of its own`,
        });
      } else added.push({ name, at, file });
      return undefined;
    };
    // NEW's place in the repository (a chart's templates/ or crds/, a kustomize patch) counts as in lint: last argument.
    const layout = inputLayout(file, options.cwd ?? process.cwd(), layouts);
    const results: TextResult[] = isRangeLinter(linter)
      ? linter.lintTextAtEach(input.text, file, updateAt, layout)
      : [linter.lintText(input.text, file, updateAt(), layout)];
    results.forEach((r, i) => {
      const { diagnostics, counts, bundles } = runs[i]!;
      diagnostics.push(...r.diagnostics);
      counts.documents += r.documents;
      counts.crds += r.crds;
      if (r.crds > 1) bundles.push(file);
      counts.resources += r.resources;
      counts.skipped += r.skipped;
      counts.suppressedApiserverErrors += r.suppressedApiserverErrors;
      for (const e of events) diagnostics.push(crdEventDiagnostic(linters[i]!, e.rule, file, e.at, e.name, e.message));
    });
  }
  const outside = old.elsewhere([...new Set(added.map((a) => a.name))]);
  const unknown = Object.keys(options.storedVersionsByCrd ?? {}).filter((n) => !old.entries.some((e) => e.name === n));
  if (unknown.length) throw new UsageError(`--stored-versions ${unknown[0]}=...: OLD has no CRD named ${unknown[0]}`);
  return runs.map(({ diagnostics, counts, bundles }, i) => {
    const release = linters[i]!;
    for (const { name, at, file } of added) {
      const was = outside.get(name);
      const hint = was
        ? ` (${was} has a CRD of this name, outside the paths named: if it moved from there, name that path too to compare them)`
        : "";
      diagnostics.push(
        crdEventDiagnostic(release, CRD_ADDED, file, at, name, `CRD ${name} is new: it is created, not updated${hint}`),
      );
    }
    for (const entry of old.entries) {
      if (entry.used || ambiguousNames.has(entry.name)) continue;
      const at = entry.document.locate(["metadata", "name"]);
      // OLD at a git ref: shown at line 1 of the file it was in, as the working tree names it, with OLD's place said.
      const shown = entry.shownFile
        ? { file: entry.shownFile, range: LINE_1, where: ` (OLD: ${entry.file}:${at.start.line})` }
        : { file: entry.file, range: at, where: "" };
      const twin = old.entries.find((e) => e !== entry && e.used && e.name === entry.name && e.key === entry.key);
      const elsewhere = [...(inNew.get(entry.name)?.keys() ?? [])];
      const message = twin
        ? `CRD ${entry.name} is defined twice in OLD ${entry.file} (documents ${twin.document.index + 1} and ${entry.document.index + 1}): only the first is compared with NEW`
        : elsewhere.length
          ? `CRD ${entry.name} is gone from ${entry.shownFile ?? entry.file} (NEW still defines it in ${elsewhere.join(", ")}): where this file was applied, deleting the CRD deletes every ${entry.name} object in the cluster`
          : `CRD ${entry.name} is gone from NEW: deleting a CRD deletes every ${entry.name} object in the cluster`;
      diagnostics.push(
        crdEventDiagnostic(
          release,
          twin ? CRD_DUPLICATE : CRD_REMOVED,
          shown.file,
          { document: entry.document.index, range: shown.range },
          entry.name,
          message + shown.where,
        ),
      );
    }
    for (const s of old.skipped) {
      // Shown in NEW's file of the same path when there is one, else at the path the file had (a pull request shows both).
      const file = newFileAt.get(s.key) ?? s.shownFile ?? s.label;
      const here = file === s.label;
      const range = here
        ? { start: { line: s.line, column: s.column }, end: { line: s.line, column: s.column + 1 } }
        : LINE_1;
      diagnostics.push(
        fileEventDiagnostic(
          release,
          OLD_SKIPPED,
          file,
          range,
          `OLD ${s.label}${here ? "" : `:${s.line}`} ${s.why}: its CRDs are not compared, so NEW's CRDs it held are reported as added`,
        ),
      );
    }
    const warnsOnUpdate = new Set(release.rules.filter((r) => r.update?.warns === true).map((r) => r.id));
    let kept = diffOnly ? diagnostics.filter((d) => keptByDiff(d, warnsOnUpdate)) : diagnostics;
    kept = kept.filter((d) => (options.rules?.[d.rule] ?? "on") !== "off");
    if (options.diffPolicy) kept = applyDiffPolicy(kept, options.diffPolicy);
    return { ...runResult(kept, counts, release.minor), ...(bundles.length ? { bundles } : {}) };
  });
}

const LINE_1: SourceRange = { start: { line: 1, column: 1 }, end: { line: 1, column: 2 } };

/** Adds the --objects replay to a diff's result: its diagnostics, under the same rule switches and policy. */
async function withReplay(
  linter: Linter,
  result: LintResult,
  newTexts: readonly string[],
  options: RevisionOptions,
  files: string[],
): Promise<LintResult> {
  const crds: Record<string, unknown>[] = [];
  for (const text of newTexts) for (const { raw } of crdsOf(linter.load(text).documents)) crds.push(raw);
  const replay = await replayObjects(linter, crds, options.objects!, options);
  let kept = replay.diagnostics.filter((d) => (options.rules?.[d.rule] ?? "on") !== "off");
  if (options.diffPolicy) kept = applyDiffPolicy(kept, options.diffPolicy);
  const { errors: _e, warnings: _w, infos: _i, ...counts } = result.summary;
  // The diff's result extended: its keys keep their order, the files read come last.
  return {
    ...result,
    ...runResult(
      [...result.diagnostics, ...kept],
      {
        ...counts,
        files: counts.files + replay.files.length,
        resources: counts.resources + replay.resources,
        skipped: counts.skipped + replay.skipped,
      },
      result.kubernetesVersion,
    ),
    files: [...files, ...replay.files],
  };
}

/**
 * `diff` shows what the update brings: revision findings, the apiserver's errors and warnings on the update (the rules
 * whose metadata says `update: { warns: true }`, ratcheted against OLD as the apiserver does, so that they report only
 * what NEW introduces), and unreadable input.
 */
function keptByDiff(d: Diagnostic, warnsOnUpdate: ReadonlySet<string>): boolean {
  return (
    d.category === "revision" ||
    (d.apiserver && d.severity === "error") ||
    warnsOnUpdate.has(d.rule) ||
    (d.category === "yaml" && d.severity === "error") ||
    d.rule === "size-file-too-large"
  );
}

function crdEventDiagnostic(
  linter: Linter,
  rule: DiffCode,
  file: string,
  at: { document: number; range: SourceRange },
  name: string,
  message: string,
): Diagnostic {
  // A duplicate is about the input, not a change: it has no effect, and its severity is the rule's.
  const effect = rule === CRD_REMOVED ? "data-lost" : rule === CRD_ADDED ? "none" : undefined;
  return linter.severities.event(
    rule,
    { file, document: at.document, object: name, range: at.range },
    { field: "metadata.name", message, effect, offAsInfo: true },
  )!;
}

/** A finding about a whole file of OLD (revision-old-skipped). */
function fileEventDiagnostic(
  linter: Linter,
  rule: DiffCode,
  file: string,
  range: SourceRange,
  message: string,
): Diagnostic {
  return linter.severities.event(
    rule,
    { file, document: 0, object: null, range },
    { field: null, message, offAsInfo: true },
  )!;
}
