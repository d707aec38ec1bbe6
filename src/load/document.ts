/** YAML/JSON text → documents that keep every node's line and column; parse problems become values, not throws. */
import { LineCounter, parseAllDocuments, isAlias, isMap, isNode, isSeq, isScalar, isPair, type Document, type Node, type Tags, Scalar } from "yaml";
import type { SourceRange } from "../diagnostics/index.js";
import { parseDirectives, type DisableDirective } from "./directives.js";

/** Alias expansion bound: a billion-laughs document stops here instead of eating memory. */
export const MAX_ALIAS_COUNT = 1000;
/** Nesting bound for documents we walk recursively. */
export const MAX_DEPTH = 500;

export interface LoadProblem {
  rule: "yaml-syntax" | "yaml-duplicate-key" | "yaml-alias-limit" | "yaml-boolean-key";
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

function findChild(node: Node | null, seg: string | number): Located | null {
  if (!node) return null;
  if (isMap(node)) {
    for (const item of node.items) {
      if (!isPair(item)) continue;
      const k = item.key as Node | null;
      const kv = isScalar(k) ? k.value : k;
      if (kv === seg || (kv !== null && typeof kv !== "object" && String(kv) === String(seg)))
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

function makeDocument(index: number, doc: Document.Parsed, value: unknown, lc: LineCounter, text: string): LoadedDocument {
  const docRange = doc.range ?? [0, 0, 0];
  const rangeOfDocument = range(lc, docRange[0], docRange[1]);
  const contents = (doc.contents as Node | null) ?? null;
  return {
    index,
    value,
    rangeOfDocument,
    locate(path) {
      let cur: Node | null = contents;
      let best: SourceRange | null = cur?.range ? range(lc, cur.range[0], cur.range[1]) : null;
      for (const seg of path) {
        const found = findChild(cur, seg);
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
        const found = findChild(cur, seg);
        if (!found || !found.node) return null;
        cur = found.node;
      }
      if (!cur || !isScalar(cur) || !cur.range || typeof cur.value !== "string") return null;
      const src = text.slice(cur.range[0], cur.range[1]);
      const value = cur.value;
      const type = cur.type;
      let at: number | null = null;
      if (type === Scalar.PLAIN && src === value) at = cur.range[0] + offset;
      else if (type === Scalar.QUOTE_SINGLE && src === `'${value}'`) at = cur.range[0] + 1 + offset;
      else if (type === Scalar.QUOTE_DOUBLE && src === `"${value}"`) at = cur.range[0] + 1 + offset;
      else if (type === Scalar.BLOCK_LITERAL || type === Scalar.BLOCK_FOLDED) {
        // The block's content lines follow the header; map (line, col) in the value to the same line in the source.
        const before = value.slice(0, offset);
        const lineIdx = before.split("\n").length - 1;
        const col = offset - (before.lastIndexOf("\n") + 1);
        const header = lc.linePos(cur.range[0]);
        const srcLines = src.split("\n");
        // srcLines[0] is the header (`|` or `>`), content starts on the next line with some indentation.
        const contentLines = srcLines.slice(1);
        let seen = -1;
        for (let i = 0; i < contentLines.length; i++) {
          if (contentLines[i]!.trim() === "" && type === Scalar.BLOCK_FOLDED) continue;
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
      return range(lc, at, at + 1);
    },
  };
}

const goYamlV2Tags = (tags: Tags): Tags =>
  tags.filter((t) => {
    const tag = t as { tag?: string; format?: string };
    return tag.tag !== "tag:yaml.org,2002:timestamp" && tag.format !== "TIME";
  });

export function loadText(text: string): LoadedText {
  const lc = new LineCounter();
  const problems: LoadProblem[] = [];
  const documents: LoadedDocument[] = [];
  let docs: Document.Parsed[];
  try {
    docs = parseAllDocuments(text, {
      lineCounter: lc,
      uniqueKeys: true,
      prettyErrors: false,
      strict: true,
      // kubectl reads YAML as go-yaml v2 does: YAML 1.1 scalars (yes/no/on/off are booleans, 0777 is octal),
      // but timestamps stay strings and there are no sexagesimal numbers.
      version: "1.1",
      customTags: goYamlV2Tags,
    }) as Document.Parsed[];
    if (!Array.isArray(docs)) docs = [docs as unknown as Document.Parsed];
  } catch (e) {
    problems.push({
      rule: "yaml-syntax",
      message: e instanceof RangeError ? "document is nested too deeply to parse" : `cannot parse: ${(e as Error).message}`,
      range: { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } },
      document: 0,
    });
    return { documents, problems, directives: [] };
  }
  docs.forEach((doc, index) => {
    let fatal = false;
    for (const err of doc.errors) {
      const dup = err.code === "DUPLICATE_KEY";
      // After the first syntax error the parser's further complaints are consequences of it: report one.
      if (!dup && fatal) continue;
      if (!dup) fatal = true;
      const [s, e] = err.pos;
      problems.push({
        rule: dup ? "yaml-duplicate-key" : "yaml-syntax",
        // The parser records its own stack overflow on a deeply nested document as an error: say what it means.
        message: dup ? duplicateKeyMessage(text, s) : /Maximum call stack size exceeded/.test(err.message) ? "document is nested too deeply to parse" : err.message.split("\n")[0]!,
        range: range(lc, s, e),
        document: index,
      });
    }
    if (fatal) return;
    if (doc.contents === null && index > 0 && docs.length > 1) {
      // `---` at the end of a file, or between separators: an empty document, nothing to lint.
      return;
    }
    const unreadable = notConvertibleToJson(doc.contents as Node | null);
    if (unreadable) {
      const r = unreadable.node.range ?? doc.range ?? [0, 0];
      problems.push({ rule: "yaml-syntax", message: unreadable.message, range: range(lc, r[0], r[1]), document: index });
      return;
    }
    let value: unknown;
    try {
      value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    } catch (e) {
      const msg = (e as Error).message ?? String(e);
      const alias = /Excessive alias count/.test(msg);
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
    booleanKeys(doc.contents as Node | null, text, (s, e, key, value) =>
      problems.push({
        rule: "yaml-boolean-key",
        message: `key ${key} is read by kubectl (YAML 1.1) as the boolean ${value}, so the field is named "${value}"; quote it ("${key}") to keep the name`,
        range: range(lc, s, e),
        document: index,
      }),
    );
    documents.push(makeDocument(index, doc, value, lc, text));
  });
  return { documents, problems, directives: parseDirectives(text) };
}

/**
 * What go-yaml v2 (and so kubectl) refuses to turn into JSON, with its message: an alias of an anchor not defined
 * before it, an anchor whose value contains an alias of itself (a cycle: walking it would never end), and a map key
 * that is a list or a map.
 */
function notConvertibleToJson(root: Node | null): { node: Node; message: string } | null {
  // An alias refers to the last node with its anchor before it; visiting in document order keeps that one.
  const latest = new Map<string, Node>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (isAlias(node)) {
      const source = latest.get(node.source);
      if (!source) return { node, message: `unknown anchor '${node.source}' referenced` };
      if (source.range && node.range && source.range[0] <= node.range[0] && node.range[1] <= source.range[2]) return { node, message: `anchor '${node.source}' value contains itself` };
      continue;
    }
    if (!isNode(node)) continue;
    if (node.anchor) latest.set(node.anchor, node);
    if (isMap(node)) {
      for (const item of node.items) {
        const k = item.key;
        if (isMap(k) || isSeq(k)) return { node: k, message: `invalid map key: a ${isMap(k) ? "map" : "list"} cannot be a key when the document is converted to JSON` };
      }
      for (let i = node.items.length - 1; i >= 0; i--) stack.push(node.items[i]!.value, node.items[i]!.key);
    } else if (isSeq(node)) {
      for (let i = node.items.length - 1; i >= 0; i--) stack.push(node.items[i]);
    }
  }
  return null;
}

/**
 * Plain keys such as `y`, `n`, `on` or `no` are booleans in YAML 1.1, and sigs.k8s.io/yaml turns a boolean key into
 * "true"/"false": a property written `n:` silently becomes a property named "false".
 */
function booleanKeys(root: Node | null, text: string, found: (start: number, end: number, key: string, value: boolean) => void): void {
  const stack: (Node | null)[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (isMap(node)) {
      for (const item of node.items) {
        const k = item.key as Node | null;
        if (isScalar(k) && typeof k.value === "boolean" && k.type === Scalar.PLAIN && k.range) {
          const src = text.slice(k.range[0], k.range[1]);
          if (src.toLowerCase() !== String(k.value)) found(k.range[0], k.range[1], src, k.value);
        }
        stack.push(item.value as Node | null);
      }
    } else if (isSeq(node)) {
      for (const item of node.items) stack.push(item as Node | null);
    }
  }
}

function duplicateKeyMessage(text: string, s: number): string {
  // The parser's error range may cover only the key's first character: read the key up to its colon.
  const key = text.slice(s, s + 120).split(/:\s|:$|\n/m)[0]!.trim();
  return key ? `duplicate key "${key}": map keys must be unique (the apiserver rejects duplicate fields under strict decoding)` : "map keys must be unique";
}
