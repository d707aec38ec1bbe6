/**
 * Loading a one-document YAML text again after an edit without reading all of it: the lines the edit changed lie
 * inside one block entry (a `key: value` of a block mapping, or a `- item` of a block sequence) whose lines before
 * and after are the previous text's; only that entry is read (by the same fast reader, src/load/fast-load.ts) and put
 * in place of the previous one, and every other position is the previous text's, moved by the lines the edit added
 * or removed. Whenever anything is not plainly so (several documents, an entry whose extent the edit changed, a
 * text the fast reader declines, a depth near its limit), the caller loads the whole text instead.
 */
import type { SourceRange } from "../diagnostics/index.js";
import type { LoadedDocument, LoadedText } from "../load/document.js";
import type { FastLoader } from "../load/fast-load.js";
import { parseDirectives } from "../load/directives.js";
import { lineIndexAt } from "../load/lines.js";

/** A text loaded by the fast reader, with what reading the next one incrementally needs. */
export interface FastLoaded {
  text: string;
  /** Offset of each line's first character. */
  lineStarts: number[];
  document: LoadedDocument;
  /** How many incremental loads lie between this one and the last whole read (each adds a level to locate). */
  chain: number;
}

/** Incremental loads before the whole text is read again: locate goes through one level per load. */
const MAX_CHAIN = 64;
/** The fast reader's nesting limit is 200 levels: an entry read apart must stay clear of it. */
const DEPTH_MARGIN = 190;

export function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return starts;
}

/** The one-document text as the fast reader loads it, with its line starts (null: not one document it reads). */
export function fastLoadWhole(loader: FastLoader, text: string): { loaded: LoadedText; state: FastLoaded } | null {
  const loaded = loader.load(text);
  if (!loaded || loaded.documents.length !== 1 || loaded.problems.length > 0) return null;
  return { loaded, state: { text, lineStarts: lineStartsOf(text), document: loaded.documents[0]!, chain: 0 } };
}

/** Length of the common prefix of a and b. */
function commonPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  // Blocks first: comparing slices is a memory compare.
  const BLOCK = 4096;
  while (i + BLOCK <= n && a.slice(i, i + BLOCK) === b.slice(i, i + BLOCK)) i += BLOCK;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/** Length of the common suffix of a and b that does not overlap a prefix of `prefix` characters. */
function commonSuffix(a: string, b: string, prefix: number): number {
  const n = Math.min(a.length, b.length) - prefix;
  let i = 0;
  const BLOCK = 4096;
  while (i + BLOCK <= n && a.slice(a.length - i - BLOCK, a.length - i) === b.slice(b.length - i - BLOCK, b.length - i))
    i += BLOCK;
  while (i < n && a.charCodeAt(a.length - 1 - i) === b.charCodeAt(b.length - 1 - i)) i++;
  return i;
}

function lineText(text: string, starts: readonly number[], i: number): string {
  const end = i + 1 < starts.length ? starts[i + 1]! - 1 : text.length;
  return text.slice(starts[i]!, end);
}

const indentOf = (line: string): number => {
  let i = 0;
  while (i < line.length && line.charCodeAt(i) === 32) i++;
  return i;
};

/**
 * The line after the last line of the block entry whose head is line `s` at indentation `k`: the lines that follow
 * belong to it while they are indented more (blank and comment lines at `k` or less do not end it; `- ` at `k` is
 * the sequence value of a mapping entry, the next item after a sequence item).
 */
function entryEnd(text: string, starts: readonly number[], s: number, k: number, seqItem: boolean): number {
  let last = s;
  for (let j = s + 1; j < starts.length; j++) {
    const line = lineText(text, starts, j);
    const ind = indentOf(line);
    if (ind === line.length) continue; // blank
    if (ind > k) {
      last = j;
      continue;
    }
    if (line.charCodeAt(ind) === 0x23) continue; // a comment
    if (ind === k && !seqItem && line[ind] === "-" && (line.length === ind + 1 || line[ind + 1] === " ")) {
      last = j;
      continue;
    }
    break;
  }
  return last + 1;
}

function shifted(r: SourceRange, lines: number): SourceRange {
  if (lines === 0) return r;
  return { start: { line: r.start.line + lines, column: r.start.column }, end: { ...r.end, line: r.end.line + lines } };
}

/** Whether the last value written in v (its last entry's, recursively) is null or an empty collection. */
function endsEmpty(v: unknown): boolean {
  for (;;) {
    if (v === null || v === undefined) return true;
    if (typeof v !== "object") return false;
    const values = Object.values(v);
    if (values.length === 0) return true;
    v = values[values.length - 1];
  }
}

/** Containers nested in v (at most `limit`, then it stops counting). */
function depthOf(v: unknown, limit: number): number {
  if (typeof v !== "object" || v === null || limit <= 0) return 0;
  let d = 0;
  for (const c of Object.values(v)) {
    d = Math.max(d, depthOf(c, limit - 1));
    if (d >= limit - 1) break;
  }
  return d + 1;
}

const isContainer = (v: unknown): v is Record<string, unknown> | unknown[] => typeof v === "object" && v !== null;

/** A child as the loaders' locate finds it: an array by a whole number in range, a mapping by the segment's text. */
function childOf(v: unknown, k: string | number): { has: boolean; value: unknown } {
  if (Array.isArray(v))
    return typeof k === "number" && Number.isInteger(k) && k >= 0 && k < v.length ? { has: true, value: v[k] } : NONE;
  if (isContainer(v) && Object.prototype.hasOwnProperty.call(v, String(k)))
    return { has: true, value: (v as Record<string, unknown>)[String(k)] };
  return NONE;
}

/** Whether segment `s` of a path names the child `k` (a number for an array item, a key for a mapping's). */
const names = (s: string | number, k: string | number): boolean => (typeof k === "number" ? s === k : String(s) === k);
const NONE = { has: false, value: undefined };

/**
 * The new text loaded from the previous one (`prev`, whose document's value is `prevValue`), or null when it cannot
 * be done incrementally. `share` makes the entry's new value share what is unchanged with its previous value.
 */
export function loadIncrementally(
  loader: FastLoader,
  prev: FastLoaded,
  prevValue: unknown,
  text: string,
  share: (before: unknown, after: unknown) => unknown,
): { loaded: LoadedText; state: FastLoaded; value: unknown } | null {
  if (prev.chain >= MAX_CHAIN) return null;
  const old = prev.text;
  const p = commonPrefix(old, text);
  if (p === old.length && p === text.length) return null;
  const sfx = commonSuffix(old, text, p);
  const starts0 = prev.lineStarts;
  const starts1 = lineStartsOf(text);
  // The changed lines: [first, last0] of the old text, [first, last1] of the new one. They run to the first line
  // break of the common end, so that the lines after them are the same lines in both texts (the common end may
  // start inside a line of one text and at a line's start in the other).
  const first = lineIndexAt(starts0, p);
  const nl = old.indexOf("\n", old.length - sfx);
  const last0 = nl < 0 ? starts0.length - 1 : lineIndexAt(starts0, nl);
  const last1 = nl < 0 ? starts1.length - 1 : lineIndexAt(starts1, text.length - sfx + (nl - (old.length - sfx)));
  const delta = last1 - last0;
  const doc0 = prev.document;
  // The entries from the root down whose lines hold every changed line (their head line may be one of them).
  const spine: { path: (string | number)[]; value: unknown }[] = [];
  let path: (string | number)[] = [];
  let node: unknown = prevValue;
  for (;;) {
    if (!isContainer(node)) break;
    const keys: (string | number)[] = Array.isArray(node) ? node.map((_, i) => i) : Object.keys(node);
    if (keys.length === 0) break;
    // Children are in line order: the last one starting at or before the first changed line.
    let lo = 0;
    let hi = keys.length - 1;
    if (doc0.locate([...path, keys[0]!]).start.line - 1 > first) break;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (doc0.locate([...path, keys[mid]!]).start.line - 1 <= first) lo = mid;
      else hi = mid - 1;
    }
    const k = keys[lo]!;
    const r = doc0.locate([...path, k]);
    if (r.end.line - 1 < last0) break;
    path = [...path, k];
    node = childOf(node, k).value;
    spine.push({ path, value: node });
  }
  for (let i = spine.length - 1; i >= 0; i--) {
    const r = tryEntry(loader, prev, text, starts1, spine[i]!.path, spine[i]!.value, first, last0, last1);
    if (r === null) continue;
    const value = splice(prevValue, spine[i]!.path, share(spine[i]!.value, r.value));
    const document = composite(doc0, prevValue, value, text, spine[i]!.path, r, last0, delta, loader);
    return {
      loaded: { documents: [document], problems: [], directives: parseDirectives(text) },
      state: { text, lineStarts: starts1, document, chain: prev.chain + 1 },
      value,
    };
  }
  return null;
}

/** An entry read apart: its new value and the document of its lines (line `head` of the new text is its line 1). */
interface EntryRead {
  value: unknown;
  sub: LoadedDocument;
  /** The path of the entry in `sub`'s value ([key] or [0]). */
  at: string | number;
  head: number;
  /** The entry's range in the previous text (its end decides which ancestors end with it). */
  oldRange: SourceRange;
}

function tryEntry(
  loader: FastLoader,
  prev: FastLoaded,
  text: string,
  starts1: readonly number[],
  path: readonly (string | number)[],
  oldValue: unknown,
  first: number,
  last0: number,
  last1: number,
): EntryRead | null {
  const k = path[path.length - 1]!;
  const seqItem = typeof k === "number";
  const oldRange = prev.document.locate(path);
  const head = oldRange.start.line - 1;
  if (head > first) return null;
  const headLine = lineText(prev.text, prev.lineStarts, head);
  const indent = indentOf(headLine);
  if (seqItem) {
    // `- value` with the value on the dash's line, the dash first on it.
    if (!headLine.startsWith("- ", indent) || oldRange.start.column - 1 !== indent + 2) return null;
  } else if (oldRange.start.column - 1 !== indent) return null; // the key first on its line
  const end0 = entryEnd(prev.text, prev.lineStarts, head, indent, seqItem);
  const end1 = entryEnd(text, starts1, head, indent, seqItem);
  // The entry holds every changed line, before and after, and the lines after it are the same.
  if (end0 - 1 < last0 || end1 - 1 < last1 || end1 - end0 !== last1 - last0) return null;
  if (head < first) {
    // Unchanged head: the new text's head line is the old one (lines before the first changed one are equal).
  } else if (indentOf(lineText(text, starts1, head)) !== indent) return null;
  const from = starts1[head]!;
  // With its last line's line break: a collection ends after it, as in the whole text.
  const to = end1 < starts1.length ? starts1[end1]! : text.length;
  const loaded = loader.load(text.slice(from, to));
  if (!loaded || loaded.documents.length !== 1 || loaded.problems.length > 0) return null;
  const sub = loaded.documents[0]!;
  const root = sub.value;
  let value: unknown;
  if (seqItem) {
    if (!Array.isArray(root) || root.length !== 1) return null;
    value = root[0];
  } else {
    if (!isContainer(root) || Array.isArray(root)) return null;
    const keys = Object.keys(root);
    if (keys.length !== 1 || keys[0] !== k) return null;
    value = root[k];
  }
  // The whole reader's nesting limit counts from the document's root.
  if (path.length + depthOf(value, DEPTH_MARGIN) >= DEPTH_MARGIN) return null;
  // An entry ending with an empty value (`key:` and nothing) ends its enclosing collections where that value sits,
  // and what follows it (a comment) decides whether the reader takes the text at all: not modelled here.
  if (endsEmpty(value) || endsEmpty(oldValue)) return null;
  return { value, sub, at: seqItem ? 0 : k, head, oldRange };
}

/** `root` with the value at `path` replaced (the containers on the way copied, the rest shared). */
function splice(root: unknown, path: readonly (string | number)[], value: unknown, i = 0): unknown {
  if (i === path.length) return value;
  const k = path[i]!;
  if (Array.isArray(root)) {
    const copy = root.slice();
    copy[k as number] = splice(root[k as number], path, value, i + 1);
    return copy;
  }
  const o = root as Record<string, unknown>;
  const copy = Object.create(Object.getPrototypeOf(o) as object | null) as Record<string, unknown>;
  for (const key of Object.keys(o)) {
    const v = key === k ? splice(o[key], path, value, i + 1) : o[key];
    if (key === "__proto__")
      Object.defineProperty(copy, key, { value: v, writable: true, enumerable: true, configurable: true });
    else copy[key] = v;
  }
  return copy;
}

/**
 * The new text's document: under the entry, its own reading moved to its line; elsewhere the previous document's
 * positions, moved by `delta` lines after the change, and the ancestors that ended with the entry ending with it.
 */
function composite(
  doc0: LoadedDocument,
  value0: unknown,
  value: unknown,
  text: string,
  path: readonly (string | number)[],
  entry: EntryRead,
  last0: number,
  delta: number,
  loader: FastLoader,
): LoadedDocument {
  const n = path.length;
  const inside = (p: readonly (string | number)[]): boolean => {
    if (p.length < n) return false;
    for (let i = 0; i < n; i++) if (!names(p[i]!, path[i]!)) return false;
    return true;
  };
  const subPath = (p: readonly (string | number)[]) => [entry.at, ...p.slice(n)];
  const entryEndNew = (): SourceRange["end"] => shifted(entry.sub.locate([entry.at]), entry.head).end;
  /** The nearest node of the previous value on `p` (what the previous document locates). */
  const existing = (p: readonly (string | number)[]): number => {
    let v = value0;
    let i = 0;
    for (; i < p.length; i++) {
      const c = childOf(v, p[i]!);
      if (!c.has) break;
      v = c.value;
    }
    return i;
  };
  const outside = (p: readonly (string | number)[], r: SourceRange): SourceRange => {
    const at = existing(p);
    // An ancestor of the entry (it starts before the change): its end is the entry's when it ended with it.
    let ancestor = at < n;
    for (let i = 0; ancestor && i < at; i++) ancestor = names(p[i]!, path[i]!);
    if (ancestor) {
      const ended = r.end.line === entry.oldRange.end.line && r.end.column === entry.oldRange.end.column;
      if (ended) return { start: r.start, end: entryEndNew() };
      return r.end.line - 1 > last0 ? { start: r.start, end: { ...r.end, line: r.end.line + delta } } : r;
    }
    // Elsewhere: wholly before the change, or wholly after it.
    return r.start.line - 1 > last0 ? shifted(r, delta) : r;
  };
  let whole: LoadedDocument | undefined;
  return {
    index: 0,
    value,
    locate(p) {
      if (inside(p)) return shifted(entry.sub.locate(subPath(p)), entry.head);
      return outside(p, doc0.locate(p));
    },
    locateInString(p, offset) {
      if (inside(p)) {
        const r = entry.sub.locateInString(subPath(p), offset);
        return r && shifted(r, entry.head);
      }
      const r = doc0.locateInString(p, offset);
      return r && outside(p, r);
    },
    get rangeOfDocument() {
      // Only an unused disable directive outside any document asks: read the whole text then.
      whole ??= loader.load(text)?.documents[0];
      return whole ? whole.rangeOfDocument : doc0.rangeOfDocument;
    },
  };
}
