/**
 * `# crdlint-disable-line`, `# crdlint-disable-next-line` and `# crdlint-disable` ... `# crdlint-enable` comments, as
 * ESLint reads its own: rule ids separated by commas (or spaces), an optional `-- reason`, no rule id meaning every rule. Only real YAML comments count: the
 * YAML lexer finds them, so the same text inside a string or a block scalar is not a directive.
 */
import { Lexer } from "yaml";
import { lineIndexAt } from "./lines.js";

export type DirectiveKind = "disable-line" | "disable-next-line" | "disable" | "enable";

export interface DirectiveRule {
  id: string;
  /** 1-based line and column of the rule id inside the comment. */
  line: number;
  column: number;
}

export interface DisableDirective {
  kind: DirectiveKind;
  /** 1-based line and column of the `#`. */
  line: number;
  column: number;
  endColumn: number;
  /** The line whose diagnostics it suppresses (for `disable`/`enable`, the line the block starts or ends on). */
  target: number;
  /** Empty: every rule. */
  rules: DirectiveRule[];
  reason?: string;
}

const DIRECTIVE = /^#\s*crdlint-(disable-next-line|disable-line|disable|enable)(?=\s|$)/;
// The lexer's markers for document start, flow end and scalar start: not source text.
const LEXER_MARKERS = new Set(["\u0002", "\u0018", "\u001f"]);

export function parseDirectives(text: string): DisableDirective[] {
  if (!text.includes("crdlint-")) return [];
  const comments: { offset: number; text: string }[] = [];
  let offset = 0;
  for (const token of new Lexer().lex(text)) {
    if (LEXER_MARKERS.has(token)) continue;
    if (token.startsWith("#") && DIRECTIVE.test(token)) comments.push({ offset, text: token });
    offset += token.length;
  }
  if (comments.length === 0) return [];
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1);
  const lineOf = (off: number): number => lineIndexAt(lineStarts, off);
  const lines = text.split("\n");
  const out: DisableDirective[] = [];
  for (const c of comments) {
    const m = DIRECTIVE.exec(c.text)!;
    const kind = m[1] as DirectiveKind;
    const lineIdx = lineOf(c.offset);
    const column = c.offset - lineStarts[lineIdx]! + 1;
    const body = c.text.slice(m[0].length);
    const sep = body.search(/(^|\s)--(\s|$)/);
    const list = sep < 0 ? body : body.slice(0, sep);
    const reason =
      sep < 0
        ? undefined
        : body
            .slice(sep)
            .replace(/^\s*--\s*/, "")
            .trim() || undefined;
    const rules: DirectiveRule[] = [];
    for (const r of list.matchAll(/[^,\s]+/g))
      rules.push({ id: r[0], line: lineIdx + 1, column: column + m[0].length + r.index! });
    let target = lineIdx + 1;
    if (kind === "disable-next-line") {
      // The next line that holds YAML: blank lines and comment lines in between do not count.
      let j = lineIdx + 1;
      while (j < lines.length && (lines[j]!.trim() === "" || lines[j]!.trim().startsWith("#"))) j++;
      target = j + 1;
    }
    out.push({
      kind,
      line: lineIdx + 1,
      column,
      endColumn: column + c.text.length,
      target,
      rules,
      ...(reason ? { reason } : {}),
    });
  }
  return out;
}
