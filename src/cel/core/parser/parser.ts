/**
 * The CEL grammar (CEL.g4) as a recursive-descent parser that assigns node ids and positions in the same
 * order and at the same tokens as cel-go's parser visitor, and reports syntax errors as cel-go's generated ANTLR
 * parser does. Macro calls are expanded by ./macros.ts.
 *
 * Syntax errors: each rule below mirrors the rule function ANTLR generates (google/cel-go parser/gen/cel_parser.go)
 * and recovers as its DefaultErrorStrategy does (antlr4-go/antlr error_strategy.go): `sync` where the generated code
 * calls Sync (single-token deletion at a block start, resynchronisation at a loop back), `match` where it calls Match
 * (single-token deletion, then insertion), the prediction of each decision where it calls AdaptivePredict (a "no
 * viable alternative" from the decision's first token to the token where every alternative failed), and a rule that
 * fails reports once (none while recovering, until a token matches) and skips to what may follow a rule being parsed.
 * A rule that failed still builds its node from what it parsed, as cel-go's visitor does with the partial parse tree;
 * the visitor's own errors (reserved identifiers, macros, literals, unsupported syntax) come after the syntax errors.
 * ATN state numbers in comments and in `state` are those of cel-go's v0.29 parser.
 */
import type { Expr, SourceInfo } from "@bufbuild/cel-spec/cel/expr/syntax_pb.js";
import type { NullValue } from "@bufbuild/protobuf/wkt";
import type { CelSource, CelIssue } from "../issues.js";
import { Tk, errorDisplay, tokenDisplay, tokenSetDisplay, unquote, type Token } from "./lexer.js";
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
import { goSprintf } from "../../../k8s/go.js";

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
  /**
   * cel-go before v0.23 (Kubernetes before 1.33): the grammar before escaped identifiers, whose field names are a plain
   * IDENTIFIER (matched with inline recovery, where v0.23 has an escapeIdent rule) and whose expected-token sets have no
   * ESC_IDENTIFIER; and a syntax error's message formatted twice (parseErrors.syntaxError passed it to ReportError as
   * a format: a `%` in it is read as a verb). Read only when a syntax error needs it; when not given,
   * `macroErrorsAtCall` (cel-go before v0.17) implies it.
   */
  legacyParser?: boolean;
  /** Backtick-quoted field names (cel-go EnableIdentEscapeSyntax; on by default from cel-go v0.29, Kubernetes 1.37). */
  identEscapeSyntax?: boolean;
}

/** Whether the options describe cel-go's parser before v0.23 (see ParseOptions.legacyParser). */
export function isLegacyParser(opts: ParseOptions): boolean {
  return opts.legacyParser ?? opts.macroErrorsAtCall === true;
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

/** A field name as written: an escaped one (`` `a.b` ``) without its backticks. */
function fieldName(t: Token): string {
  return t.type === Tk.ESC_IDENTIFIER ? t.text.slice(1, -1) : t.text;
}

/** Stops the parse: the recursion limit, or cel-go's limits on syntax errors and recovery attempts. */
class ParseAbort extends Error {}

/** ANTLR's RecognitionException: thrown by a rule's sync, match or prediction, reported and recovered from by the rule. */
class Recognition extends Error {
  constructor(
    message: string,
    readonly token: Token,
  ) {
    super(message);
  }
}

/** cel-go's default limits (parser/options.go): recovery attempts, syntax errors reported. */
const RECOVERY_LIMIT = 30;
const ERROR_REPORTING_LIMIT = 100;
const TOO_MANY_SYNTAX_ERRORS = `Syntax error: More than ${ERROR_REPORTING_LIMIT} syntax errors`;

/**
 * The tokens that may come next at an ATN state (ATN.NextTokens without a context), `eps` when the rule being parsed
 * may end there; for a rule invocation, those after it in the invoking rule.
 */
interface TokSet {
  readonly toks: ReadonlySet<Tk>;
  readonly eps: boolean;
}
const tokSet = (eps: boolean, ...toks: Tk[]): TokSet => ({ toks: new Set(toks), eps });

const LITERAL_START = [Tk.MINUS, Tk.TRUE, Tk.FALSE, Tk.NUL, Tk.NUM_FLOAT, Tk.NUM_INT, Tk.NUM_UINT, Tk.STRING, Tk.BYTES];
const MEMBER_START = [Tk.LBRACKET, Tk.LBRACE, Tk.LPAREN, Tk.DOT, Tk.IDENTIFIER, ...LITERAL_START];
const EXPR_START = [...MEMBER_START, Tk.EXCLAM];
const REL_OPS = [Tk.EQUALS, Tk.NOT_EQUALS, Tk.IN, Tk.LESS, Tk.LESS_EQUALS, Tk.GREATER_EQUALS, Tk.GREATER];
const CALC_OPS = [Tk.MINUS, Tk.PLUS, Tk.STAR, Tk.SLASH, Tk.PERCENT];

// What states expect (no rule end): an expression (99 unary, 90 after '!', 41/204/222 after ':'), a member (184
// primary, 96 after '-'), a literal (256).
const S_EXPR = tokSet(false, ...EXPR_START);
const S_MEMBER = tokSet(false, ...MEMBER_START);
const S_LITERAL = tokSet(false, ...LITERAL_START);
/** 115, 141: after '(' of a call. */
const S_ARGS = tokSet(false, ...EXPR_START, Tk.RPAREN);
/** 121 after '[' of an index, 238 an optExpr. */
const S_OPT_EXPR = tokSet(false, ...EXPR_START, Tk.QUESTION);
/** 150 after '[' of a list, 158 after '{' of a map. */
const S_LIST = tokSet(false, ...EXPR_START, Tk.QUESTION, Tk.RBRACKET, Tk.COMMA);
const S_MAP = tokSet(false, ...EXPR_START, Tk.QUESTION, Tk.RBRACE, Tk.COMMA);
/** 153, 161/180: a list's or map's optional trailing comma. */
const S_LIST_END = tokSet(false, Tk.RBRACKET, Tk.COMMA);
const S_MAP_END = tokSet(false, Tk.RBRACE, Tk.COMMA);
/** 177 after '{' of a message; 216 an optField; 235 escapeIdent (with ESC_IDENTIFIER from cel-go v0.23). */
const S_MESSAGE = tokSet(false, Tk.RBRACE, Tk.COMMA, Tk.QUESTION, Tk.IDENTIFIER, Tk.ESC_IDENTIFIER);
const S_MESSAGE_LEGACY = tokSet(false, Tk.RBRACE, Tk.COMMA, Tk.QUESTION, Tk.IDENTIFIER);
const S_OPT_FIELD = tokSet(false, Tk.QUESTION, Tk.IDENTIFIER, Tk.ESC_IDENTIFIER);
const S_OPT_FIELD_LEGACY = tokSet(false, Tk.QUESTION, Tk.IDENTIFIER);
const S_FIELD_NAME = tokSet(false, Tk.IDENTIFIER, Tk.ESC_IDENTIFIER);

// What follows each rule invocation in the invoking rule (the follow state of the rule transition).
const F_START = tokSet(false, Tk.EOF);
const F_COND = tokSet(true, Tk.QUESTION);
const F_COLON = tokSet(false, Tk.COLON);
const F_END = tokSet(true);
const F_OR = tokSet(true, Tk.LOGICAL_OR);
const F_AND = tokSet(true, Tk.LOGICAL_AND);
const F_REL = tokSet(true, ...REL_OPS);
const F_CALC = tokSet(true, ...CALC_OPS);
const F_MEMBER = tokSet(true, Tk.LBRACKET, Tk.DOT);
const F_RPAREN = tokSet(false, Tk.RPAREN);
const F_RBRACKET = tokSet(false, Tk.RBRACKET);
const F_LIST = tokSet(false, Tk.RBRACKET, Tk.COMMA);
const F_MAP = tokSet(false, Tk.RBRACE, Tk.COMMA);
const F_COMMA = tokSet(true, Tk.COMMA);

const MEMBER_SET: ReadonlySet<Tk> = S_MEMBER.toks;
const EXPR_SET: ReadonlySet<Tk> = S_EXPR.toks;
const OPT_EXPR_SET: ReadonlySet<Tk> = S_OPT_EXPR.toks;

/** Which alternative of `primary` (decision 25). */
const enum Primary {
  Ident,
  GlobalCall,
  Nested,
  List,
  Struct,
  Message,
  Literal,
}

export class Parser {
  private readonly tokens: Token[];
  private pos = 0;
  private nextId = 1;
  /** Offsets by numeric node id. */
  readonly offsets: number[] = [0];
  readonly errors: CelIssue[];
  /** The visitor's errors: cel-go reports them once the parse is over, after every syntax error. */
  private readonly visitErrors: CelIssue[] = [];
  private depth = 0;
  /** What follows each rule being parsed in its invoking rule, outermost first (ANTLR's rule context stack). */
  private readonly frames: TokSet[] = [];
  // DefaultErrorStrategy's state, the ATN state last entered, cel-go's counters.
  private errorMode = false;
  private lastErrorIndex = -1;
  private lastErrorStates: Set<number> | null = null;
  private state = 0;
  private recoveries = 0;
  private syntaxErrors: number;
  private legacy: boolean | undefined;

  /**
   * @param sourceText the source between two code point offsets: ANTLR prints an error's input from the token stream,
   * whose hidden whitespace and comments lie between the tokens.
   * @param skipped the code point ranges (pairs) that lexer errors skipped: in no token, hidden or not.
   */
  constructor(
    tokens: Token[],
    errors: CelIssue[],
    private readonly opts: ParseOptions,
    private readonly sourceText: (start: number, stop: number) => string,
    private readonly skipped: readonly number[] = [],
  ) {
    this.tokens = tokens;
    this.errors = errors;
    // The lexer's errors count towards cel-go's limit on syntax errors (one listener gets both), and are formatted alike.
    this.syntaxErrors = errors.length;
    for (const e of errors) e.message = this.formatted(e.message);
    if (errors.length > ERROR_REPORTING_LIMIT) {
      const at = errors[ERROR_REPORTING_LIMIT]!.offset;
      errors.length = ERROR_REPORTING_LIMIT;
      errors.push({ message: TOO_MANY_SYNTAX_ERRORS, offset: at });
    }
  }

  /**
   * BufferedTokenStream.GetTextFromTokens: the tokens' text from index a to b with the hidden ones between them
   * (whitespace, comments), EOF excluded. A character the lexer could not recognize is in no token.
   */
  textBetween(a: number, b: number): string {
    let s = "";
    for (let i = a; i <= b && i < this.tokens.length; i++) {
      const t = this.tokens[i]!;
      if (i > a) s += this.hiddenText(this.tokens[i - 1]!.stop, t.start);
      if (t.type !== Tk.EOF) s += t.text;
    }
    return s;
  }

  /** The hidden tokens between two code point offsets: the text but what lexer errors skipped. */
  hiddenText(from: number, to: number): string {
    let s = "";
    for (let k = 0; k < this.skipped.length && from < to; k += 2) {
      const start = this.skipped[k]!;
      const stop = this.skipped[k + 1]!;
      if (stop <= from || start >= to) continue;
      if (start > from) s += this.sourceText(from, start);
      from = stop;
    }
    return from < to ? s + this.sourceText(from, to) : s;
  }

  /** The accumulator's name, read from the options only when a macro needs it (a range run shares the parses that do not). */
  get accu(): string {
    return this.opts.accumulatorName ?? "@result";
  }

  /** Whether the parser is cel-go's before v0.23 (read only where a syntax error depends on it). */
  private get legacyGrammar(): boolean {
    return (this.legacy ??= isLegacyParser(this.opts));
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

  /** An error of cel-go's visitor (reported after the syntax errors), at a node's offset. */
  report(offset: number, message: string): void {
    this.visitErrors.push({ message, offset, nodeOffset: true });
  }

  // -- token helpers

  peek(k = 0): Token {
    return this.tokens[Math.min(this.pos + k, this.tokens.length - 1)]!;
  }
  /** The type of the k-th token ahead, from 1 (ANTLR's LA). */
  la(k: number): Tk {
    return this.peek(k - 1).type;
  }
  consume(): void {
    if (this.tokens[this.pos]!.type !== Tk.EOF) this.pos++;
  }
  /** Matches the token the parser predicted (ReportMatch, then Consume). */
  take(): Token {
    const t = this.peek();
    this.endErrorCondition();
    this.consume();
    return t;
  }

  // -- ANTLR's DefaultErrorStrategy, as cel-go runs it (recoveryLimitErrorStrategy)

  /** The tokens that may follow a state given the rules being parsed (ATN.getExpectedTokens, NextTokens with a context). */
  private look(local: TokSet): Set<Tk> {
    const out = new Set(local.toks);
    let eps = local.eps;
    for (let i = this.frames.length - 1; eps && i >= 0; i--) {
      const f = this.frames[i]!;
      for (const t of f.toks) out.add(t);
      eps = f.eps;
    }
    if (eps) out.add(Tk.EOF);
    return out;
  }

  /** GetErrorRecoverySet: what follows each rule being parsed. */
  private recoverySet(): Set<Tk> {
    const out = new Set<Tk>();
    for (const f of this.frames) for (const t of f.toks) out.add(t);
    return out;
  }

  private consumeUntil(set: ReadonlySet<Tk>): void {
    for (let t = this.la(1); t !== Tk.EOF && !set.has(t); t = this.la(1)) this.pos++;
  }

  /** cel-go's SyntaxError listener: at most 100 errors; a reserved word read as a field name is a mismatch. */
  private syntaxError(at: Token, message: string): void {
    if (this.syntaxErrors >= ERROR_REPORTING_LIMIT) {
      this.errors.push({ message: TOO_MANY_SYNTAX_ERRORS, offset: at.start });
      throw new ParseAbort();
    }
    this.syntaxErrors++;
    if (message.startsWith("no viable alternative"))
      message = message.replace(
        /no viable alternative at input '[^\n](true|false|null)'/,
        "mismatched input '$1' expecting IDENTIFIER",
      );
    this.errors.push({ message: this.formatted(`Syntax error: ${message}`), offset: at.start });
  }

  /** A syntax error's message as cel-go prints it: before v0.23, formatted once more (see ParseOptions.legacyParser). */
  private formatted(message: string): string {
    return message.includes("%") && this.legacyGrammar ? goSprintf(message) : message;
  }

  private endErrorCondition(): void {
    this.errorMode = false;
    this.lastErrorStates = null;
    this.lastErrorIndex = -1;
  }

  /** ReportError: one report until the parser matches a token again. */
  private reportError(e: Recognition): void {
    if (this.errorMode) return;
    this.errorMode = true;
    this.syntaxError(e.token, e.message);
  }

  private reportUnwanted(expected: ReadonlySet<Tk>): void {
    if (this.errorMode) return;
    this.errorMode = true;
    const t = this.peek();
    this.syntaxError(t, `extraneous input ${tokenDisplay(t)} expecting ${tokenSetDisplay(expected)}`);
  }

  private mismatch(expected: ReadonlySet<Tk>): Recognition {
    const t = this.peek();
    return new Recognition(`mismatched input ${tokenDisplay(t)} expecting ${tokenSetDisplay(expected)}`, t);
  }

  /** A prediction that failed: the input from the decision's first token to the one where every alternative did. */
  private noViable(start: number, offending: number): Recognition {
    const last = this.tokens.length - 1;
    const s = this.tokens[Math.min(start, last)]!;
    const text = s.type === Tk.EOF ? "<EOF>" : this.textBetween(start, offending);
    return new Recognition(
      `no viable alternative at input '${errorDisplay(text)}'`,
      this.tokens[Math.min(offending, last)]!,
    );
  }

  /** cel-go's limit on recovery attempts (Recover and RecoverInline), reported at the current token. */
  private checkAttempts(): void {
    if (this.recoveries++ === RECOVERY_LIMIT) {
      this.syntaxError(this.peek(), `error recovery attempt limit exceeded: ${RECOVERY_LIMIT}`);
      throw new ParseAbort();
    }
  }

  /** A rule's errorExit: report the error and Recover (consume up to a token that may follow a rule being parsed). */
  private failed(err: unknown): void {
    if (!(err instanceof Recognition)) throw err;
    this.reportError(err);
    this.checkAttempts();
    // The same state failing again at the same token: consume one, so that recovery moves on.
    if (this.lastErrorIndex === this.pos && this.lastErrorStates?.has(this.state)) this.consume();
    this.lastErrorIndex = this.pos;
    (this.lastErrorStates ??= new Set()).add(this.state);
    this.consumeUntil(this.recoverySet());
  }

  /**
   * Sync at a state whose next tokens are `next`: at a block start a token none expects is deleted when the next one
   * is expected (extraneous input), else a mismatch; at a loop back it is reported and skipped with whatever follows up
   * to a token the loop or a rule being parsed expects. Nothing while recovering.
   */
  private sync(state: number, next: TokSet, loopBack = false): void {
    if (this.errorMode) return;
    const la = this.la(1);
    if (next.eps || next.toks.has(la)) return;
    this.state = state;
    const expected = this.look(next);
    if (!loopBack) {
      if (this.singleTokenDeletion(expected)) return;
      throw this.mismatch(expected);
    }
    this.reportUnwanted(expected);
    for (const t of this.recoverySet()) expected.add(t);
    this.consumeUntil(expected);
  }

  private singleTokenDeletion(expected: ReadonlySet<Tk>): boolean {
    if (!expected.has(this.la(2))) return false;
    this.reportUnwanted(expected);
    this.consume();
    this.endErrorCondition();
    return true;
  }

  /**
   * Match a token of `type` at `state`; else RecoverInline: delete one token when the next one is of that type, else
   * report it missing when the current one may follow it (`after`: the state after it), else a mismatch.
   */
  private match(state: number, type: Tk, after: TokSet): Token {
    const t = this.peek();
    if (t.type === type) return this.take();
    this.state = state;
    this.checkAttempts();
    const expected = new Set([type]);
    if (this.singleTokenDeletion(expected)) return this.take();
    if (this.look(after).has(t.type)) {
      if (!this.errorMode) {
        this.errorMode = true;
        this.syntaxError(t, `missing ${tokenSetDisplay(expected)} at ${tokenDisplay(t)}`);
      }
      // The conjured token is placed at the current token (the previous one at the end).
      const at = t.type === Tk.EOF && this.pos > 0 ? this.tokens[this.pos - 1]! : t;
      return { type, start: at.start, stop: at.start, text: "" };
    }
    throw this.mismatch(expected);
  }

  // -- grammar

  parseStart(): Expr {
    let e: Expr;
    try {
      // Too many lexer errors: cel-go stopped before the parse.
      if (this.syntaxErrors > ERROR_REPORTING_LIMIT) throw new ParseAbort();
      this.frames.push(F_START);
      e = this.expr();
      this.frames.pop();
      try {
        this.match(35, Tk.EOF, F_END);
      } catch (err) {
        this.failed(err);
      }
      for (const v of this.visitErrors) this.errors.push(v);
    } catch (err) {
      // cel-go stops the parse: the visitor does not run.
      if (!(err instanceof ParseAbort)) throw err;
      e = this.errorExpr(-1);
    }
    return e;
  }

  expr(): Expr {
    if (++this.depth > 250) {
      this.errors.push({ message: "expression recursion limit exceeded: 250", offset: -1 });
      throw new ParseAbort();
    }
    this.frames.push(F_COND);
    const cond = this.conditionalOr();
    this.frames.pop();
    if (this.la(1) !== Tk.QUESTION) {
      this.depth--;
      return cond;
    }
    const opId = this.id(this.take().start);
    this.frames.push(F_COLON);
    const ifTrue = this.conditionalOr();
    this.frames.pop();
    let ifFalse: Expr | undefined;
    try {
      this.match(40, Tk.COLON, S_EXPR);
      this.frames.push(F_END);
      ifFalse = this.expr();
      this.frames.pop();
    } catch (err) {
      this.failed(err);
    }
    this.depth--;
    return this.globalCallOrMacro(opId, "_?_:_", [cond, ifTrue, ifFalse ?? this.errorExpr(-1)]);
  }

  conditionalOr(): Expr {
    return this.logical(Tk.LOGICAL_OR, "_||_", F_OR, () => this.conditionalAnd());
  }

  conditionalAnd(): Expr {
    return this.logical(Tk.LOGICAL_AND, "_&&_", F_AND, () => this.relation());
  }

  /** A chain of `||` or `&&`: like cel-go, the terms become a balanced tree, not a left-leaning one. */
  logical(op: Tk, fn: string, follow: TokSet, operand: () => Expr): Expr {
    this.frames.push(follow);
    const first = operand();
    if (this.la(1) !== op) {
      this.frames.pop();
      return first;
    }
    const terms: Expr[] = [first];
    const ops: bigint[] = [];
    while (this.la(1) === op) {
      const tok = this.take();
      const next = operand();
      ops.push(this.id(tok.start));
      terms.push(next);
    }
    this.frames.pop();
    return this.balance(fn, terms, ops, 0, ops.length - 1);
  }

  balance(fn: string, terms: Expr[], ops: bigint[], lo: number, hi: number): Expr {
    const mid = (lo + hi + 1) >> 1;
    const left = mid === lo ? terms[mid]! : this.balance(fn, terms, ops, lo, mid - 1);
    const right = mid === hi ? terms[mid + 1]! : this.balance(fn, terms, ops, mid + 1, hi);
    return callExpr(ops[mid]!, fn, undefined, [left, right]);
  }

  /** relation: calc (op relation)*, left-associative (the precedence loop of the left-recursive rule). */
  relation(): Expr {
    this.frames.push(F_REL);
    let lhs = this.calc(0);
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
      if (fn === null) break;
      this.take();
      const opId = this.id(t.start);
      const rhs = this.calc(0);
      lhs = this.globalCallOrMacro(opId, fn, [lhs, rhs]);
    }
    this.frames.pop();
    return lhs;
  }

  /** level 0: + -, level 1: * / % (the precedences of calc's left-recursive alternatives). */
  calc(level: number): Expr {
    if (level === 0) {
      this.frames.push(F_CALC);
      let lhs = this.calc(1);
      for (;;) {
        const t = this.peek();
        if (t.type !== Tk.PLUS && t.type !== Tk.MINUS) break;
        this.take();
        const opId = this.id(t.start);
        const rhs = this.calc(1);
        lhs = this.globalCallOrMacro(opId, t.type === Tk.PLUS ? "_+_" : "_-_", [lhs, rhs]);
      }
      this.frames.pop();
      return lhs;
    }
    let lhs = this.unary();
    for (;;) {
      const t = this.peek();
      if (t.type !== Tk.STAR && t.type !== Tk.SLASH && t.type !== Tk.PERCENT) return lhs;
      this.take();
      const opId = this.id(t.start);
      const rhs = this.unary();
      lhs = this.globalCallOrMacro(opId, t.type === Tk.STAR ? "_*_" : t.type === Tk.SLASH ? "_/_" : "_%_", [lhs, rhs]);
    }
  }

  /**
   * unary: member | '!'+ member | '-'+ member. A run of `!` or `-`: an even count cancels out, an odd one is a single
   * call (as cel-go's visitor builds it). A failed unary is the visitor's "<<error>>" string.
   */
  unary(): Expr {
    const entry = this.peek();
    let alt = 0;
    let count = 0;
    let opId: bigint | null = null;
    let first: Token | null = null;
    let target: Expr | undefined;
    try {
      this.sync(99, S_EXPR);
      alt = this.predictUnary();
      if (alt !== 1) {
        const op = alt === 2 ? Tk.EXCLAM : Tk.MINUS;
        first = this.peek();
        for (;;) {
          this.take();
          count++;
          if (op === Tk.EXCLAM) {
            this.sync(90, S_EXPR, true);
            if (this.la(1) !== Tk.EXCLAM) break;
          } else {
            this.sync(96, S_MEMBER, true);
            if (this.predictNegate() !== 1) break;
          }
        }
        if (count % 2 === 1) opId = this.id(first.start);
      }
      this.frames.push(F_END);
      target = this.member();
      this.frames.pop();
    } catch (err) {
      this.failed(err);
    }
    if (alt === 0) return constExpr(this.id(entry.start), { case: "stringValue", value: "<<error>>" });
    if (alt === 1 || count % 2 === 0) return target ?? this.errorExpr(-1);
    // A negation whose prediction failed after its operators has no member.
    opId ??= this.id(first!.start);
    return this.globalCallOrMacro(opId, alt === 2 ? "!_" : "-_", [target ?? this.errorExpr(-1)]);
  }

  /** Decision 8: a negative number literal is a member (the ambiguity with a negation resolves to it). */
  predictUnary(): number {
    this.state = 99;
    const t1 = this.la(1);
    if (t1 === Tk.EXCLAM) return 2;
    if (t1 === Tk.MINUS) {
      const t2 = this.la(2);
      if (t2 === Tk.NUM_INT || t2 === Tk.NUM_FLOAT) return 1;
      if (MEMBER_SET.has(t2)) return 3;
      throw this.noViable(this.pos, this.pos + 1);
    }
    if (MEMBER_SET.has(t1)) return 1;
    throw this.noViable(this.pos, this.pos);
  }

  /** Decision 7, after a `-` of a negation: 1 for another `-`, 2 for the member. */
  predictNegate(): number {
    this.state = 96;
    const t1 = this.la(1);
    if (t1 === Tk.MINUS) {
      if (MEMBER_SET.has(this.la(2))) return 1;
      throw this.noViable(this.pos, this.pos + 1);
    }
    if (MEMBER_SET.has(t1)) return 2;
    throw this.noViable(this.pos, this.pos);
  }

  /** Decision 12 (the loop's decision 13 continues at `.` and `[`): 1 select, 2 member call, 3 index. */
  predictMemberAlt(): number {
    this.state = 126;
    if (this.la(1) === Tk.LBRACKET) return 3;
    const t2 = this.la(2);
    if (t2 === Tk.QUESTION || t2 === Tk.ESC_IDENTIFIER) return 1;
    if (t2 === Tk.IDENTIFIER) return this.la(3) === Tk.LPAREN ? 2 : 1;
    throw this.noViable(this.pos, this.pos + 1);
  }

  /**
   * member: primary ('.' '?'? escapeIdent | '.' IDENTIFIER '(' exprList? ')' | '[' '?'? expr ']')*. A failure ends the
   * member, with what its last suffix parsed.
   */
  member(): Expr {
    const entry = this.peek();
    this.frames.push(F_MEMBER);
    let e = this.primary();
    this.frames.pop();
    for (;;) {
      const t1 = this.la(1);
      if (t1 !== Tk.DOT && t1 !== Tk.LBRACKET) return e;
      let alt: number;
      try {
        alt = this.predictMemberAlt();
      } catch (err) {
        this.failed(err);
        return e;
      }
      if (alt === 1) {
        const stop = this.select(e, entry);
        e = stop.e;
        if (stop.failed) return e;
      } else if (alt === 2) {
        this.take();
        const idTok = this.take();
        const open = this.take();
        const opId = this.id(open.start);
        const { args, failed } = this.callArgs(115, 117, F_MEMBER);
        e = this.receiverCallOrMacro(opId, idTok.text, e, args);
        if (failed) return e;
      } else {
        const open = this.take();
        const opId = this.id(open.start);
        let opt = false;
        let index: Expr | undefined;
        let failed = false;
        try {
          this.sync(121, S_OPT_EXPR);
          if (this.la(1) === Tk.QUESTION) {
            this.take();
            opt = true;
          }
          this.frames.push(F_RBRACKET);
          index = this.expr();
          this.frames.pop();
          this.match(124, Tk.RBRACKET, F_MEMBER);
        } catch (err) {
          this.failed(err);
          failed = true;
        }
        if (opt && !this.opts.optionalSyntax) {
          this.report(open.start, "unsupported syntax '[?'");
          e = this.errorExpr(open.start);
        } else e = this.globalCallOrMacro(opId, opt ? "_[?_]" : "_[_]", [e, index ?? this.errorExpr(-1)]);
        if (failed) return e;
      }
    }
  }

  /** The select suffix `.` `?`? name of a member; `failed` when the member stops there (a name cel-go v0.16 could not match). */
  select(operand: Expr, entry: Token): { e: Expr; failed: boolean } {
    const dot = this.take();
    let opt = false;
    if (this.la(1) === Tk.QUESTION) {
      this.take();
      opt = true;
    }
    let idTok: Token | null;
    // Where the name's rule starts (before a token its recovery deleted): the visitor reports the name there.
    const at = this.peek();
    const t = at.type;
    if (t === Tk.IDENTIFIER || t === Tk.ESC_IDENTIFIER) idTok = this.take();
    else if (this.legacyGrammar) {
      // member '.' '?'? IDENTIFIER: inline recovery, or the select has no name (the visitor's error expression).
      try {
        idTok = this.match(109, Tk.IDENTIFIER, F_MEMBER);
      } catch (err) {
        this.failed(err);
        return { e: this.errorExpr(entry.start), failed: true };
      }
    } else {
      this.frames.push(F_MEMBER);
      idTok = this.escapeIdent();
      this.frames.pop();
      if (idTok === null) this.report(at.start, "unsupported ident kind");
    }
    if (idTok?.type === Tk.ESC_IDENTIFIER && !this.opts.identEscapeSyntax)
      this.report(at.start, "unsupported syntax: '`'");
    const field = idTok === null ? "" : fieldName(idTok);
    if (opt) {
      if (!this.opts.optionalSyntax) {
        this.report(dot.start, "unsupported syntax '.?'");
        return { e: this.errorExpr(dot.start), failed: false };
      }
      const lit = constExpr(this.id(idTok?.start ?? dot.start), { case: "stringValue", value: field });
      return { e: callExpr(this.id(dot.start), "_?._", undefined, [operand, lit]), failed: false };
    }
    return { e: selectExpr(this.id(dot.start), operand, field, false), failed: false };
  }

  /** escapeIdent: IDENTIFIER | ESC_IDENTIFIER (cel-go v0.23 on); null when it failed. */
  escapeIdent(): Token | null {
    try {
      this.sync(235, S_FIELD_NAME);
      const t = this.la(1);
      if (t === Tk.IDENTIFIER || t === Tk.ESC_IDENTIFIER) return this.take();
      this.state = 235;
      throw this.noViable(this.pos, this.pos);
    } catch (err) {
      this.failed(err);
      return null;
    }
  }

  /**
   * Decision 25. An identifier followed by `(` is a call; one followed by `{`, or by `.` and identifiers and then `{`,
   * names a message; otherwise it is an identifier (the member selects what follows).
   */
  predictPrimary(): Primary {
    this.state = 184;
    switch (this.la(1)) {
      case Tk.LPAREN:
        return Primary.Nested;
      case Tk.LBRACKET:
        return Primary.List;
      case Tk.LBRACE:
        return Primary.Struct;
      case Tk.MINUS:
      case Tk.TRUE:
      case Tk.FALSE:
      case Tk.NUL:
      case Tk.NUM_FLOAT:
      case Tk.NUM_INT:
      case Tk.NUM_UINT:
      case Tk.STRING:
      case Tk.BYTES:
        return Primary.Literal;
      case Tk.DOT:
        if (this.la(2) !== Tk.IDENTIFIER) throw this.noViable(this.pos, this.pos + 1);
        return this.predictIdent(2);
      case Tk.IDENTIFIER:
        return this.predictIdent(1);
      default:
        throw this.noViable(this.pos, this.pos);
    }
  }

  /** After the identifier at k (1-based). */
  predictIdent(k: number): Primary {
    const next = this.la(k + 1);
    if (next === Tk.LPAREN) return Primary.GlobalCall;
    while (this.la(k + 1) === Tk.DOT && this.la(k + 2) === Tk.IDENTIFIER) k += 2;
    return this.la(k + 1) === Tk.LBRACE ? Primary.Message : Primary.Ident;
  }

  /** primary: what a member starts with. A failed prediction is the visitor's error expression. */
  primary(): Expr {
    let alt: Primary;
    try {
      this.sync(184, S_MEMBER);
      alt = this.predictPrimary();
    } catch (err) {
      this.failed(err);
      return this.errorExpr(-1);
    }
    switch (alt) {
      case Primary.Ident:
      case Primary.GlobalCall:
        return this.identOrCall(alt === Primary.GlobalCall);
      case Primary.Nested: {
        this.take();
        this.frames.push(F_RPAREN);
        const e = this.expr();
        this.frames.pop();
        try {
          this.match(146, Tk.RPAREN, F_END);
        } catch (err) {
          this.failed(err);
        }
        return e;
      }
      case Primary.List:
        return this.list();
      case Primary.Struct:
        return this.map();
      case Primary.Message:
        return this.message();
      case Primary.Literal:
        this.frames.push(F_END);
        try {
          return this.literal();
        } finally {
          this.frames.pop();
        }
    }
  }

  /** '.'? IDENTIFIER, and a call's '(' exprList? ')'. */
  identOrCall(call: boolean): Expr {
    const start = this.peek();
    if (start.type === Tk.DOT) this.take();
    const idTok = this.take();
    const name = idTok.text;
    const reserved = RESERVED_IDS.has(name);
    const fullName = (start.type === Tk.DOT ? "." : "") + name;
    const reservedError = (): Expr => {
      this.report(start.start, `reserved identifier: ${name}`);
      return this.errorExpr(start.start);
    };
    if (!call) return reserved ? reservedError() : identExpr(this.id(idTok.start), fullName);
    const open = this.take();
    // The visitor rejects a reserved name before it visits the arguments: their errors are not reported.
    const visited = this.visitErrors.length;
    const opId = reserved ? 0n : this.id(open.start);
    const { args } = this.callArgs(141, 143, F_END);
    if (reserved) {
      this.visitErrors.length = visited;
      return reservedError();
    }
    return this.globalCallOrMacro(opId, fullName, args);
  }

  /**
   * A call's arguments after its `(`: the optional exprList and the `)`, with the sync and match states of the rule
   * that holds them (member call or global call) and what may follow it. `failed`: the rule did not end normally.
   */
  private callArgs(syncState: number, closeState: number, follow: TokSet): { args: Expr[]; failed: boolean } {
    let args: Expr[] = [];
    try {
      this.sync(syncState, S_ARGS);
      if (EXPR_SET.has(this.la(1))) {
        this.frames.push(F_RPAREN);
        args = this.exprList();
        this.frames.pop();
      }
      this.match(closeState, Tk.RPAREN, follow);
      return { args, failed: false };
    } catch (err) {
      this.failed(err);
      return { args, failed: true };
    }
  }

  /** '[' listInit? ','? ']' */
  list(): Expr {
    const open = this.take();
    const listId = this.id(open.start);
    const elems: Expr[] = [];
    const optionals: number[] = [];
    try {
      this.sync(150, S_LIST);
      if (OPT_EXPR_SET.has(this.la(1))) {
        // listInit: optExpr (',' optExpr)*; decision 27 goes on at a comma followed by an element.
        this.frames.push(F_LIST);
        for (;;) {
          this.frames.push(F_COMMA);
          const { opt, e } = this.optExpr();
          this.frames.pop();
          if (opt !== null) {
            if (!this.opts.optionalSyntax) this.report(opt.start, "unsupported syntax '?'");
            else optionals.push(elems.length);
          }
          elems.push(e);
          if (this.la(1) !== Tk.COMMA || !OPT_EXPR_SET.has(this.la(2))) break;
          this.take();
        }
        this.frames.pop();
      }
      this.literalEnd(153, S_LIST_END, 155, Tk.RBRACKET);
    } catch (err) {
      this.failed(err);
    }
    return listExpr(listId, elems, optionals);
  }

  /** The end of a list, map or message literal, `','? closer`, with the sync and match states of its rule. */
  private literalEnd(syncState: number, syncSet: TokSet, closeState: number, closer: Tk): void {
    this.sync(syncState, syncSet);
    if (this.la(1) === Tk.COMMA) this.take();
    this.match(closeState, closer, F_END);
  }

  /** '{' mapInitializerList? ','? '}' */
  map(): Expr {
    const open = this.take();
    const structId = this.id(open.start);
    const entries: Expr_Entry[] = [];
    try {
      this.sync(158, S_MAP);
      if (OPT_EXPR_SET.has(this.la(1))) {
        this.frames.push(F_MAP);
        this.mapEntries(entries);
        this.frames.pop();
      }
      this.literalEnd(161, S_MAP_END, 163, Tk.RBRACE);
    } catch (err) {
      this.failed(err);
    }
    return structExpr(structId, "", entries);
  }

  /** mapInitializerList: optExpr ':' expr (',' optExpr ':' expr)*; an entry without its ':' is left out. */
  mapEntries(entries: Expr_Entry[]): void {
    try {
      for (;;) {
        const visited = this.visitErrors.length;
        this.frames.push(F_COLON);
        const { opt, e: key } = this.optExpr();
        this.frames.pop();
        let col: Token;
        try {
          col = this.match(221, Tk.COLON, S_EXPR);
        } catch (err) {
          // The visitor visits the entries that have their ':' only.
          this.visitErrors.length = visited;
          throw err;
        }
        // cel-go allocates the entry id before visiting key/value; we parsed the key first, so
        // the entry id is larger than the key's ids — ids stay unique, positions are identical.
        const colId = this.id(col.start);
        this.frames.push(F_COMMA);
        const value = this.expr();
        this.frames.pop();
        if (opt !== null && !this.opts.optionalSyntax) {
          // The visitor skips the entry: its key and value are not visited.
          this.visitErrors.length = visited;
          this.report(opt.start, "unsupported syntax '?'");
        } else entries.push(mapEntry(colId, key, value, opt !== null));
        if (this.la(1) !== Tk.COMMA || !OPT_EXPR_SET.has(this.la(2))) return;
        this.take();
      }
    } catch (err) {
      this.failed(err);
    }
  }

  /** optExpr: '?'? expr */
  optExpr(): { opt: Token | null; e: Expr } {
    const opt = this.la(1) === Tk.QUESTION ? this.take() : null;
    this.frames.push(F_END);
    const e = this.expr();
    this.frames.pop();
    return { opt, e };
  }

  /** '.'? IDENTIFIER ('.' IDENTIFIER)* '{' fieldInitializerList? ','? '}' */
  message(): Expr {
    const names: string[] = [];
    let leadingDot = false;
    if (this.la(1) === Tk.DOT) {
      this.take();
      leadingDot = true;
    }
    names.push(this.take().text);
    while (this.la(1) === Tk.DOT) {
      this.take();
      names.push(this.take().text);
    }
    const brace = this.take();
    const objId = this.id(brace.start);
    let entries: Expr_Entry[] = [];
    try {
      this.sync(177, this.legacyGrammarIf(Tk.ESC_IDENTIFIER) ? S_MESSAGE_LEGACY : S_MESSAGE);
      const t = this.la(1);
      if (t === Tk.QUESTION || t === Tk.IDENTIFIER || t === Tk.ESC_IDENTIFIER) {
        this.frames.push(F_MAP);
        entries = this.fields();
        this.frames.pop();
      }
      this.literalEnd(180, S_MAP_END, 182, Tk.RBRACE);
    } catch (err) {
      this.failed(err);
    }
    return structExpr(objId, (leadingDot ? "." : "") + names.join("."), entries);
  }

  /**
   * Whether the legacy grammar's sets apply: only when the current token is not one of `unless` (the sets differ in
   * ESC_IDENTIFIER alone, so a parse that never fails there does not read the option).
   */
  legacyGrammarIf(...unless: Tk[]): boolean {
    const t = this.la(1);
    if (t === Tk.QUESTION || t === Tk.IDENTIFIER || t === Tk.RBRACE || t === Tk.COMMA || unless.includes(t))
      return false;
    return this.legacyGrammar;
  }

  /**
   * fieldInitializerList: optField ':' expr (',' optField ':' expr)*. As cel-go's visitor: an entry without its ':'
   * leaves the message without fields; an optional field without optional syntax, or a field without a name, is
   * skipped (its value not visited).
   */
  fields(): Expr_Entry[] {
    const listStart = this.peek();
    const entries: Expr_Entry[] = [];
    let complete = true;
    /** Where the visitor gave up on the fields (cel-go v0.16: a field with no name). */
    let dropped = -1;
    try {
      for (;;) {
        const visited = this.visitErrors.length;
        this.frames.push(F_COLON);
        const f = this.optField();
        this.frames.pop();
        complete = false;
        const col = this.match(203, Tk.COLON, S_EXPR);
        const colId = this.id(col.start);
        this.frames.push(F_COMMA);
        const value = this.expr();
        this.frames.pop();
        complete = true;
        if (dropped < 0) {
          if (f.opt !== null && !this.opts.optionalSyntax) {
            this.visitErrors.length = visited;
            this.report(f.opt.start, "unsupported syntax '?'");
          } else if (f.id === null) {
            if (this.legacyGrammar) dropped = visited;
            else {
              this.visitErrors.length = visited;
              this.report(listStart.start, "unsupported ident kind");
            }
          } else if (f.id.type === Tk.ESC_IDENTIFIER && !this.opts.identEscapeSyntax) {
            this.visitErrors.length = visited;
            this.report(listStart.start, "unsupported syntax: '`'");
          } else {
            entries.push(fieldEntry(colId, fieldName(f.id), value, f.opt !== null && this.opts.optionalSyntax));
          }
        }
        const t2 = this.la(2);
        if (this.la(1) !== Tk.COMMA || (t2 !== Tk.QUESTION && t2 !== Tk.IDENTIFIER && t2 !== Tk.ESC_IDENTIFIER)) break;
        this.take();
      }
    } catch (err) {
      this.failed(err);
    }
    if (dropped >= 0) this.visitErrors.length = dropped;
    return complete && dropped < 0 ? entries : [];
  }

  /** optField: '?'? escapeIdent (cel-go v0.16: '?'? IDENTIFIER); the name is null when it failed. */
  optField(): { opt: Token | null; id: Token | null } {
    let opt: Token | null = null;
    try {
      this.sync(216, this.legacyGrammarIf(Tk.ESC_IDENTIFIER) ? S_OPT_FIELD_LEGACY : S_OPT_FIELD);
      if (this.la(1) === Tk.QUESTION) opt = this.take();
    } catch (err) {
      this.failed(err);
      return { opt, id: null };
    }
    const t = this.la(1);
    if (t === Tk.IDENTIFIER || t === Tk.ESC_IDENTIFIER) return { opt, id: this.take() };
    if (!this.legacyGrammar) {
      this.frames.push(F_END);
      const id = this.escapeIdent();
      this.frames.pop();
      return { opt, id };
    }
    try {
      const id = this.match(218, Tk.IDENTIFIER, F_END);
      return { opt, id };
    } catch (err) {
      this.failed(err);
      return { opt, id: null };
    }
  }

  /** exprList: expr (',' expr)* */
  exprList(): Expr[] {
    const args: Expr[] = [];
    this.frames.push(F_COMMA);
    args.push(this.expr());
    while (this.la(1) === Tk.COMMA) {
      this.take();
      args.push(this.expr());
    }
    this.frames.pop();
    return args;
  }

  /** literal (decision 35); a failed one is the visitor's error expression. */
  literal(): Expr {
    try {
      this.sync(256, S_LITERAL);
      this.state = 256;
      const t = this.peek();
      switch (t.type) {
        case Tk.MINUS: {
          const n = this.la(2);
          if (n !== Tk.NUM_INT && n !== Tk.NUM_FLOAT) throw this.noViable(this.pos, this.pos + 1);
          this.take();
          return this.numberLiteral(this.take(), t);
        }
        case Tk.NUM_INT:
        case Tk.NUM_UINT:
        case Tk.NUM_FLOAT:
          this.take();
          return this.numberLiteral(t, null);
        case Tk.STRING:
        case Tk.BYTES: {
          this.take();
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
          this.take();
          return constExpr(this.id(t.start), { case: "boolValue", value: t.type === Tk.TRUE });
        case Tk.NUL:
          this.take();
          return constExpr(this.id(t.start), { case: "nullValue", value: 0 as NullValue });
        default:
          throw this.noViable(this.pos, this.pos);
      }
    } catch (err) {
      this.failed(err);
      return this.errorExpr(-1);
    }
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
