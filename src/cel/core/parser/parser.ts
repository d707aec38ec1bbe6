/**
 * The CEL grammar (CEL.g4) as a recursive-descent parser that assigns node ids and positions in the same
 * order and at the same tokens as cel-go's parser visitor, and reports syntax errors with ANTLR's wording
 * for the common cases. Macro calls are expanded by ./macros.ts.
 */
import type { Expr, SourceInfo } from "@bufbuild/cel-spec/cel/expr/syntax_pb.js";
import type { NullValue } from "@bufbuild/protobuf/wkt";
import type { CelSource, CelIssue } from "../issues.js";
import {
  Tk,
  TOKEN_DISPLAY,
  EXPR_START_SET,
  RESYNC_TOKENS,
  OPERATOR_TOKENS,
  expectingSet,
  errorDisplay,
  tokenDisplay,
  unquote,
  type Token,
} from "./lexer.js";
import {
  constExpr,
  identExpr,
  selectExpr,
  callExpr,
  listExpr,
  structExpr,
  mapEntry,
  fieldEntry,
  comprehensionExpr,
  type ConstKind,
  type Expr_Entry,
} from "./ast.js";
import { MACROS, MACRO_NAMES } from "./macros.js";

// ---------------------------------------------------------------------------------------------
// AST construction

export interface ParseOptions {
  /** Enabled macros, keyed `name:argCount:m|g` (see env.ts). */
  macros: ReadonlySet<string>;
  /** Optional syntax (`.?`, `[?`, `?` entries). */
  optionalSyntax: boolean;
  /** Accumulator variable name used by macro expansions ("@result" or "__result__"). */
  accumulatorName?: string;
  /** cel-go before v0.17: has()'s error has no location of its own and is placed at the macro call. */
  macroErrorsAtCall?: boolean;
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

class ParseAbort extends Error {}

/** The hidden tokens in a gap between two tokens: whitespace runs and `//` comments (other characters: lexer errors). */
function hiddenText(gap: string): string {
  let out = "";
  for (let i = 0; i < gap.length;) {
    const c = gap[i]!;
    if (c === " " || c === "\t" || c === "\n" || c === "\r" || c === "\f") {
      out += c;
      i++;
    } else if (c === "/" && gap[i + 1] === "/") {
      const nl = gap.indexOf("\n", i);
      const end = nl < 0 ? gap.length : nl;
      out += gap.slice(i, end);
      i = end;
    } else i += c.codePointAt(0)! > 0xffff ? 2 : 1;
  }
  return out;
}

export class Parser {
  private readonly tokens: Token[];
  private pos = 0;
  private nextId = 1;
  /** Offsets by numeric node id. */
  readonly offsets: number[] = [0];
  readonly errors: CelIssue[];
  private depth = 0;
  /**
   * The tokens each enclosing construct expects after the expression being parsed (`)` of a parenthesis, `,` and `]`
   * of a list, ...): ANTLR's error recovery stops at them, and consumes a closing token that none of them expects.
   */
  private readonly follows: Tk[][] = [];

  /**
   * @param sourceText the source between two code point offsets: ANTLR prints an error's input from the token stream,
   * whose hidden whitespace and comments lie between the tokens.
   */
  constructor(
    tokens: Token[],
    errors: CelIssue[],
    private readonly opts: ParseOptions,
    private readonly sourceText: (start: number, stop: number) => string,
  ) {
    this.tokens = tokens;
    this.errors = errors;
  }

  /**
   * BufferedTokenStream.GetTextFromTokens(a, b): the tokens' text from a to b with the hidden ones between them
   * (whitespace, comments), EOF excluded. A character the lexer could not recognize is in no token.
   */
  textBetween(a: Token, b: Token): string {
    let s = "";
    let prev: Token | null = null;
    for (let i = this.tokens.indexOf(a); i >= 0 && i < this.tokens.length; i++) {
      const t = this.tokens[i]!;
      if (prev !== null) s += hiddenText(this.sourceText(prev.stop, t.start));
      if (t.type !== Tk.EOF) s += t.text;
      if (t === b) break;
      prev = t;
    }
    return s;
  }

  /** The accumulator's name, read from the options only when a macro needs it (a range run shares the parses that do not). */
  get accu(): string {
    return this.opts.accumulatorName ?? "@result";
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
        if (after.type === Tk.EOF)
          this.report(t.start, `Syntax error: extraneous input ${tokenDisplay(t)} expecting <EOF>`);
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
    this.follows.push([Tk.COLON]);
    const ifTrue = this.parseOr();
    this.follows.pop();
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
        // no default: any other token ends the relation (fn stays null)
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
    const text = this.textBetween(last, t);
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
        this.follows.push([Tk.RBRACKET]);
        const index = this.parseExpr();
        this.follows.pop();
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

  parsePrimary(): Expr {
    const t = this.peek();
    switch (t.type) {
      case Tk.DOT:
      case Tk.IDENTIFIER: {
        let leadingDot = false;
        if (t.type === Tk.DOT) {
          const n1 = this.peek(1);
          if (n1.type !== Tk.IDENTIFIER) {
            const text = this.textBetween(t, n1);
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
        const start = leadingDot ? t : idTok;
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
        this.follows.push([Tk.RPAREN]);
        const e = this.parseExpr();
        this.follows.pop();
        this.expect(Tk.RPAREN);
        return e;
      }
      case Tk.LBRACKET: {
        this.next();
        const listId = this.id(t.start);
        const elems: Expr[] = [];
        const optionals: number[] = [];
        // `[]`, and `[,]`: the grammar's optional trailing comma also follows an empty list ('[' listInit? ','? ']').
        if (this.emptyAggregate(Tk.RBRACKET)) return listExpr(listId, elems, optionals);
        this.follows.push([Tk.COMMA, Tk.RBRACKET]);
        this.aggregateElements(Tk.RBRACKET, () => {
          const { pt, opt, ok } = this.optionalElementStart(Tk.RBRACKET, elems.length === 0);
          if (!ok) {
            elems.push(this.errorExpr(pt.start));
            return false;
          }
          const e = this.parseExpr();
          if (opt) {
            if (!this.opts.optionalSyntax) this.report(pt.start, "unsupported syntax '?'");
            else optionals.push(elems.length);
          }
          elems.push(e);
          return true;
        });
        return listExpr(listId, elems, optionals);
      }
      case Tk.LBRACE: {
        this.next();
        const structId = this.id(t.start);
        const entries: Expr_Entry[] = [];
        // `{}`, and `{,}` ('{' mapInitializerList? ','? '}').
        if (this.emptyAggregate(Tk.RBRACE)) return structExpr(structId, "", entries);
        this.follows.push([Tk.COLON, Tk.COMMA, Tk.RBRACE]);
        this.aggregateElements(Tk.RBRACE, () => {
          const { pt, opt, ok } = this.optionalElementStart(Tk.RBRACE, entries.length === 0);
          if (!ok) return false;
          const key = this.parseExprNoId();
          const col = this.peek();
          this.expect(Tk.COLON);
          const colId = this.id(col.start);
          // cel-go allocates the entry id before visiting key/value; we parsed the key first, so
          // the entry id is larger than the key's ids — ids stay unique, positions are identical.
          const value = this.parseExpr();
          if (opt && !this.opts.optionalSyntax) this.report(pt.start, "unsupported syntax '?'");
          entries.push(mapEntry(colId, key, value, opt && this.opts.optionalSyntax));
          return true;
        });
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
          typeof r.value === "string"
            ? { case: "stringValue", value: r.value }
            : { case: "bytesValue", value: r.value },
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

  /**
   * The rest of a list or map literal that is not `[]`/`{}`: a leading comma alone (the optional trailing one of an
   * empty literal: `close` must follow), or elements separated by commas, each parsed by `element` (false when
   * recovery stopped the literal); then `close`, expected as ANTLR expects it after an element or after a comma.
   */
  aggregateElements(close: Tk, element: () => boolean): void {
    // Whether the literal stopped right after an element (then ANTLR expects `close` or `,`), not after a comma.
    let afterElement = false;
    if (this.peek().type === Tk.COMMA) this.next();
    else
      for (;;) {
        if (!element()) break;
        const sep = this.elementSeparator();
        if (sep === "next") continue;
        afterElement = sep === "none";
        break;
      }
    this.closeAggregate(close, afterElement);
  }

  /**
   * The optional-entry marker `?` before an element of a list or map literal, consumed when present. Before the first
   * element, a token that cannot start an expression is recovered from as ANTLR does; `ok` is false when that stops the
   * literal. `pt` is the element's first token (the `?` when marked), where an unsupported `?` is reported.
   */
  optionalElementStart(close: Tk, first: boolean): { pt: Token; opt: boolean; ok: boolean } {
    const pt = this.peek();
    if (pt.type === Tk.QUESTION) {
      this.next();
      return { pt, opt: true, ok: true };
    }
    const ok = EXPR_START_SET.has(pt.type) || !first || this.recoverExprStart([close, Tk.COMMA, Tk.QUESTION]);
    return { pt, opt: false, ok };
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
    this.follows.push([Tk.COMMA, Tk.RBRACE]);
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
    this.follows.pop();
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
    this.follows.push([Tk.COMMA, close]);
    if (!EXPR_START_SET.has(this.peek().type) && !this.recoverExprStart([close])) {
      args.push(this.errorExpr(this.peek().start));
      this.follows.pop();
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
    this.follows.pop();
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
    if (extra.includes(after.type)) {
      // Deleting the token leaves one the construct also accepts here (`[)]`: the `]`): ANTLR deletes it, and the
      // construct goes on without an expression.
      this.report(t.start, `Syntax error: extraneous input ${tokenDisplay(t)} expecting ${expecting}`);
      this.next();
      return false;
    }
    this.report(t.start, `Syntax error: mismatched input ${tokenDisplay(t)} expecting ${expecting}`);
    if (RESYNC_TOKENS.has(t.type)) {
      // In the follow set of an enclosing construct: ANTLR resynchronises without consuming it.
      if (this.follows.some((f) => f.includes(t.type))) return false;
      // Expected by none (`)` alone): ANTLR's recovery consumes it and what follows up to a token its recovery set
      // holds (an operator of the rules being parsed, or the end), and stays silent until it matches a token again.
      // Upstream: antlr/antlr4:runtime/Go/antlr/v4/error_strategy.go (DefaultErrorStrategy.Recover, consumeUntil)
      this.next();
      for (
        let n = this.peek();
        n.type !== Tk.EOF &&
        !OPERATOR_TOKENS.has(n.type) &&
        n.type !== Tk.MINUS &&
        !this.follows.some((f) => f.includes(n.type));
        n = this.peek()
      )
        this.next();
      return false;
    }
    if (!OPERATOR_TOKENS.has(t.type)) throw new ParseAbort();
    this.next();
    if (EXPR_START_SET.has(this.peek().type)) return true;
    return this.recoverExprStart([]);
  }

  /** An empty list or map literal, `[]` or `{}`, or with its optional trailing comma, `[,]` or `{,}`: consumed. */
  emptyAggregate(close: Tk): boolean {
    if (this.peek().type !== close && !(this.peek().type === Tk.COMMA && this.peek(1).type === close)) return false;
    if (this.peek().type === Tk.COMMA) this.next();
    this.next();
    return true;
  }

  /**
   * After an element of a list or map literal: "next" when a comma and another element follow, "trailing" after a
   * comma that is the optional trailing one (the literal must close), "none" when no comma follows.
   */
  elementSeparator(): "next" | "trailing" | "none" {
    if (this.peek().type !== Tk.COMMA) return "none";
    this.next();
    // A comma not followed by an element is the optional trailing one: the closing bracket must follow.
    return EXPR_START_SET.has(this.peek().type) || this.peek().type === Tk.QUESTION ? "next" : "trailing";
  }

  /** Closes a list or map literal; right after an element, ANTLR expects the bracket or a comma. */
  closeAggregate(close: Tk, afterElement: boolean): void {
    this.follows.pop();
    if (afterElement) this.expectAfterElement(close);
    else this.expect(close);
  }

  /**
   * The closer of a list or map literal after an element, where ANTLR expects the closer or a `,` (its error texts
   * name both: "mismatched input '<EOF>' expecting {']', ','}").
   */
  expectAfterElement(close: Tk): void {
    const t = this.peek();
    if (t.type === close) {
      this.next();
      return;
    }
    const want = `{${TOKEN_DISPLAY[close]}, ','}`;
    const after = this.peek(1).type;
    if (t.type !== Tk.EOF && (after === close || after === Tk.COMMA)) {
      this.report(t.start, `Syntax error: extraneous input ${tokenDisplay(t)} expecting ${want}`);
      if (after === Tk.COMMA) throw new ParseAbort(); // ANTLR goes on with the next element; its further errors are not followed
      this.next();
      this.next();
      return;
    }
    this.report(t.start, `Syntax error: mismatched input ${tokenDisplay(t)} expecting ${want}`);
    throw new ParseAbort();
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
    const outer = this.macroCall;
    this.macroCall = id;
    try {
      return expander(this, id, target, args);
    } finally {
      this.macroCall = outer;
    }
  }

  /** The id of the macro call being expanded (for macroErrorsAtCall). */
  private macroCall: bigint | null = null;

  /** `callLocated`: an error cel-go before v0.17 gave no location (has()'s), placed at the call with macroErrorsAtCall. */
  macroError(at: Expr, message: string, callLocated = false): Expr {
    const atCall = callLocated && this.opts.macroErrorsAtCall === true && this.macroCall !== null;
    const off = this.offsetOf(atCall ? this.macroCall! : at.id);
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
        return listExpr(
          cid,
          k.value.elements.map((x) => this.copy(x)),
          [...k.value.optionalIndices],
        );
      case "structExpr":
        return structExpr(
          cid,
          k.value.messageName,
          k.value.entries.map((en) => {
            const eid = this.id(this.offsetOf(e.id));
            if (en.keyKind.case === "mapKey")
              return mapEntry(eid, this.copy(en.keyKind.value), this.copy(en.value!), en.optionalEntry);
            return fieldEntry(eid, en.keyKind.value!, this.copy(en.value!), en.optionalEntry);
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
