/**
 * client-go's JSONPath template parser (k8s.io/client-go/util/jsonpath), as the apiserver runs it on
 * `{<additionalPrinterColumns[].jsonPath>}` when it builds a CRD's table convertor. Same accepted language, same
 * error texts, same node tree; no evaluation.
 */
// Upstream: kubernetes/client-go:util/jsonpath/parser.go
// Upstream: kubernetes/apiextensions-apiserver:pkg/registry/customresource/tableconvertor/tableconvertor.go
import { GO_SIMPLE_ESCAPES } from "./go.js";

export interface SliceParam {
  value: number;
  known: boolean;
  derived: boolean;
}

export type JsonPathNode =
  | { kind: "list"; nodes: JsonPathNode[] }
  | { kind: "text"; text: string }
  | { kind: "field"; name: string }
  | { kind: "identifier"; name: string }
  | { kind: "array"; params: [SliceParam, SliceParam, SliceParam] }
  | { kind: "filter"; left: JsonPathNode & { kind: "list" }; right: JsonPathNode & { kind: "list" }; operator: string }
  | { kind: "int"; value: number }
  | { kind: "float"; value: number }
  | { kind: "wildcard" }
  | { kind: "recursive" }
  | { kind: "union"; nodes: (JsonPathNode & { kind: "list" })[] }
  | { kind: "bool"; value: boolean };

export type ListNode = JsonPathNode & { kind: "list" };

export type JsonPathParseResult = { ok: true; root: ListNode } | { ok: false; error: string };

const EOF = -1;
const IS_LETTER = /\p{L}/u;
const IS_DIGIT = /\p{Nd}/u;
const DICT_KEY_RE = /^'([^']*)'$/;
// Go's `\d` is ASCII only.
const SLICE_RE = /^(-?[0-9]*)(:-?[0-9]*)?(:-?[0-9]*)?$/;
// Go's `.` matches anything but a newline (JavaScript's also stops at \r, U+2028 and U+2029).
const FILTER_RE = /^([^!<>=]+)([!<>=~]+)([^\n]+?)$/;
const INT_RE = /^[+-]?[0-9]+$/;
const FLOAT_RE = /^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)$/;

function isLetterOrDigit(r: number): boolean {
  if (r < 0) return false;
  const ch = String.fromCodePoint(r);
  return IS_LETTER.test(ch) || IS_DIGIT.test(ch);
}

function isDigit(r: number): boolean {
  if (r < 0) return false;
  if (r < 0x80) return r >= 0x30 && r <= 0x39;
  return IS_DIGIT.test(String.fromCodePoint(r));
}

function isAlphaNumeric(r: number): boolean {
  return r === 0x5f || isLetterOrDigit(r);
}

function isSpace(r: number): boolean {
  return r === 0x20 || r === 0x09;
}

function isEndOfLine(r: number): boolean {
  return r === 0x0d || r === 0x0a;
}

/** Runes after which an identifier or a field name ends. */
function isTerminator(r: number): boolean {
  if (isSpace(r) || isEndOfLine(r)) return true;
  switch (r) {
    case EOF:
    case 0x2e: // .
    case 0x2c: // ,
    case 0x5b: // [
    case 0x5d: // ]
    case 0x24: // $
    case 0x40: // @
    case 0x7b: // {
    case 0x7d: // }
      return true;
  }
  return false;
}

/** Go's `%#U`: `U+0023 '#'`, the quoted character only when printable. */
function goRuneVerbose(r: number): string {
  const hex = r.toString(16).toUpperCase().padStart(4, "0");
  const ch = String.fromCodePoint(r);
  const printable = !/[\p{C}\p{Z}]/u.test(ch) || ch === " ";
  return printable ? `U+${hex} '${ch}'` : `U+${hex}`;
}

class ParseError {
  constructor(readonly message: string) {}
}

const list = (): ListNode => ({ kind: "list", nodes: [] });

/** strconv.UnquoteChar for one escape or character; returns the decoded text and the rest, or throws ParseError. */
function unquoteChar(s: string, quote: string): [string, string] {
  const c = s[0]!;
  if (c === quote) throw new ParseError("invalid syntax");
  if (c !== "\\") {
    const cp = s.codePointAt(0)!;
    const w = cp > 0xffff ? 2 : 1;
    return [s.slice(0, w), s.slice(w)];
  }
  if (s.length <= 1) throw new ParseError("invalid syntax");
  const e = s[1]!;
  const rest = s.slice(2);
  const simple = GO_SIMPLE_ESCAPES[e];
  if (simple !== undefined) return [simple, rest];
  if (e === "x" || e === "u" || e === "U") {
    const n = e === "x" ? 2 : e === "u" ? 4 : 8;
    const digits = rest.slice(0, n);
    if (digits.length < n || !/^[0-9a-fA-F]+$/.test(digits)) throw new ParseError("invalid syntax");
    const v = parseInt(digits, 16);
    if (e === "x") return [String.fromCharCode(v), rest.slice(n)];
    if (v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff)) throw new ParseError("invalid syntax");
    return [String.fromCodePoint(v), rest.slice(n)];
  }
  if (e >= "0" && e <= "7") {
    const digits = s.slice(1, 4);
    if (digits.length < 3 || !/^[0-7]{3}$/.test(digits)) throw new ParseError("invalid syntax");
    const v = parseInt(digits, 8);
    if (v > 255) throw new ParseError("invalid syntax");
    return [String.fromCharCode(v), s.slice(4)];
  }
  if (e === "'" || e === '"') {
    if (e !== quote) throw new ParseError("invalid syntax");
    return [e, rest];
  }
  throw new ParseError("invalid syntax");
}

/** UnquoteExtend: strconv.Unquote that also accepts single-quoted strings. */
function unquoteExtend(s: string): string {
  if (s.length < 2) throw new ParseError("invalid syntax");
  const quote = s[0]!;
  if (quote !== s[s.length - 1]) throw new ParseError("invalid syntax");
  if (quote !== '"' && quote !== "'") throw new ParseError("invalid syntax");
  let body = s.slice(1, -1);
  if (!body.includes("\\") && !body.includes(quote)) return body;
  let out = "";
  while (body.length > 0) {
    const [c, rest] = unquoteChar(body, quote);
    out += c;
    body = rest;
  }
  return out;
}

/**
 * The parser state. Go's parser is written as mutual tail recursion; here every step returns, and `run` loops,
 * so that long inputs cannot overflow the stack.
 */
class Parser {
  private pos = 0;
  private start = 0;
  private width = 0;
  readonly root: ListNode = list();

  constructor(private readonly input: string) {}

  private next(): number {
    if (this.pos >= this.input.length) {
      this.width = 0;
      return EOF;
    }
    const r = this.input.codePointAt(this.pos)!;
    this.width = r > 0xffff ? 2 : 1;
    this.pos += this.width;
    return r;
  }

  private peek(): number {
    const r = this.next();
    this.backup();
    return r;
  }

  private backup(): void {
    this.pos -= this.width;
  }

  private consumeText(): string {
    const v = this.input.slice(this.start, this.pos);
    this.start = this.pos;
    return v;
  }

  private rest(): string {
    return this.input.slice(this.pos);
  }

  /** Parses the whole input; throws ParseError. */
  parse(): ListNode {
    // null: parse text into the root; otherwise: parse inside the action whose node list is `cur`.
    let cur: ListNode | null = null;
    for (;;) {
      if (cur === null) {
        const action = this.parseText();
        if (action === null) return this.root;
        cur = action;
      } else {
        cur = this.parseInsideAction(cur);
      }
    }
  }

  /** Text up to the next `{`; returns the new action's list, or null at the end of the input. */
  private parseText(): ListNode | null {
    for (;;) {
      if (this.rest().startsWith("{")) {
        if (this.pos > this.start) this.root.nodes.push({ kind: "text", text: this.consumeText() });
        this.pos += 1;
        this.consumeText();
        const node = list();
        this.root.nodes.push(node);
        return node;
      }
      if (this.next() === EOF) break;
    }
    if (this.pos > this.start) this.root.nodes.push({ kind: "text", text: this.consumeText() });
    return null;
  }

  /** One step inside an action; returns the list to continue with, or null after the closing `}`. */
  private parseInsideAction(cur: ListNode): ListNode | null {
    const rest = this.rest();
    if (rest.startsWith("}")) {
      this.pos += 1;
      this.consumeText();
      return null;
    }
    if (rest.startsWith("[?(")) return this.parseFilter(cur);
    if (rest.startsWith("..")) return this.parseRecursive(cur);
    const r = this.next();
    if (r === EOF || isEndOfLine(r)) throw new ParseError("unclosed action");
    if (r === 0x20 || r === 0x40 || r === 0x24) {
      // ' ', '@', '$': skipped.
      this.consumeText();
      return cur;
    }
    if (r === 0x5b) return this.parseArray(cur);
    if (r === 0x22 || r === 0x27) return this.parseQuote(cur, r);
    if (r === 0x2e) return this.parseField(cur);
    if (r === 0x2b || r === 0x2d || isDigit(r)) {
      this.backup();
      return this.parseNumber(cur);
    }
    if (isAlphaNumeric(r)) {
      this.backup();
      return this.parseIdentifier(cur);
    }
    throw new ParseError(`unrecognized character in action: ${goRuneVerbose(r)}`);
  }

  private parseIdentifier(cur: ListNode): ListNode {
    for (;;) {
      const r = this.next();
      if (isTerminator(r)) {
        this.backup();
        break;
      }
    }
    const value = this.consumeText();
    if (value === "true" || value === "false") cur.nodes.push({ kind: "bool", value: value === "true" });
    else cur.nodes.push({ kind: "identifier", name: value });
    return cur;
  }

  private parseRecursive(cur: ListNode): ListNode {
    const last = cur.nodes[cur.nodes.length - 1];
    if (last && last.kind === "recursive") throw new ParseError("invalid multiple recursive descent");
    this.pos += 2;
    this.consumeText();
    cur.nodes.push({ kind: "recursive" });
    if (isAlphaNumeric(this.peek())) return this.parseField(cur);
    return cur;
  }

  private parseNumber(cur: ListNode): ListNode {
    const r = this.peek();
    if (r === 0x2b || r === 0x2d) this.next();
    for (;;) {
      const c = this.next();
      if (c !== 0x2e && !isDigit(c)) {
        this.backup();
        break;
      }
    }
    const value = this.consumeText();
    if (INT_RE.test(value)) {
      const n = Number(value);
      // strconv.Atoi fails beyond int64; ParseFloat then takes it.
      if (Math.abs(n) <= 9.223372036854776e18) {
        cur.nodes.push({ kind: "int", value: n });
        return cur;
      }
    }
    if (FLOAT_RE.test(value) && Number.isFinite(Number(value))) {
      cur.nodes.push({ kind: "float", value: Number(value) });
      return cur;
    }
    throw new ParseError(`cannot parse number ${value}`);
  }

  private parseArray(cur: ListNode): ListNode {
    for (;;) {
      const r = this.next();
      if (r === EOF || r === 0x0a) throw new ParseError("unterminated array");
      if (r === 0x5d) break;
    }
    let text = this.consumeText();
    text = text.slice(1, -1);
    if (text === "*") text = ":";

    const strs = text.split(",");
    if (strs.length > 1) {
      const union: ListNode[] = [];
      for (const str of strs) union.push(parseAction(`[${trimSpaces(str)}]`));
      cur.nodes.push({ kind: "union", nodes: union });
      return cur;
    }

    const dict = DICT_KEY_RE.exec(text);
    if (dict) {
      for (const node of parseAction(`.${dict[1]}`).nodes) cur.nodes.push(node);
      return cur;
    }

    const slice = SLICE_RE.exec(text);
    if (!slice) throw new ParseError(`invalid array index ${text}`);
    const values = [slice[1] ?? "", slice[2] ?? "", slice[3] ?? ""];
    const params: [SliceParam, SliceParam, SliceParam] = [
      { value: 0, known: false, derived: false },
      { value: 0, known: false, derived: false },
      { value: 0, known: false, derived: false },
    ];
    for (let i = 0; i < 3; i++) {
      let v = values[i]!;
      if (v !== "") {
        if (i > 0) v = v.slice(1);
        if (i > 0 && v === "") {
          params[i]!.known = false;
        } else {
          if (!/^[+-]?[0-9]+$/.test(v) || Math.abs(Number(v)) > 9.223372036854776e18)
            throw new ParseError(`array index ${v} is not a number`);
          params[i]!.known = true;
          params[i]!.value = Number(v);
        }
      } else if (i === 1) {
        params[i] = { value: params[0].value + 1, known: true, derived: true };
      } else {
        params[i] = { value: 0, known: false, derived: false };
      }
    }
    cur.nodes.push({ kind: "array", params });
    return cur;
  }

  private parseFilter(cur: ListNode): ListNode {
    this.pos += 3;
    this.consumeText();
    let begin = false;
    let end = false;
    let pair = 0;
    for (;;) {
      const r = this.next();
      if (r === EOF || r === 0x0a) throw new ParseError("unterminated filter");
      if (r === 0x22 || r === 0x27) {
        if (!begin) {
          begin = true;
          pair = r;
          continue;
        }
        if (this.input[this.pos - 2] !== "\\" && r === pair) end = true;
      } else if (r === 0x29) {
        if (begin === end) break;
      }
    }
    if (this.next() !== 0x5d) throw new ParseError("unclosed array expect ]");
    let text = this.consumeText();
    text = text.slice(0, -2);
    const m = FILTER_RE.exec(text);
    if (!m) {
      cur.nodes.push({ kind: "filter", left: parseAction(text), right: list(), operator: "exists" });
    } else {
      const left = parseAction(m[1]!);
      const right = parseAction(m[3]!);
      cur.nodes.push({ kind: "filter", left, right, operator: m[2]! });
    }
    return cur;
  }

  private parseQuote(cur: ListNode, endQuote: number): ListNode {
    for (;;) {
      const r = this.next();
      if (r === EOF || r === 0x0a) throw new ParseError("unterminated quoted string");
      if (r === endQuote && this.input[this.pos - 2] !== "\\") break;
    }
    const value = this.consumeText();
    let s: string;
    try {
      s = unquoteExtend(value);
    } catch (e) {
      throw new ParseError(`unquote string ${value} error ${e instanceof ParseError ? e.message : String(e)}`);
    }
    cur.nodes.push({ kind: "text", text: s });
    return cur;
  }

  private parseField(cur: ListNode): ListNode {
    this.consumeText();
    while (this.advance()) {
      /* scan */
    }
    const value = this.consumeText();
    if (value === "*") cur.nodes.push({ kind: "wildcard" });
    else cur.nodes.push({ kind: "field", name: value.replaceAll("\\", "") });
    return cur;
  }

  /** Scans to the next terminator not escaped by a backslash. */
  private advance(): boolean {
    const r = this.next();
    if (r === 0x5c) {
      this.next();
    } else if (isTerminator(r)) {
      this.backup();
      return false;
    }
    return true;
  }
}

/** strings.Trim(s, " "). */
function trimSpaces(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && s[a] === " ") a++;
  while (b > a && s[b - 1] === " ") b--;
  return s.slice(a, b);
}

/** parseAction: parses `{text}` and returns the action's node list. */
function parseAction(text: string): ListNode {
  const p = new Parser(`{${text}}`);
  const root = p.parse();
  return root.nodes[0] as ListNode;
}

/** jsonpath.Parse: a template (text with `{...}` actions). */
export function parseJsonPathTemplate(text: string): JsonPathParseResult {
  try {
    return { ok: true, root: new Parser(text).parse() };
  } catch (e) {
    if (e instanceof ParseError) return { ok: false, error: e.message };
    throw e;
  }
}

/** How the apiserver's table convertor parses a printer column's jsonPath: as the template `{<jsonPath>}`. */
export function parsePrinterColumnJsonPath(jsonPath: string): JsonPathParseResult {
  return parseJsonPathTemplate(`{${jsonPath}}`);
}
