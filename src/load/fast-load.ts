/**
 * The fast loader of `crdlint lint` and `crdlint validate`: the same documents, values and ranges as the positional
 * loader (document.ts) for the block-style YAML that CRDs and manifests are written in, in a fraction of its time.
 * Reading with the `yaml` library was most of a lint's time (it builds a token stream, a CST and a node tree before
 * the JS value); this reader builds the JS value and a range per map entry and list item in one pass over the lines.
 *
 * It reads block mappings and sequences; plain scalars over several lines; single- and double-quoted scalars over
 * several lines; literal and folded block scalars (clip and strip chomping, indentation indicators); one-line flow
 * collections; comments and `---` separators. Anything else — anchors, aliases, tags, keep chomping, complex or
 * duplicate or non-string keys, tabs in indentation, CR line ends, control characters, `...`, directives — makes
 * `load` return null, and the caller uses the full loader, which also reports the problems. A document with a comment
 * placement whose effect on ranges is not modelled keeps the values read here and locates with the full loader, which
 * reads the text only when something in it is located. So the fast path never has problems of its own to report: a text it accepts is one
 * the full loader reads without any. test/load/fast-load.test.mjs holds the two to the same output.
 *
 * Ranges follow the `yaml` library's node ranges as the full loader uses them (key start to value end): a block
 * collection ends after the line break of its last line, or where its last value, an empty one, sits; an empty value
 * sits after the indicator and the spaces that follow it. `rangeOfDocument`, needed rarely, is the full loader's. */
import type { SourceRange } from "../diagnostics/index.js";
import { parseDirectives } from "./directives.js";
import {
  loadText,
  loadYamlAt,
  locateInScalar,
  type LoadedDocument,
  type LoadedText,
  type ScalarStyle,
} from "./document.js";
import { splitJsonStream } from "./json-stream.js";
import { goScalarToJs, isPlainWord, resolveGoScalar } from "./go-yaml.js";
import { lineIndexAt } from "./lines.js";

/** Thrown inside the reader when the text leaves the supported subset (caught: the caller falls back). */
class Unsupported extends Error {}
/** Nesting past MAX_DEPTH: the full loader reads the whole text (its parser's own limit reports it). */
class TooDeep extends Unsupported {}

const BLANK = 0;
const COMMENT = 1;
const CONTENT = 2;
const DOC_START = 3;

/** Characters that cannot start a plain scalar (c-indicator), besides `-`, `:` and `?` followed by a space. */
const NOT_PLAIN_START = new Set(["&", "*", "!", "|", ">", "%", "@", "`", "?", "#", ",", "[", "]", "{", "}", "'", '"']);
/** Control characters, CR, BOM and the like: the full loader decides what they mean. */
const UNSUPPORTED_CHARS = /[\x00-\x08\x0b-\x1f\x7f\ufeff\u0085\u2028\u2029]/;
/** The `yaml` library's limit for an implicit key (its error, not ours, is what the user should see). */
const MAX_KEY_LENGTH = 1024;
const MAX_DEPTH = 200;

/**
 * Where each child of each collection of a document was written. In typed arrays rather than an object, a key list
 * and an offset list per collection, with a map from collection to those: a CRD has a collection per schema node, and
 * their positions are read only when a diagnostic is placed. Per collection: its first and last entry, its size, and
 * whether it is a map. Per entry: where it starts (its key, or the item's value), where its value starts and where it
 * ends, the collection its value is (-1 for a scalar), and the next entry of its collection (-1 after the last); and
 * its key (undefined for an item).
 */
class Written {
  private entries: Int32Array;
  private entryCount = 0;
  private collections: Int32Array;
  private collectionCount = 0;
  private readonly keys: (string | undefined)[];
  /** A large collection's entries in order (or, for a map, by key), made on the first lookup in it. */
  private indexes: Map<number, Int32Array | Map<string, number>> | undefined;

  /** Sized for a document of `lines` lines: a block collection has at most an entry per line (flow ones grow it). */
  constructor(lines: number) {
    const n = Math.max(16, lines);
    this.entries = new Int32Array(5 * n);
    this.collections = new Int32Array(4 * Math.max(16, n >> 2));
    this.keys = new Array<string | undefined>(n);
  }

  open(isMap: boolean): number {
    const id = this.collectionCount++;
    if (id * 4 + 4 > this.collections.length) this.collections = grown(this.collections);
    const c = id * 4;
    this.collections[c] = -1;
    this.collections[c + 1] = -1;
    this.collections[c + 2] = 0;
    this.collections[c + 3] = isMap ? 1 : 0;
    return id;
  }

  add(
    collection: number,
    key: string | undefined,
    start: number,
    valueStart: number,
    end: number,
    child: number,
  ): void {
    const e = this.entryCount++;
    if (e * 5 + 5 > this.entries.length) this.entries = grown(this.entries);
    const b = e * 5;
    const entries = this.entries;
    entries[b] = start;
    entries[b + 1] = valueStart;
    entries[b + 2] = end;
    entries[b + 3] = child;
    entries[b + 4] = -1;
    this.keys[e] = key;
    const c = collection * 4;
    const last = this.collections[c + 1]!;
    if (last < 0) this.collections[c] = e;
    else entries[last * 5 + 4] = e;
    this.collections[c + 1] = e;
    this.collections[c + 2]++;
  }

  /** The entry of `seg` in `collection` (a key of a map, an index of a sequence), or -1. */
  find(collection: number, seg: string | number): number {
    const c = collection * 4;
    const isMap = this.collections[c + 3] === 1;
    const size = this.collections[c + 2]!;
    if (!isMap && !(typeof seg === "number" && Number.isInteger(seg) && seg >= 0 && seg < size)) return -1;
    const key = isMap ? String(seg) : "";
    if (size > INDEXED_MAP_SIZE) {
      this.indexes ??= new Map<number, Int32Array | Map<string, number>>();
      let index = this.indexes.get(collection);
      if (!index) {
        const inOrder = new Int32Array(size);
        const byKey = new Map<string, number>();
        for (let e = this.collections[c]!, i = 0; e >= 0; e = this.entries[e * 5 + 4]!, i++)
          if (isMap) byKey.set(this.keys[e]!, e);
          else inOrder[i] = e;
        this.indexes.set(collection, (index = isMap ? byKey : inOrder));
      }
      return index instanceof Map ? (index.get(key) ?? -1) : index[seg as number]!;
    }
    for (let e = this.collections[c]!, i = 0; e >= 0; e = this.entries[e * 5 + 4]!, i++)
      if (isMap ? this.keys[e] === key : i === seg) return e;
    return -1;
  }

  /** Where entry `e` starts, where its value starts, where it ends, and the collection its value is. */
  start(e: number): number {
    return this.entries[e * 5]!;
  }

  valueStart(e: number): number {
    return this.entries[e * 5 + 1]!;
  }

  end(e: number): number {
    return this.entries[e * 5 + 2]!;
  }

  child(e: number): number {
    return this.entries[e * 5 + 3]!;
  }

  key(e: number): string | undefined {
    return this.keys[e];
  }
}

/** A typed array twice as long, with its contents. */
function grown(a: Int32Array): Int32Array {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

/** Maps with more keys than this get an index for lookups. */
const INDEXED_MAP_SIZE = 32;

export interface FastLoader {
  /** The text's documents as loadText gives them, or null when the text is outside the fast subset. */
  load(text: string): LoadedText | null;
}

export function createFastLoader(): FastLoader {
  // Per-run memo of resolved plain scalars: CRDs repeat the same numbers and words.
  const resolved = new Map<string, unknown>();
  const resolvePlain = (s: string): unknown => {
    if (isPlainWord(s)) return s;
    const known = resolved.get(s);
    if (known !== undefined || resolved.has(s)) return known;
    // The full loader's own resolver (go-yaml v2's, as kubectl reads YAML), so the two loaders cannot disagree.
    const go = resolveGoScalar(s);
    if (go.kind === "error") throw new Unsupported();
    const v = goScalarToJs(go);
    // .inf and .nan stop kubectl (no JSON for them): the full loader reports them.
    if (typeof v === "number" && !Number.isFinite(v)) throw new Unsupported();
    if (resolved.size < 50_000) resolved.set(s, v);
    return v;
  };
  const keyName = (s: string): string => {
    if (isPlainWord(s)) return s;
    // A key YAML 1.1 reads as a boolean, null or number is renamed by kubectl (yaml-boolean-key, yaml-not-json).
    const go = resolveGoScalar(s);
    if (go.kind !== "string") throw new Unsupported();
    return s;
  };

  return {
    load(text) {
      if (UNSUPPORTED_CHARS.test(text)) return null;
      try {
        return new Reader(text, resolvePlain, keyName).read();
      } catch (e) {
        if (e instanceof Unsupported) return null;
        throw e;
      }
    },
  };
}

class Reader {
  /** Per line: the offset of its first character, of its end (the line break or the text's end), its indentation. */
  private readonly starts: Int32Array;
  private readonly ends: Int32Array;
  private readonly indents: Int32Array;
  private readonly kinds: Uint8Array;
  /** commentsBefore[i]: how many comment lines come before line i (so "any comment in these lines" is one subtraction). */
  private readonly commentsBefore: Int32Array;
  /** The line being read, and the line after the current document's last. */
  private pos = 0;
  private limit = 0;
  /** Where the current document's collections and their entries were written. */
  written = new Written(0);
  /** The collection the value just read is (-1 for a scalar): set by the readers of collections as they end. */
  vCollection = -1;
  /**
   * The document has a comment where this reader does not model how it moves the end of a collection: its values
   * are right, its ranges are the full loader's (read only when something is located in it, which a valid resource
   * never needs).
   */
  private rangesFromFullLoader = false;
  /** The range of the value just read, and its last line (where a collection's end is measured from). */
  private vStart = 0;
  private vEnd = 0;
  private vLastLine = 0;
  /** Whether the value just read is an empty one at a line's end: a collection that ends with it ends there too. */
  private vOpen = false;

  constructor(
    private readonly text: string,
    private readonly resolvePlain: (s: string) => unknown,
    private readonly keyName: (s: string) => string,
  ) {
    const n = text.length;
    // Sized first (a line per line break, and the last): typed, they cost the collector nothing to scan.
    let lines = 1;
    for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) lines++;
    this.starts = new Int32Array(lines);
    this.ends = new Int32Array(lines);
    this.indents = new Int32Array(lines);
    this.kinds = new Uint8Array(lines);
    this.commentsBefore = new Int32Array(lines + 1);
    let start = 0;
    let line = 0;
    while (start <= n) {
      let end = text.indexOf("\n", start);
      if (end < 0) end = n;
      let i = start;
      while (i < end && text.charCodeAt(i) === 32) i++;
      let kind: number;
      if (i === end) kind = BLANK;
      else {
        const c = text.charCodeAt(i);
        if (c === 9) throw new Unsupported(); // a tab in the indentation
        if (c === 35) kind = COMMENT;
        else if (i === start && (c === 45 || c === 46 || c === 37) && this.marker(start, end)) kind = DOC_START;
        else kind = CONTENT;
      }
      this.starts[line] = start;
      this.ends[line] = end;
      this.indents[line] = i - start;
      this.kinds[line] = kind;
      this.commentsBefore[line + 1] = this.commentsBefore[line]! + (kind === COMMENT ? 1 : 0);
      line++;
      if (end === n) break;
      start = end + 1;
    }
  }

  /** `---` (alone or before a comment) separates documents; `...`, `%` directives and `--- value` are not read here. */
  private marker(start: number, end: number): boolean {
    const t = this.text;
    if (t.charCodeAt(start) === 37) throw new Unsupported(); // %YAML, %TAG
    if (!t.startsWith("---", start) && !t.startsWith("...", start)) return false;
    const after = start + 3;
    // `---x` is a scalar to a YAML parser but a document separator to kubectl's line reader: the full loader's.
    if (after < end && t.charCodeAt(after) !== 32 && t.charCodeAt(after) !== 9) {
      if (t.charCodeAt(start) === 45) throw new Unsupported();
      return false;
    }
    if (t.charCodeAt(start) === 46) throw new Unsupported();
    const rest = t.slice(after, end).trim();
    if (rest !== "" && !rest.startsWith("#")) throw new Unsupported();
    return true;
  }

  read(): LoadedText {
    const documents: LoadedDocument[] = [];
    const lines = this.kinds.length;
    // The text before the first `---` is a document only when it has content; each `---` starts one.
    let first = 0;
    while (first < lines && this.kinds[first] !== DOC_START && this.kinds[first] !== CONTENT) first++;
    let full: LoadedText | undefined;
    const fullText = (): LoadedText => (full ??= loadText(this.text));
    let index = 0;
    let from = first;
    while (from < lines) {
      const marked = this.kinds[from] === DOC_START;
      let to = from + 1;
      while (to < lines && this.kinds[to] !== DOC_START) to++;
      documents.push(this.documentOrPart(index++, from, marked, to, fullText));
      from = to;
    }
    return { documents, problems: [], directives: parseDirectives(this.text) };
  }

  /**
   * The document of lines [from, to) (from: its `---` line when marked); one this reader declines (a comment in a
   * flow, a quoted key...) is read alone by the full loader, as kubectl reads each document between `---` lines on
   * its own: a stream of many documents is not read again whole for one of them. Declined whole when that document
   * has a problem (the full loader then reports it as it reads the text) or the text is a JSON stream.
   */
  private documentOrPart(
    index: number,
    from: number,
    marked: boolean,
    to: number,
    fullText: () => LoadedText,
  ): LoadedDocument {
    try {
      return this.document(index, marked ? from + 1 : from, to, fullText);
    } catch (e) {
      if (!(e instanceof Unsupported) || splitJsonStream(this.text) !== null) throw e;
      // With the next `---` line, if any (an empty document after it): the document's node ends where it does in
      // the whole text.
      const last = to < this.starts.length;
      // A text of one document gains nothing; a deeply nested document is read by the full loader once, whole (its
      // depth is the parser's stack's limit).
      if ((index === 0 && !last) || e instanceof TooDeep || this.nestedPast(from, to, MAX_DEPTH)) throw e;
      const end = last ? this.ends[to]! : this.text.length;
      const part = loadYamlAt(this.text.slice(this.starts[from]!, end), { line: from + 1, column: 1 }, index);
      const doc = part.documents[0];
      if (part.documents.length !== (last ? 2 : 1) || part.problems.length > 0 || doc?.index !== index) throw e;
      return doc;
    }
  }

  /** Whether lines [from, to) may nest deeper than `limit`: by indentation, or by flow brackets (quotes not told apart). */
  private nestedPast(from: number, to: number, limit: number): boolean {
    const t = this.text;
    let depth = 0;
    for (let line = from; line < to; line++) {
      if (this.indents[line]! > limit) return true;
      for (let i = this.starts[line]!; i < this.ends[line]!; i++) {
        const c = t.charCodeAt(i);
        if (c === 91 || c === 123) {
          if (++depth > limit) return true;
        } else if ((c === 93 || c === 125) && depth > 0) depth--;
      }
    }
    return false;
  }

  private document(index: number, from: number, to: number, fullText: () => LoadedText): LoadedDocument {
    this.written = new Written(to - from);
    this.vCollection = -1;
    this.rangesFromFullLoader = false;
    this.limit = to;
    this.pos = from;
    this.skipInsignificant();
    let value: unknown = null;
    let rootStart: number;
    let rootEnd: number;
    let rootCollection = -1;
    if (this.pos >= to) {
      // An empty document (`---` and nothing, or comments): null, placed after the marker and the spaces after it.
      const marker = from - 1;
      if (marker < 0 || this.kinds[marker] !== DOC_START) throw new Unsupported();
      let at = this.starts[marker]! + 3;
      while (at < this.ends[marker]! && this.text.charCodeAt(at) === 32) at++;
      rootStart = rootEnd = at;
    } else {
      const indent = this.indents[this.pos]!;
      value = this.block(indent, 0);
      rootCollection = this.vCollection;
      this.skipInsignificant();
      if (this.pos < to) throw new Unsupported();
      rootStart = this.vStart;
      rootEnd = this.vEnd;
    }
    const written = this.written;
    const lineOf = this.lineLocator();
    const range = (s: number, e: number): SourceRange => ({ start: lineOf(s), end: lineOf(e) });
    const fullDocument = (): LoadedDocument | undefined => fullText().documents.find((d) => d.index === index);
    const approximate = this.rangesFromFullLoader;
    const text = this.text;
    /** The entries along `path` from the root, as far as it goes (a scalar, or a segment not there, stops it). */
    const walk = (
      path: readonly (string | number)[],
      at: (entry: number) => void,
    ): { value: unknown; all: boolean } => {
      let cur: unknown = value;
      let collection = rootCollection;
      for (const seg of path) {
        const e = collection < 0 ? -1 : written.find(collection, seg);
        if (e < 0) return { value: cur, all: false };
        at(e);
        const key = written.key(e);
        cur = (cur as Record<string, unknown>)[key ?? (seg as number)];
        collection = written.child(e);
      }
      return { value: cur, all: true };
    };
    const own: LoadedDocument = {
      index,
      value,
      locate(path) {
        let s = rootStart;
        let e = rootEnd;
        walk(path, (entry) => {
          s = written.start(entry);
          e = written.end(entry);
        });
        return range(s, e);
      },
      locateInString(path, offset) {
        let vs = rootStart;
        let ve = rootEnd;
        const { value: cur, all } = walk(path, (entry) => {
          vs = written.valueStart(entry);
          ve = written.end(entry);
        });
        if (!all || typeof cur !== "string") return null;
        return locateInScalar(text, styleAt(text, vs), vs, ve, cur, offset, lineOf);
      },
      get rangeOfDocument() {
        return fullDocument()?.rangeOfDocument ?? range(rootStart, rootEnd);
      },
    };
    if (!approximate) return own;
    // The full loader reads the same documents (test/load/fast-load.test.mjs); should it not, this reader's ranges stand.
    const located = (): LoadedDocument => fullDocument() ?? own;
    return {
      index,
      value,
      locate: (path) => located().locate(path),
      locateInString: (path, offset) => located().locateInString(path, offset),
      get rangeOfDocument() {
        return located().rangeOfDocument;
      },
    };
  }

  /** Offset → 1-based line and column, as the `yaml` library's LineCounter gives them. */
  private lineLocator(): (offset: number) => { line: number; column: number } {
    const starts = this.starts;
    return (offset) => {
      const i = lineIndexAt(starts, offset);
      return { line: i + 1, column: offset - starts[i]! + 1 };
    };
  }

  private skipInsignificant(): void {
    while (this.pos < this.limit && this.kinds[this.pos] !== CONTENT) {
      if (this.kinds[this.pos] === DOC_START) throw new Unsupported();
      this.pos++;
    }
  }

  /** Sets the range of a collection that starts at `first` (on `firstLine`), from that of its last item, just read. */
  private endCollection(first: number, firstLine: number, indent: number): void {
    const lastLine = this.vLastLine;
    const lastEnd = this.vEnd;
    const lastOpen = this.vOpen;
    this.vStart = first;
    // Where a comment makes the `yaml` library end a collection (after the comment's line break, at the next line's
    // first token, or where it would have ended anyway) depends on the comment's indentation, the collection's and its
    // parent's. Modelled: comments after the collection indented less than its items leave its end alone. Anything
    // else is the full loader's to read.
    let j = lastLine + 1;
    for (; j < this.limit && this.kinds[j] !== CONTENT; j++)
      if (this.kinds[j] === COMMENT && (lastOpen || this.indents[j]! >= indent)) this.rangesFromFullLoader = true;
    if (lastOpen) {
      // Ending with an empty value, the collection ends where that value sits, unless a comment inside it moves it.
      if (this.commentsBefore[lastLine + 1]! > this.commentsBefore[firstLine]!) this.rangesFromFullLoader = true;
      this.vEnd = lastEnd;
    } else this.vEnd = this.lineEnd(lastLine);
  }

  /** The offset after a line's line break (the text's end for a last line without one). */
  private lineEnd(line: number): number {
    const e = this.ends[line]!;
    return e < this.text.length ? e + 1 : e;
  }

  /** The next content line, skipping blank and comment lines (comments never continue a value here). */
  private nextContent(): number {
    let j = this.pos;
    while (j < this.limit && this.kinds[j] !== CONTENT) {
      if (this.kinds[j] === DOC_START) return this.limit;
      j++;
    }
    return j;
  }

  private block(indent: number, depth: number): unknown {
    if (depth > MAX_DEPTH) throw new TooDeep();
    const at = this.starts[this.pos]! + indent;
    return this.isSeqItemLine(this.pos, indent) ? this.seq(indent, at, depth) : this.map(indent, at, depth);
  }

  private isSeqItemLine(line: number, indent: number): boolean {
    const at = this.starts[line]! + indent;
    return this.text.charCodeAt(at) === 45 && (at + 1 === this.ends[line] || this.text.charCodeAt(at + 1) === 32);
  }

  /** A block mapping whose keys start at `indent`; the first key starts at offset `first` (on line this.pos). */
  private map(indent: number, first: number, depth: number): Record<string, unknown> {
    const obj: Record<string, unknown> = {};
    const written = this.written;
    const id = written.open(true);
    let keyAt = first;
    const firstLine = this.pos;
    let entries = 0;
    for (;;) {
      const line = this.pos;
      const lineEnd = this.ends[line]!;
      const key = this.key(keyAt, lineEnd);
      if (key === "__proto__") throw new Unsupported();
      this.pos++;
      this.vCollection = -1;
      const v = this.entryValue(this.keyValueAt, lineEnd, indent, true, depth);
      obj[key] = v;
      entries++;
      written.add(id, key, keyAt, this.vStart, this.vEnd, this.vCollection);
      const next = this.nextContent();
      if (next >= this.limit || this.indents[next]! < indent) break;
      if (this.indents[next]! > indent || this.isSeqItemLine(next, indent)) throw new Unsupported();
      this.pos = next;
      keyAt = this.starts[next]! + indent;
    }
    // A duplicate key overwrote an entry: fewer keys than entries (counted once here, not looked up per entry).
    let keys = 0;
    for (const _ in obj) keys++;
    if (keys !== entries) throw new Unsupported();
    this.endCollection(first, firstLine, indent);
    this.vCollection = id;
    return obj;
  }

  /** A block sequence whose dashes are at `indent`; the first dash is at offset `first` (on line this.pos). */
  private seq(indent: number, first: number, depth: number): unknown[] {
    const arr: unknown[] = [];
    const written = this.written;
    const id = written.open(false);
    const t = this.text;
    let dashAt = first;
    const firstLine = this.pos;
    for (;;) {
      const line = this.pos;
      const lineEnd = this.ends[line]!;
      let j = dashAt + 1;
      while (j < lineEnd && t.charCodeAt(j) === 32) j++;
      const c = t.charCodeAt(j);
      if (j < lineEnd && c === 45 && (j + 1 === lineEnd || t.charCodeAt(j + 1) === 32)) throw new Unsupported(); // - - x
      // `- key: value` is a mapping whose keys sit at the column after the dash (and its spaces).
      const compactMap = j < lineEnd && c !== 35 && this.startsKey(j, lineEnd);
      if (!compactMap) this.pos++;
      this.vCollection = -1;
      arr.push(
        compactMap
          ? this.map(j - this.starts[line]!, j, depth + 1)
          : this.entryValue(dashAt + 1, lineEnd, indent, false, depth),
      );
      written.add(id, undefined, this.vStart, this.vStart, this.vEnd, this.vCollection);
      const next = this.nextContent();
      if (next >= this.limit || this.indents[next]! < indent) break;
      if (this.indents[next]! > indent || !this.isSeqItemLine(next, indent)) {
        // A mapping's value may be a sequence at the mapping's own indentation: the mapping goes on after it.
        if (this.indents[next] === indent && !this.isSeqItemLine(next, indent)) break;
        throw new Unsupported();
      }
      this.pos = next;
      dashAt = this.starts[next]! + indent;
    }
    this.endCollection(first, firstLine, indent);
    this.vCollection = id;
    return arr;
  }

  /** Whether the text at `at` is a `key:` (plain or quoted) rather than a scalar. */
  private startsKey(at: number, lineEnd: number): boolean {
    const t = this.text;
    const c = t.charCodeAt(at);
    if (c === 34 || c === 39) {
      const close = quotedEnd(this.text, at, lineEnd);
      if (close < 0) return false;
      let k = close;
      while (k < lineEnd && t.charCodeAt(k) === 32) k++;
      return k < lineEnd && t.charCodeAt(k) === 58 && (k + 1 === lineEnd || t.charCodeAt(k + 1) === 32);
    }
    if (c === 91 || c === 123) return false;
    for (let i = at; i < lineEnd; i++) {
      const ch = t.charCodeAt(i);
      if (ch === 58 && (i + 1 === lineEnd || t.charCodeAt(i + 1) === 32)) return true;
      if (ch === 35 && t.charCodeAt(i - 1) === 32) return false;
    }
    return false;
  }

  /** Where the value of the key `key` read last starts (after its colon). */
  private keyValueAt = 0;

  /** A mapping key at `at` on the current line; where its value starts (after the colon) is keyValueAt. */
  private key(at: number, lineEnd: number): string {
    const t = this.text;
    const c = t.charCodeAt(at);
    let key: string;
    let colon: number;
    if (c === 34 || c === 39) {
      const close = quotedEnd(this.text, at, lineEnd);
      if (close < 0) throw new Unsupported();
      key = quotedValue(this.text, at, close);
      colon = close;
      while (colon < lineEnd && t.charCodeAt(colon) === 32) colon++;
      if (t.charCodeAt(colon) !== 58) throw new Unsupported();
    } else {
      if (!canStartPlain(t, at, lineEnd) || c === 60 /* < merge key */) throw new Unsupported();
      colon = -1;
      for (let i = at; i < lineEnd; i++) {
        const ch = t.charCodeAt(i);
        if (ch === 58 && (i + 1 === lineEnd || t.charCodeAt(i + 1) === 32)) {
          colon = i;
          break;
        }
        if (ch === 9 || (ch === 35 && t.charCodeAt(i - 1) === 32)) throw new Unsupported();
      }
      if (colon < 0) throw new Unsupported();
      let e = colon;
      while (e > at && t.charCodeAt(e - 1) === 32) e--;
      key = this.keyName(t.slice(at, e));
    }
    if (colon - at > MAX_KEY_LENGTH) throw new Unsupported();
    this.keyValueAt = colon + 1;
    return key;
  }

  /**
   * The value after a key's colon or a dash (at offset `from` on the line before this.pos): inline, a block scalar, a
   * nested block on the next lines, or null. Sets vStart/vEnd/vLastLine. `parentIndent` is the key's or dash's column.
   */
  private entryValue(from: number, lineEnd: number, parentIndent: number, isMapValue: boolean, depth: number): unknown {
    const t = this.text;
    const line = this.pos - 1;
    let i = from;
    while (i < lineEnd && t.charCodeAt(i) === 32) i++;
    if (i < lineEnd && t.charCodeAt(i) === 9) throw new Unsupported();
    if (i === lineEnd || t.charCodeAt(i) === 35) {
      // Nothing on the line: a nested block, or null.
      const next = this.nextContent();
      if (next < this.limit) {
        const ni = this.indents[next]!;
        if (isMapValue && ni === parentIndent && this.isSeqItemLine(next, ni)) {
          this.pos = next;
          return this.block(ni, depth + 1);
        }
        if (ni > parentIndent) {
          this.pos = next;
          const at = this.starts[next]! + ni;
          const end = this.ends[next]!;
          if (this.isSeqItemLine(next, ni) || this.startsKey(at, end)) return this.block(ni, depth + 1);
          // A scalar or flow collection written on the lines after its key reads as if it followed the key; for a
          // block scalar there, only an indentation taken from its content is modelled, not an indicator.
          const c = this.text.charCodeAt(at);
          if ((c === 124 || c === 62) && /[1-9]/.test(this.text.slice(at + 1, Math.min(end, at + 3))))
            throw new Unsupported();
          this.pos = next + 1;
          return this.inlineValue(at, end, parentIndent, depth);
        }
      }
      // An empty value before a comment: where the enclosing collections then end is not modelled here.
      if (i < lineEnd) throw new Unsupported();
      this.vStart = this.vEnd = i;
      this.vLastLine = line;
      this.vOpen = true;
      return null;
    }
    return this.inlineValue(i, lineEnd, parentIndent, depth);
  }

  /** A value starting at offset `i` of the line before this.pos: a block scalar header, quoted, flow or plain. */
  private inlineValue(i: number, lineEnd: number, parentIndent: number, depth: number): unknown {
    const t = this.text;
    const line = this.pos - 1;
    const c = t.charCodeAt(i);
    if (c === 124 || c === 62) return this.blockScalar(i, lineEnd, parentIndent, c === 62);
    if (c === 34 || c === 39) return this.quoted(i, lineEnd, parentIndent);
    if (c === 91 || c === 123) {
      const r = new FlowReader(t, i, lineEnd, this.resolvePlain, this.keyName, this, depth);
      const v = r.value();
      r.end();
      this.vCollection = r.collection;
      this.vStart = i;
      this.vEnd = r.valueEnd;
      this.vLastLine = line;
      this.vOpen = false;
      this.noDeeperLine(parentIndent);
      return v;
    }
    return this.plain(i, lineEnd, parentIndent);
  }

  /** After a value that cannot go on, a deeper line would be an error (or a different reading): the full loader's. */
  private noDeeperLine(parentIndent: number): void {
    const next = this.nextContent();
    if (next < this.limit && this.indents[next]! > parentIndent) throw new Unsupported();
  }

  /** A plain scalar from offset `at`, continued on the following lines indented deeper than `parentIndent`. */
  private plain(at: number, lineEnd: number, parentIndent: number): unknown {
    const t = this.text;
    if (!canStartPlain(t, at, lineEnd)) throw new Unsupported();
    let end = this.plainLineEnd(at, lineEnd);
    let text = t.slice(at, end);
    let lastLine = this.pos - 1;
    let commented = end < lineEnd;
    // Continuation lines: deeper than the parent, up to a comment or a shallower line. Breaks fold as YAML folds them.
    let blanks = 0;
    let j = this.pos;
    while (j < this.limit) {
      const k = this.kinds[j];
      if (k === BLANK) {
        blanks++;
        j++;
        continue;
      }
      if (k !== CONTENT || this.indents[j]! <= parentIndent) break;
      if (commented) throw new Unsupported();
      // A continuation line may start with any character but `#` (then it is a comment line, not CONTENT).
      const s = this.starts[j]! + this.indents[j]!;
      const e = this.plainLineEnd(s, this.ends[j]!);
      commented = e < this.ends[j]!;
      text += blanks === 0 ? " " : "\n".repeat(blanks);
      text += t.slice(s, e);
      blanks = 0;
      end = e;
      lastLine = j;
      j++;
    }
    this.pos = lastLine + 1;
    this.vStart = at;
    this.vEnd = end;
    this.vLastLine = lastLine;
    this.vOpen = false;
    return this.resolvePlain(text);
  }

  /** The end of a plain scalar's text on one line (before a comment and trailing spaces); a `: ` in it is a key. */
  private plainLineEnd(at: number, lineEnd: number): number {
    const t = this.text;
    let i = at;
    for (; i < lineEnd; i++) {
      const ch = t.charCodeAt(i);
      if (ch === 35 && t.charCodeAt(i - 1) === 32) break;
      if (ch === 58 && (i + 1 === lineEnd || t.charCodeAt(i + 1) === 32)) throw new Unsupported();
      if (ch === 9) throw new Unsupported();
    }
    while (i > at && t.charCodeAt(i - 1) === 32) i--;
    return i;
  }

  /** A quoted scalar from offset `at`, possibly over several lines (each deeper than `parentIndent`). */
  private quoted(at: number, lineEnd: number, parentIndent: number): string {
    const t = this.text;
    const line = this.pos - 1;
    const close = quotedEnd(this.text, at, lineEnd);
    let value: string;
    let lastLine = line;
    let end: number;
    if (close >= 0) {
      value = quotedValue(this.text, at, close);
      end = close;
    } else {
      const r = this.multiLineQuoted(at, parentIndent);
      value = r.value;
      end = r.end;
      lastLine = r.lastLine;
    }
    // Only spaces and a comment may follow on the closing line.
    const closeLineEnd = this.ends[lastLine]!;
    let k = end;
    while (k < closeLineEnd && t.charCodeAt(k) === 32) k++;
    if (k < closeLineEnd && !(t.charCodeAt(k) === 35 && k > end)) throw new Unsupported();
    this.pos = lastLine + 1;
    this.noDeeperLine(parentIndent);
    this.vStart = at;
    this.vEnd = end;
    this.vLastLine = lastLine;
    this.vOpen = false;
    return value;
  }

  /** A quoted scalar that goes on to the next lines: line breaks fold (one space, or a newline per blank line). */
  private multiLineQuoted(at: number, parentIndent: number): { value: string; end: number; lastLine: number } {
    const t = this.text;
    const double = t.charCodeAt(at) === 34;
    let out = "";
    let pendingSpace = ""; // unescaped spaces, dropped when a line break follows
    let escapedBreak = false; // a `\` ended the line: the break is dropped, not folded
    let line = this.pos - 1;
    let i = at + 1;
    let lineEnd = this.ends[line]!;
    for (;;) {
      if (i >= lineEnd) {
        // A raw line break: trailing spaces go, blank lines become newlines, the next line's indentation goes.
        pendingSpace = "";
        let blanks = 0;
        for (;;) {
          line++;
          if (line >= this.limit) throw new Unsupported();
          const k = this.kinds[line];
          if (k === BLANK) {
            blanks++;
            continue;
          }
          if (k === DOC_START || this.indents[line]! <= parentIndent) throw new Unsupported();
          break;
        }
        if (escapedBreak && blanks > 0) throw new Unsupported();
        if (!escapedBreak) out += blanks === 0 ? " " : "\n".repeat(blanks);
        escapedBreak = false;
        i = this.starts[line]! + this.indents[line]!;
        lineEnd = this.ends[line]!;
        if (t.charCodeAt(i) === 9) throw new Unsupported();
        continue;
      }
      const ch = t.charCodeAt(i);
      if (ch === 32) {
        pendingSpace += " ";
        i++;
        continue;
      }
      if (ch === 9) throw new Unsupported();
      if (double && ch === 92) {
        out += pendingSpace;
        pendingSpace = "";
        if (i + 1 >= lineEnd) {
          // `\` at the end of a line: the break is escaped (no space).
          escapedBreak = true;
          i++;
          continue;
        }
        const r = unescapeOne(t, i);
        out += r.text;
        i = r.next;
        continue;
      }
      if (ch === (double ? 34 : 39)) {
        if (!double && t.charCodeAt(i + 1) === 39) {
          out += pendingSpace + "'";
          pendingSpace = "";
          i += 2;
          continue;
        }
        out += pendingSpace;
        return { value: out, end: i + 1, lastLine: line };
      }
      out += pendingSpace + t[i]!;
      pendingSpace = "";
      i++;
    }
  }

  /** A literal (`|`) or folded (`>`) block scalar whose header is at `at`. */
  private blockScalar(at: number, lineEnd: number, parentIndent: number, folded: boolean): string {
    const t = this.text;
    let i = at + 1;
    let strip = false;
    // An indentation indicator counts from the key's (or dash's) column, as the `yaml` library reads it.
    let explicit = 0;
    for (let n = 0; n < 2; n++) {
      const h = t.charCodeAt(i);
      if (h === 45 && !strip) strip = true;
      else if (h >= 49 && h <= 57 && explicit === 0) explicit = h - 48;
      else break;
      i++;
    }
    // Keep chomping (+) is left to the full loader.
    let k = i;
    while (k < lineEnd && t.charCodeAt(k) === 32) k++;
    if (k < lineEnd && !(t.charCodeAt(k) === 35 && k > i)) throw new Unsupported();
    // Leading blank lines, then the first content line sets the indentation.
    let j = this.pos;
    let leadingBlanks = 0;
    while (j < this.limit && this.kinds[j] === BLANK) {
      leadingBlanks++;
      j++;
    }
    if (j >= this.limit || this.indents[j]! <= parentIndent || this.kinds[j] === DOC_START) throw new Unsupported(); // empty block scalar
    const indent = explicit > 0 ? parentIndent + explicit : this.indents[j]!;
    if (indent > this.indents[j]!) throw new Unsupported();
    for (let b = this.pos; b < j; b++) if (this.ends[b]! - this.starts[b]! > indent) throw new Unsupported();
    const parts: string[] = [];
    // Folded: the lines indented more than the block (or starting with a tab), which are not folded (literal scalars,
    // most of a CRD's descriptions, need none).
    const more: boolean[] = [];
    for (let b = 0; b < leadingBlanks; b++) {
      parts.push("");
      if (folded) more.push(false);
    }
    let lastContent = j;
    let blanksAfter = 0;
    for (; j < this.limit; j++) {
      const len = this.ends[j]! - this.starts[j]!;
      const ind = this.indents[j]!;
      if (ind === len) {
        // A line of spaces only: empty, unless it is longer than the indentation (then it holds spaces).
        if (len > indent) throw new Unsupported();
        parts.push("");
        if (folded) more.push(false);
        blanksAfter++;
        continue;
      }
      if (ind < indent) break;
      const s = this.starts[j]! + indent;
      parts.push(t.slice(s, this.ends[j]!));
      if (folded) more.push(ind > indent || t.charCodeAt(s) === 9);
      lastContent = j;
      blanksAfter = 0;
    }
    // The trailing empty lines are not content (clip and strip chomping alike).
    parts.length -= blanksAfter;
    const content = parts;
    let value: string;
    if (!folded) value = content.join("\n");
    else {
      // As the `yaml` library folds (compose/resolve-block-scalar.ts): the empty lines before the first content line
      // are kept; a line break between two plain lines is a space, and around a more-indented line it stays.
      value = "";
      let i = 0;
      for (; i < content.length && content[i] === ""; i++) value += "\n";
      let sep = "";
      let prevMore = false;
      for (; i < content.length; i++) {
        const p = content[i]!;
        if (more[i]) {
          if (sep === " ") sep = "\n";
          else if (!prevMore && sep === "\n") sep = "\n\n";
          value += sep + p;
          sep = "\n";
          prevMore = true;
        } else if (p === "") {
          if (sep === "\n") value += "\n";
          else sep = "\n";
        } else {
          value += sep + p;
          sep = " ";
          prevMore = false;
        }
      }
    }
    if (!strip) value += "\n";
    this.pos = lastContent + 1;
    this.vStart = at;
    this.vEnd = this.lineEnd(lastContent);
    this.vLastLine = lastContent;
    this.vOpen = false;
    return value;
  }
}

/** A one-line flow collection (`[a, b]`, `{a: 1}`) from offset `i`; nested ones too. */
class FlowReader {
  /** The offset after the value last read, and the collection it is (-1 for a scalar). */
  valueEnd = 0;
  collection = -1;

  constructor(
    private readonly t: string,
    private i: number,
    private readonly lineEnd: number,
    private readonly resolvePlain: (s: string) => unknown,
    private readonly keyName: (s: string) => string,
    private readonly reader: Reader,
    /** Nesting of the collection being read, the block collections around it included: deep documents are the full loader's. */
    private depth: number,
  ) {}

  end(): void {
    const t = this.t;
    const from = this.i;
    while (this.i < this.lineEnd && t.charCodeAt(this.i) === 32) this.i++;
    if (this.i < this.lineEnd && !(t.charCodeAt(this.i) === 35 && this.i > from)) throw new Unsupported();
  }

  private ws(): void {
    while (this.i < this.lineEnd && this.t.charCodeAt(this.i) === 32) this.i++;
  }

  value(): unknown {
    this.ws();
    if (this.i >= this.lineEnd) throw new Unsupported();
    const c = this.t.charCodeAt(this.i);
    if (c === 91 || c === 123) {
      if (++this.depth > MAX_DEPTH) throw new TooDeep();
      const v = c === 91 ? this.seq() : this.map();
      this.depth--;
      return v;
    }
    this.collection = -1;
    if (c === 34 || c === 39) return this.quoted();
    return this.plain();
  }

  private quoted(): string {
    const close = quotedEnd(this.t, this.i, this.lineEnd);
    if (close < 0) throw new Unsupported();
    const v = quotedValue(this.t, this.i, close);
    this.i = this.valueEnd = close;
    return v;
  }

  private plain(): unknown {
    const t = this.t;
    if (!canStartPlain(t, this.i, this.lineEnd)) throw new Unsupported();
    const from = this.i;
    while (this.i < this.lineEnd) {
      const ch = t.charCodeAt(this.i);
      if (ch === 35 && t.charCodeAt(this.i - 1) === 32) throw new Unsupported();
      if (ch === 58) {
        const n = t.charCodeAt(this.i + 1);
        if (this.i + 1 === this.lineEnd || n === 32 || n === 44 || n === 93 || n === 125) break;
      }
      if (ch === 44 || ch === 93 || ch === 125 || ch === 91 || ch === 123 || ch === 9) break;
      // go-yaml ends a plain scalar at `?` in a flow collection and fails: the full loader reports it.
      if (ch === 63) throw new Unsupported();
      this.i++;
    }
    let e = this.i;
    while (e > from && t.charCodeAt(e - 1) === 32) e--;
    if (e === from) throw new Unsupported();
    this.valueEnd = e;
    return this.resolvePlain(t.slice(from, e));
  }

  /** After `[` or `{`: whether the collection closes at once (`[]`, `{}`). */
  private opened(close: number): boolean {
    this.i++;
    this.ws();
    if (this.t.charCodeAt(this.i) !== close) return false;
    this.i++;
    this.valueEnd = this.i;
    return true;
  }

  /** After an item: whether the collection closes here (false after a comma; a trailing one is the full loader's). */
  private closed(close: number): boolean {
    const c = this.t.charCodeAt(this.i);
    if (c === 44) {
      this.i++;
      this.ws();
      if (this.t.charCodeAt(this.i) === close) throw new Unsupported();
      return false;
    }
    if (c !== close) throw new Unsupported();
    this.i++;
    this.valueEnd = this.i;
    return true;
  }

  private seq(): unknown[] {
    const t = this.t;
    const arr: unknown[] = [];
    const written = this.reader.written;
    const id = written.open(false);
    if (this.opened(93)) return this.ended(id, arr);
    for (;;) {
      this.ws();
      const from = this.i;
      const v = this.value();
      const end = this.valueEnd;
      this.ws();
      if (t.charCodeAt(this.i) === 58) throw new Unsupported(); // [a: b] (single-pair maps)
      arr.push(v);
      written.add(id, undefined, from, from, end, this.collection);
      if (this.closed(93)) return this.ended(id, arr);
    }
  }

  private map(): Record<string, unknown> {
    const t = this.t;
    const obj: Record<string, unknown> = {};
    const written = this.reader.written;
    const id = written.open(true);
    if (this.opened(125)) return this.ended(id, obj);
    for (;;) {
      this.ws();
      const from = this.i;
      const c = t.charCodeAt(this.i);
      let key: string;
      if (c === 34 || c === 39) key = this.quoted();
      else {
        // A merge key (`{<<: *m}`) is the full loader's, as in block maps.
        if (c === 60) throw new Unsupported();
        const k = this.plain();
        if (typeof k !== "string") throw new Unsupported();
        key = this.keyName(t.slice(from, this.valueEnd));
      }
      this.ws();
      // `{a}` and `{a: }` (null values) are left to the full loader.
      if (t.charCodeAt(this.i) !== 58) throw new Unsupported();
      this.i++;
      const n = t.charCodeAt(this.i);
      if (n !== 32 && !(c === 34 || c === 39)) throw new Unsupported();
      this.ws();
      const nc = t.charCodeAt(this.i);
      if (this.i >= this.lineEnd || nc === 44 || nc === 125) throw new Unsupported();
      const valueStart = this.i;
      const v = this.value();
      if (Object.prototype.hasOwnProperty.call(obj, key) || key === "__proto__") throw new Unsupported();
      obj[key] = v;
      written.add(id, key, from, valueStart, this.valueEnd, this.collection);
      this.ws();
      if (this.closed(125)) return this.ended(id, obj);
    }
  }

  /** A collection read to its end: the value last read is that collection. */
  private ended<T>(id: number, v: T): T {
    this.collection = id;
    return v;
  }
}

/** Whether a plain scalar may start at t[at]: not at an indicator, nor at `-` or `:` followed by a space or the end. */
function canStartPlain(t: string, at: number, lineEnd: number): boolean {
  const c = t[at]!;
  if (NOT_PLAIN_START.has(c)) return false;
  return !((c === "-" || c === ":") && (at + 1 === lineEnd || t.charCodeAt(at + 1) === 32));
}

/** The offset after a one-line quoted scalar starting at `at`, or -1 when it does not close before `lineEnd`. */
function quotedEnd(t: string, at: number, lineEnd: number): number {
  const q = t.charCodeAt(at);
  for (let i = at + 1; i < lineEnd; i++) {
    const ch = t.charCodeAt(i);
    if (q === 34 && ch === 92) {
      i++;
      continue;
    }
    if (ch === q) {
      if (q === 39 && t.charCodeAt(i + 1) === 39) {
        i++;
        continue;
      }
      return i + 1;
    }
  }
  return -1;
}

/** The value of a one-line quoted scalar t[at, close) (close is after the closing quote). */
function quotedValue(t: string, at: number, close: number): string {
  if (t.charCodeAt(at) === 39) return t.slice(at + 1, close - 1).replaceAll("''", "'");
  const inner = t.slice(at + 1, close - 1);
  return inner.includes("\\") ? unescapeDouble(inner) : inner;
}

/** A scalar's style, from its first character. */
function styleAt(text: string, at: number): ScalarStyle {
  switch (text.charCodeAt(at)) {
    case 34:
      return "double";
    case 39:
      return "single";
    case 124:
      return "literal";
    case 62:
      return "folded";
    default:
      return "plain";
  }
}

/** The escapes of a double-quoted scalar that the fast path reads; others go to the full loader. */
function unescapeOne(s: string, i: number): { text: string; next: number } {
  const e = s[i + 1];
  switch (e) {
    case '"':
    case "\\":
    case "/":
    case " ":
      return { text: e, next: i + 2 };
    case "n":
      return { text: "\n", next: i + 2 };
    case "t":
      return { text: "\t", next: i + 2 };
    case "r":
      return { text: "\r", next: i + 2 };
    case "0":
      return { text: "\0", next: i + 2 };
    case "u": {
      const hex = s.slice(i + 2, i + 6);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new Unsupported();
      const code = parseInt(hex, 16);
      // Surrogates are read differently by different libraries: the full loader's.
      if (code >= 0xd800 && code <= 0xdfff) throw new Unsupported();
      return { text: String.fromCharCode(code), next: i + 6 };
    }
    default:
      throw new Unsupported();
  }
}

function unescapeDouble(inner: string): string {
  let out = "";
  let i = 0;
  while (i < inner.length) {
    const b = inner.indexOf("\\", i);
    if (b < 0) {
      out += inner.slice(i);
      break;
    }
    out += inner.slice(i, b);
    const r = unescapeOne(inner, b);
    out += r.text;
    i = r.next;
  }
  return out;
}
