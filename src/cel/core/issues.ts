/**
 * CEL source positions and error rendering exactly as cel-go prints them
 * (common/source.go, common/error.go, common/errors.go).
 */

/** One compile issue. Offsets are cel-go code point offsets into the expression (-1: no location). */
export interface CelIssue {
  message: string;
  /** 0-based code point offset of the issue in the expression, or -1 when it has no location. */
  offset: number;
  /**
   * The offset is an expression node's, as cel-go records it (its errors are located by GetLocationByOffset): a node
   * made without a token (its offset -1) is then on line 1 at column -1, printed `<input>:1:0` with line 1's snippet.
   */
  nodeOffset?: boolean;
}

const WIDE_DOT = "\uff0e";
const WIDE_IND = "\uff3e";

/** The expression text with cel-go's line table (offsets in code points). */
export class CelSource {
  readonly text: string;
  /** cel-go lineOffsets: for each line, the code point offset just past its terminating newline. */
  readonly lineOffsets: number[];
  /** Code point offset → UTF-16 index (only when the text contains astral characters). */
  private readonly cpToUtf16: number[] | null;
  private lines: string[] | null = null;

  constructor(text: string) {
    this.text = text;
    if (/[\ud800-\udbff]/.test(text)) {
      const map: number[] = [];
      for (let i = 0; i < text.length; i++) {
        map.push(i);
        const c = text.charCodeAt(i);
        if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
          const d = text.charCodeAt(i + 1);
          if (d >= 0xdc00 && d <= 0xdfff) i++;
        }
      }
      map.push(text.length);
      this.cpToUtf16 = map;
    } else {
      this.cpToUtf16 = null;
    }
    const offsets: number[] = [];
    let from = 0;
    for (;;) {
      const nl = text.indexOf("\n", from);
      if (nl < 0) break;
      offsets.push(this.codePointOffset(nl) + 1);
      from = nl + 1;
    }
    offsets.push(this.codePointOffset(text.length) + 1);
    this.lineOffsets = offsets;
  }

  /** Whether the text contains characters outside the BMP (code point offsets differ from UTF-16). */
  hasAstral(): boolean {
    return this.cpToUtf16 !== null;
  }

  /** UTF-16 index of a code point offset. */
  utf16Index(cpOffset: number): number {
    if (cpOffset < 0) return cpOffset;
    if (!this.cpToUtf16) return cpOffset;
    return this.cpToUtf16[Math.min(cpOffset, this.cpToUtf16.length - 1)]!;
  }

  /** Code point offset of a UTF-16 index. */
  codePointOffset(utf16: number): number {
    if (!this.cpToUtf16) return utf16;
    let lo = 0;
    let hi = this.cpToUtf16.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.cpToUtf16[mid]! <= utf16) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /**
   * 1-based line and 0-based code point column of an offset (cel-go OffsetLocation); -1 is no location, unless it is a
   * node's offset (SourceInfo.GetLocationByOffset: line 1, column -1).
   */
  location(offset: number, nodeOffset = false): { line: number; column: number } {
    if (offset < 0) return nodeOffset ? { line: 1, column: offset } : { line: -1, column: -1 };
    let line = 1;
    for (const lo of this.lineOffsets) {
      if (lo > offset) break;
      line++;
    }
    const lineStart = line === 1 ? 0 : this.lineOffsets[line - 2]!;
    return { line, column: offset - lineStart };
  }

  /** Code point offset of a 1-based line / 0-based column. */
  offsetOf(line: number, column: number): number {
    if (line === 1) return column;
    if (line < 1 || line > this.lineOffsets.length) return -1;
    return this.lineOffsets[line - 2]! + column;
  }

  /** The text of a 1-based line, without its newline (cel-go Snippet). */
  snippet(line: number): string | null {
    this.lines ??= this.text.split("\n");
    if (line < 1 || line > this.lines.length) return null;
    return this.lines[line - 1]!;
  }
}

const MAX_SNIPPET_LENGTH = 16384;

/** cel-go Error.ToDisplayString split in its first line and the (possibly empty) caret snippet. */
export function renderIssue(issue: CelIssue, source: CelSource): { message: string; detail: string } {
  const { line, column } = source.location(issue.offset, issue.nodeOffset);
  const message = `ERROR: <input>:${line}:${column + 1}: ${issue.message}`;
  const raw = source.snippet(line);
  if (raw === null || raw.length > MAX_SNIPPET_LENGTH) return { message, detail: "" };
  const snippet = raw.replace(/\t/g, " ");
  let ind = "";
  const cps = Array.from(snippet);
  let i = 0;
  for (; i < column && i < cps.length; i++) ind += utf8Len(cps[i]!) > 1 ? WIDE_DOT : ".";
  ind += i < cps.length && utf8Len(cps[i]!) > 1 ? WIDE_IND : "^";
  return { message, detail: ` | ${snippet}\n | ${ind}` };
}

function utf8Len(ch: string): number {
  const c = ch.codePointAt(0)!;
  return c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
}

/** Issues sorted as cel-go sorts them (by line, then column; stable). */
export function sortIssues(issues: readonly CelIssue[], source: CelSource): CelIssue[] {
  const withLoc = issues.map((iss, idx) => ({ iss, idx, loc: source.location(iss.offset, iss.nodeOffset) }));
  withLoc.sort((a, b) => a.loc.line - b.loc.line || a.loc.column - b.loc.column || a.idx - b.idx);
  return withLoc.map((x) => x.iss);
}

/** cel-go's Errors.ToDisplayString prints at most this many issues, then a truncation note (every cel-go Kubernetes uses). */
export const MAX_ERRORS_TO_REPORT = 100;

/** The truncation note after MAX_ERRORS_TO_REPORT issues. */
export function truncationNote(count: number): string {
  return `${count - MAX_ERRORS_TO_REPORT} more errors were truncated`;
}

/** cel-go Errors.ToDisplayString (at most 100 errors, then a truncation note). */
export function formatIssues(issues: readonly CelIssue[], source: CelSource): string {
  const sorted = sortIssues(issues, source);
  const out: string[] = [];
  for (let i = 0; i < sorted.length && i < MAX_ERRORS_TO_REPORT; i++) {
    const r = renderIssue(sorted[i]!, source);
    out.push(r.detail ? `${r.message}\n${r.detail}` : r.message);
  }
  if (sorted.length > MAX_ERRORS_TO_REPORT) out.push(truncationNote(sorted.length));
  return out.join("\n");
}
