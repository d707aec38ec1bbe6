/**
 * A fast reader for the plain YAML most manifests are written in (block mappings and sequences, one-line plain and
 * quoted scalars, one-line flow collections), giving the same JS value as the positional loader (document.ts, YAML
 * 1.1 as kubectl reads it). Anything outside that subset — anchors, tags, block scalars, multi-line scalars or flow
 * collections, duplicate or non-string keys, merge keys, tabs in indentation — returns null, and the caller uses the
 * full loader, which also reports the problems. `crdlint validate` reads every document this way and re-reads with
 * positions only the documents that have findings, which is what makes 100,000 resources cheap.
 *
 * Scalars whose type is not plainly a string are resolved by the loader's go-yaml v2 resolver (go-yaml.ts) and
 * remembered in the reader object, so the two readers cannot disagree on numbers, booleans or nulls.
 */
import { goScalarToJs, resolveGoScalar } from "./go-yaml.js";

/** Thrown inside the reader when the text leaves the supported subset (caught: the caller falls back). */
class Unsupported extends Error {}

interface Line {
  indent: number;
  text: string;
  /** 1-based line number in the document text. */
  no: number;
}

/** [line, column, endLine, endColumn], 1-based, of a map entry (key to value) or a list item. */
type Pos = [number, number, number, number];
/** Where each child of each container was written, recorded only when positions are asked for. */
type Positions = Map<object, Map<string | number, Pos>>;

const BOOL_OR_NULL_WORDS = new Set(
  "y Y yes Yes YES n N no No NO true True TRUE false False FALSE on On ON off Off OFF null Null NULL".split(" "),
);
const INDICATORS = new Set(["&", "*", "!", "|", ">", "%", "@", "`", "?"]);

export interface FastRange {
  start: { line: number; column: number };
  end: { line: number; column: number };
}

export interface FastYamlReader {
  /** The document's value, or null when the text is outside the fast subset (then use loadText). Empty → undefined. */
  read(text: string): { value: unknown } | null;
  /**
   * The same, with positions: `locate` gives the range of the node at a path (key to value for a map entry), or of
   * its nearest existing ancestor, as the full loader's locate does.
   */
  readWithPositions(text: string): { value: unknown; locate(path: readonly (string | number)[]): FastRange } | null;
}

export function createFastYamlReader(): FastYamlReader {
  // Per-reader (per run) memo of resolved plain scalars: manifests repeat the same numbers and words.
  const resolved = new Map<string, unknown>();

  const resolvePlain = (s: string): unknown => {
    const c = s.charCodeAt(0);
    const letter = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 47;
    if (letter && !BOOL_OR_NULL_WORDS.has(s)) return s;
    if (resolved.has(s)) return resolved.get(s);
    // The loader's own resolver (go-yaml v2's, as kubectl reads YAML), so the two readers cannot disagree.
    const go = resolveGoScalar(s);
    if (go.kind === "error") throw new Unsupported();
    const v = goScalarToJs(go);
    // .inf and .nan stop kubectl (no JSON for them): the loader reports them.
    if (typeof v === "number" && !Number.isFinite(v)) throw new Unsupported();
    if (resolved.size < 50_000) resolved.set(s, v);
    return v;
  };

  const readLines = (text: string, positions: Positions | null): { value: unknown; first?: Line } | null => {
      const lines: Line[] = [];
      let start = 0;
      let first = true;
      let no = 0;
      while (start < text.length) {
        no++;
        let nl = text.indexOf("\n", start);
        if (nl < 0) nl = text.length;
        let raw = text.slice(start, nl);
        start = nl + 1;
        if (raw.endsWith("\r")) raw = raw.slice(0, -1);
        let i = 0;
        while (i < raw.length && raw.charCodeAt(i) === 32) i++;
        if (i === raw.length) continue;
        const ch = raw[i]!;
        if (ch === "#") continue;
        if (ch === "\t") return null;
        if (first && i === 0 && raw.startsWith("---")) {
          const rest = raw.slice(3).trim();
          if (rest !== "" && !rest.startsWith("#")) return null;
          first = false;
          continue;
        }
        first = false;
        if (i === 0 && (raw.startsWith("---") || raw.startsWith("...") || raw.startsWith("%"))) return null;
        lines.push({ indent: i, text: raw.slice(i), no });
      }
      if (lines.length === 0) return { value: undefined };
      try {
        const p = new BlockParser(lines, resolvePlain, positions);
        const value = p.block(lines[0]!.indent, 0);
        if (p.pos !== lines.length) return null;
        if (typeof value !== "object" || value === null) return null;
        return { value, first: lines[0] };
      } catch (e) {
        if (e instanceof Unsupported) return null;
        throw e;
      }
  };

  return {
    read(text) {
      const r = readLines(text, null);
      return r ? { value: r.value } : null;
    },
    readWithPositions(text) {
      const positions: Positions = new Map();
      const r = readLines(text, positions);
      if (!r) return null;
      const value = r.value;
      const at = { line: r.first?.no ?? 1, column: (r.first?.indent ?? 0) + 1 };
      const whole: FastRange = { start: at, end: at };
      return {
        value,
        locate(path) {
          let cur: unknown = value;
          let best = whole;
          for (const seg of path) {
            if (typeof cur !== "object" || cur === null) break;
            const p = positions.get(cur)?.get(Array.isArray(cur) ? Number(seg) : String(seg));
            if (!p) break;
            best = { start: { line: p[0], column: p[1] }, end: { line: p[2], column: p[3] } };
            cur = (cur as Record<string, unknown>)[seg as string];
          }
          return best;
        },
      };
    },
  };
}

const isSeqItem = (t: string): boolean => t === "-" || t.startsWith("- ");

class BlockParser {
  pos = 0;
  constructor(
    private readonly lines: Line[],
    private readonly resolvePlain: (s: string) => unknown,
    private readonly positions: Positions | null,
  ) {}

  private record(container: object, key: string | number, line: Line, column: number): void {
    if (!this.positions) return;
    let m = this.positions.get(container);
    if (!m) this.positions.set(container, (m = new Map()));
    const last = this.lines[this.pos - 1] ?? line;
    m.set(key, [line.no, column, last.no, last.indent + last.text.length + 1]);
  }

  block(indent: number, depth: number): unknown {
    if (depth > 200) throw new Unsupported();
    const l = this.lines[this.pos]!;
    if (l.indent !== indent) throw new Unsupported();
    return isSeqItem(l.text) ? this.seq(indent, depth) : this.map(indent, depth);
  }

  /** After a `key:` or `-` with nothing inline: the nested block, or null. */
  private nested(parentIndent: number, allowSameIndentSeq: boolean, depth: number): unknown {
    const next = this.lines[this.pos];
    if (!next) return null;
    if (next.indent > parentIndent) return this.block(next.indent, depth + 1);
    if (allowSameIndentSeq && next.indent === parentIndent && isSeqItem(next.text)) return this.seq(parentIndent, depth + 1);
    return null;
  }

  private map(indent: number, depth: number): Record<string, unknown> {
    const obj: Record<string, unknown> = {};
    while (this.pos < this.lines.length) {
      const l = this.lines[this.pos]!;
      if (l.indent < indent) break;
      if (l.indent > indent || isSeqItem(l.text)) throw new Unsupported();
      const { key, rest } = splitKey(l.text);
      if (key === null) throw new Unsupported();
      if (Object.prototype.hasOwnProperty.call(obj, key)) throw new Unsupported();
      this.pos++;
      obj[key] = rest === "" ? this.nested(indent, true, depth) : this.inline(rest, indent, l, l.indent + l.text.length - rest.length);
      this.record(obj, key, l, l.indent + 1);
    }
    return obj;
  }

  private seq(indent: number, depth: number): unknown[] {
    const arr: unknown[] = [];
    while (this.pos < this.lines.length) {
      const l = this.lines[this.pos]!;
      if (l.indent < indent) break;
      if (l.indent > indent) throw new Unsupported();
      if (!isSeqItem(l.text)) break;
      let j = 1;
      while (j < l.text.length && l.text.charCodeAt(j) === 32) j++;
      const rest = l.text.slice(j);
      if (rest === "" || rest.startsWith("#")) {
        this.pos++;
        const next = this.lines[this.pos];
        arr.push(this.nested(indent, false, depth));
        if (next && next.indent > indent) this.record(arr, arr.length - 1, next, next.indent + 1);
        else this.record(arr, arr.length - 1, l, l.indent + 1);
        continue;
      }
      if (isSeqItem(rest)) throw new Unsupported();
      const { key } = splitKey(rest);
      if (key !== null) {
        // `- key: value`: a mapping whose keys sit at the column after the dash.
        const item: Line = { indent: indent + j, text: rest, no: l.no };
        this.lines[this.pos] = item;
        arr.push(this.map(indent + j, depth + 1));
        this.record(arr, arr.length - 1, item, item.indent + 1);
        continue;
      }
      this.pos++;
      arr.push(this.inline(rest, indent, l, l.indent + j));
      this.record(arr, arr.length - 1, l, l.indent + j + 1);
    }
    return arr;
  }

  /** A value written on the key's (or dash's) line; the next line may not continue it. */
  private inline(text: string, indent: number, line: Line, column0: number): unknown {
    const r = new InlineReader(text, this.resolvePlain, this.positions, line.no, column0);
    const v = r.value(false);
    r.end();
    const next = this.lines[this.pos];
    if (next && next.indent > indent) throw new Unsupported();
    return v;
  }
}

/** `key: rest` / `key:` with a plain or quoted key; key null when the line is not a mapping entry. */
function splitKey(text: string): { key: string | null; rest: string } {
  const c = text[0];
  if (c === '"' || c === "'") {
    const r = new InlineReader(text, () => {
      throw new Unsupported();
    });
    let key: unknown;
    try {
      key = r.quoted();
    } catch {
      return { key: null, rest: "" };
    }
    const after = text.slice(r.i);
    if (after === ":" || after.startsWith(": ")) return { key: key as string, rest: after.slice(1).trim().startsWith("#") ? "" : after.slice(1).trim() };
    return { key: null, rest: "" };
  }
  if (c === undefined || c === "[" || c === "{" || c === "#" || c === "-" || c === ":" || c === "," || INDICATORS.has(c) || c === "<") {
    if (c === "-" && text.length > 1 && text[1] !== " ") {
      /* a key like -x is plain */
    } else return { key: null, rest: "" };
  }
  let k = -1;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) === 58 /* : */ && (i + 1 === text.length || text.charCodeAt(i + 1) === 32)) {
      k = i;
      break;
    }
    if (text.charCodeAt(i) === 35 /* # */ && i > 0 && text.charCodeAt(i - 1) === 32) return { key: null, rest: "" };
  }
  if (k <= 0) return { key: null, rest: "" };
  const key = text.slice(0, k).trimEnd();
  const kc = key.charCodeAt(0);
  const letter = (kc >= 65 && kc <= 90) || (kc >= 97 && kc <= 122) || kc === 95 || kc === 47 || kc === 46 || kc === 45;
  // A key that YAML 1.1 reads as a boolean, null or number is renamed by kubectl: the full loader says so.
  if (!letter || BOOL_OR_NULL_WORDS.has(key)) throw new Unsupported();
  let rest = text.slice(k + 1).trim();
  if (rest.startsWith("#")) rest = "";
  return { key, rest };
}

class InlineReader {
  i = 0;
  constructor(
    private readonly s: string,
    private readonly resolvePlain: (s: string) => unknown,
    private readonly positions: Positions | null = null,
    private readonly line = 0,
    /** 0-based column of s[0] in the line. */
    private readonly column0 = 0,
  ) {}

  private record(container: object, key: string | number, from: number): void {
    if (!this.positions) return;
    let m = this.positions.get(container);
    if (!m) this.positions.set(container, (m = new Map()));
    m.set(key, [this.line, this.column0 + from + 1, this.line, this.column0 + this.i + 1]);
  }

  end(): void {
    while (this.i < this.s.length && this.s.charCodeAt(this.i) === 32) this.i++;
    if (this.i < this.s.length && this.s[this.i] !== "#") throw new Unsupported();
    if (this.i < this.s.length && this.i > 0 && this.s[this.i - 1] !== " ") throw new Unsupported();
  }

  private ws(): void {
    while (this.i < this.s.length && this.s.charCodeAt(this.i) === 32) this.i++;
  }

  value(inFlow: boolean): unknown {
    this.ws();
    const c = this.s[this.i];
    if (c === undefined) {
      if (inFlow) throw new Unsupported();
      return null;
    }
    if (c === '"' || c === "'") return this.quoted();
    if (c === "[") return this.flowSeq();
    if (c === "{") return this.flowMap();
    return this.plain(inFlow);
  }

  private plain(inFlow: boolean): unknown {
    const s = this.s;
    const c = s[this.i]!;
    if (INDICATORS.has(c) || c === "#" || c === "," || c === "]" || c === "}") throw new Unsupported();
    if ((c === "-" || c === ":") && (s[this.i + 1] === " " || s[this.i + 1] === undefined)) throw new Unsupported();
    const from = this.i;
    while (this.i < s.length) {
      const ch = s.charCodeAt(this.i);
      if (ch === 35 && s.charCodeAt(this.i - 1) === 32) break; // " #" starts a comment
      if (ch === 58 && (this.i + 1 === s.length || s.charCodeAt(this.i + 1) === 32 || (inFlow && (s[this.i + 1] === "," || s[this.i + 1] === "}" || s[this.i + 1] === "]")))) {
        if (!inFlow) throw new Unsupported(); // `a: b: c`
        break;
      }
      if (inFlow && (ch === 44 || ch === 93 || ch === 125 || ch === 91 || ch === 123)) break;
      this.i++;
    }
    const text = s.slice(from, this.i).trimEnd();
    if (text === "") throw new Unsupported();
    return this.resolvePlain(text);
  }

  quoted(): string {
    const s = this.s;
    const q = s[this.i]!;
    this.i++;
    let out = "";
    if (q === "'") {
      for (;;) {
        const j = s.indexOf("'", this.i);
        if (j < 0) throw new Unsupported();
        out += s.slice(this.i, j);
        if (s[j + 1] === "'") {
          out += "'";
          this.i = j + 2;
          continue;
        }
        this.i = j + 1;
        return out;
      }
    }
    for (;;) {
      if (this.i >= s.length) throw new Unsupported();
      const ch = s[this.i]!;
      if (ch === '"') {
        this.i++;
        return out;
      }
      if (ch !== "\\") {
        out += ch;
        this.i++;
        continue;
      }
      const e = s[this.i + 1];
      this.i += 2;
      switch (e) {
        case '"':
        case "\\":
        case "/":
          out += e;
          break;
        case "n":
          out += "\n";
          break;
        case "t":
          out += "\t";
          break;
        case "r":
          out += "\r";
          break;
        case "0":
          out += "\0";
          break;
        case "u": {
          const hex = s.slice(this.i, this.i + 4);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new Unsupported();
          out += String.fromCharCode(parseInt(hex, 16));
          this.i += 4;
          break;
        }
        default:
          throw new Unsupported();
      }
    }
  }

  private flowSeq(): unknown[] {
    this.i++; // [
    const arr: unknown[] = [];
    this.ws();
    if (this.s[this.i] === "]") {
      this.i++;
      return arr;
    }
    for (;;) {
      this.ws();
      const from = this.i;
      const v = this.value(true);
      this.ws();
      if (this.s[this.i] === ":") throw new Unsupported(); // [a: b] (single-pair maps)
      arr.push(v);
      this.record(arr, arr.length - 1, from);
      const c = this.s[this.i];
      if (c === ",") {
        this.i++;
        this.ws();
        if (this.s[this.i] === "]") {
          this.i++;
          return arr;
        }
        continue;
      }
      if (c === "]") {
        this.i++;
        return arr;
      }
      throw new Unsupported();
    }
  }

  private flowMap(): Record<string, unknown> {
    this.i++; // {
    const obj: Record<string, unknown> = {};
    this.ws();
    if (this.s[this.i] === "}") {
      this.i++;
      return obj;
    }
    for (;;) {
      this.ws();
      const from = this.i;
      const c = this.s[this.i];
      let key: unknown;
      if (c === '"' || c === "'") key = this.quoted();
      else if (c === "[" || c === "{" || c === undefined) throw new Unsupported();
      else key = this.plain(true);
      if (typeof key !== "string") throw new Unsupported();
      this.ws();
      let v: unknown = null;
      if (this.s[this.i] === ":") {
        this.i++;
        this.ws();
        const n = this.s[this.i];
        v = n === "," || n === "}" ? null : this.value(true);
      }
      if (Object.prototype.hasOwnProperty.call(obj, key)) throw new Unsupported();
      obj[key] = v;
      this.record(obj, key, from);
      this.ws();
      const e = this.s[this.i];
      if (e === ",") {
        this.i++;
        this.ws();
        if (this.s[this.i] === "}") {
          this.i++;
          return obj;
        }
        continue;
      }
      if (e === "}") {
        this.i++;
        return obj;
      }
      throw new Unsupported();
    }
  }
}
