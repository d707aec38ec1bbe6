/**
 * A YAML stream split into documents the way kubectl reads manifests (k8s.io/apimachinery yaml.YAMLReader: a line
 * that starts with `---` ends a document), so a file or stdin with many documents is read and parsed one document
 * at a time and memory stays flat however many resources it holds.
 */
// Upstream: kubernetes/apimachinery:pkg/util/yaml/decoder.go (YAMLReader.Read)
import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { resolve } from "node:path";
import { createInterface } from "node:readline";

export interface DocumentChunk {
  /** The document's text, separator line included (so a YAML parser sees line numbers from `line`). */
  text: string;
  /** 1-based line of the chunk's first line in the input. */
  line: number;
}

const SEPARATOR = /^---(?:[ \t#].*)?$/;

async function* lines(file: string, options: { cwd: string; text?: string }): AsyncGenerator<string> {
  if (options.text !== undefined) {
    const text = options.text;
    let start = 0;
    while (start <= text.length) {
      const nl = text.indexOf("\n", start);
      if (nl < 0) {
        if (start < text.length) yield text.slice(start).replace(/\r$/, "");
        return;
      }
      yield text.slice(start, nl).replace(/\r$/, "");
      start = nl + 1;
    }
    return;
  }
  const rl = createInterface({ input: createReadStream(resolve(options.cwd, file)), crlfDelay: Infinity });
  for await (const l of rl) yield l;
}

/** Files up to this size are read whole (inputs are capped by --max-file-size, 32 MiB by default). */
export const WHOLE_FILE_BYTES = 64 * 1024 * 1024;

/**
 * Document chunks of one input, in order: `options.text` when given (standard input, a pipe: read once, before),
 * else the file, streamed. A BOM at the start is dropped.
 */
export async function* readDocumentChunks(
  file: string,
  options: { cwd: string; text?: string },
): AsyncGenerator<DocumentChunk> {
  if (options.text === undefined) {
    // A file small enough to hold is read at once and cut at its separator lines: a line at a time through readline
    // costs several times more. Lines end as readline ends them (\r\n, \n or a lone \r), so the chunks are the same.
    const path = resolve(options.cwd, file);
    const size = await stat(path).then(
      (st) => st.size,
      () => Infinity,
    );
    if (size <= WHOLE_FILE_BYTES) {
      yield* chunksOf(await readFile(path, "utf8"));
      return;
    }
  }
  let buf: string[] = [];
  let first = 1;
  let n = 0;
  for await (let l of lines(file, options)) {
    n++;
    if (n === 1 && l.charCodeAt(0) === 0xfeff) l = l.slice(1);
    if (SEPARATOR.test(l) && buf.length > 0) {
      yield { text: buf.join("\n") + "\n", line: first };
      buf = [];
      first = n;
    }
    buf.push(l);
  }
  if (buf.length > 0) yield { text: buf.join("\n") + "\n", line: first };
}

/** The chunks readDocumentChunks yields for a file of at most WHOLE_FILE_BYTES, from its text. */
export function wholeFileChunks(raw: string): DocumentChunk[] {
  return [...chunksOf(raw)];
}

/** The chunks of a whole file's text: what the line-by-line reading gives, found with indexOf. */
function* chunksOf(raw: string): Generator<DocumentChunk> {
  let text = raw.includes("\r") ? raw.replace(/\r\n|\r/g, "\n") : raw;
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text === "") return;
  if (!text.endsWith("\n")) text += "\n";
  let start = 0;
  let line = 1;
  // Lines counted up to `counted` (a position at a line start).
  let counted = 0;
  let from = 0;
  for (;;) {
    const at = text.indexOf("\n---", from);
    if (at < 0) break;
    const lineStart = at + 1;
    from = lineStart;
    const lineEnd = text.indexOf("\n", lineStart);
    if (lineStart === start || !SEPARATOR.test(text.slice(lineStart, lineEnd))) continue;
    yield { text: text.slice(start, lineStart), line };
    for (let i = text.indexOf("\n", counted); i >= 0 && i < lineStart; i = text.indexOf("\n", i + 1)) line++;
    counted = lineStart;
    start = lineStart;
  }
  yield { text: text.slice(start), line };
}
