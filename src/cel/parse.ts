/**
 * CEL parser producing cel-go-shaped ASTs (cel.expr.Expr protos as @bufbuild/cel-spec types them).
 *
 * @bufbuild/cel's PEG parser cannot be used as is: it lacks the optional syntax (`a.?b`, `a[?i]`,
 * `[?e]`, `{?k: v}`), `cel.bind` and the two-variable comprehension macros, and — more
 * importantly for a linter that must reproduce the apiserver's messages — it assigns source
 * positions differently from cel-go (e.g. `&&`, `||`, `?:`, calls and operators after whitespace)
 * and reports peggy-style syntax errors. This module therefore implements the CEL grammar
 * (google/cel-go parser/gen/CEL.g4) directly, assigning node ids and positions in the same order
 * and at the same tokens as cel-go's parser visitor, expanding macros as cel-go's macro expanders
 * do, and reporting syntax errors with ANTLR's wording for the common cases.
 *
 * Positions are code point offsets (cel-go semantics).
 */
import type { Expr, SourceInfo } from "@bufbuild/cel-spec/cel/expr/syntax_pb.js";
import type { NullValue } from "@bufbuild/protobuf/wkt";
import { CelSource, type CelIssue } from "./issues.js";

// ---------------------------------------------------------------------------------------------
// Tokens (numbers follow the ANTLR token types of CEL.g4 so expected-token sets sort like ANTLR's)

const enum Tk {
  EOF = -1,
  EQUALS = 1,
  NOT_EQUALS = 2,
  IN = 3,
  LESS = 4,
  LESS_EQUALS = 5,
  GREATER_EQUALS = 6,
  GREATER = 7,
  LOGICAL_AND = 8,
  LOGICAL_OR = 9,
  LBRACKET = 10,
  RBRACKET = 11,
  LBRACE = 12,
  RBRACE = 13,
  LPAREN = 14,
  RPAREN = 15,
  DOT = 16,
  COMMA = 17,
  MINUS = 18,
  EXCLAM = 19,
  QUESTION = 20,
  COLON = 21,
  PLUS = 22,
  STAR = 23,
  SLASH = 24,
  PERCENT = 25,
  TRUE = 26,
  FALSE = 27,
  NUL = 28,
  NUM_FLOAT = 31,
  NUM_INT = 32,
  NUM_UINT = 33,
  STRING = 34,
  BYTES = 35,
  IDENTIFIER = 36,
  ESC_IDENTIFIER = 37,
}

const TOKEN_DISPLAY: Record<number, string> = {
  [Tk.EOF]: "<EOF>",
  [Tk.EQUALS]: "'=='",
  [Tk.NOT_EQUALS]: "'!='",
  [Tk.IN]: "'in'",
  [Tk.LESS]: "'<'",
  [Tk.LESS_EQUALS]: "'<='",
  [Tk.GREATER_EQUALS]: "'>='",
  [Tk.GREATER]: "'>'",
  [Tk.LOGICAL_AND]: "'&&'",
  [Tk.LOGICAL_OR]: "'||'",
  [Tk.LBRACKET]: "'['",
  [Tk.RBRACKET]: "']'",
  [Tk.LBRACE]: "'{'",
  [Tk.RBRACE]: "'}'",
  [Tk.LPAREN]: "'('",
  [Tk.RPAREN]: "')'",
  [Tk.DOT]: "'.'",
  [Tk.COMMA]: "','",
  [Tk.MINUS]: "'-'",
  [Tk.EXCLAM]: "'!'",
  [Tk.QUESTION]: "'?'",
  [Tk.COLON]: "':'",
  [Tk.PLUS]: "'+'",
  [Tk.STAR]: "'*'",
  [Tk.SLASH]: "'/'",
  [Tk.PERCENT]: "'%'",
  [Tk.TRUE]: "'true'",
  [Tk.FALSE]: "'false'",
  [Tk.NUL]: "'null'",
  [Tk.NUM_FLOAT]: "NUM_FLOAT",
  [Tk.NUM_INT]: "NUM_INT",
  [Tk.NUM_UINT]: "NUM_UINT",
  [Tk.STRING]: "STRING",
  [Tk.BYTES]: "BYTES",
  [Tk.IDENTIFIER]: "IDENTIFIER",
  [Tk.ESC_IDENTIFIER]: "ESC_IDENTIFIER",
};

interface Token {
  type: Tk;
  /** Code point offsets [start, stop). */
  start: number;
  stop: number;
  text: string;
}

const EXPR_START: readonly Tk[] = [
  Tk.LBRACKET,
  Tk.LBRACE,
  Tk.LPAREN,
  Tk.DOT,
  Tk.MINUS,
  Tk.EXCLAM,
  Tk.TRUE,
  Tk.FALSE,
  Tk.NUL,
  Tk.NUM_FLOAT,
  Tk.NUM_INT,
  Tk.NUM_UINT,
  Tk.STRING,
  Tk.BYTES,
  Tk.IDENTIFIER,
];
const EXPR_START_SET = new Set<Tk>(EXPR_START);
/** Closers and separators: a mismatch on these resynchronises on the enclosing construct. */
const RESYNC_TOKENS = new Set<Tk>([Tk.RPAREN, Tk.RBRACKET, Tk.RBRACE, Tk.COMMA, Tk.COLON]);
/** Operators: ANTLR consumes them while recovering and expects an operand again. */
const OPERATOR_TOKENS = new Set<Tk>([
  Tk.EQUALS,
  Tk.NOT_EQUALS,
  Tk.IN,
  Tk.LESS,
  Tk.LESS_EQUALS,
  Tk.GREATER_EQUALS,
  Tk.GREATER,
  Tk.LOGICAL_AND,
  Tk.LOGICAL_OR,
  Tk.QUESTION,
  Tk.PLUS,
  Tk.STAR,
  Tk.SLASH,
  Tk.PERCENT,
]);

function expectingSet(extra: readonly Tk[]): string {
  const all = [...new Set<Tk>([...EXPR_START, ...extra])].sort((a, b) => a - b);
  return `{${all.map((t) => TOKEN_DISPLAY[t]).join(", ")}}`;
}

/** ANTLR getTokenErrorDisplay / getErrorDisplay. */
function errorDisplay(text: string): string {
  return text.replace(/\n/g, "\\n").replace(/\r/g, "\\r").replace(/\t/g, "\\t");
}
function tokenDisplay(t: Token): string {
  if (t.type === Tk.EOF) return "'<EOF>'";
  return `'${errorDisplay(t.text)}'`;
}

// ---------------------------------------------------------------------------------------------
// Lexer

const C_0 = 48;
const C_9 = 57;
function isDigit(c: number): boolean {
  return c >= C_0 && c <= C_9;
}
function isHex(c: number): boolean {
  return (c >= C_0 && c <= C_9) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}
function isLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}
function isIdentStart(c: number): boolean {
  return isLetter(c) || c === 95;
}
function isIdentPart(c: number): boolean {
  return isLetter(c) || isDigit(c) || c === 95;
}

const KEYWORDS: Record<string, Tk> = { true: Tk.TRUE, false: Tk.FALSE, null: Tk.NUL, in: Tk.IN };

function lex(src: string, issues: CelIssue[], cpOf: ((utf16: number) => number) | null): Token[] {
  const tokens: Token[] = [];
  const n = src.length;
  let i = 0;
  const text = (a: number, b: number) => src.slice(a, b);
  const push = (type: Tk, start: number, stop: number) =>
    tokens.push({
      type,
      start: cpOf ? cpOf(start) : start,
      stop: cpOf ? cpOf(stop) : stop,
      text: src.slice(start, stop),
    });
  const fail = (start: number, failAt: number) => {
    // ANTLR: "token recognition error at: '<text up to and including the failing char>'"; recovery
    // consumes the failing character.
    let end = Math.min(failAt + 1, n);
    const fc = src.charCodeAt(failAt);
    if (fc >= 0xd800 && fc <= 0xdbff && end < n) end++;
    issues.push({
      message: `Syntax error: token recognition error at: '${errorDisplay(text(start, end))}'`,
      offset: cpOf ? cpOf(start) : start,
    });
    return failAt < n ? end : n;
  };
  while (i < n) {
    const c = src.charCodeAt(i);
    // whitespace
    if (c === 32 || c === 9 || c === 10 || c === 13 || c === 12) {
      i++;
      continue;
    }
    // comment
    if (c === 47 && src.charCodeAt(i + 1) === 47) {
      while (i < n && src.charCodeAt(i) !== 10) i++;
      continue;
    }
    const start = i;
    // strings / bytes / raw
    let j = i;
    let isBytes = false;
    let isRaw = false;
    if ((c === 98 || c === 66) && (src.charCodeAt(j + 1) === 34 || src.charCodeAt(j + 1) === 39 || src.charCodeAt(j + 1) === 114 || src.charCodeAt(j + 1) === 82)) {
      // b'..', b"..", br'..'
      const k = src.charCodeAt(j + 1) === 114 || src.charCodeAt(j + 1) === 82 ? j + 2 : j + 1;
      if (src.charCodeAt(k) === 34 || src.charCodeAt(k) === 39) {
        isBytes = true;
        isRaw = k === j + 2;
        j = k;
      }
    } else if ((c === 114 || c === 82) && (src.charCodeAt(j + 1) === 34 || src.charCodeAt(j + 1) === 39 || src.charCodeAt(j + 1) === 98 || src.charCodeAt(j + 1) === 66)) {
      const k = src.charCodeAt(j + 1) === 98 || src.charCodeAt(j + 1) === 66 ? j + 2 : j + 1;
      if (src.charCodeAt(k) === 34 || src.charCodeAt(k) === 39) {
        isRaw = true;
        isBytes = k === j + 2;
        j = k;
      }
    }
    if (src.charCodeAt(j) === 34 || src.charCodeAt(j) === 39) {
      const q = src.charCodeAt(j);
      const triple = src.charCodeAt(j + 1) === q && src.charCodeAt(j + 2) === q;
      let k = triple ? j + 3 : j + 1;
      let ok = false;
      let failAt = -1;
      while (k <= n) {
        if (k === n) {
          failAt = n;
          break;
        }
        const d = src.charCodeAt(k);
        if (triple) {
          if (d === q && src.charCodeAt(k + 1) === q && src.charCodeAt(k + 2) === q) {
            k += 3;
            ok = true;
            break;
          }
        } else {
          if (d === q) {
            k++;
            ok = true;
            break;
          }
          if (d === 10 || d === 13) {
            failAt = k;
            break;
          }
        }
        if (d === 92 && !isRaw) {
          const e = escapeLength(src, k);
          if (e < 0) {
            failAt = -e - 1;
            break;
          }
          k += e;
          continue;
        }
        if (d === 92 && isRaw && triple) {
          // raw strings: backslash is literal
        }
        k++;
      }
      if (ok) {
        push(isBytes ? Tk.BYTES : Tk.STRING, start, k);
        i = k;
      } else {
        i = fail(start, failAt);
      }
      continue;
    }
    // numbers
    if (isDigit(c) || (c === 46 && isDigit(src.charCodeAt(i + 1) ))) {
      let k = i;
      if (c === 48 && (src.charCodeAt(k + 1) === 120 || src.charCodeAt(k + 1) === 88) && isHex(src.charCodeAt(k + 2) )) {
        k += 2;
        while (k < n && isHex(src.charCodeAt(k))) k++;
        if (src.charCodeAt(k) === 117 || src.charCodeAt(k) === 85) {
          push(Tk.NUM_UINT, start, k + 1);
          i = k + 1;
        } else {
          push(Tk.NUM_INT, start, k);
          i = k;
        }
        continue;
      }
      let isFloat = false;
      if (c === 46) {
        isFloat = true;
        k++;
        while (k < n && isDigit(src.charCodeAt(k))) k++;
      } else {
        while (k < n && isDigit(src.charCodeAt(k))) k++;
        if (src.charCodeAt(k) === 46 && isDigit(src.charCodeAt(k + 1) )) {
          isFloat = true;
          k++;
          while (k < n && isDigit(src.charCodeAt(k))) k++;
        }
      }
      // exponent
      if (src.charCodeAt(k) === 101 || src.charCodeAt(k) === 69) {
        let e = k + 1;
        if (src.charCodeAt(e) === 43 || src.charCodeAt(e) === 45) e++;
        if (isDigit(src.charCodeAt(e) )) {
          while (e < n && isDigit(src.charCodeAt(e))) e++;
          k = e;
          isFloat = true;
        }
      }
      if (!isFloat && (src.charCodeAt(k) === 117 || src.charCodeAt(k) === 85)) {
        push(Tk.NUM_UINT, start, k + 1);
        i = k + 1;
        continue;
      }
      push(isFloat ? Tk.NUM_FLOAT : Tk.NUM_INT, start, k);
      i = k;
      continue;
    }
    if (isIdentStart(c)) {
      let k = i + 1;
      while (k < n && isIdentPart(src.charCodeAt(k))) k++;
      const word = text(i, k);
      push(KEYWORDS[word] ?? Tk.IDENTIFIER, start, k);
      i = k;
      continue;
    }
    if (c === 96) {
      // ESC_IDENTIFIER: '`' (LETTER | DIGIT | '_' | '.' | '-' | '/' | ' ')+ '`'
      let k = i + 1;
      while (k < n) {
        const d = src.charCodeAt(k);
        if (isIdentPart(d) || d === 46 || d === 45 || d === 47 || d === 32) k++;
        else break;
      }
      if (k < n && src.charCodeAt(k) === 96 && k > i + 1) {
        push(Tk.ESC_IDENTIFIER, start, k + 1);
        i = k + 1;
      } else {
        i = fail(start, k);
      }
      continue;
    }
    const d = src.charCodeAt(i + 1);
    let two: Tk | null = null;
    if (c === 61 && d === 61) two = Tk.EQUALS;
    else if (c === 33 && d === 61) two = Tk.NOT_EQUALS;
    else if (c === 60 && d === 61) two = Tk.LESS_EQUALS;
    else if (c === 62 && d === 61) two = Tk.GREATER_EQUALS;
    else if (c === 38 && d === 38) two = Tk.LOGICAL_AND;
    else if (c === 124 && d === 124) two = Tk.LOGICAL_OR;
    if (two !== null) {
      push(two, i, i + 2);
      i += 2;
      continue;
    }
    let one: Tk | null = null;
    switch (c) {
      case 60:
        one = Tk.LESS;
        break;
      case 62:
        one = Tk.GREATER;
        break;
      case 91:
        one = Tk.LBRACKET;
        break;
      case 93:
        one = Tk.RBRACKET;
        break;
      case 123:
        one = Tk.LBRACE;
        break;
      case 125:
        one = Tk.RBRACE;
        break;
      case 40:
        one = Tk.LPAREN;
        break;
      case 41:
        one = Tk.RPAREN;
        break;
      case 46:
        one = Tk.DOT;
        break;
      case 44:
        one = Tk.COMMA;
        break;
      case 45:
        one = Tk.MINUS;
        break;
      case 33:
        one = Tk.EXCLAM;
        break;
      case 63:
        one = Tk.QUESTION;
        break;
      case 58:
        one = Tk.COLON;
        break;
      case 43:
        one = Tk.PLUS;
        break;
      case 42:
        one = Tk.STAR;
        break;
      case 47:
        one = Tk.SLASH;
        break;
      case 37:
        one = Tk.PERCENT;
        break;
    }
    if (one !== null) {
      push(one, i, i + 1);
      i++;
      continue;
    }
    // '=' , '&' and '|' alone fail on the following character (ANTLR tried the two-char token).
    if ((c === 61 || c === 38 || c === 124) && i + 1 <= n) {
      i = fail(start, i + 1);
      continue;
    }
    i = fail(start, i);
  }
  const end = cpOf ? cpOf(n) : n;
  tokens.push({ type: Tk.EOF, start: end, stop: end, text: "<EOF>" });
  return tokens;
}

/** Length of a valid escape sequence at k (pointing at the backslash), or -(failIndex+1). */
function escapeLength(src: string, k: number): number {
  const c = src.charCodeAt(k + 1);
  if (Number.isNaN(c)) return -(k + 1 + 1);
  switch (c) {
    case 97: // a
    case 98: // b
    case 102: // f
    case 110: // n
    case 114: // r
    case 116: // t
    case 118: // v
    case 34:
    case 39:
    case 92:
    case 63: // ?
    case 96: // `
      return 2;
    case 120: // x
    case 88:
      for (let i = 2; i < 4; i++) if (!isHex(src.charCodeAt(k + i))) return -(k + i + 1);
      return 4;
    case 117: // u
      for (let i = 2; i < 6; i++) if (!isHex(src.charCodeAt(k + i))) return -(k + i + 1);
      return 6;
    case 85: // U
      for (let i = 2; i < 10; i++) if (!isHex(src.charCodeAt(k + i))) return -(k + i + 1);
      return 10;
    default:
      if (c >= 48 && c <= 51) {
        for (let i = 2; i < 4; i++) {
          const d = src.charCodeAt(k + i);
          if (!(d >= 48 && d <= 55)) return -(k + i + 1);
        }
        return 4;
      }
      return -(k + 1 + 1);
  }
}

/** Decodes a string/bytes literal token (parser/unescape.go). Returns null + message on error. */
function unquote(raw: string, isBytes: boolean): { value: string | Uint8Array } | { error: string } {
  let s = raw;
  let isRaw = false;
  if (isBytes) s = s.slice(1);
  if (s[0] === "r" || s[0] === "R") {
    isRaw = true;
    s = s.slice(1);
  }
  if (isBytes && (s[0] === "r" || s[0] === "R")) {
    isRaw = true;
    s = s.slice(1);
  }
  const q = s[0]!;
  const triple = s.length >= 6 && s[1] === q && s[2] === q;
  const body = triple ? s.slice(3, -3) : s.slice(1, -1);
  if (isRaw || !body.includes("\\")) return { value: isBytes ? new TextEncoder().encode(body) : body };
  const bytes: number[] = [];
  let out = "";
  const enc = new TextEncoder();
  const pushCp = (cp: number) => {
    if (isBytes) for (const b of enc.encode(String.fromCodePoint(cp))) bytes.push(b);
    else out += String.fromCodePoint(cp);
  };
  const cps = Array.from(body, (ch) => ch.codePointAt(0)!);
  for (let i = 0; i < cps.length; i++) {
    const c = cps[i]!;
    if (c !== 92) {
      pushCp(c);
      continue;
    }
    const e = cps[++i]!;
    switch (e) {
      case 97:
        pushCp(7);
        break;
      case 98:
        pushCp(8);
        break;
      case 102:
        pushCp(12);
        break;
      case 110:
        pushCp(10);
        break;
      case 114:
        pushCp(13);
        break;
      case 116:
        pushCp(9);
        break;
      case 118:
        pushCp(11);
        break;
      case 34:
      case 39:
      case 92:
      case 63:
      case 96:
        pushCp(e);
        break;
      case 120:
      case 88: {
        const v = parseInt(String.fromCodePoint(cps[i + 1]!, cps[i + 2]!), 16);
        i += 2;
        if (isBytes) bytes.push(v);
        else pushCp(v);
        break;
      }
      case 117:
      case 85: {
        const len = e === 117 ? 4 : 8;
        const v = parseInt(String.fromCodePoint(...cps.slice(i + 1, i + 1 + len)), 16);
        i += len;
        if (v > 0x10ffff || (v >= 0xd800 && v < 0xe000)) return { error: "invalid unicode code point" };
        pushCp(v);
        break;
      }
      default: {
        const v = parseInt(String.fromCodePoint(e, cps[i + 1]!, cps[i + 2]!), 8);
        i += 2;
        if (isBytes) bytes.push(v);
        else pushCp(v);
      }
    }
  }
  return { value: isBytes ? Uint8Array.from(bytes) : out };
}

// ---------------------------------------------------------------------------------------------
// AST construction

export interface ParseOptions {
  /** Enabled macros, keyed `name:argCount:m|g` (see env.ts). */
  macros: ReadonlySet<string>;
  /** Optional syntax (`.?`, `[?`, `?` entries). */
  optionalSyntax: boolean;
  /** Accumulator variable name used by macro expansions ("@result" or "__result__"). */
  accumulatorName?: string;
  /** Backtick-quoted field names (cel-go EnableIdentEscapeSyntax; off in Kubernetes). */
  identEscapeSyntax?: boolean;
}

export interface ParseResult {
  expr: Expr;
  sourceInfo: SourceInfo;
  source: CelSource;
  errors: CelIssue[];
}

const RESERVED_IDS = new Set([
  "as",
  "break",
  "const",
  "continue",
  "else",
  "false",
  "for",
  "function",
  "if",
  "import",
  "in",
  "let",
  "loop",
  "package",
  "namespace",
  "null",
  "return",
  "true",
  "var",
  "void",
  "while",
]);

const LEGACY_ACCUMULATOR = "__result__";

class ParseAbort extends Error {}

type MacroExpander = (p: Parser, callId: bigint, target: Expr | undefined, args: Expr[]) => Expr | null;

class Parser {
  private readonly tokens: Token[];
  private pos = 0;
  private nextId = 1;
  /** Offsets by numeric node id. */
  readonly offsets: number[] = [0];
  readonly errors: CelIssue[];
  readonly accu: string;
  private depth = 0;

  constructor(
    tokens: Token[],
    errors: CelIssue[],
    private readonly opts: ParseOptions,
  ) {
    this.tokens = tokens;
    this.errors = errors;
    this.accu = opts.accumulatorName ?? "@result";
  }

  // -- ids and nodes

  id(offset: number): bigint {
    const id = this.nextId++;
    this.offsets.push(offset);
    return BigInt(id);
  }
  offsetOf(id: bigint): number {
    return this.offsets[Number(id)] ?? -1;
  }
  /** An id located where `id` is (cel-go exprHelper.nextMacroID). */
  macroId(callId: bigint): bigint {
    return this.id(this.offsetOf(callId));
  }

  errorExpr(offset: number): Expr {
    return { $typeName: "cel.expr.Expr", id: this.id(offset), exprKind: { case: undefined, value: undefined } } as Expr;
  }

  report(offset: number, message: string): void {
    this.errors.push({ message, offset });
  }

  // -- token helpers

  peek(k = 0): Token {
    return this.tokens[Math.min(this.pos + k, this.tokens.length - 1)]!;
  }
  next(): Token {
    const t = this.tokens[this.pos]!;
    if (t.type !== Tk.EOF) this.pos++;
    return t;
  }

  // -- grammar

  parseStart(): Expr {
    let e: Expr;
    try {
      e = this.parseExpr();
      const t = this.peek();
      if (t.type !== Tk.EOF) {
        const after = this.peek(1);
        if (after.type === Tk.EOF) this.report(t.start, `Syntax error: extraneous input ${tokenDisplay(t)} expecting <EOF>`);
        else this.report(t.start, `Syntax error: mismatched input ${tokenDisplay(t)} expecting <EOF>`);
      }
    } catch (err) {
      if (!(err instanceof ParseAbort)) throw err;
      e = this.errorExpr(-1);
    }
    return e;
  }

  parseExpr(): Expr {
    if (++this.depth > 250) {
      this.report(-1, "expression recursion limit exceeded: 250");
      throw new ParseAbort();
    }
    const cond = this.parseOr();
    if (this.peek().type !== Tk.QUESTION) {
      this.depth--;
      return cond;
    }
    const q = this.next();
    const opId = this.id(q.start);
    const ifTrue = this.parseOr();
    this.expect(Tk.COLON);
    const ifFalse = this.parseExpr();
    this.depth--;
    return this.globalCallOrMacro(opId, "_?_:_", [cond, ifTrue, ifFalse]);
  }

  parseOr(): Expr {
    return this.parseLogical(Tk.LOGICAL_OR, "_||_", () => this.parseAnd());
  }

  parseAnd(): Expr {
    return this.parseLogical(Tk.LOGICAL_AND, "_&&_", () => this.parseRelation());
  }

  /** A chain of `||` or `&&`: like cel-go, the terms become a balanced tree, not a left-leaning one. */
  parseLogical(op: Tk, fn: string, operand: () => Expr): Expr {
    const first = operand();
    if (this.peek().type !== op) return first;
    const terms: Expr[] = [first];
    const ops: bigint[] = [];
    while (this.peek().type === op) {
      const tok = this.next();
      const next = operand();
      ops.push(this.id(tok.start));
      terms.push(next);
    }
    return this.balance(fn, terms, ops, 0, ops.length - 1);
  }

  balance(fn: string, terms: Expr[], ops: bigint[], lo: number, hi: number): Expr {
    const mid = (lo + hi + 1) >> 1;
    const left = mid === lo ? terms[mid]! : this.balance(fn, terms, ops, lo, mid - 1);
    const right = mid === hi ? terms[mid + 1]! : this.balance(fn, terms, ops, mid + 1, hi);
    return callExpr(ops[mid]!, fn, undefined, [left, right]);
  }

  parseRelation(): Expr {
    let lhs = this.parseCalc(0);
    for (;;) {
      const t = this.peek();
      let fn: string | null = null;
      switch (t.type) {
        case Tk.LESS:
          fn = "_<_";
          break;
        case Tk.LESS_EQUALS:
          fn = "_<=_";
          break;
        case Tk.GREATER:
          fn = "_>_";
          break;
        case Tk.GREATER_EQUALS:
          fn = "_>=_";
          break;
        case Tk.EQUALS:
          fn = "_==_";
          break;
        case Tk.NOT_EQUALS:
          fn = "_!=_";
          break;
        case Tk.IN:
          fn = "@in";
          break;
      }
      if (fn === null) return lhs;
      this.next();
      const opId = this.id(t.start);
      const rhs = this.parseCalc(0);
      lhs = this.globalCallOrMacro(opId, fn, [lhs, rhs]);
    }
  }

  /** level 0: + -, level 1: * / % */
  parseCalc(level: number): Expr {
    if (level === 0) {
      let lhs = this.parseCalc(1);
      for (;;) {
        const t = this.peek();
        if (t.type !== Tk.PLUS && t.type !== Tk.MINUS) return lhs;
        this.next();
        const opId = this.id(t.start);
        const rhs = this.parseCalc(1);
        lhs = this.globalCallOrMacro(opId, t.type === Tk.PLUS ? "_+_" : "_-_", [lhs, rhs]);
      }
    }
    let lhs = this.parseUnary();
    for (;;) {
      const t = this.peek();
      if (t.type !== Tk.STAR && t.type !== Tk.SLASH && t.type !== Tk.PERCENT) return lhs;
      this.next();
      const opId = this.id(t.start);
      const rhs = this.parseUnary();
      lhs = this.globalCallOrMacro(opId, t.type === Tk.STAR ? "_*_" : t.type === Tk.SLASH ? "_/_" : "_%_", [lhs, rhs]);
    }
  }

  parseUnary(): Expr {
    const t = this.peek();
    if (t.type === Tk.EXCLAM) return this.parseUnaryRun(Tk.EXCLAM, "!_");
    if (t.type === Tk.MINUS) {
      const n1 = this.peek(1).type;
      if (n1 === Tk.NUM_INT || n1 === Tk.NUM_FLOAT) return this.parseMember();
      return this.parseUnaryRun(Tk.MINUS, "-_");
    }
    return this.parseMember();
  }

  /** A run of `!` or `-`: an even count cancels out, an odd one is a single call (as cel-go's parser builds it). */
  parseUnaryRun(op: Tk, fn: string): Expr {
    const first = this.peek();
    let count = 0;
    while (this.peek().type === op) {
      this.next();
      count++;
    }
    this.checkMemberStart();
    if (count % 2 === 0) return this.parseMember();
    const opId = this.id(first.start);
    const target = this.parseMember();
    return this.globalCallOrMacro(opId, fn, [target]);
  }

  /**
   * After a run of unary operators ANTLR predicts the member alternative; a token that cannot start
   * one is a "no viable alternative" reported at that token, with the text from the last operator.
   */
  checkMemberStart(): void {
    const t = this.peek();
    if (EXPR_START_SET.has(t.type) && t.type !== Tk.MINUS && t.type !== Tk.EXCLAM) return;
    const last = this.tokens[this.pos - 1]!;
    const text = last.text + (t.type === Tk.EOF ? "" : t.text);
    this.report(t.start, `Syntax error: no viable alternative at input '${errorDisplay(text)}'`);
  }

  parseMember(): Expr {
    let e = this.parsePrimary();
    for (;;) {
      const t = this.peek();
      if (t.type === Tk.DOT) {
        this.next();
        let opt = false;
        if (this.peek().type === Tk.QUESTION) {
          this.next();
          opt = true;
        }
        const idTok = this.peek();
        if (idTok.type !== Tk.IDENTIFIER && idTok.type !== Tk.ESC_IDENTIFIER) {
          if (idTok.type === Tk.TRUE || idTok.type === Tk.FALSE || idTok.type === Tk.NUL) {
            this.report(idTok.start, `Syntax error: mismatched input '${idTok.text}' expecting IDENTIFIER`);
          } else {
            const text = this.textBetween(t, idTok);
            this.report(idTok.start, `Syntax error: no viable alternative at input '${errorDisplay(text)}'`);
          }
          throw new ParseAbort();
        }
        this.next();
        if (!opt && idTok.type === Tk.IDENTIFIER && this.peek().type === Tk.LPAREN) {
          const open = this.next();
          const opId = this.id(open.start);
          const args = this.parseExprList(Tk.RPAREN);
          e = this.receiverCallOrMacro(opId, idTok.text, e, args);
          continue;
        }
        if (idTok.type === Tk.ESC_IDENTIFIER && !this.opts.identEscapeSyntax) {
          this.report(idTok.start, "unsupported syntax: '`'");
        }
        const field = idTok.type === Tk.ESC_IDENTIFIER ? idTok.text.slice(1, -1) : idTok.text;
        if (opt) {
          if (!this.opts.optionalSyntax) {
            this.report(t.start, "unsupported syntax '.?'");
            e = this.errorExpr(t.start);
            continue;
          }
          const lit = constExpr(this.id(idTok.start), { case: "stringValue", value: field });
          e = callExpr(this.id(t.start), "_?._", undefined, [e, lit]);
          continue;
        }
        e = selectExpr(this.id(t.start), e, field, false);
        continue;
      }
      if (t.type === Tk.LBRACKET) {
        this.next();
        const opId = this.id(t.start);
        let opt = false;
        if (this.peek().type === Tk.QUESTION) {
          this.next();
          opt = true;
        }
        const index = this.parseExpr();
        this.expect(Tk.RBRACKET);
        if (opt && !this.opts.optionalSyntax) {
          this.report(t.start, "unsupported syntax '[?'");
          e = this.errorExpr(t.start);
          continue;
        }
        e = this.globalCallOrMacro(opId, opt ? "_[?_]" : "_[_]", [e, index]);
        continue;
      }
      return e;
    }
  }

  textBetween(a: Token, b: Token): string {
    let s = "";
    for (let i = this.tokens.indexOf(a); i >= 0 && i < this.tokens.length; i++) {
      const t = this.tokens[i]!;
      if (t.type !== Tk.EOF) s += t.text;
      if (t === b) break;
    }
    return s;
  }

  parsePrimary(): Expr {
    const t = this.peek();
    switch (t.type) {
      case Tk.DOT:
      case Tk.IDENTIFIER: {
        let leadingDot = false;
        let start = t;
        if (t.type === Tk.DOT) {
          const n1 = this.peek(1);
          if (n1.type !== Tk.IDENTIFIER) {
            const text = "." + (n1.type === Tk.EOF ? "" : n1.text);
            this.report(n1.start, `Syntax error: no viable alternative at input '${errorDisplay(text)}'`);
            throw new ParseAbort();
          }
          this.next();
          leadingDot = true;
        }
        // Message construction: IDENT ('.' IDENT)* '{'
        let k = 0;
        let look = this.peek(k);
        const ids: Token[] = [];
        while (look.type === Tk.IDENTIFIER) {
          ids.push(look);
          k++;
          look = this.peek(k);
          if (look.type === Tk.DOT && this.peek(k + 1).type === Tk.IDENTIFIER) {
            k++;
            look = this.peek(k);
            continue;
          }
          break;
        }
        if (look.type === Tk.LBRACE) {
          // consume ids
          for (let x = 0; x < k; x++) this.next();
          const brace = this.next();
          const name = (leadingDot ? "." : "") + ids.map((x) => x.text).join(".");
          const objId = this.id(brace.start);
          const entries = this.parseFieldInits();
          return structExpr(objId, name, entries);
        }
        const idTok = this.next();
        start = leadingDot ? t : idTok;
        const name = idTok.text;
        if (RESERVED_IDS.has(name)) {
          this.report(start.start, `reserved identifier: ${name}`);
          return this.errorExpr(start.start);
        }
        const fullName = (leadingDot ? "." : "") + name;
        if (this.peek().type === Tk.LPAREN) {
          const open = this.next();
          const opId = this.id(open.start);
          const args = this.parseExprList(Tk.RPAREN);
          return this.globalCallOrMacro(opId, fullName, args);
        }
        return identExpr(this.id(idTok.start), fullName);
      }
      case Tk.LPAREN: {
        this.next();
        const e = this.parseExpr();
        this.expect(Tk.RPAREN);
        return e;
      }
      case Tk.LBRACKET: {
        this.next();
        const listId = this.id(t.start);
        const elems: Expr[] = [];
        const optionals: number[] = [];
        if (this.peek().type === Tk.RBRACKET) {
          this.next();
          return listExpr(listId, elems, optionals);
        }
        for (;;) {
          let opt = false;
          const pt = this.peek();
          if (pt.type === Tk.QUESTION) {
            this.next();
            opt = true;
          } else if (!EXPR_START_SET.has(pt.type) && elems.length === 0) {
            if (!this.recoverExprStart([Tk.RBRACKET, Tk.COMMA, Tk.QUESTION])) {
              elems.push(this.errorExpr(pt.start));
              break;
            }
          }
          const e = this.parseExpr();
          if (opt) {
            if (!this.opts.optionalSyntax) this.report(pt.start, "unsupported syntax '?'");
            else optionals.push(elems.length);
          }
          elems.push(e);
          if (this.peek().type === Tk.COMMA) {
            this.next();
            if (this.peek().type === Tk.RBRACKET) break;
            continue;
          }
          break;
        }
        this.expect(Tk.RBRACKET);
        return listExpr(listId, elems, optionals);
      }
      case Tk.LBRACE: {
        this.next();
        const structId = this.id(t.start);
        const entries: Expr_Entry[] = [];
        if (this.peek().type === Tk.RBRACE) {
          this.next();
          return structExpr(structId, "", entries);
        }
        for (;;) {
          let opt = false;
          const pt = this.peek();
          if (pt.type === Tk.QUESTION) {
            this.next();
            opt = true;
          } else if (!EXPR_START_SET.has(pt.type) && entries.length === 0) {
            if (!this.recoverExprStart([Tk.RBRACE, Tk.COMMA, Tk.QUESTION])) break;
          }
          const key = this.parseExprNoId();
          const col = this.peek();
          this.expect(Tk.COLON);
          const colId = this.id(col.start);
          // cel-go allocates the entry id before visiting key/value; we parsed the key first, so
          // the entry id is larger than the key's ids — ids stay unique, positions are identical.
          const value = this.parseExpr();
          if (opt && !this.opts.optionalSyntax) this.report(pt.start, "unsupported syntax '?'");
          entries.push(mapEntry(colId, key, value, opt && this.opts.optionalSyntax));
          if (this.peek().type === Tk.COMMA) {
            this.next();
            if (this.peek().type === Tk.RBRACE) break;
            continue;
          }
          break;
        }
        this.expect(Tk.RBRACE);
        return structExpr(structId, "", entries);
      }
      case Tk.MINUS: {
        const n1 = this.peek(1);
        if (n1.type === Tk.NUM_INT || n1.type === Tk.NUM_FLOAT) {
          this.next();
          this.next();
          return this.numberLiteral(n1, t);
        }
        return this.unexpectedPrimary([]);
      }
      case Tk.NUM_INT:
      case Tk.NUM_UINT:
      case Tk.NUM_FLOAT:
        this.next();
        return this.numberLiteral(t, null);
      case Tk.STRING:
      case Tk.BYTES: {
        this.next();
        const r = unquote(t.text, t.type === Tk.BYTES);
        if ("error" in r) {
          this.report(t.start, r.error);
          return this.errorExpr(t.start);
        }
        return constExpr(
          this.id(t.start),
          typeof r.value === "string" ? { case: "stringValue", value: r.value } : { case: "bytesValue", value: r.value },
        );
      }
      case Tk.TRUE:
      case Tk.FALSE:
        this.next();
        return constExpr(this.id(t.start), { case: "boolValue", value: t.type === Tk.TRUE });
      case Tk.NUL:
        this.next();
        return constExpr(this.id(t.start), { case: "nullValue", value: 0 as NullValue });
      default:
        return this.unexpectedPrimary([]);
    }
  }

  /** Parses a map key expression (ids as parseExpr). */
  parseExprNoId(): Expr {
    return this.parseExpr();
  }

  parseFieldInits(): Expr_Entry[] {
    const entries: Expr_Entry[] = [];
    if (this.peek().type === Tk.RBRACE) {
      this.next();
      return entries;
    }
    for (;;) {
      let opt = false;
      const pt = this.peek();
      if (pt.type === Tk.QUESTION) {
        this.next();
        opt = true;
      }
      let f = this.peek();
      if (f.type !== Tk.IDENTIFIER && f.type !== Tk.ESC_IDENTIFIER) {
        const want = opt ? "{IDENTIFIER, ESC_IDENTIFIER}" : "{'}', ',', '?', IDENTIFIER, ESC_IDENTIFIER}";
        const after = this.peek(1).type;
        if (f.type !== Tk.EOF && (after === Tk.IDENTIFIER || after === Tk.ESC_IDENTIFIER || after === Tk.QUESTION)) {
          this.report(f.start, `Syntax error: extraneous input ${tokenDisplay(f)} expecting ${want}`);
          this.next();
          f = this.peek();
          if (f.type === Tk.QUESTION) {
            this.next();
            opt = true;
            f = this.peek();
          }
        } else {
          this.report(f.start, `Syntax error: mismatched input ${tokenDisplay(f)} expecting ${want}`);
          throw new ParseAbort();
        }
      }
      this.next();
      const col = this.peek();
      if (col.type !== Tk.COLON && (col.type === Tk.RBRACE || col.type === Tk.COMMA)) {
        // ANTLR reports the missing ':' and recovers at the following '}' or ','.
        this.report(col.start, `Syntax error: mismatched input ${tokenDisplay(col)} expecting ':'`);
        if (this.peek().type === Tk.COMMA) {
          this.next();
          continue;
        }
        break;
      }
      this.expect(Tk.COLON);
      const colId = this.id(col.start);
      const value = this.parseExpr();
      if (opt && !this.opts.optionalSyntax) this.report(pt.start, "unsupported syntax '?'");
      if (f.type === Tk.ESC_IDENTIFIER && !this.opts.identEscapeSyntax) this.report(f.start, "unsupported syntax: '`'");
      const name = f.type === Tk.ESC_IDENTIFIER ? f.text.slice(1, -1) : f.text;
      entries.push(fieldEntry(colId, name, value, opt && this.opts.optionalSyntax));
      if (this.peek().type === Tk.COMMA) {
        this.next();
        if (this.peek().type === Tk.RBRACE) break;
        continue;
      }
      break;
    }
    this.expect(Tk.RBRACE);
    return entries;
  }

  numberLiteral(t: Token, sign: Token | null): Expr {
    const startTok = sign ?? t;
    const offset = startTok.start;
    let text = t.text;
    if (t.type === Tk.NUM_FLOAT) {
      const v = Number((sign ? "-" : "") + text);
      if (!Number.isFinite(v)) {
        this.report(offset, "invalid double literal");
        return this.errorExpr(offset);
      }
      return constExpr(this.id(offset), { case: "doubleValue", value: v });
    }
    if (t.type === Tk.NUM_UINT) {
      text = text.slice(0, -1);
      let v: bigint;
      try {
        v = BigInt(text);
      } catch {
        v = -1n;
      }
      if (v < 0n || v > 0xffffffffffffffffn) {
        this.report(offset, "invalid uint literal");
        return this.errorExpr(offset);
      }
      return constExpr(this.id(offset), { case: "uint64Value", value: v });
    }
    let v: bigint;
    try {
      v = BigInt(text);
    } catch {
      v = 1n << 70n;
    }
    if (sign) v = -v;
    if (v < -(1n << 63n) || v > (1n << 63n) - 1n) {
      this.report(offset, "invalid int literal");
      return this.errorExpr(offset);
    }
    return constExpr(this.id(offset), { case: "int64Value", value: v });
  }

  parseExprList(close: Tk): Expr[] {
    const args: Expr[] = [];
    if (this.peek().type === close) {
      this.next();
      return args;
    }
    if (!EXPR_START_SET.has(this.peek().type) && !this.recoverExprStart([close])) {
      args.push(this.errorExpr(this.peek().start));
      this.expect(close);
      return args;
    }
    for (;;) {
      args.push(this.parseExpr());
      if (this.peek().type === Tk.COMMA) {
        this.next();
        continue;
      }
      break;
    }
    this.expect(close);
    return args;
  }

  /** Reports an unexpected token where an expression must start, ANTLR style. */
  unexpectedPrimary(extra: Tk[]): Expr {
    const at = this.peek().start;
    if (!this.recoverExprStart(extra)) return this.errorExpr(at);
    return this.parsePrimary();
  }

  /**
   * At a point where an expression must start but the current token cannot start one: report it
   * like ANTLR (extraneous input when deleting the token recovers, mismatched input otherwise) and
   * either skip the token (recovered) or abort.
   */
  recoverExprStart(extra: Tk[]): boolean {
    const t = this.peek();
    const expecting = expectingSet(extra);
    if (t.type === Tk.EOF) {
      this.report(t.start, `Syntax error: mismatched input ${tokenDisplay(t)} expecting ${expecting}`);
      throw new ParseAbort();
    }
    const after = this.peek(1);
    if (EXPR_START_SET.has(after.type)) {
      this.report(t.start, `Syntax error: extraneous input ${tokenDisplay(t)} expecting ${expecting}`);
      this.next();
      return true;
    }
    this.report(t.start, `Syntax error: mismatched input ${tokenDisplay(t)} expecting ${expecting}`);
    if (RESYNC_TOKENS.has(t.type)) {
      // In the follow set of the enclosing construct: ANTLR resynchronises without consuming it.
      return false;
    }
    if (!OPERATOR_TOKENS.has(t.type)) throw new ParseAbort();
    this.next();
    if (EXPR_START_SET.has(this.peek().type)) return true;
    return this.recoverExprStart([]);
  }

  expect(type: Tk): Token {
    const t = this.peek();
    if (t.type === type) return this.next();
    const want = TOKEN_DISPLAY[type]!;
    if (t.type === Tk.EOF) {
      this.report(t.start, `Syntax error: missing ${want} at ${tokenDisplay(t)}`);
      throw new ParseAbort();
    }
    const after = this.peek(1);
    if (after.type === type) {
      this.report(t.start, `Syntax error: extraneous input ${tokenDisplay(t)} expecting ${want}`);
      this.next();
      return this.next();
    }
    this.report(t.start, `Syntax error: mismatched input ${tokenDisplay(t)} expecting ${want}`);
    throw new ParseAbort();
  }

  // -- macros

  globalCallOrMacro(id: bigint, fn: string, args: Expr[]): Expr {
    const expanded = this.expandMacro(id, fn, undefined, args);
    if (expanded) return expanded;
    return callExpr(id, fn, undefined, args);
  }

  receiverCallOrMacro(id: bigint, fn: string, target: Expr, args: Expr[]): Expr {
    const expanded = this.expandMacro(id, fn, target, args);
    if (expanded) return expanded;
    return callExpr(id, fn, target, args);
  }

  expandMacro(id: bigint, fn: string, target: Expr | undefined, args: Expr[]): Expr | null {
    if (!MACRO_NAMES.has(fn)) return null;
    const key = `${fn}:${args.length}:${target ? "m" : "g"}`;
    if (!this.opts.macros.has(key)) return null;
    const expander = MACROS[`${fn}:${args.length}`];
    if (!expander) return null;
    return expander(this, id, target, args);
  }

  macroError(at: Expr, message: string): Expr {
    const off = this.offsetOf(at.id);
    this.report(off, message);
    return this.errorExpr(off);
  }

  // node factories used by macros (allocate ids located at the macro call)
  mLiteral(callId: bigint, kind: ConstKind): Expr {
    return constExpr(this.macroId(callId), kind);
  }
  mIdent(callId: bigint, name: string): Expr {
    return identExpr(this.macroId(callId), name);
  }
  mCall(callId: bigint, fn: string, args: Expr[]): Expr {
    return callExpr(this.macroId(callId), fn, undefined, args);
  }
  mMemberCall(callId: bigint, fn: string, target: Expr, args: Expr[]): Expr {
    return callExpr(this.macroId(callId), fn, target, args);
  }
  mList(callId: bigint, elems: Expr[]): Expr {
    return listExpr(this.macroId(callId), elems, []);
  }
  mMap(callId: bigint): Expr {
    return structExpr(this.macroId(callId), "", []);
  }
  mComprehension(
    callId: bigint,
    iterRange: Expr,
    iterVar: string,
    iterVar2: string,
    accuVar: string,
    accuInit: Expr,
    cond: Expr,
    step: Expr,
    result: Expr,
  ): Expr {
    return comprehensionExpr(this.macroId(callId), iterRange, iterVar, iterVar2, accuVar, accuInit, cond, step, result);
  }
  /** cel-go exprHelper.Copy: a deep copy with fresh ids at the same positions. */
  copy(e: Expr): Expr {
    const cid = this.id(this.offsetOf(e.id));
    const k = e.exprKind;
    switch (k.case) {
      case "constExpr":
        return constExpr(cid, k.value.constantKind as ConstKind);
      case "identExpr":
        return identExpr(cid, k.value.name);
      case "selectExpr":
        return selectExpr(cid, this.copy(k.value.operand!), k.value.field, k.value.testOnly);
      case "callExpr": {
        const args = k.value.args.map((a) => this.copy(a));
        return callExpr(cid, k.value.function, k.value.target ? this.copy(k.value.target) : undefined, args);
      }
      case "listExpr":
        return listExpr(cid, k.value.elements.map((x) => this.copy(x)), [...k.value.optionalIndices]);
      case "structExpr":
        return structExpr(
          cid,
          k.value.messageName,
          k.value.entries.map((en) => {
            const eid = this.id(this.offsetOf(e.id));
            if (en.keyKind.case === "mapKey") return mapEntry(eid, this.copy(en.keyKind.value), this.copy(en.value!), en.optionalEntry);
            return fieldEntry(eid, en.keyKind.value as string, this.copy(en.value!), en.optionalEntry);
          }),
        );
      case "comprehensionExpr": {
        const c = k.value;
        return comprehensionExpr(
          cid,
          this.copy(c.iterRange!),
          c.iterVar,
          c.iterVar2,
          c.accuVar,
          this.copy(c.accuInit!),
          this.copy(c.loopCondition!),
          this.copy(c.loopStep!),
          this.copy(c.result!),
        );
      }
      default:
        return { $typeName: "cel.expr.Expr", id: cid, exprKind: { case: undefined, value: undefined } } as Expr;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Proto node helpers

type ConstKind = Extract<Expr["exprKind"], { case: "constExpr" }>["value"]["constantKind"];
type Expr_Entry = Extract<Expr["exprKind"], { case: "structExpr" }>["value"]["entries"][number];

function constExpr(id: bigint, constantKind: ConstKind): Expr {
  return {
    $typeName: "cel.expr.Expr",
    id,
    exprKind: { case: "constExpr", value: { $typeName: "cel.expr.Constant", constantKind } },
  } as Expr;
}
function identExpr(id: bigint, name: string): Expr {
  return { $typeName: "cel.expr.Expr", id, exprKind: { case: "identExpr", value: { $typeName: "cel.expr.Expr.Ident", name } } } as Expr;
}
function selectExpr(id: bigint, operand: Expr, field: string, testOnly: boolean): Expr {
  return {
    $typeName: "cel.expr.Expr",
    id,
    exprKind: { case: "selectExpr", value: { $typeName: "cel.expr.Expr.Select", operand, field, testOnly } },
  } as Expr;
}
export function callExpr(id: bigint, fn: string, target: Expr | undefined, args: Expr[]): Expr {
  const value = { $typeName: "cel.expr.Expr.Call", function: fn, args } as Record<string, unknown>;
  if (target) value["target"] = target;
  return { $typeName: "cel.expr.Expr", id, exprKind: { case: "callExpr", value } } as unknown as Expr;
}
function listExpr(id: bigint, elements: Expr[], optionalIndices: number[]): Expr {
  return {
    $typeName: "cel.expr.Expr",
    id,
    exprKind: { case: "listExpr", value: { $typeName: "cel.expr.Expr.CreateList", elements, optionalIndices } },
  } as Expr;
}
function structExpr(id: bigint, messageName: string, entries: Expr_Entry[]): Expr {
  return {
    $typeName: "cel.expr.Expr",
    id,
    exprKind: { case: "structExpr", value: { $typeName: "cel.expr.Expr.CreateStruct", messageName, entries } },
  } as Expr;
}
function mapEntry(id: bigint, key: Expr, value: Expr, optional: boolean): Expr_Entry {
  return {
    $typeName: "cel.expr.Expr.CreateStruct.Entry",
    id,
    keyKind: { case: "mapKey", value: key },
    value,
    optionalEntry: optional,
  } as Expr_Entry;
}
function fieldEntry(id: bigint, field: string, value: Expr, optional: boolean): Expr_Entry {
  return {
    $typeName: "cel.expr.Expr.CreateStruct.Entry",
    id,
    keyKind: { case: "fieldKey", value: field },
    value,
    optionalEntry: optional,
  } as Expr_Entry;
}
function comprehensionExpr(
  id: bigint,
  iterRange: Expr,
  iterVar: string,
  iterVar2: string,
  accuVar: string,
  accuInit: Expr,
  loopCondition: Expr,
  loopStep: Expr,
  result: Expr,
): Expr {
  return {
    $typeName: "cel.expr.Expr",
    id,
    exprKind: {
      case: "comprehensionExpr",
      value: {
        $typeName: "cel.expr.Expr.Comprehension",
        iterVar,
        iterVar2,
        iterRange,
        accuVar,
        accuInit,
        loopCondition,
        loopStep,
        result,
      },
    },
  } as Expr;
}

function identName(e: Expr): string | null {
  return e.exprKind.case === "identExpr" ? e.exprKind.value.name : null;
}

const TRUE_K: ConstKind = { case: "boolValue", value: true };
const FALSE_K: ConstKind = { case: "boolValue", value: false };

// ---------------------------------------------------------------------------------------------
// Macro expanders (cel-go parser/macro.go, cel/library.go optMap/optFlatMap, ext/comprehensions.go,
// ext/bindings.go, ext/lists.go sortBy)

function checkIterVar(p: Parser, arg: Expr, simpleNameMsg: string): string | Expr {
  const v = identName(arg);
  if (v === null) return p.macroError(arg, simpleNameMsg);
  if (v === p.accu || v === LEGACY_ACCUMULATOR) return p.macroError(arg, "iteration variable overwrites accumulator variable");
  return v;
}

function quantifier(kind: "all" | "exists" | "existsOne"): MacroExpander {
  return (p, id, target, args) => {
    const v = checkIterVar(p, args[0]!, "argument must be a simple name");
    if (typeof v !== "string") return v;
    return buildQuantifier(p, id, kind, target!, v, "", args[1]!);
  };
}

function buildQuantifier(
  p: Parser,
  id: bigint,
  kind: "all" | "exists" | "existsOne",
  target: Expr,
  v: string,
  v2: string,
  pred: Expr,
): Expr {
  const accu = p.accu;
  let init: Expr;
  let cond: Expr;
  let step: Expr;
  let result: Expr;
  if (kind === "all") {
    init = p.mLiteral(id, TRUE_K);
    cond = p.mCall(id, "@not_strictly_false", [p.mIdent(id, accu)]);
    const a = p.mIdent(id, accu);
    step = p.mCall(id, "_&&_", [a, pred]);
    result = p.mIdent(id, accu);
  } else if (kind === "exists") {
    init = p.mLiteral(id, FALSE_K);
    const a = p.mIdent(id, accu);
    const not = p.mCall(id, "!_", [a]);
    cond = p.mCall(id, "@not_strictly_false", [not]);
    const a2 = p.mIdent(id, accu);
    step = p.mCall(id, "_||_", [a2, pred]);
    result = p.mIdent(id, accu);
  } else {
    init = p.mLiteral(id, { case: "int64Value", value: 0n });
    cond = p.mLiteral(id, TRUE_K);
    const a = p.mIdent(id, accu);
    const one = p.mLiteral(id, { case: "int64Value", value: 1n });
    const add = p.mCall(id, "_+_", [a, one]);
    const a2 = p.mIdent(id, accu);
    step = p.mCall(id, "_?_:_", [pred, add, a2]);
    const a3 = p.mIdent(id, accu);
    const one2 = p.mLiteral(id, { case: "int64Value", value: 1n });
    result = p.mCall(id, "_==_", [a3, one2]);
  }
  return p.mComprehension(id, target, v, v2, accu, init, cond, step, result);
}

const makeMap: MacroExpander = (p, id, target, args) => {
  const v = checkIterVar(p, args[0]!, "argument is not an identifier");
  if (typeof v !== "string") return v;
  const filter = args.length === 3 ? args[1]! : null;
  const fn = args.length === 3 ? args[2]! : args[1]!;
  const init = p.mList(id, []);
  const cond = p.mLiteral(id, TRUE_K);
  const a = p.mIdent(id, p.accu);
  const l = p.mList(id, [fn]);
  let step = p.mCall(id, "_+_", [a, l]);
  if (filter) {
    const a2 = p.mIdent(id, p.accu);
    step = p.mCall(id, "_?_:_", [filter, step, a2]);
  }
  const result = p.mIdent(id, p.accu);
  return p.mComprehension(id, target!, v, "", p.accu, init, cond, step, result);
};

const makeFilter: MacroExpander = (p, id, target, args) => {
  const v = checkIterVar(p, args[0]!, "argument is not an identifier");
  if (typeof v !== "string") return v;
  const filter = args[1]!;
  const init = p.mList(id, []);
  const cond = p.mLiteral(id, TRUE_K);
  const a = p.mIdent(id, p.accu);
  const l = p.mList(id, [args[0]!]);
  let step = p.mCall(id, "_+_", [a, l]);
  const a2 = p.mIdent(id, p.accu);
  step = p.mCall(id, "_?_:_", [filter, step, a2]);
  const result = p.mIdent(id, p.accu);
  return p.mComprehension(id, target!, v, "", p.accu, init, cond, step, result);
};

const makeHas: MacroExpander = (p, id, _target, args) => {
  const a = args[0]!;
  if (a.exprKind.case === "selectExpr") {
    return selectExpr(p.macroId(id), a.exprKind.value.operand!, a.exprKind.value.field, true);
  }
  return p.macroError(a, "invalid argument to has() macro");
};

function twoVars(p: Parser, a0: Expr, a1: Expr): [string, string] | Expr {
  const v1 = identName(a0);
  if (v1 === null) return p.macroError(a0, "argument must be a simple name");
  const v2 = identName(a1);
  if (v2 === null) return p.macroError(a1, "argument must be a simple name");
  if (v1 === v2) return p.macroError(a1, `duplicate variable name: ${v1}`);
  if (v1 === p.accu || v1 === LEGACY_ACCUMULATOR) return p.macroError(a0, "iteration variable overwrites accumulator variable");
  if (v2 === p.accu || v2 === LEGACY_ACCUMULATOR) return p.macroError(a1, "iteration variable overwrites accumulator variable");
  return [v1, v2];
}

function quantifier2(kind: "all" | "exists" | "existsOne"): MacroExpander {
  return (p, id, target, args) => {
    const vs = twoVars(p, args[0]!, args[1]!);
    if (!Array.isArray(vs)) return vs;
    return buildQuantifier(p, id, kind, target!, vs[0], vs[1], args[2]!);
  };
}

const transformList: MacroExpander = (p, id, target, args) => {
  const vs = twoVars(p, args[0]!, args[1]!);
  if (!Array.isArray(vs)) return vs;
  const filter = args.length === 4 ? args[2]! : null;
  const transform = args.length === 4 ? args[3]! : args[2]!;
  const a = p.mIdent(id, p.accu);
  const l = p.mList(id, [transform]);
  let step = p.mCall(id, "_+_", [a, l]);
  if (filter) step = p.mCall(id, "_?_:_", [filter, step, p.mIdent(id, p.accu)]);
  const init = p.mList(id, []);
  const cond = p.mLiteral(id, TRUE_K);
  const result = p.mIdent(id, p.accu);
  return p.mComprehension(id, target!, vs[0], vs[1], p.accu, init, cond, step, result);
};

function transformMapLike(entry: boolean): MacroExpander {
  return (p, id, target, args) => {
    const vs = twoVars(p, args[0]!, args[1]!);
    if (!Array.isArray(vs)) return vs;
    const filter = args.length === 4 ? args[2]! : null;
    const transform = args.length === 4 ? args[3]! : args[2]!;
    const a = p.mIdent(id, p.accu);
    let step = entry
      ? p.mCall(id, "cel.@mapInsert", [a, transform])
      : p.mCall(id, "cel.@mapInsert", [a, p.mIdent(id, vs[0]), transform]);
    if (filter) step = p.mCall(id, "_?_:_", [filter, step, p.mIdent(id, p.accu)]);
    const init = p.mMap(id);
    const cond = p.mLiteral(id, TRUE_K);
    const result = p.mIdent(id, p.accu);
    return p.mComprehension(id, target!, vs[0], vs[1], p.accu, init, cond, step, result);
  };
}

const UNUSED_ITER_VAR = "#unused";

function optMapLike(flat: boolean): MacroExpander {
  return (p, id, target, args) => {
    const varName = identName(args[0]!);
    if (varName === null) {
      return p.macroError(args[0]!, `${flat ? "optFlatMap" : "optMap"}() variable name must be a simple identifier`);
    }
    const mapExpr = args[1]!;
    const has = p.mMemberCall(id, "hasValue", target!, []);
    const range = p.mList(id, []);
    const value = p.mMemberCall(id, "value", target!, []);
    const f = p.mLiteral(id, FALSE_K);
    const vIdent = p.mIdent(id, varName);
    const compre = p.mComprehension(id, range, UNUSED_ITER_VAR, "", varName, value, f, vIdent, mapExpr);
    const thenBranch = flat ? compre : p.mCall(id, "optional.of", [compre]);
    const none = p.mCall(id, "optional.none", []);
    return p.mCall(id, "_?_:_", [has, thenBranch, none]);
  };
}

const celBind: MacroExpander = (p, id, target, args) => {
  if (!target || identName(target) !== "cel") return null;
  const varName = identName(args[0]!);
  if (varName === null) return p.macroError(args[0]!, "cel.bind() variable names must be simple identifiers");
  const range = p.mList(id, []);
  const f = p.mLiteral(id, FALSE_K);
  const vIdent = p.mIdent(id, varName);
  return p.mComprehension(id, range, UNUSED_ITER_VAR, "", varName, args[1]!, f, vIdent, args[2]!);
};

const sortBy: MacroExpander = (p, id, target, args) => {
  const t = target!;
  const tk = t.exprKind.case;
  if (tk !== "listExpr" && tk !== "selectExpr" && tk !== "identExpr" && tk !== "comprehensionExpr" && tk !== "callExpr") {
    return p.macroError(t, "sortBy can only be applied to a list, identifier, comprehension, call or select expression");
  }
  const mapperVar = identName(args[0]!);
  if (mapperVar === null) return p.macroError(args[0]!, "sortBy(var, ...) variable name must be a simple identifier");
  const inputName = "@__sortBy_input__";
  const varIdent = p.mIdent(id, inputName);
  const range = p.mList(id, []);
  const f = p.mLiteral(id, FALSE_K);
  const inner = p.copy(varIdent);
  const mapRange = p.copy(varIdent);
  const a = p.mIdent(id, p.accu);
  const l = p.mList(id, [args[1]!]);
  const step = p.mCall(id, "_+_", [a, l]);
  const init = p.mList(id, []);
  const cond = p.mLiteral(id, TRUE_K);
  const result = p.mIdent(id, p.accu);
  const mapped = p.mComprehension(id, mapRange, mapperVar, "", p.accu, init, cond, step, result);
  const call = p.mMemberCall(id, "@sortByAssociatedKeys", inner, [mapped]);
  return p.mComprehension(id, range, UNUSED_ITER_VAR, "", inputName, t, f, varIdent, call);
};

const MACROS: Record<string, MacroExpander> = {
  "has:1": makeHas,
  "all:2": quantifier("all"),
  "exists:2": quantifier("exists"),
  "exists_one:2": quantifier("existsOne"),
  "existsOne:2": quantifier("existsOne"),
  "map:2": makeMap,
  "map:3": makeMap,
  "filter:2": makeFilter,
  "all:3": quantifier2("all"),
  "exists:3": quantifier2("exists"),
  "existsOne:3": quantifier2("existsOne"),
  "exists_one:3": quantifier2("existsOne"),
  "transformList:3": transformList,
  "transformList:4": transformList,
  "transformMap:3": transformMapLike(false),
  "transformMap:4": transformMapLike(false),
  "transformMapEntry:3": transformMapLike(true),
  "transformMapEntry:4": transformMapLike(true),
  "optMap:2": optMapLike(false),
  "optFlatMap:2": optMapLike(true),
  "bind:3": celBind,
  "sortBy:2": sortBy,
};

const MACRO_NAMES = new Set(Object.keys(MACROS).map((k) => k.slice(0, k.lastIndexOf(":"))));

// ---------------------------------------------------------------------------------------------
// Entry point

/** Node offsets by numeric id, attached to the SourceInfo objects this parser creates. */
export const NODE_OFFSETS: unique symbol = Symbol("celNodeOffsets");

/** The code point offset of a node id (cel-go SourceInfo.GetStartLocation), -1 when unknown. */
export function nodeOffset(sourceInfo: SourceInfo, id: bigint): number {
  const arr = (sourceInfo as unknown as { [NODE_OFFSETS]?: number[] })[NODE_OFFSETS];
  if (arr) return arr[Number(id)] ?? -1;
  return sourceInfo.positions[id.toString()] ?? -1;
}

function makeSourceInfo(source: CelSource, offsets: number[]): SourceInfo {
  let positions: Record<string, number> | null = null;
  const info = {
    $typeName: "cel.expr.SourceInfo",
    syntaxVersion: "",
    location: "<input>",
    lineOffsets: source.lineOffsets,
    macroCalls: {},
    extensions: [],
  } as unknown as SourceInfo;
  Object.defineProperty(info, "positions", {
    enumerable: true,
    configurable: true,
    get() {
      if (!positions) {
        positions = {};
        for (let i = 1; i < offsets.length; i++) positions[String(i)] = offsets[i]!;
      }
      return positions;
    },
    set(v: Record<string, number>) {
      positions = v;
    },
  });
  Object.defineProperty(info, NODE_OFFSETS, { value: offsets, enumerable: false });
  return info;
}

/**
 * Parses a CEL expression. Errors are cel-go parser issues (syntax errors, macro errors, invalid
 * literals); when there are errors the returned expression may contain unspecified nodes.
 */
export function parseCel(text: string, options: ParseOptions): ParseResult {
  const source = new CelSource(text);
  const errors: CelIssue[] = [];
  const astral = source.hasAstral();
  const cpLength = astral ? source.codePointOffset(text.length) : text.length;
  let expr: Expr;
  let offsets: number[];
  if (cpLength > 100_000) {
    errors.push({
      message: `expression code point size exceeds limit: size: ${cpLength}, limit 100000`,
      offset: -1,
    });
    expr = { $typeName: "cel.expr.Expr", id: 1n, exprKind: { case: undefined, value: undefined } } as Expr;
    offsets = [0, -1];
  } else {
    const tokens = lex(text, errors, astral ? (u) => source.codePointOffset(u) : null);
    const parser = new Parser(tokens, errors, options);
    expr = parser.parseStart();
    offsets = parser.offsets;
  }
  return { expr, sourceInfo: makeSourceInfo(source, offsets), source, errors };
}
