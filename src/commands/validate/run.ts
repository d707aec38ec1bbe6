/**
 * One `crdlint validate` run as named steps over its state: read the CRDs (the --crd inputs, then the CRDs among
 * the manifests) into the run's registry, read the stored objects of --old, validate each resource of each input
 * against its CRD's version, and report. Each input's findings and counts are kept apart until the input is read to
 * its end, so that an input found to be a template part way through is reported as one, with nothing of its earlier
 * chunks.
 */
import { dirname } from "node:path";
import type { Diagnostic, LintResult, Severity } from "../../diagnostics/index.js";
import { DEFAULT_MAX_FILE_SIZE_BYTES, expandInputs } from "../../load/files.js";
import { objectsOf } from "../../load/objects.js";
import { isKustomizationFile, type LayoutCache } from "../../load/layout.js";
import { createFastLoader, type FastLoader } from "../../load/fast-load.js";
import { isCrd, isObject } from "../../crd/model.js";
import {
  CrdRegistry,
  crdIdentity,
  deprecationWarning,
  type RegisteredCrd,
  type RegisteredVersion,
} from "../../crd/registry.js";
import { CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS, enabledByDefault, releaseHas } from "../../k8s/releases.js";
import type { ValidateCode } from "./codes.js";
import { isBuiltinGroup, splitApiVersion } from "../../k8s/builtin.js";
import { SchemaValidatorCache } from "../../values/value.js";
import {
  createResourceValidator,
  ReleaseResultShare,
  resourceVersionFor,
  type CelStage,
  type FieldValidation,
  type ResourceValidator,
} from "../../values/resource.js";
import { apiserverLine } from "../../report/types.js";
import { UsageError } from "../../engine/files.js";
import { inputProblemDiagnostic } from "../../engine/lint-file.js";
import { goTemplateMessage, type Linter } from "../../engine/lint.js";
import {
  DiagnosticSink,
  type DiagnosticPlace,
  type ResourceReport,
  type RunCounts,
  type Severities,
} from "../../engine/sink.js";
import {
  createSharedCelStages,
  loadCelStages,
  type CelStages,
  type SharedCelStages,
} from "../../engine/validate-cel.js";
import { readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { ContentCache } from "../../load/content-cache.js";
import { readDocumentChunks, WHOLE_FILE_BYTES, wholeFileChunks, type DocumentChunk } from "../../load/stream.js";
import { loadText, type LoadedText } from "../../load/document.js";
import type { RangeLinter } from "../../engine/range.js";
import {
  chunkReader,
  chunkSource,
  chunkTemplate,
  documentsOf,
  isChartTemplate,
  type ChunkReader,
  inputOpener,
  type RawChunk,
  loadOld,
  mentionsCrd,
  type Located,
  type OldObjects,
  type ChunkDocument,
  type OpenedInput,
  type ReadableInput,
} from "./inputs.js";
import type { ValidateOptions } from "./index.js";

/** Where a CRD was read: its document, and the text of its chunk (linted on first use, for its verdict). */
interface CrdPlace {
  file: string;
  document: number;
  line: number;
  column: number;
  text: string;
  lineOffset: number;
  /** The cache's key of the chunk's text (null without a cache): what the CRD's verdict is filed under. */
  digest(): string | null;
  /**
   * Where the cache files the CRD object (null without a cache), and what this run knows of the entry: read from
   * there, looked for and absent (or damaged), or not looked for (the CRD was read from its file).
   */
  object: { key: () => string | null; entry: "read" | "absent" | "unknown" };
}

type Crd = RegisteredCrd<CrdPlace>;

/** The cache's kind of entry: what a chunk of text holds, as the CRD pass read it. */
const CHUNK_INDEX = "crd-chunks";

/** A CRD of a chunk: where it is (document in the chunk, list prefix, line and column in the chunk) and who it is. */
interface IndexedCrd {
  document: number;
  prefix: (string | number)[];
  line: number;
  column: number;
  group: string;
  kind: string;
  name: string | null;
}

/** What a parsed chunk holds: its documents (those with a value: `counted`), its CRDs, and whether it holds only CRDs. */
interface ChunkIndex {
  documents: number;
  counted: number;
  crdOnly: boolean;
  crds: IndexedCrd[];
}

/** The cache's kind of entry: a CRD's apiserver errors (none: it is accepted), as lint found them in its chunk. */
const CRD_VERDICT = "crd-verdict";

/** A verdict read back from the cache, if it is a list of diagnostics. */
function asDiagnostics(v: unknown): Diagnostic[] | null {
  return Array.isArray(v) && v.every((d) => isObject(d) && typeof d.line === "number" && typeof d.rule === "string")
    ? (v as Diagnostic[])
    : null;
}

/** A cache entry read back, if it has the shape this version writes. */
function asChunkIndex(v: unknown): ChunkIndex | null {
  if (!isObject(v) || typeof v.documents !== "number" || typeof v.counted !== "number") return null;
  if (typeof v.crdOnly !== "boolean" || !Array.isArray(v.crds)) return null;
  return v as unknown as ChunkIndex;
}

/** The cache's kind of entry: a --crd file's chunks and what they hold, filed under the file's place, size and times. */
const FILE_INDEX = "crd-file-index";

/** A chunk of a file: where it starts (line, first document), its text's key in the cache, and what it holds. */
interface FileChunk {
  chunk: number;
  line: number;
  firstDocument: number;
  digest: string;
  index: ChunkIndex;
}

/** A file index read back, if it has the shape this version writes. */
function asFileIndex(v: unknown): FileChunk[] | null {
  if (!Array.isArray(v)) return null;
  for (const c of v as unknown[]) {
    if (!isObject(c) || typeof c.chunk !== "number" || typeof c.line !== "number") return null;
    if (typeof c.firstDocument !== "number" || typeof c.digest !== "string" || !asChunkIndex(c.index)) return null;
  }
  return v as FileChunk[];
}

/**
 * The cache's kind of entry: a CRD object of a chunk, as the loader read it, filed under the chunk's key, document and
 * list prefix. Reading it back is a JSON parse: the CRD files a run's resources need are neither read nor parsed again.
 */
const CRD_OBJECT = "crd-object";

/** The cache key of a CRD object: its chunk's key, its document in the chunk and its place in a list (memoised). */
function objectKey(
  cache: ContentCache | null,
  digest: () => string | null,
  document: number,
  prefix: readonly (string | number)[],
): () => string | null {
  let key: string | null | undefined;
  return () => {
    if (key !== undefined) return key;
    const d = cache ? digest() : null;
    return (key = d === null ? null : cache!.key("object", d, String(document), JSON.stringify(prefix)));
  };
}

/** Whether JSON gives the value back as it is (no -0, non-finite number or value JSON has no form for). */
function jsonExact(v: unknown): boolean {
  if (v === null || typeof v === "string" || typeof v === "boolean") return true;
  if (typeof v === "number") return Number.isFinite(v) && !Object.is(v, -0);
  if (Array.isArray(v)) return v.every(jsonExact);
  if (!isObject(v) || Object.getPrototypeOf(v) !== Object.prototype) return false;
  for (const k in v) if (k === "__proto__" || !jsonExact(v[k])) return false;
  return true;
}

/** A run's counters, zero, in the summary's order. */
const noCounts = (): RunCounts => ({ files: 0, documents: 0, crds: 0, resources: 0, skipped: 0 });

/** Where a position is: a template's first action. */
type At = { line: number; column: number };

/** Every item of an async iterable, in order. */
async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** The value `map` holds for `key`, made (by the first release that asks) when it holds none. */
function once<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  if (map.has(key)) return map.get(key)!;
  const v = make();
  map.set(key, v);
  return v;
}

/**
 * What the runs of a validation over several releases share (each run is at one release): a CRD text linted once
 * over every release of the run (a range linter, src/engine/range.ts), each release's run taking its diagnostics from
 * it; each input opened, read and parsed once, with its template verdict (the documents are only read); the cache
 * entries that do not depend on the release; the compiled value validators and the CEL compilations; each
 * resource's result, for the releases that answer it alike.
 */
export class ReleaseCrds implements FastLoader, ChunkReader {
  private readonly linted = new Map<string, Map<string, Map<number, Diagnostic[]>>>();
  private readonly loaded = new Map<string, LoadedText>();
  private readonly entries = new Map<string, unknown>();
  private readonly inputs = new Map<string, Promise<OpenedInput>>();
  private readonly chunksRead = new WeakMap<ReadableInput, Promise<DocumentChunk[]>>();
  private readonly templates = new WeakMap<LoadedText, Map<boolean, { line: number; column: number } | null>>();
  /** The releases' compiled value validators: a compiled node is filed under what it holds of its release. */
  readonly schemaValidators = new SchemaValidatorCache();
  /** The releases' CEL compilations, each shared with the releases whose environments answer its reads alike. */
  readonly cel: SharedCelStages = createSharedCelStages();
  /** The resources' results, each shared with the releases that answer what it asked alike. */
  readonly results = new ReleaseResultShare();
  /** The directories looked at for each input's place in the repository: the same for every release. */
  readonly layouts: LayoutCache = new Map();
  private readonly expanded = new Map<string, Promise<string[]>>();
  private readonly stated = new Map<string, { key: string; path: string } | null>();
  private readonly texts = new Map<string, string>();
  private readonly chartTemplates = new Map<string, boolean>();

  constructor(private readonly linter: RangeLinter) {}

  /** The diagnostics a lint of `text` at 1.`minor` finds, in its order (each release's engine's own result). */
  diagnostics(text: string, file: string, minor: number): Diagnostic[] {
    // By text, then file: a key made of both would be a new string to hash, text and all, at each release's asking.
    let byFile = this.linted.get(text);
    if (!byFile) this.linted.set(text, (byFile = new Map<string, Map<number, Diagnostic[]>>()));
    let byRelease = byFile.get(file);
    if (!byRelease) {
      const results = this.linter.lintTextAtEach(text, file);
      byRelease = new Map(this.linter.minors.map((m, i) => [m, results[i]!.diagnostics]));
      byFile.set(file, byRelease);
    }
    return byRelease.get(minor) ?? [];
  }

  /**
   * An entry of the cache that does not depend on the release (a CRD object, a chunk's or a file's index), read once
   * for every release: the releases share the value, as they share the CRDs loaded from text. Only a value found is
   * kept (a release after the one that files it reads it from the cache).
   */
  cached(cache: ContentCache, kind: string, key: string): unknown {
    const at = `${kind}\0${key}`;
    let v = this.entries.get(at);
    if (v === undefined) {
      v = cache.get(kind, key);
      if (v !== undefined) this.entries.set(at, v);
    }
    return v;
  }

  /** The files a list of inputs names (--crd's, or the resources'), found by the first release's run. */
  expand(list: readonly string[], find: () => Promise<string[]>): Promise<string[]> {
    return once(this.expanded, JSON.stringify(list), find);
  }

  /** A --crd file's place, size and times as the cache keys them, looked at once for every release. */
  statKey(file: string, stat: () => { key: string; path: string } | null): { key: string; path: string } | null {
    return once(this.stated, file, stat);
  }

  /** Whether an input is one of a chart's templates, looked at once for every release. */
  chartTemplate(file: string, look: () => boolean): boolean {
    return once(this.chartTemplates, file, look);
  }

  /** The text of a file the cache indexed, read once for every release that needs one of its CRDs. */
  fileText(path: string, read: () => string): string {
    return once(this.texts, path, read);
  }

  /** An input as the releases' runs open it, opened by the first of them. */
  input(file: string, open: () => Promise<OpenedInput>): Promise<OpenedInput> {
    return once(this.inputs, file, open);
  }

  /**
   * An input's document chunks, read once for every release (a run at one release streams them): the releases' runs
   * keep the inputs' texts until the last of them.
   */
  chunks(input: ReadableInput, cwd: string): Promise<DocumentChunk[]> {
    let read = this.chunksRead.get(input);
    if (!read) this.chunksRead.set(input, (read = collect(readDocumentChunks(input.file, chunkSource(input, cwd)))));
    return read;
  }

  /**
   * A chunk's documents and template verdict, once for every release: the resources of a range run are parsed once, as
   * its CRDs are (what validates them copies what it changes: pruning and defaulting work on a copy).
   */
  read(text: string, chartTemplate: boolean): ReturnType<ChunkReader["read"]> {
    const loaded = this.load(text);
    let byChart = this.templates.get(loaded);
    if (!byChart) this.templates.set(loaded, (byChart = new Map<boolean, { line: number; column: number } | null>()));
    let template = byChart.get(chartTemplate);
    if (template === undefined) byChart.set(chartTemplate, (template = chunkTemplate(text, loaded, chartTemplate)));
    return { loaded, template };
  }

  /** The text loaded as validate loads a CRD's chunk (the fast loader, else the full one), once for every release. */
  load(text: string): LoadedText {
    let l = this.loaded.get(text);
    if (!l) this.loaded.set(text, (l = this.linter.load(text)));
    return l;
  }
}

export class ValidateRun {
  private readonly cwd: string;
  private readonly open: (file: string) => Promise<OpenedInput>;
  private readonly severities: Severities;
  private readonly minor: number;
  private readonly fieldValidation: FieldValidation;
  /** One per run (per range run): resources of every CRD share the compiled schema validators and patterns. */
  private readonly schemaValidators: SchemaValidatorCache;
  private readonly fast = createFastLoader();
  /** How CRD chunks are loaded: over several releases once for all of them (their documents are only read). */
  private readonly crdLoader: FastLoader;
  /** How chunks are read: over several releases once for all of them (their documents are only read, never changed). */
  private readonly chunkReader: ChunkReader;
  /** The run's memory of the directories looked at for each input's place in the repository. */
  private readonly layouts: LayoutCache;
  private readonly registry = new CrdRegistry<CrdPlace>();
  /** Every CRD document read (--crd and manifests), once each: the summary's count. */
  private readonly crdDocuments = new Set<string>();
  /** The chunks of the manifests that hold a CRD: their CRDs are counted with the --crd ones, not validated. */
  private readonly crdChunks = new Set<string>();
  /** The chunks that hold CRDs and nothing else, by file and chunk number: the resource pass need not read them. */
  private readonly crdOnlyChunks = new Map<string, ChunkIndex>();
  /** What earlier runs learnt of CRD chunks (their CRDs by group and kind), by the chunk's text; null: no cache. */
  private readonly cache: ContentCache | null;
  /** Inputs found to be Go/Helm templates, with their first action: skipped whole, with one info. */
  private readonly templates = new Map<string, At>();
  /** Each CRD's lint verdict, on first use: null when it has no apiserver error. */
  private readonly verdicts = new Map<Crd, { errors: Diagnostic[] } | null>();
  /** Each served version's validator, compiled on first use. */
  private readonly validators = new Map<RegisteredVersion, ResourceValidator>();
  /** The run's findings and counts; each input's go to a sink of its own first (validateInput). */
  private readonly sink: DiagnosticSink;
  /** Set by the steps that read them: the CEL stages of the target release, the stored objects of --old. */
  private cel: CelStages | null = null;
  private oldObjects: OldObjects | null = null;

  constructor(
    private readonly options: ValidateOptions,
    private readonly linter: Linter,
    /** A run over several releases: the CRD verdicts and CRD texts its releases share (see ReleaseCrds). */
    private readonly releaseCrds?: ReleaseCrds,
  ) {
    this.crdLoader = releaseCrds ?? this.fast;
    this.chunkReader = releaseCrds ?? chunkReader(this.fast);
    this.schemaValidators = releaseCrds?.schemaValidators ?? new SchemaValidatorCache();
    this.layouts = releaseCrds?.layouts ?? (new Map() as LayoutCache);
    this.cwd = options.cwd ?? process.cwd();
    const maxFileSizeBytes = options.maxFileSizeBytes ?? DEFAULT_MAX_FILE_SIZE_BYTES;
    const open = inputOpener(this.cwd, maxFileSizeBytes, options.stdin);
    // Over several releases each input is opened once for all of them.
    this.open = releaseCrds ? (file) => releaseCrds.input(file, () => open(file)) : open;
    this.severities = linter.severities;
    this.sink = new DiagnosticSink(linter.severities, noCounts());
    this.minor = linter.minor;
    this.fieldValidation = options.fieldValidation ?? "strict";
    this.cache = options.cache
      ? new ContentCache(options.cache.dir, `crdlint ${options.cache.version}\0chunks v1`)
      : null;
    // At most once a day: what older builds filed, and what no run has read for a month, goes.
    for (const kind of [CHUNK_INDEX, CRD_VERDICT, FILE_INDEX, CRD_OBJECT]) this.cache?.prune(kind);
  }

  /** An input's documents as this run reads them (over several releases, read and parsed once for all of them). */
  private async *documentsOf(
    input: ReadableInput,
    only: ((chunk: string) => boolean) | undefined,
    skip: (chunk: RawChunk) => number | null,
  ): AsyncGenerator<ChunkDocument> {
    const chunks = await this.releaseCrds?.chunks(input, this.cwd);
    const chartTemplate = this.releaseCrds
      ? this.releaseCrds.chartTemplate(input.file, () => isChartTemplate(input.file, this.cwd, this.layouts))
      : isChartTemplate(input.file, this.cwd, this.layouts);
    yield* documentsOf(input, this.cwd, only, this.chunkReader, chartTemplate, skip, chunks);
  }

  /** A cache entry that does not depend on the release: over several releases, read once for all of them. */
  private shared(kind: string, key: string): unknown {
    return this.releaseCrds ? this.releaseCrds.cached(this.cache!, kind, key) : this.cache!.get(kind, key);
  }

  /** The whole run: the steps in order. */
  async run(paths: readonly string[]): Promise<LintResult> {
    const crdFiles = this.options.crds && this.options.crds.length ? await this.expand(this.options.crds) : [];
    const files = await this.expand(paths.length ? paths : ["-"]);
    this.cel = await loadCelStages(this.minor, this.releaseCrds?.cel);
    await this.readCrds(crdFiles, files);
    if (this.options.old) this.oldObjects = await loadOld(this.options.old, this.cwd, this.open);
    for (const file of files) this.sink.absorb(await this.validateInput(file));
    return this.report();
  }

  private expand(list: readonly string[]): Promise<string[]> {
    return this.releaseCrds ? this.releaseCrds.expand(list, () => this.find(list)) : this.find(list);
  }

  private async find(list: readonly string[]): Promise<string[]> {
    const o = this.options;
    const e = await expandInputs(list, {
      cwd: this.cwd,
      ignore: o.ignore,
      ignoreBase: o.ignoreBase,
      stdinFilename: o.stdinFilename,
    });
    if (e.errors.length) throw new UsageError(e.errors.join("\n"));
    return e.files;
  }

  /** Step 1: the CRDs of the --crd inputs, then those among the manifests. A --crd input that is also a manifest input is reported once, with the manifests. */
  private async readCrds(crdFiles: readonly string[], files: readonly string[]): Promise<void> {
    for (const f of crdFiles) await this.registerInput(f, undefined, !files.includes(f));
    for (const f of files) await this.registerInput(f, mentionsCrd, false);
  }

  /**
   * Registers the CRDs of an input; `report`: an input that cannot be read is reported here (a --crd input only). A
   * chunk the cache knows (by its text) is not parsed: its CRDs are registered by group and kind, and read when a
   * resource needs one. A chunk parsed here is filed in the cache, and remembered when it holds CRDs only (the
   * resource pass then skips it).
   */
  private async registerInput(
    file: string,
    only: ((chunk: string) => boolean) | undefined,
    report: boolean,
  ): Promise<void> {
    const cache = this.cache;
    // A --crd file whose place, size and times are those an earlier run indexed is not read (nor hashed) until a
    // resource needs one of its CRDs: most runs read none of most CRD files.
    const stated =
      cache && only === undefined && file !== "-"
        ? this.releaseCrds
          ? this.releaseCrds.statKey(file, () => this.statKey(file))
          : this.statKey(file)
        : null;
    const indexed = stated ? asFileIndex(this.shared(FILE_INDEX, stated.key)) : null;
    if (stated && indexed) {
      let chunks: string[] | null = null;
      const textOf = (n: number): string => {
        const read = (): string => readFileSync(stated.path, "utf8");
        chunks ??= wholeFileChunks(this.releaseCrds ? this.releaseCrds.fileText(stated.path, read) : read()).map(
          (c) => c.text,
        );
        return chunks[n] ?? "";
      };
      for (const c of indexed)
        this.registerIndexed(file, { ...c, text: () => textOf(c.chunk), digest: () => c.digest }, c.index);
      return;
    }
    const input = await this.open(file);
    if ("problem" in input) {
      if (report) this.sink.keep(inputProblemDiagnostic(this.linter, input));
      return;
    }
    // What the file holds, chunk by chunk, for the file index: null once a chunk cannot be filed.
    let fileChunks: FileChunk[] | null = stated ? [] : null;
    // A chunk with `{{` is read each time: whether it is a template depends on where the file is (a chart's templates/).
    const skip = (c: RawChunk): number | null => {
      if (c.text.includes("{{") || !cache) return null;
      const digest = cache.key(c.text);
      const index = asChunkIndex(this.shared(CHUNK_INDEX, digest));
      if (!index) return null;
      this.registerIndexed(file, { ...c, text: () => c.text, digest: () => digest }, index);
      fileChunks?.push({ chunk: c.chunk, line: c.line, firstDocument: c.firstDocument, digest, index });
      return index.documents;
    };
    // The chunk being read, as the cache will file it once all its documents are seen.
    let reading = null as {
      chunk: number;
      text: string;
      clean: boolean;
      index: ChunkIndex;
      line: number;
      firstDocument: number | null;
      digest: () => string | null;
    } | null;
    const filed = (): void => {
      if (!reading) return;
      const { chunk, text, index, line, firstDocument } = reading;
      const digest = reading.digest();
      if (!reading.clean || text.includes("{{") || firstDocument === null || digest === null) {
        fileChunks = null;
        if (!reading.clean) return;
      } else fileChunks?.push({ chunk, line, firstDocument, digest, index });
      if (index.crdOnly) this.crdOnlyChunks.set(`${file}\0${chunk}`, index);
      if (!text.includes("{{") && digest !== null) cache?.set(CHUNK_INDEX, digest, index);
    };
    for await (const d of this.documentsOf(input, only, skip)) {
      if (d.template) {
        fileChunks = null;
        // A template defines no CRD until rendered: forget what earlier chunks of it registered.
        this.templates.set(file, d.template);
        this.registry.remove((crd) => crd.place.file === file);
        for (const key of this.crdDocuments) if (key.startsWith(`${file}\0`)) this.crdDocuments.delete(key);
        if (report) this.sink.keep(this.templateDiagnostic(file, d.template));
        return;
      }
      if (reading?.chunk !== d.chunk) {
        filed();
        const text = d.text;
        let digest: string | null | undefined;
        reading = {
          chunk: d.chunk,
          text,
          clean: d.problems.length === 0,
          index: { documents: 0, counted: 0, crdOnly: true, crds: [] },
          line: d.lineOffset + 1,
          firstDocument: d.located ? d.located.index - d.located.doc.index : null,
          digest: () => (digest === undefined ? (digest = cache ? cache.key(text) : null) : digest),
        };
      }
      if (!d.located) {
        reading.clean = false;
        continue;
      }
      const index = reading.index;
      index.documents++;
      if (d.located.doc.value !== null && d.located.doc.value !== undefined) index.counted++;
      // List items included (`kubectl get crd -o yaml`), read as lint reads them.
      const { objects, others } = objectsOf([d.located.doc]);
      if (others.length > 0) index.crdOnly = false;
      for (const o of objects) {
        if (!isCrd(o.value)) {
          index.crdOnly = false;
          continue;
        }
        const r = o.document.locate([]);
        index.crds.push({ ...crdIdentity(o.value), document: d.located.doc.index, prefix: o.prefix, ...r.start });
        this.crdChunks.add(`${file}\0${d.chunk}`);
        const key = `${file}\0${d.located.index}\0${o.prefix.join(".")}`;
        if (this.crdDocuments.has(key)) continue;
        this.crdDocuments.add(key);
        this.registry.add(o.value, {
          file,
          document: d.located.index,
          line: r.start.line + d.located.lineOffset,
          column: r.start.column,
          text: d.text,
          lineOffset: d.located.lineOffset,
          digest: reading.digest,
          object: { key: objectKey(cache, reading.digest, d.located.doc.index, o.prefix), entry: "unknown" },
        });
      }
    }
    filed();
    if (stated && fileChunks) cache!.set(FILE_INDEX, stated.key, fileChunks);
  }

  /**
   * The file index's key: the file's place and what its metadata says of its content (size, modification and change
   * times, inode), as ESLint's and git's caches trust them; null for a file that is not a regular file, or is read
   * line by line.
   */
  private statKey(file: string): { key: string; path: string } | null {
    const path = resolve(this.cwd, file);
    try {
      const st = statSync(path, { bigint: true });
      // A larger file is read line by line, not cut from its whole text as the index's reader does.
      if (!st.isFile() || st.size > WHOLE_FILE_BYTES) return null;
      const key = this.cache!.key(path, String(st.size), String(st.mtimeNs), String(st.ctimeNs), String(st.ino));
      return { key, path };
    } catch {
      return null;
    }
  }

  /** The CRDs of a chunk the cache knows, registered to be read when a resource first needs one. */
  private registerIndexed(
    file: string,
    c: { chunk: number; line: number; firstDocument: number; text: () => string; digest: () => string },
    index: ChunkIndex,
  ): void {
    if (index.crdOnly) this.crdOnlyChunks.set(`${file}\0${c.chunk}`, index);
    const lineOffset = c.line - 1;
    for (const crd of index.crds) {
      this.crdChunks.add(`${file}\0${c.chunk}`);
      const document = c.firstDocument + crd.document;
      const key = `${file}\0${document}\0${crd.prefix.join(".")}`;
      if (this.crdDocuments.has(key)) continue;
      this.crdDocuments.add(key);
      // A CRD the registry cannot map (no group or kind) is counted, and never looked up.
      if (crd.group === "" || crd.kind === "") continue;
      const object: CrdPlace["object"] = {
        key: objectKey(this.cache, c.digest, crd.document, crd.prefix),
        entry: "unknown",
      };
      this.registry.addLazy({
        group: crd.group,
        kind: crd.kind,
        name: crd.name,
        // The chunk's text is read when first asked for (a file the file index knows is not read before).
        place: {
          file,
          document,
          line: crd.line + lineOffset,
          column: crd.column,
          get text() {
            return c.text();
          },
          lineOffset,
          digest: c.digest,
          object,
        },
        load: () => {
          const key = object.key();
          const kept = key ? this.shared(CRD_OBJECT, key) : undefined;
          object.entry = isCrd(kept) ? "read" : "absent";
          if (isCrd(kept)) return kept;
          const text = c.text();
          const loaded = this.crdLoader.load(text) ?? loadText(text);
          const doc = loaded.documents.find((x) => x.index === crd.document);
          const found = doc ? objectsOf([doc]).objects.find((o) => o.prefix.join(".") === crd.prefix.join(".")) : null;
          return found && isCrd(found.value) ? found.value : null;
        },
      });
    }
  }

  /** Step 3: the resources of one input, each validated against its CRD: the input's findings and counts, for the run's sink once it is read to its end. */
  private async validateInput(file: string): Promise<DiagnosticSink> {
    const tally = new DiagnosticSink(this.severities, noCounts());
    this.sink.count("files");
    const known = this.templates.get(file);
    if (known) {
      tally.keep(this.templateDiagnostic(file, known));
      return tally;
    }
    if (isKustomizationFile(file)) {
      const shownDir = dirname(file) === "." ? "." : dirname(file);
      const message = `file is a kustomization (kustomize's configuration of ${shownDir}), not an object: not validated; validate what kustomize builds, e.g. \`kustomize build ${shownDir} | crdlint validate --crd <CRDs> -\``;
      tally.keep(this.severities.placed(file, "kustomization-file", message));
      return tally;
    }
    const input = await this.open(file);
    if ("problem" in input) {
      tally.keep(inputProblemDiagnostic(this.linter, input));
      return tally;
    }
    // A chunk of CRDs only (seen by the CRD pass) holds no resource: counted, not parsed again.
    const crdsOnly = (c: RawChunk): number | null => {
      const known = this.crdOnlyChunks.get(`${file}\0${c.chunk}`);
      if (!known) return null;
      tally.count("documents", known.counted);
      return known.documents;
    };
    for await (const d of this.documentsOf(input, undefined, crdsOnly)) {
      if (d.template) {
        // A template found part way through the input: what its earlier chunks reported is dropped with them.
        const template = new DiagnosticSink(this.severities, noCounts());
        template.keep(this.templateDiagnostic(file, d.template));
        return template;
      }
      for (const p of d.problems) {
        if (p.document !== 0 && d.located && p.document !== d.located.doc.index) continue;
        const range = {
          start: { line: p.range.start.line + d.lineOffset, column: p.range.start.column },
          end: { line: p.range.end.line + d.lineOffset, column: p.range.end.column },
        };
        tally.keep(
          this.severities.placed(file, p.rule, p.message, { document: d.located?.index ?? 0, range, category: "yaml" }),
        );
      }
      if (!d.located) {
        tally.count("documents");
        continue;
      }
      const value = d.located.doc.value;
      if (value === null || value === undefined) continue;
      tally.count("documents");
      // The objects of the document, list items included, as lint and kubectl read them (src/load/objects.ts).
      const { objects, others } = objectsOf([d.located.doc]);
      for (const o of others) this.validateObject(o.value, o.prefix, d.located, file, tally);
      for (const o of objects) {
        // Counted with the --crd ones, once each, at the end.
        if (this.crdChunks.has(`${file}\0${d.chunk}`) && isCrd(o.value)) continue;
        this.validateObject(o.value, o.prefix, d.located, file, tally);
      }
    }
    return tally;
  }

  /** One object: its CRD and version looked up, the CRD's verdict, then the apiserver's pipeline for the version. */
  private validateObject(
    value: unknown,
    prefix: (string | number)[],
    located: Located,
    file: string,
    tally: DiagnosticSink,
  ): void {
    const obj = isObject(value) ? value : null;
    const name = obj && isObject(obj.metadata) && typeof obj.metadata.name === "string" ? obj.metadata.name : null;
    const at = (path: (string | number)[]): DiagnosticPlace => {
      const r = located.doc.locate([...prefix, ...path]);
      return {
        file,
        document: located.index,
        object: name,
        range: {
          start: { line: r.start.line + located.lineOffset, column: r.start.column },
          end: { line: r.end.line + located.lineOffset, column: r.end.column },
        },
      };
    };
    const finding = (
      rule: ValidateCode,
      severity: Severity,
      path: (string | number)[],
      f: ResourceReport,
    ): Diagnostic => this.severities.resource(rule, severity, at(path), f);
    const apiVersion = obj && typeof obj.apiVersion === "string" ? obj.apiVersion : "";
    const kind = obj && typeof obj.kind === "string" ? obj.kind : "";
    if (!obj || apiVersion === "" || kind === "") {
      const missing = [apiVersion === "" ? "apiVersion not set" : null, kind === "" ? "kind not set" : null].filter(
        Boolean,
      );
      tally.keep(
        finding("resource-type-meta-missing", "error", [], {
          message: `error validating data: ${missing.length === 1 ? missing[0] : "[" + missing.join(", ") + "]"}`,
        }),
      );
      return;
    }
    const { group, version } = splitApiVersion(apiVersion);
    const crd = this.registry.get(group, kind);
    const namespace =
      isObject(obj.metadata) && typeof obj.metadata.namespace === "string" ? obj.metadata.namespace : "";
    // kubectl names stdin "STDIN" in this message (resource.FileVisitor's source for `-f -`).
    const noMatch = `resource mapping not found for name: ${JSON.stringify(name ?? "")} namespace: ${JSON.stringify(namespace)} from ${JSON.stringify(file === "-" ? "STDIN" : file)}: no matches for kind ${JSON.stringify(kind)} in version ${JSON.stringify(apiVersion)}`;
    if (!crd) {
      if (isBuiltinGroup(group) || this.options.ignoreMissingSchemas) {
        tally.count("skipped");
        return;
      }
      tally.keep(
        finding("resource-kind-not-found", "error", ["kind"], {
          field: "kind",
          type: "Not found",
          message: noMatch,
          detail: "ensure CRDs are installed first",
        }),
      );
      return;
    }
    const v = crd.versions.get(version);
    if (!v || !v.served) {
      const served = [...crd.versions.values()].filter((x) => x.served).map((x) => x.name);
      tally.keep(
        finding("resource-version-not-served", "error", ["apiVersion"], {
          field: "apiVersion",
          type: "Not found",
          message: noMatch,
          detail: `ensure CRDs are installed first (${crd.name ?? crd.kind} ${v ? `has version ${version} with served: false` : `has no version ${version}`}; served: ${served.join(", ") || "none"})`,
        }),
      );
      return;
    }
    if (this.verdictOf(crd, tally)) {
      tally.count("skipped");
      return;
    }
    const validator = this.validatorOf(crd, v);
    if (!validator) {
      tally.count("skipped");
      return;
    }
    tally.count("resources");
    if (v.deprecated)
      tally.keep(
        finding("resource-version-deprecated", "warning", ["apiVersion"], {
          field: "apiVersion",
          message: deprecationWarning(crd, v),
        }),
      );
    const old = this.oldObjects?.find(group, kind, namespace, name, crd.namespaced);
    const result = validator.validate(obj, old);
    for (const f of result.findings) {
      const hider = f.hiddenBy ? { rule: f.hiddenBy.rule, at: at(f.hiddenBy.docPath).range.start } : undefined;
      tally.keep(
        this.severities.resource(f.rule, f.severity, at(f.docPath), {
          field: f.field,
          // An error without a field: the apiserver's field.Error prints its path as <nil>.
          apiserverField: f.field === null ? "<nil>" : undefined,
          type: f.type,
          message: f.message,
          value: f.value,
          detail: f.detail,
          hiddenBy: hider && {
            rule: hider.rule,
            file,
            line: hider.at.line,
            column: hider.at.column,
            field: f.hiddenBy!.field,
          },
        }),
      );
    }
    if (this.options.onDefaulted && result.object !== null) this.options.onDefaulted(result.object);
  }

  /** The CRD's lint verdict (its apiserver errors), on first use; a rejected CRD is reported once, where it is first needed. */
  private verdictOf(crd: Crd, sink: DiagnosticSink): { errors: Diagnostic[] } | null {
    const known = this.verdicts.get(crd);
    if (known !== undefined) return known;
    const { place } = crd;
    // Earlier runs' verdicts, by the chunk's text and all the lint depends on (a CRD's verdict is most of the start).
    const cache = this.cache;
    // A CRD a resource needs, read from its file this run, is filed for the next: that one reads neither the file nor
    // its YAML (first use is before any validation reads the object).
    const { object } = place;
    const objectKey = object.entry === "read" ? null : object.key();
    if (objectKey && (object.entry === "absent" || !cache!.has(CRD_OBJECT, objectKey)) && jsonExact(crd.raw))
      cache!.set(CRD_OBJECT, objectKey, crd.raw);
    const key = cache?.key(
      JSON.stringify({
        minor: this.minor,
        file: place.file,
        cwd: this.cwd,
        object: crd.name,
        rules: this.options.rules ?? null,
        preset: this.options.preset ?? null,
        applyMethod: this.options.applyMethod ?? null,
        gates: this.options.apiserverGates === true,
      }),
      place.digest() ?? "",
    );
    let found = key ? asDiagnostics(cache!.get(CRD_VERDICT, key)) : null;
    if (!found) {
      // The chunk may be a list of CRDs: the verdict is this one's.
      found = (
        this.releaseCrds?.diagnostics(place.text, place.file, this.minor) ??
        this.linter.lintText(place.text, place.file).diagnostics
      ).filter((d) => d.apiserver && d.severity === "error" && (crd.name === null || d.object === crd.name));
      if (key) cache!.set(CRD_VERDICT, key, found);
    }
    const errors = found.map((d) => ({ ...d, line: d.line + place.lineOffset, endLine: d.endLine + place.lineOffset }));
    const verdict = errors.length ? { errors } : null;
    this.verdicts.set(crd, verdict);
    if (verdict) {
      const first = errors[0]!;
      const at = { line: place.line, column: place.column };
      sink.keep(
        this.severities.resource(
          "resource-crd-invalid" satisfies ValidateCode,
          "error",
          { file: place.file, document: place.document, object: crd.name, range: { start: at, end: at } },
          {
            message: `the apiserver would reject CustomResourceDefinition ${crd.name ?? crd.kind} (${errors.length} error${errors.length === 1 ? "" : "s"}), so resources of kind ${crd.kind} are not validated against it; run crdlint lint on ${place.file}`,
            detail: `first: ${place.file}:${first.line}:${first.column} ${apiserverLine(first)}`,
          },
        ),
      );
    }
    return verdict;
  }

  /** The version's validator, compiled on first use; null for a version without a schema. */
  private validatorOf(crd: Crd, v: RegisteredVersion): ResourceValidator | null {
    const cached = this.validators.get(v);
    if (cached) return cached;
    const rv = resourceVersionFor(crd, v);
    if (!rv) return null;
    const minor = this.minor;
    // Before 1.25 the apiserver drops x-kubernetes-validations on create (its gate is off by default): no rule runs.
    const celStage: CelStage | null =
      this.cel && enabledByDefault(CUSTOM_RESOURCE_VALIDATION_EXPRESSIONS, minor)
        ? this.cel.stageFor(rv.schema, { ratcheting: releaseHas(minor, "ratcheting") })
        : null;
    const validator = createResourceValidator(rv, {
      minor,
      fieldValidation: this.fieldValidation,
      cel: celStage,
      schemaValidators: this.schemaValidators,
      behind: this.options.apiserverGates !== true,
      releases: this.releaseCrds?.results,
    });
    this.validators.set(v, validator);
    return validator;
  }

  /** yaml-go-template at the template's first action. */
  private templateDiagnostic(file: string, at: At): Diagnostic {
    return this.severities.placed(file, "yaml-go-template", goTemplateMessage(file), {
      range: { start: at, end: { line: at.line, column: at.column + 2 } },
    });
  }

  /** Step 4: the result, with every CRD read counted (the summary said "0 CRDs" after --crd loaded 18). */
  private report(): LintResult {
    this.sink.count("crds", this.crdDocuments.size);
    return this.sink.result(this.minor);
  }
}
