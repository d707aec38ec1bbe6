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
 * do, and reporting syntax errors as cel-go's generated ANTLR parser does (its error recovery emulated).
 *
 * Positions are code point offsets (cel-go semantics).
 *
 * The parts: parse/lexer.ts (tokens), parse/parser.ts (grammar), parse/macros.ts (macro expansion),
 * parse/ast.ts (proto node builders); this module is the entry point and the SourceInfo.
 */
import type { Expr, SourceInfo } from "@bufbuild/cel-spec/cel/expr/syntax_pb.js";
import { CelSource, type CelIssue } from "../issues.js";
import { lex } from "./lexer.js";
import { isLegacyParser, Parser, type ParseOptions, type ParseResult } from "./parser.js";
export { type ParseOptions, type ParseResult } from "./parser.js";

// ---------------------------------------------------------------------------------------------
// Entry point

/** Node offsets by numeric id, attached to the SourceInfo objects this parser creates. */
const NODE_OFFSETS: unique symbol = Symbol("celNodeOffsets");

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
    const skipped: number[] = [];
    // cel-go before v0.23 has no escaped identifiers (the option is read only for a text with a backtick).
    const escapedIdents = !text.includes("`") || !isLegacyParser(options);
    const tokens = lex(text, errors, astral ? (u) => source.codePointOffset(u) : null, skipped, escapedIdents);
    const sourceText = (start: number, stop: number): string =>
      text.slice(source.utf16Index(start), source.utf16Index(stop));
    const parser = new Parser(tokens, errors, options, sourceText, skipped);
    expr = parser.parseStart();
    offsets = parser.offsets;
  }
  return { expr, sourceInfo: makeSourceInfo(source, offsets), source, errors };
}
