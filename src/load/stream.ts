/**
 * A YAML stream split into documents the way kubectl reads manifests (k8s.io/apimachinery yaml.YAMLReader: a line
 * that starts with `---` ends a document), so a file or stdin with many documents is read and parsed one document
 * at a time and memory stays flat however many resources it holds.
 */
// Upstream: kubernetes/apimachinery:pkg/util/yaml/decoder.go (YAMLReader.Read)
import { createReadStream } from "node:fs";
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

/**
 * Document chunks of one input, in order: `options.text` when given (standard input, a pipe: read once, before),
 * else the file, streamed. A BOM at the start is dropped.
 */
export async function* readDocumentChunks(
  file: string,
  options: { cwd: string; text?: string },
): AsyncGenerator<DocumentChunk> {
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
