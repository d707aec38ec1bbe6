/**
 * CEL lexer (google/cel-go parser/gen/CEL.g4 lexer rules): tokens numbered like ANTLR's so expected-token
 * sets sort like ANTLR's, token display for syntax errors, and string/bytes literal unquoting
 * (cel-go parser/unescaper.go). Positions are code point offsets (cel-go semantics).
 */
import type { CelIssue } from "../issues.js";

// ---------------------------------------------------------------------------------------------
// Tokens (numbers follow the ANTLR token types of CEL.g4 so expected-token sets sort like ANTLR's)

export const enum Tk {
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

export const TOKEN_DISPLAY: Record<number, string> = {
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

export interface Token {
  type: Tk;
  /** Code point offsets [start, stop). */
  start: number;
  stop: number;
  text: string;
}

/** A set of token types as ANTLR prints it (IntervalSet.StringVerbose): by type, in braces when more than one. */
export function tokenSetDisplay(set: ReadonlySet<Tk>): string {
  const names = [...set].sort((a, b) => a - b).map((t) => TOKEN_DISPLAY[t]!);
  return names.length === 1 ? names[0]! : `{${names.join(", ")}}`;
}

/** ANTLR getTokenErrorDisplay / getErrorDisplay. */
export function errorDisplay(text: string): string {
  return text.replace(/\n/g, "\\n").replace(/\r/g, "\\r").replace(/\t/g, "\\t");
}
export function tokenDisplay(t: Token): string {
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

/**
 * The tokens of `src`, EOF last. `skipped` receives the code point ranges [start, stop) that lexer errors skipped, as
 * pairs: the characters between two tokens are these and the hidden whitespace and comments. Without `escapedIdents`
 * (cel-go before v0.23) a backtick is no token.
 */
export function lex(
  src: string,
  issues: CelIssue[],
  cpOf: ((utf16: number) => number) | null,
  skipped?: number[],
  escapedIdents = true,
): Token[] {
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
    // The Go runtime prints the text as it is (BaseLexer.notifyListeners), line breaks and tabs included.
    issues.push({
      message: `Syntax error: token recognition error at: '${text(start, end)}'`,
      offset: cpOf ? cpOf(start) : start,
    });
    const next = failAt < n ? end : n;
    skipped?.push(cpOf ? cpOf(start) : start, cpOf ? cpOf(next) : next);
    return next;
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
    if (
      (c === 98 || c === 66) &&
      (src.charCodeAt(j + 1) === 34 ||
        src.charCodeAt(j + 1) === 39 ||
        src.charCodeAt(j + 1) === 114 ||
        src.charCodeAt(j + 1) === 82)
    ) {
      // b'..', b"..", br'..'
      const k = src.charCodeAt(j + 1) === 114 || src.charCodeAt(j + 1) === 82 ? j + 2 : j + 1;
      if (src.charCodeAt(k) === 34 || src.charCodeAt(k) === 39) {
        isBytes = true;
        isRaw = k === j + 2;
        j = k;
      }
    } else if (
      (c === 114 || c === 82) &&
      (src.charCodeAt(j + 1) === 34 ||
        src.charCodeAt(j + 1) === 39 ||
        src.charCodeAt(j + 1) === 98 ||
        src.charCodeAt(j + 1) === 66)
    ) {
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
      } else if (triple || j > start) {
        // ANTLR's lexer falls back to the longest token it matched on the way (LexerATNSimulator.failOrAccept): the
        // empty string before a third quote (`""` of `"""x`), else the prefix letters (`b` of `b'x`, an identifier).
        const stop = triple ? j + 2 : j;
        push(triple ? (isBytes ? Tk.BYTES : Tk.STRING) : Tk.IDENTIFIER, start, stop);
        i = stop;
      } else {
        i = fail(start, failAt);
      }
      continue;
    }
    // numbers
    if (isDigit(c) || (c === 46 && isDigit(src.charCodeAt(i + 1)))) {
      let k = i;
      if (c === 48 && (src.charCodeAt(k + 1) === 120 || src.charCodeAt(k + 1) === 88) && isHex(src.charCodeAt(k + 2))) {
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
        if (src.charCodeAt(k) === 46 && isDigit(src.charCodeAt(k + 1))) {
          isFloat = true;
          k++;
          while (k < n && isDigit(src.charCodeAt(k))) k++;
        }
      }
      // exponent
      if (src.charCodeAt(k) === 101 || src.charCodeAt(k) === 69) {
        let e = k + 1;
        if (src.charCodeAt(e) === 43 || src.charCodeAt(e) === 45) e++;
        if (isDigit(src.charCodeAt(e))) {
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
    if (c === 96 && escapedIdents) {
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
export function unquote(raw: string, isBytes: boolean): { value: string | Uint8Array } | { error: string } {
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
