/**
 * How `crdlint validate` reads its inputs: each opened once per run (the CRD pass and the resource pass both read
 * one, and standard input gives its text only once), streamed document by document with each document's place in
 * the file, and the stored objects of `--old`.
 */
import { UsageError } from "../../engine/files.js";
import { NoInputError, openInput, type StdinReader } from "../../load/files.js";
import { readDocumentChunks, type DocumentChunk } from "../../load/stream.js";
import { loadText, type LoadedDocument, type LoadedText } from "../../load/document.js";
import { goTemplateAction } from "../../load/template.js";
import { inputLayout, type LayoutCache } from "../../load/layout.js";
import type { FastLoader } from "../../load/fast-load.js";
import { isObject } from "../../crd/model.js";
import { splitApiVersion } from "../../k8s/builtin.js";

/** A document of an input, with where its chunk starts in the file and its index among the file's documents. */
export interface Located {
  doc: LoadedDocument;
  lineOffset: number;
  index: number;
}

export type OpenedInput = Awaited<ReturnType<typeof openInput>>;
/** An input that can be read: its text (standard input, a pipe), or a regular file to stream. */
export type ReadableInput = Exclude<OpenedInput, { problem: string }>;

/**
 * Opens each input once per run, checking its size (--max-file-size) and NUL bytes: the CRD pass and the resource
 * pass both read an input, and standard input or a pipe gives its text only once.
 */
export function inputOpener(
  cwd: string,
  maxFileSizeBytes: number,
  stdin: StdinReader | undefined,
): (file: string) => Promise<OpenedInput> {
  const opened = new Map<string, Promise<OpenedInput>>();
  // The library reads no standard input for validate unless given a reader (the CLI's, a test's).
  const reader: StdinReader = stdin ?? (async () => "");
  return (file) => {
    let input = opened.get(file);
    // An empty standard input given by a reader is a failed pipe (NoInputError); no reader at all is no input.
    if (!input)
      opened.set(
        file,
        (input = openInput(file, { cwd, maxFileSizeBytes, stdin: reader, allowEmptyStdin: stdin === undefined }).catch(
          (e: unknown) => {
            throw e instanceof NoInputError ? new UsageError(e.message) : e;
          },
        )),
      );
    return input;
  };
}

export type ChunkDocument = {
  located: Located | null;
  text: string;
  problems: ReturnType<typeof loadText>["problems"];
  lineOffset: number;
  chunk: number;
  /** The chunk is a Go/Helm template: where its first action is in the file (src/load/template.ts). */
  template?: { line: number; column: number };
};

/** A chunk of an input before it is parsed: its text, first line, number among the input's chunks, first document index. */
export interface RawChunk {
  text: string;
  line: number;
  chunk: number;
  firstDocument: number;
}

/**
 * Documents of one input, one at a time, with their place in the file; `fast` reads the plain ones. `skip` may answer
 * a chunk without it being parsed (what it already knows of it): it returns the chunk's number of documents, or null
 * to have it parsed.
 */
/** Where readDocumentChunks reads an input's chunks from: its text (standard input, a pipe), else its file. */
export function chunkSource(input: ReadableInput, cwd: string): { cwd: string; text?: string } {
  return { cwd, text: "text" in input ? input.text : undefined };
}

/** How documentsOf reads a chunk: its documents, and whether it is a Go/Helm template (where its first action is). */
export interface ChunkReader {
  read(text: string, chartTemplate: boolean): { loaded: LoadedText; template: { line: number; column: number } | null };
}

/**
 * The chunk reader of one run: the fast loader reads what it can (the same documents and ranges as the full loader:
 * test/load/fast-load.test.mjs), CRDs included; the full loader reads the rest and reports their problems.
 */
export function chunkReader(fast?: FastLoader): ChunkReader {
  return {
    read(text, chartTemplate) {
      const loaded = (fast ? fast.load(text) : null) ?? loadText(text);
      return { loaded, template: chunkTemplate(text, loaded, chartTemplate) };
    },
  };
}

/** Where a chunk's first Go/Helm template action is (src/load/template.ts), or null when it is not a template. */
export function chunkTemplate(
  text: string,
  loaded: LoadedText,
  chartTemplate: boolean,
): { line: number; column: number } | null {
  return goTemplateAction(text, loaded.problems, { chartTemplate, values: loaded.documents.map((d) => d.value) });
}

/** Whether a file is one of a chart's templates/ (Helm renders each: any `{{` there is an action). */
export function isChartTemplate(file: string, cwd: string, layouts?: LayoutCache): boolean {
  return inputLayout(file, cwd, layouts).chart?.part === "templates";
}

export async function* documentsOf(
  input: ReadableInput,
  cwd: string,
  only?: (chunk: string) => boolean,
  reader: ChunkReader = chunkReader(),
  chartTemplate: boolean = isChartTemplate(input.file, cwd),
  skip?: (chunk: RawChunk) => number | null,
  chunks: AsyncIterable<DocumentChunk> | Iterable<DocumentChunk> = readDocumentChunks(
    input.file,
    chunkSource(input, cwd),
  ),
): AsyncGenerator<ChunkDocument> {
  let index = 0;
  let chunkNo = 0;
  for await (const chunk of chunks) {
    const chunkIndex = chunkNo++;
    if (only && !only(chunk.text)) {
      index++;
      continue;
    }
    const known = skip?.({ text: chunk.text, line: chunk.line, chunk: chunkIndex, firstDocument: index });
    if (known !== undefined && known !== null) {
      index += Math.max(1, known);
      continue;
    }
    const lineOffset = chunk.line - 1;
    const { loaded, template } = reader.read(chunk.text, chartTemplate);
    if (template) {
      yield {
        located: null,
        text: chunk.text,
        problems: [],
        lineOffset,
        chunk: chunkIndex,
        template: { line: template.line + lineOffset, column: template.column },
      };
      index += Math.max(1, loaded.documents.length);
      continue;
    }
    if (loaded.documents.length === 0 && loaded.problems.length === 0) continue;
    if (loaded.documents.length === 0)
      yield { located: null, text: chunk.text, problems: loaded.problems, lineOffset, chunk: chunkIndex };
    for (const doc of loaded.documents)
      yield {
        located: { doc, lineOffset, index: index + doc.index },
        text: chunk.text,
        problems: loaded.problems,
        lineOffset,
        chunk: chunkIndex,
      };
    index += Math.max(1, loaded.documents.length);
  }
}

export const mentionsCrd = (text: string): boolean => text.includes("CustomResourceDefinition");

export interface OldObjects {
  find(
    group: string,
    kind: string,
    namespace: string,
    name: string | null,
    namespaced: boolean,
  ): Record<string, unknown> | undefined;
}

/** The stored objects of an update (`--old`), by group, kind, namespace and name. */
export async function loadOld(
  file: string,
  cwd: string,
  open: (file: string) => Promise<OpenedInput>,
): Promise<OldObjects> {
  const byKey = new Map<string, Record<string, unknown>>();
  const key = (group: string, kind: string, namespace: string, name: string) =>
    `${group}\0${kind}\0${namespace}\0${name}`;
  let readable = false;
  const cannotRead = (e: unknown) =>
    new UsageError(
      `cannot read --old ${file}: ${(e as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (e as Error).message}`,
    );
  let input: OpenedInput;
  try {
    input = await open(file);
  } catch (e) {
    throw cannotRead(e);
  }
  if ("problem" in input) throw cannotRead(new Error(input.message));
  try {
    for await (const d of documentsOf(input, cwd)) {
      readable = true;
      const v = d.located?.doc.value;
      if (!isObject(v) || typeof v.apiVersion !== "string" || typeof v.kind !== "string" || !isObject(v.metadata))
        continue;
      const name = typeof v.metadata.name === "string" ? v.metadata.name : "";
      const ns = typeof v.metadata.namespace === "string" ? v.metadata.namespace : "";
      byKey.set(key(splitApiVersion(v.apiVersion).group, v.kind, ns, name), v);
    }
  } catch (e) {
    throw cannotRead(e);
  }
  void readable;
  return {
    find(group, kind, namespace, name, namespaced) {
      if (name === null) return undefined;
      const nss = namespaced
        ? namespace === "" || namespace === "default"
          ? ["", "default"]
          : [namespace]
        : [namespace, ""];
      for (const ns of nss) {
        const v = byKey.get(key(group, kind, ns, name));
        if (v) return v;
      }
      return undefined;
    },
  };
}
