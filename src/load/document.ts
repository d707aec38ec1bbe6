/** YAML/JSON text → documents that keep every node's line and column; parse problems become values, not throws. */
import {
  LineCounter,
  parseAllDocuments,
  isMap,
  isNode,
  isSeq,
  isScalar,
  isPair,
  isAlias,
  type Document,
  type Node,
  type Tags,
  type ScalarTag,
  type YAMLMap,
  type Alias,
  Scalar,
} from "yaml";
import type { SourceRange } from "../diagnostics/index.js";
import { parseDirectives, type DisableDirective } from "./directives.js";
import { splitJsonStream, type JsonStream } from "./json-stream.js";
import { GO_RESOLVED_TAGS, goKeyName, goScalarToJs, resolveGoScalar, type GoScalar } from "./go-yaml.js";

/** Alias expansion bound: a billion-laughs document stops here instead of eating memory. */
export const MAX_ALIAS_COUNT = 1000;
/** Nesting bound for documents we walk recursively. */
export const MAX_DEPTH = 500;

/** The rule ids of what the loader finds in YAML: each is a registered engine rule (test/engine/codes.test.mjs). */
export const YAML_PROBLEM_CODES = [
  "yaml-syntax",
  "yaml-duplicate-key",
  "yaml-alias-limit",
  "yaml-boolean-key",
  "yaml-not-json",
] as const;
export type YamlProblemCode = (typeof YAML_PROBLEM_CODES)[number];

export interface LoadProblem {
  rule: YamlProblemCode;
  message: string;
  range: SourceRange;
  document: number;
}

export interface LoadedDocument {
  index: number;
  /** The plain JS value of the document (null for an empty document). */
  value: unknown;
  /** Range of the node at a document path, or of its nearest existing ancestor when the path does not exist. */
  locate(path: readonly (string | number)[]): SourceRange;
  /** Range of a character offset inside the string scalar at `path` (for CEL expressions). */
  locateInString(path: readonly (string | number)[], offset: number): SourceRange | null;
  readonly rangeOfDocument: SourceRange;
}

export interface LoadedText {
  documents: LoadedDocument[];
  problems: LoadProblem[];
  /** `# crdlint-disable-line`, `-next-line`, `# crdlint-disable` and `# crdlint-enable` comments (src/load/directives.ts). */
  directives: DisableDirective[];
}

function range(lc: LineCounter, start: number, end: number): SourceRange {
  const s = lc.linePos(start);
  const e = lc.linePos(Math.max(start, end));
  return { start: { line: s.line, column: s.col }, end: { line: e.line, column: e.col } };
}

interface Located {
  node: Node | null;
  keyNode: Node | null;
}

/** Maps searched by key name more than once get an index: a scan per lookup made thousands of diagnostics under a map
 * of thousands of properties quadratic. One per document (built lazily, dropped with it). */
type ChildIndex = WeakMap<YAMLMap, Map<string, Located> | typeof MERGES>;
/** A large map with merge keys: its entries are found by mergedEntry, not by name alone. */
const MERGES = "merges";
const INDEXED_MAP_SIZE = 32;

/**
 * The first pair whose key is a scalar other than null with the name `seg` (a number matches its decimal text). In a
 * map with merge keys, the entry kubectl keeps (mergedEntry): a key that comes from merged content is found where it
 * is written.
 */
function findChild(node: Node | null, seg: string | number, index: ChildIndex, doc: Document.Parsed): Located | null {
  if (!node) return null;
  if (isMap(node)) {
    const name = String(seg);
    if (node.items.length > INDEXED_MAP_SIZE) {
      let byName = index.get(node);
      if (byName === MERGES) return mergedEntry(node, name, doc, 0);
      if (!byName) {
        if (node.items.some((item) => isGoMergeKey(item.key))) {
          index.set(node, MERGES);
          return mergedEntry(node, name, doc, 0);
        }
        byName = new Map();
        for (const item of node.items) {
          const k = item.key as Node | null;
          const kv = isScalar(k) ? k.value : k;
          if (kv === null || typeof kv === "object") continue;
          const n = String(kv);
          if (!byName.has(n)) byName.set(n, { node: (item.value as Node | null) ?? null, keyNode: k });
        }
        index.set(node, byName);
      }
      return byName.get(name) ?? null;
    }
    if (node.items.some((item) => isGoMergeKey(item.key))) return mergedEntry(node, name, doc, 0);
    for (const item of node.items) {
      if (!isPair(item)) continue;
      const k = item.key as Node | null;
      const kv = isScalar(k) ? k.value : k;
      if (kv === seg || (kv !== null && typeof kv !== "object" && String(kv) === name))
        return { node: (item.value as Node | null) ?? null, keyNode: k };
    }
    return null;
  }
  if (isSeq(node) && typeof seg === "number") {
    const v = node.items[seg] as Node | undefined;
    return v === undefined ? null : { node: v ?? null, keyNode: null };
  }
  return null;
}

/**
 * The pair that gives map `node` its key `name` as go-yaml v2 builds the map: pairs in written order, each setting its
 * key over an earlier one, a merge key setting every key of its source maps (of a list of sources, the last first, so
 * that the earlier wins). loadText has already refused merges of anything but maps.
 */
function mergedEntry(node: YAMLMap, name: string, doc: Document.Parsed, depth: number): Located | null {
  if (depth > MAX_DEPTH) return null;
  let found: Located | null = null;
  for (const item of node.items) {
    const k = item.key as Node | null;
    if (isGoMergeKey(k)) {
      for (const source of mergeSources(item.value as Node | null, doc)) {
        const inner = isMap(source) ? mergedEntry(source, name, doc, depth + 1) : null;
        if (inner) found = inner;
      }
      continue;
    }
    const kv = isScalar(k) ? k.value : k;
    if (kv !== null && typeof kv !== "object" && String(kv) === name)
      found = { node: (item.value as Node | null) ?? null, keyNode: k };
  }
  return found;
}

const MERGE_TAG = "tag:yaml.org,2002:merge";

/** go-yaml v2's isMerge: the scalar `<<`, plain and untagged or tagged !!merge (a quoted "<<" is an ordinary key). */
function isGoMergeKey(key: unknown): boolean {
  if (!isScalar(key) || key.source !== "<<") return false;
  return key.tag === MERGE_TAG || (key.type === Scalar.PLAIN && !key.tag);
}

/**
 * The nodes a merge key's value merges, in the order go-yaml v2 applies them (each one's keys set over the earlier
 * ones): a map, or a list of maps walked from its end. Aliases resolve to their anchored node; anything else is
 * returned as it is, for the caller to refuse.
 */
function mergeSources(value: Node | null, doc: Document.Parsed): (Node | null)[] {
  const deref = (n: Node | null): Node | null => (isAlias(n) ? ((n.resolve(doc) as Node | undefined) ?? null) : n);
  const v = deref(value);
  if (isSeq(value)) return (value.items as (Node | null)[]).map(deref).reverse();
  return [v];
}

function makeDocument(
  index: number,
  doc: Document.Parsed,
  value: unknown,
  lc: LineCounter,
  text: string,
): LoadedDocument {
  const docRange = doc.range ?? [0, 0, 0];
  const rangeOfDocument = range(lc, docRange[0], docRange[1]);
  const contents = (doc.contents as Node | null) ?? null;
  const children: ChildIndex = new WeakMap();
  return {
    index,
    value,
    rangeOfDocument,
    locate(path) {
      let cur: Node | null = contents;
      let best: SourceRange | null = cur?.range ? range(lc, cur.range[0], cur.range[1]) : null;
      for (const seg of path) {
        const found = findChild(cur, seg, children, doc);
        if (!found) break;
        const k = found.keyNode;
        const v = found.node;
        const start = k?.range ? k.range[0] : v?.range ? v.range[0] : null;
        const end = v?.range ? v.range[1] : k?.range ? k.range[1] : null;
        if (start !== null && end !== null) best = range(lc, start, end);
        cur = v;
        if (!v) break;
      }
      return best ?? rangeOfDocument;
    },
    locateInString(path, offset) {
      let cur: Node | null = contents;
      for (const seg of path) {
        const found = findChild(cur, seg, children, doc);
        if (!found || !found.node) return null;
        cur = found.node;
      }
      if (!cur || !isScalar(cur) || !cur.range || typeof cur.value !== "string") return null;
      const style = SCALAR_STYLES[cur.type as string] ?? null;
      if (style === null) return null;
      return locateInScalar(text, style, cur.range[0], cur.range[1], cur.value, offset, (o) => {
        const p = lc.linePos(o);
        return { line: p.line, column: p.col };
      });
    },
  };
}

/** How a scalar is written, which says how a character of its value maps back to the source. */
export type ScalarStyle = "plain" | "single" | "double" | "literal" | "folded";
const SCALAR_STYLES: Record<string, ScalarStyle> = {
  [Scalar.PLAIN]: "plain",
  [Scalar.QUOTE_SINGLE]: "single",
  [Scalar.QUOTE_DOUBLE]: "double",
  [Scalar.BLOCK_LITERAL]: "literal",
  [Scalar.BLOCK_FOLDED]: "folded",
};

/**
 * The range of the character at `offset` of a string scalar's value, written in `style` at text[start, end): exact
 * when the source holds the value verbatim (one-line plain or quoted without escapes, block scalars line by line),
 * null otherwise (the caller falls back to the scalar's own range). Both loaders answer locateInString with this.
 */
export function locateInScalar(
  text: string,
  style: ScalarStyle,
  start: number,
  end: number,
  value: string,
  offset: number,
  linePos: (offset: number) => { line: number; column: number },
): SourceRange | null {
  const src = text.slice(start, end);
  let at: number | null = null;
  if (style === "plain" && src === value) at = start + offset;
  else if (style === "single" && src === `'${value}'`) at = start + 1 + offset;
  else if (style === "double" && src === `"${value}"`) at = start + 1 + offset;
  else if (style === "literal" || style === "folded") {
    // The block's content lines follow the header; map (line, col) in the value to the same line in the source.
    const before = value.slice(0, offset);
    const lineIdx = before.split("\n").length - 1;
    const col = offset - (before.lastIndexOf("\n") + 1);
    const header = linePos(start);
    const srcLines = src.split("\n");
    // srcLines[0] is the header (`|` or `>`), content starts on the next line with some indentation.
    const contentLines = srcLines.slice(1);
    let seen = -1;
    for (let i = 0; i < contentLines.length; i++) {
      if (contentLines[i]!.trim() === "" && style === "folded") continue;
      seen++;
      if (seen === lineIdx) {
        const indent = contentLines[i]!.length - contentLines[i]!.trimStart().length;
        const line = header.line + 1 + i;
        return { start: { line, column: indent + col + 1 }, end: { line, column: indent + col + 2 } };
      }
    }
    return null;
  }
  if (at === null) return null;
  return { start: linePos(at), end: linePos(at + 1) };
}

/** A scalar node go-yaml cannot decode (its tag does not fit its text) keeps the reason. */
type GoNode = Scalar & { goError?: string };

function goNode(resolved: GoScalar): Scalar {
  if (resolved.kind === "error") return Object.assign(new Scalar(null), { goError: resolved.message });
  return new Scalar(goScalarToJs(resolved));
}

/** The Go type of a scalar, which keys need (the JS value does not tell an int from a uint64 or a float). */
function goScalarOf(node: Scalar): GoScalar {
  const error = (node as GoNode).goError;
  if (error !== undefined) return { kind: "error", message: error };
  const source = typeof node.source === "string" ? node.source : String(node.value);
  // Untagged quoted and block scalars are strings without resolution.
  if (node.tag) return resolveGoScalar(source, node.tag);
  return node.type === Scalar.PLAIN ? resolveGoScalar(source) : { kind: "string", value: source };
}

/**
 * The `yaml` library's scalar resolution replaced by go-yaml v2's, as kubectl reads manifests: every untagged plain
 * scalar goes through one resolver (the library's own YAML 1.1 tags differ: `e2` is NaN there, `0o17` a string), and
 * explicit !!str/!!int/!!float/!!bool/!!null/!!timestamp/!!binary tags resolve as go-yaml does. Merge keys stay.
 */
const goYamlV2Tags = (tags: Tags): Tags => {
  // Only the map and sequence tags stay (the merge tag is added after this list by the library itself): go-yaml reads
  // !!set, !!omap and !!pairs nodes as the plain map or sequence they are written as.
  const kept = tags.filter(
    (t) => typeof t === "object" && (t.tag === "tag:yaml.org,2002:map" || t.tag === "tag:yaml.org,2002:seq"),
  );
  const plain: ScalarTag = {
    tag: "tag:crdlint:go-yaml-plain",
    default: true,
    test: /(?:)/,
    identify: () => false,
    resolve: (text) => goNode(resolveGoScalar(text)),
  };
  const tagged = GO_RESOLVED_TAGS.map((tag): ScalarTag => ({
    tag,
    default: false,
    identify: () => false,
    resolve: (text) => goNode(resolveGoScalar(text, tag)),
  }));
  return [...kept, plain, ...tagged];
};

/**
 * The documents kubectl reads from a text, with positions: a stream of JSON values when it starts with `{` and holds
 * more than one (kubectl's YAMLOrJSONDecoder, src/load/json-stream.ts), else YAML.
 */
export function loadText(text: string): LoadedText {
  const json = splitJsonStream(text);
  return json ? loadJsonStream(text, json) : loadYamlText(text);
}

/** Each JSON value read as a document of its own (YAML's flow style reads JSON), then the YAML rest if any. */
function loadJsonStream(text: string, stream: JsonStream): LoadedText {
  const out: LoadedText = { documents: [], problems: [], directives: [] };
  const lc = new LineCounter();
  // The LineCounter learns line starts from the parser; here from the text itself.
  lc.addNewLine(0);
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) lc.addNewLine(i + 1);
  // Document indices run on across the parts: a part's documents (and problem-only documents) come after the last.
  let base = 0;
  const add = (start: number, end: number) => {
    const at = lc.linePos(start);
    const part = loadYamlAt(text.slice(start, end), { line: at.line, column: at.col }, base);
    out.documents.push(...part.documents);
    out.problems.push(...part.problems);
    out.directives.push(...part.directives);
    base += Math.max(
      1,
      ...part.documents.map((d) => d.index - base + 1),
      ...part.problems.map((p) => p.document - base + 1),
    );
  };
  for (const [start, end] of stream.values) add(start, end);
  if (stream.error) {
    const at = lc.linePos(stream.error.offset);
    const pos = { line: at.line, column: at.col };
    out.problems.push({
      rule: "yaml-syntax",
      message: `kubectl reads a stream that starts with { as JSON and stops here: ${stream.error.message} (${
        stream.values.length > 1
          ? `after ${stream.values.length} JSON values it no longer tries YAML`
          : "fewer than 4 bytes follow, too few for its switch to YAML"
      })`,
      range: { start: pos, end: pos },
      document: base,
    });
    base++;
  }
  if (stream.yamlFrom !== null && stream.yamlFrom < text.length) add(stream.yamlFrom, text.length);
  return out;
}

/**
 * The YAML documents of a part of a text that starts at `at` (1-based line and column in the text), as documents of
 * the text: positions are the text's, and document indices run on from `base`.
 */
export function loadYamlAt(part: string, at: { line: number; column: number }, base: number): LoadedText {
  const loaded = loadYamlText(part, at.line - 1);
  const shiftPos = (p: { line: number; column: number }) => ({
    line: p.line + at.line - 1,
    column: p.line === 1 ? p.column + at.column - 1 : p.column,
  });
  const shift = (r: SourceRange): SourceRange => ({ start: shiftPos(r.start), end: shiftPos(r.end) });
  return {
    documents: loaded.documents.map((d) => ({
      index: d.index + base,
      value: d.value,
      rangeOfDocument: shift(d.rangeOfDocument),
      locate: (path) => shift(d.locate(path)),
      locateInString(path, offset) {
        const r = d.locateInString(path, offset);
        return r && shift(r);
      },
    })),
    problems: loaded.problems.map((p) => ({ ...p, range: shift(p.range), document: p.document + base })),
    directives: loaded.directives.map((dir) => {
      const moved = shiftPos(dir);
      return {
        ...dir,
        line: moved.line,
        column: moved.column,
        endColumn: dir.endColumn + moved.column - dir.column,
        target: dir.target + at.line - 1,
      };
    }),
  };
}

/** `lineOffset`: lines before the text in its file, for line numbers written into messages. */
function loadYamlText(text: string, lineOffset = 0): LoadedText {
  const lc = new LineCounter();
  const problems: LoadProblem[] = [];
  const documents: LoadedDocument[] = [];
  let docs: Document.Parsed[];
  try {
    docs = parseAllDocuments(text, {
      lineCounter: lc,
      // The library compares each key with every earlier key of its map (quadratic: a 15 MB CRD with one map of
      // 100,000 properties took minutes); withDuplicateKeys finds the same duplicates with one Set per map.
      uniqueKeys: false,
      prettyErrors: false,
      strict: true,
      // YAML 1.1 syntax (merge keys); scalars are resolved by goYamlV2Tags as kubectl resolves them.
      version: "1.1",
      customTags: goYamlV2Tags,
      // !!set, !!omap and !!pairs are not go-yaml types: kubectl reads such a node as the plain map or sequence.
      resolveKnownTags: false,
      // Keys that are collections are reported as yaml-not-json; the library need not print its own warning.
      logLevel: "error",
    }) as Document.Parsed[];
    if (!Array.isArray(docs)) docs = [docs as unknown as Document.Parsed];
  } catch (e) {
    problems.push({
      rule: "yaml-syntax",
      message:
        e instanceof RangeError ? "document is nested too deeply to parse" : `cannot parse: ${(e as Error).message}`,
      range: { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } },
      document: 0,
    });
    return { documents, problems, directives: [] };
  }
  docs.forEach((doc, index) => {
    let fatal = false;
    for (const err of withDuplicateKeys(doc)) {
      const dup = err.code === "DUPLICATE_KEY";
      // After the first syntax error the parser's further complaints are consequences of it: report one.
      if (!dup && fatal) continue;
      if (!dup) fatal = true;
      const [s, e] = err.pos;
      problems.push({
        rule: dup ? "yaml-duplicate-key" : "yaml-syntax",
        // The parser records its own stack overflow on a deeply nested document as an error: say what it means.
        message: dup
          ? duplicateKeyMessage(text, s, lc.linePos((err as DuplicateKeyError).firstKeyAt).line + lineOffset)
          : err.message.includes("Maximum call stack size exceeded")
            ? "document is nested too deeply to parse"
            : err.message.split("\n")[0]!,
        range: range(lc, s, e),
        document: index,
      });
    }
    if (fatal) return;
    if (doc.contents === null && index > 0 && docs.length > 1) {
      // `---` at the end of a file, or between separators: an empty document, nothing to lint.
      return;
    }
    const unreadable = unresolvableAlias(doc.contents as Node | null);
    if (unreadable) {
      const r = unreadable.node.range ?? doc.range ?? [0, 0];
      problems.push({
        rule: "yaml-syntax",
        message: unreadable.message,
        range: range(lc, r[0], r[1]),
        document: index,
      });
      return;
    }
    // Keys are renamed to their JSON names before the JS value is built; the findings count only once the value is.
    const conversion: LoadProblem[] = [];
    goJsonConversion(doc, text, (rule, s, e, message) =>
      conversion.push({ rule, message, range: range(lc, s, e), document: index }),
    );
    if (conversion.some((p) => p.rule === "yaml-not-json" || p.rule === "yaml-syntax")) {
      // kubectl stops at this document and sends nothing: there is no apiserver verdict to predict for it.
      problems.push(...conversion);
      return;
    }
    let value: unknown;
    try {
      value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    } catch (e) {
      const msg = (e as Error).message ?? String(e);
      const alias = msg.includes("Excessive alias count");
      const unresolved = /^Unresolved alias.*: (.*)$/.exec(msg);
      problems.push({
        rule: alias ? "yaml-alias-limit" : "yaml-syntax",
        message: alias
          ? `alias expansion exceeds the limit (${MAX_ALIAS_COUNT}); the document looks like an alias bomb and was not linted`
          : unresolved
            ? `unknown anchor '${unresolved[1]}' referenced`
            : e instanceof RangeError
              ? "document is nested too deeply to read"
              : `cannot read document: ${msg}`,
        range: range(lc, doc.range?.[0] ?? 0, doc.range?.[1] ?? 0),
        document: index,
      });
      return;
    }
    problems.push(...conversion);
    documents.push(makeDocument(index, doc, value, lc, text));
  });
  problems.push(...separatorProblems(text, lc, docs));
  return { documents, problems, directives: parseDirectives(text) };
}

/**
 * kubectl splits a stream into documents line by line before any YAML parser sees it (apimachinery's YAMLReader): a
 * line starting with `---` is a separator, and anything but spaces or a comment after it stops kubectl with "invalid
 * Yaml document separator" — where a YAML parser reads `--- {a: 1}` as a document and `---x` as a scalar.
 */
function separatorProblems(text: string, lc: LineCounter, docs: readonly Document.Parsed[]): LoadProblem[] {
  const out: LoadProblem[] = [];
  if (!text.includes("---") && !text.includes("%")) return out;
  // A directive line (`%YAML 1.1`, `%TAG ...`) never reaches go-yaml with its document: the reader has cut the stream
  // at the `---` after it, and go-yaml fails on a directive without a document.
  const re = /^(?:---([^\n]*)|%[^\n]*)/gm;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const directive = m[1] === undefined;
    const rest = directive ? "" : m[1]!.trim();
    if (!directive && (rest === "" || rest.startsWith("#"))) continue;
    const at = m.index;
    let document = 0;
    docs.forEach((d, i) => {
      if ((d.range?.[0] ?? 0) <= at + 3) document = i;
    });
    out.push({
      rule: "yaml-syntax",
      message: directive
        ? "kubectl cannot read a YAML directive: its reader cuts the stream at each --- first, which leaves the directive without its document (yaml: did not find expected <document start>); remove the line"
        : `kubectl cannot split the documents here (invalid Yaml document separator: ${rest}); only a comment may follow --- on its line`,
      range: range(lc, at, at + m[0].length),
      document,
    });
  }
  return out;
}

/**
 * The aliases go-yaml v2 (and so kubectl) refuses: an alias of an anchor not defined before it, and an anchor whose
 * value contains an alias of itself (a cycle: walking it would never end). Keys that JSON cannot hold are
 * goJsonConversion's (yaml-not-json).
 */
function unresolvableAlias(root: Node | null): { node: Node; message: string } | null {
  // An alias refers to the last node with its anchor before it; visiting in document order keeps that one.
  const latest = new Map<string, Node>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (isAlias(node)) {
      const source = latest.get(node.source);
      if (!source) return { node, message: `unknown anchor '${node.source}' referenced` };
      if (source.range && node.range && source.range[0] <= node.range[0] && node.range[1] <= source.range[2])
        return { node, message: `anchor '${node.source}' value contains itself` };
      continue;
    }
    if (!isNode(node)) continue;
    if (node.anchor) latest.set(node.anchor, node);
    if (isMap(node)) {
      for (let i = node.items.length - 1; i >= 0; i--) stack.push(node.items[i]!.value, node.items[i]!.key);
    } else if (isSeq(node)) {
      for (let i = node.items.length - 1; i >= 0; i--) stack.push(node.items[i]);
    }
  }
  return null;
}

interface ParseError {
  code: string;
  pos: [number, number];
  message: string;
}

/**
 * The document's parse errors with DUPLICATE_KEY errors where the library's `uniqueKeys` check would put them: a key
 * repeats when it is the same scalar value as an earlier key of its map (`y` and `true` are both true; two `<<` merge
 * keys are not duplicates), reported at the key's first character, after the errors that come before it.
 */
function withDuplicateKeys(doc: Document.Parsed): ParseError[] {
  // Each repeated key's offset with the offset of the key it repeats (the value kubectl drops).
  const dups: [number, number][] = [];
  const stack: (Node | null)[] = [doc.contents as Node | null];
  while (stack.length > 0) {
    const node = stack.pop();
    if (isMap(node)) {
      const seen = new Map<unknown, number>();
      for (const item of node.items) {
        const k = item.key as Node | null;
        if (isScalar(k)) {
          const v = k.value;
          const merge = isGoMergeKey(k);
          if (!merge && !Number.isNaN(v) && k.range) {
            const first = seen.get(v);
            if (first !== undefined) dups.push([k.range[0], first]);
            else seen.set(v, k.range[0]);
          }
        } else if (k !== null) stack.push(k);
        stack.push(item.value as Node | null);
      }
    } else if (isSeq(node)) {
      for (const item of node.items) stack.push(item as Node | null);
    }
  }
  if (dups.length === 0) return doc.errors;
  dups.sort((a, b) => a[0] - b[0]);
  const out: ParseError[] = [];
  let d = 0;
  for (const err of doc.errors) {
    while (d < dups.length && dups[d]![0] < err.pos[0]) out.push(duplicateKeyError(dups[d++]!));
    out.push(err);
  }
  while (d < dups.length) out.push(duplicateKeyError(dups[d++]!));
  return out;
}

/** A repeated key, at its offset, with the offset of the earlier key whose value kubectl drops. */
type DuplicateKeyError = ParseError & { firstKeyAt: number };

function duplicateKeyError([offset, first]: [number, number]): DuplicateKeyError {
  return {
    code: "DUPLICATE_KEY",
    pos: [offset, offset + 1],
    message: "Map keys must be unique",
    firstKeyAt: first,
  } as DuplicateKeyError;
}

type ConversionProblem = (
  rule: "yaml-boolean-key" | "yaml-not-json" | "yaml-syntax",
  start: number,
  end: number,
  message: string,
) => void;

/**
 * What sigs.k8s.io/yaml does after go-yaml: map keys become JSON object names (`0x1F:` is "31", `y:` is "true", a float
 * key is formatted as a float32), and whatever JSON cannot hold stops kubectl. Key nodes get their JSON name as value,
 * so the document's JS value has the names kubectl sends.
 */
function goJsonConversion(doc: Document.Parsed, text: string, found: ConversionProblem): void {
  // Each node with whether it sits inside a flow collection (`[...]`, `{...}`), where go-yaml's scanner reads less.
  const stack: [Node | null, boolean][] = [[doc.contents as Node | null, false]];
  while (stack.length > 0) {
    const [node, inFlow] = stack.pop()!;
    if (isMap(node)) {
      const flow = inFlow || node.flow === true;
      for (const item of node.items) {
        if (isGoMergeKey(item.key)) {
          mergeKey(doc, item.key as Scalar, item.value as Node | null, found);
          // A map written in place as the merge value is walked like any other; an anchored one is walked where it is.
          if (!isAlias(item.value)) stack.push([item.value as Node | null, flow]);
          continue;
        }
        if (isAlias(item.key)) item.key = aliasKey(doc, item.key, found);
        else {
          if (flow) checkFlowPlain(item.key as Node | null, found);
          convertKey(item.key as Node | null, text, found);
        }
        stack.push([item.value as Node | null, flow]);
      }
    } else if (isSeq(node)) {
      const flow = inFlow || node.flow === true;
      for (const item of node.items) stack.push([item as Node | null, flow]);
    } else if (isScalar(node)) {
      if (inFlow) checkFlowPlain(node, found);
      checkValue(node as GoNode, found);
    }
  }
}

/**
 * go-yaml's scanner (libyaml's) ends a plain scalar at a `?` inside a flow collection, and then fails on what follows
 * (`[a?b]`, `{url: http://x/?q=1}`): "did not find expected ',' or ']'". YAML 1.2 reads the `?` as part of the text.
 */
function checkFlowPlain(node: Node | null, found: ConversionProblem): void {
  if (!isScalar(node) || node.type !== Scalar.PLAIN || !node.range) return;
  const source = typeof node.source === "string" ? node.source : "";
  if (!source.includes("?", 1)) return;
  found(
    "yaml-syntax",
    node.range[0],
    node.range[1],
    `kubectl cannot read this value: inside [ ] or { } its YAML parser ends a plain scalar at "?" (yaml: did not find expected ',' or ']'); quote it`,
  );
}

/**
 * A merge key (`<<: *base`, `<<: [*a, *b]`): go-yaml v2 sets each key of the merged maps into the map being built, in
 * written order with the map's own keys, so a key written after the merge key replaces a merged one and a merged
 * one replaces a key written before it; of a list, the earlier map wins. The `yaml` library's own merge keeps every
 * explicit key instead, so the key node gets go-yaml's behaviour as its addToJSMap (which the library calls in place
 * of setting a pair). Anything but a map or a list of maps stops kubectl, as go-yaml's `map merge requires ...`.
 */
function mergeKey(doc: Document.Parsed, key: Scalar, value: Node | null, found: ConversionProblem): void {
  const sources = mergeSources(value, doc);
  const bad = sources.findIndex((n) => !isMap(n));
  if (bad >= 0) {
    // The offending list item when the value is a list (sources are reversed), else the value itself.
    const at = (isSeq(value) ? (value.items[sources.length - 1 - bad] as Node | null) : value)?.range ??
      value?.range ??
      key.range ?? [0, 0];
    found(
      "yaml-not-json",
      at[0],
      at[1],
      "kubectl cannot merge this value (yaml: map merge requires map or sequence of maps as the value); a merge key `<<` takes a map, an alias of one, or a list of them",
    );
    return;
  }
  const setKey = (map: unknown, k: unknown, v: unknown): void => {
    if (map instanceof Map) map.set(k, v);
    else Object.defineProperty(map, String(k), { value: v, writable: true, enumerable: true, configurable: true });
  };
  Object.assign(key, {
    addToJSMap(ctx: ToJSContext, map: unknown, mergeValue: unknown) {
      const items = isSeq(mergeValue) ? [...(mergeValue.items as unknown[])].reverse() : [mergeValue];
      for (const item of items) {
        // Converting an alias counts it against maxAliasCount (an alias bomb through merge keys still stops).
        const js = nodeToJS(item, ctx);
        if (js instanceof Map) for (const [k, v] of js) setKey(map, k, v);
        else if (js !== null && typeof js === "object")
          for (const k of Object.keys(js)) setKey(map, k, (js as Record<string, unknown>)[k]);
      }
      return map;
    },
  });
}

/** The context the `yaml` library passes to toJSON and addToJSMap (its ToJSContext, which it does not export). */
type ToJSContext = {
  anchors: Map<Node, { aliasCount: number; count: number; res: unknown }>;
  onCreate?: (res: unknown) => void;
};

/** The library's internal toJS for one node: an anchored node is registered so that later aliases of it resolve. */
function nodeToJS(node: unknown, ctx: ToJSContext): unknown {
  const n = node as { toJSON?: (arg: unknown, ctx: ToJSContext) => unknown; anchor?: string } | null;
  if (!n || typeof n.toJSON !== "function") return n;
  if (!isNode(n) || !n.anchor || isAlias(n)) return n.toJSON(null, ctx);
  const data = { aliasCount: 0, count: 1, res: undefined as unknown };
  ctx.anchors.set(n as Node, data);
  ctx.onCreate = (res) => {
    data.res = res;
    delete ctx.onCreate;
  };
  const res = n.toJSON(null, ctx);
  if (ctx.onCreate) ctx.onCreate(res);
  return res;
}

function checkValue(node: GoNode, found: ConversionProblem): void {
  if (!node.range) return;
  if (node.goError !== undefined)
    found(
      "yaml-not-json",
      node.range[0],
      node.range[1],
      `kubectl cannot decode this value (yaml: ${node.goError}); drop the tag or write a value that fits it`,
    );
  else if (typeof node.value === "number" && !Number.isFinite(node.value)) {
    const go = Number.isNaN(node.value) ? "NaN" : node.value > 0 ? "+Inf" : "-Inf";
    found(
      "yaml-not-json",
      node.range[0],
      node.range[1],
      `kubectl cannot convert ${String(node.source)} to JSON (json: unsupported value: ${go}); JSON has no infinity or NaN: write a number, or quote it for a string`,
    );
  }
}

/** An alias used as a key (`*x :`) names the property after its anchored scalar; the anchored node stays as it is. */
function aliasKey(doc: Document.Parsed, alias: Alias, found: ConversionProblem): Node {
  const target = alias.resolve(doc) as Node | undefined;
  const at = alias.range ?? [0, 0];
  if (!isScalar(target)) {
    found(
      "yaml-not-json",
      at[0],
      at[1],
      `kubectl cannot use a ${isSeq(target) ? "sequence" : "mapping"} as a key (yaml: invalid map key); JSON object names are strings`,
    );
    return alias;
  }
  const go = goScalarOf(target);
  const name = go.kind === "error" ? { unsupported: "error" } : goKeyName(go);
  if ("name" in name) return Object.assign(new Scalar(name.name), { range: alias.range });
  if (go.kind !== "error")
    found(
      "yaml-not-json",
      at[0],
      at[1],
      `kubectl cannot convert the key ${alias.toString()} to a JSON object name (unsupported map key of type: ${name.unsupported}); quote it for a string key`,
    );
  return alias;
}

function convertKey(key: Node | null, text: string, found: ConversionProblem): void {
  if (key === null) return;
  if (!isScalar(key)) {
    if (key.range)
      found(
        "yaml-not-json",
        key.range[0],
        key.range[1],
        `kubectl cannot use a ${isMap(key) ? "mapping" : "sequence"} as a key (yaml: invalid map key); JSON object names are strings`,
      );
    return;
  }
  const k = key as GoNode;
  if (typeof k.value === "symbol" || !k.range) return;
  const go = goScalarOf(k);
  if (go.kind === "error") {
    found(
      "yaml-not-json",
      k.range[0],
      k.range[1],
      `kubectl cannot decode this key (yaml: ${go.message}); drop the tag or write a key that fits it`,
    );
    return;
  }
  if (go.kind === "bool" && k.type === Scalar.PLAIN) {
    const src = text.slice(k.range[0], k.range[1]);
    if (src.toLowerCase() !== String(go.value))
      found(
        "yaml-boolean-key",
        k.range[0],
        k.range[1],
        `key ${src} is read by kubectl (YAML 1.1) as the boolean ${go.value}, so the field is named "${go.value}"; quote it ("${src}") to keep the name`,
      );
  }
  const name = goKeyName(go);
  if ("name" in name) k.value = name.name;
  else {
    const src = text.slice(k.range[0], k.range[1]) || "an empty key";
    found(
      "yaml-not-json",
      k.range[0],
      k.range[1],
      `kubectl cannot convert the key ${src} to a JSON object name (unsupported map key of type: ${name.unsupported}); quote it for a string key`,
    );
  }
}

/** A quoted key's text: JSON's escapes cover the usual double-quoted ones; a single-quoted key doubles its quotes. */
function unquote(q: string): string {
  if (q.startsWith("'")) return q.slice(1, -1).replace(/''/g, "'");
  try {
    return JSON.parse(q) as string;
  } catch {
    return q.slice(1, -1);
  }
}

function duplicateKeyMessage(text: string, s: number, firstLine: number): string {
  // The parser's error range may cover only the key's first character: read the key up to its colon.
  const head = text.slice(s, s + 120);
  const quoted = /^(?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\n]|'')*')/.exec(head);
  const key = quoted ? unquote(quoted[0]) : head.split(/:\s|:$|\n/m)[0]!.trim();
  // kubectl converts YAML with the non-strict sigs.k8s.io/yaml (go-yaml v2 Unmarshal): the last value wins and the
  // apiserver never sees the repetition, so nothing rejects it; crdlint lints the value kubectl sends.
  return `duplicate key ${key ? `"${key}" ` : ""}(first at line ${firstLine}): kubectl sends only this last value and silently drops the earlier one`;
}
