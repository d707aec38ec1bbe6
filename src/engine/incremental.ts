/**
 * Re-linting one text after an edit (an editor gives the whole new text each time): the engine and its caches are
 * kept between calls, and the new text's values share every subtree that is unchanged with the previous text's, so
 * that whatever the engine's caches hold per schema object (CEL declaration types and compile results, CEL
 * validators, sizes) is found again for the parts the edit did not touch. Nothing is reused by guess: a subtree is
 * shared only when it is equal, key order included, to the one at the same place before, and every cache keyed by
 * such an object computes from its value alone. The result is the one a cold lint of the new text gives.
 */
import { loadText, type LoadedDocument, type LoadedText } from "../load/document.js";
import { createFastLoader, type FastLoader } from "../load/fast-load.js";
import type { Linter, TextResult } from "./lint.js";
import { lineStartsOf, loadIncrementally, type FastLoaded } from "./incremental-load.js";

/** A value at a document's place, from the previous text: what the next text's value there is compared with. */
interface Previous {
  text: string;
  file: string;
  result: TextResult;
  /** Each document's value (its unchanged subtrees shared with the text before), by document index. */
  values: unknown[];
  /** A one-document text the fast reader read: what the next text's incremental load starts from. */
  fast: FastLoaded | null;
}

/** Thrown when a value holds one object at two places (YAML aliases): such a text is linted as loaded. */
class Aliased extends Error {}

export class IncrementalLinter {
  private previous: Previous | null = null;

  /** The engine's loaders, as its own `load` uses them (the fast reader, else the full one). */
  private readonly fastLoader: FastLoader = createFastLoader();

  constructor(private readonly linter: Linter) {}

  /** The text's result, as `linter.lintText(text, file)` gives it. */
  lint(text: string, file: string): TextResult {
    const prev = this.previous;
    // The same text again (an editor saving, a re-focus): the same result.
    if (prev && prev.text === text && prev.file === file) return structuredClone(prev.result);
    const { loaded, values, fast } = this.load(text, prev);
    const { crdObjects: _, ...result } = this.linter.lintLoaded(loaded, text, file);
    this.previous = { text, file, result: structuredClone(result), values, fast };
    return result;
  }

  /**
   * The text loaded (as the engine's `load` would: the same values and positions), from the previous one when only
   * one block entry of a one-document text changed, else whole with its values sharing what is unchanged.
   */
  private load(
    text: string,
    prev: Previous | null,
  ): { loaded: LoadedText; values: unknown[]; fast: FastLoaded | null } {
    if (prev?.fast) {
      const inc = loadIncrementally(this.fastLoader, prev.fast, prev.values[0], text, (a, b) => share(a, b, null));
      if (inc) return { loaded: inc.loaded, values: [inc.value], fast: inc.state };
    }
    const read = this.fastLoader.load(text);
    const loaded = read ?? loadText(text);
    // The fast reader declines anchors and aliases: what it read holds no object twice.
    const aliases = read === null && mayAlias(text);
    const shared = prev ? shareDocuments(prev.values, loaded, aliases) : null;
    const oneDocument = read !== null && read.documents.length === 1 && read.problems.length === 0;
    return {
      loaded: shared?.loaded ?? loaded,
      // A text with aliases is not a base to share from: its objects may sit at several places.
      values: shared ? shared.values : !aliases || aliasFree(loaded) ? loaded.documents.map((d) => d.value) : [],
      fast: oneDocument ? { text, lineStarts: lineStartsOf(text), document: loaded.documents[0]!, chain: 0 } : null,
    };
  }
}

/**
 * Whether the text may hold a YAML alias (`*name` where a node starts: after a space, a line start, `[`, `{`, `,`
 * or `:`). Without one no loaded object sits at two places, and the values need not be checked for it.
 */
function mayAlias(text: string): boolean {
  return /(?:^|[\s[{,:])\*[^\s]/m.test(text);
}

function aliasFree(loaded: LoadedText): boolean {
  try {
    const seen = new Set<object>();
    for (const d of loaded.documents) share(undefined, d.value, seen);
    return true;
  } catch (e) {
    if (e instanceof Aliased) return false;
    throw e;
  }
}

/**
 * The loaded text with each document's value replaced by one that shares the unchanged subtrees of the previous
 * value at the same document index; null when a value holds an object twice (aliases), linted then as loaded.
 */
function shareDocuments(
  previous: readonly unknown[],
  loaded: LoadedText,
  aliases: boolean,
): { loaded: LoadedText; values: unknown[] } | null {
  const seen = aliases ? new Set<object>() : null;
  const values: unknown[] = [];
  try {
    for (const d of loaded.documents) values.push(share(previous[d.index], d.value, seen));
  } catch (e) {
    if (e instanceof Aliased) return null;
    throw e;
  }
  const documents = loaded.documents.map((d, i) => (values[i] === d.value ? d : withValue(d, values[i])));
  return { loaded: { ...loaded, documents }, values };
}

/**
 * The document with an equal value: its places are still found through the loaded value (the loaders index
 * positions by their own objects), which has the same paths.
 */
function withValue(d: LoadedDocument, value: unknown): LoadedDocument {
  return {
    index: d.index,
    value,
    locate: (path) => d.locate(path),
    locateInString: (path, offset) => d.locateInString(path, offset),
    get rangeOfDocument() {
      return d.rangeOfDocument;
    },
  };
}

/**
 * `next`, or `prev` where the two are equal (same keys in the same order, equal values): a container of `next`
 * whose children are partly shared is a new container, so that the loaded objects are left as the loader made them.
 * `seen`: the containers of `next` met so far (one met twice is an alias); null when the text has no alias.
 */
function share(prev: unknown, next: unknown, seen: Set<object> | null): unknown {
  if (typeof next !== "object" || next === null) return next;
  if (seen) {
    if (seen.has(next)) throw new Aliased();
    seen.add(next);
  }
  const comparable = typeof prev === "object" && prev !== null && Array.isArray(prev) === Array.isArray(next);
  if (Array.isArray(next)) {
    const p = comparable ? (prev as unknown[]) : undefined;
    let out: unknown[] | undefined;
    let same = p !== undefined && p.length === next.length;
    for (let i = 0; i < next.length; i++) {
      const before = p?.[i];
      const v = share(before, next[i], seen);
      if (!Object.is(v, before) || !(p !== undefined && i < p.length)) same = false;
      if (v !== next[i]) (out ??= next.slice(0, i)).push(v);
      else out?.push(v);
    }
    if (same) return prev;
    return out ?? next;
  }
  const n = next as Record<string, unknown>;
  const p = comparable ? (prev as Record<string, unknown>) : undefined;
  const keys = Object.keys(n);
  const prevKeys = p ? Object.keys(p) : undefined;
  let same = prevKeys !== undefined && prevKeys.length === keys.length;
  let out: Record<string, unknown> | undefined;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    const has = p !== undefined && Object.prototype.hasOwnProperty.call(p, k);
    const before = has ? p[k] : undefined;
    const v = share(before, n[k], seen);
    if (!has || !Object.is(v, before) || (same && prevKeys![i] !== k)) same = false;
    if (v !== n[k] && !out) {
      out = Object.create(Object.getPrototypeOf(n) as object | null) as Record<string, unknown>;
      for (let j = 0; j < i; j++) setOwn(out, keys[j]!, n[keys[j]!]);
    }
    if (out) setOwn(out, k, v);
  }
  if (same) return prev;
  return out ?? next;
}

/**
 * An own enumerable property, whatever its name: `__proto__` as the full loader writes it (an assignment would set
 * the prototype), any other by assignment (the object keeps the fast shape the loader's objects have).
 */
function setOwn(o: Record<string, unknown>, k: string, v: unknown): void {
  if (k === "__proto__")
    Object.defineProperty(o, k, { value: v, writable: true, enumerable: true, configurable: true });
  else o[k] = v;
}
