/**
 * Go `regexp.Compile` syntax checking (RE2) for schema `pattern`s, with Go's own error text.
 *
 * The apiserver compiles every `pattern` with Go's regexp package; a pattern JavaScript accepts (look-around,
 * backreferences, possessive quantifiers, `\Z`, ...) may be rejected, and the reverse. User patterns are never
 * compiled with JavaScript's RegExp: they are parsed by @bufbuild/re2, a port of Go's regexp/syntax parser that
 * reproduces Go's error codes and offending fragments. A run caches results per pattern in a GoRegexpSyntaxCache
 * it owns (CRDs repeat the same patterns many times).
 */
// Upstream: golang/go:src/regexp/syntax/parse.go (error codes, `(*Error).Error`), kubernetes/apiextensions-apiserver:pkg/apiserver/schema/validation.go (regexp.Compile of pattern)
import { RE2JS, RE2JSSyntaxException } from "@bufbuild/re2";

const CACHE_LIMIT = 10_000;

/** Go reports these two with the whole pattern as the expression (the parser panics and `parse` recovers). */
const WHOLE_PATTERN_ERRORS = new Set(["expression too large", "expression nests too deeply"]);

/**
 * The error Go's `regexp.Compile(pattern)` returns, as `err.Error()` prints it
 * (`error parsing regexp: <code>: \`<expr>\``), or null when Go accepts the pattern.
 */
export function goRegexpError(pattern: string): string | null {
  let result: string | null = null;
  try {
    new RE2JS(pattern);
  } catch (e) {
    if (e instanceof RE2JSSyntaxException) {
      // Go's Error() always appends ": `expr`", even when the expression is empty (trailing backslash).
      const expr = e.input ?? (WHOLE_PATTERN_ERRORS.has(e.error) ? pattern : "");
      result = `error parsing regexp: ${e.error}: \`${expr}\``;
    }
    // Anything else is a limitation of the port, not a syntax error Go would report: accept the pattern.
  }
  return result;
}

/** goRegexpError results by pattern text, owned by the engine run that checks them (no state between runs). */
export class GoRegexpSyntaxCache {
  private readonly errors = new Map<string, string | null>();

  /** goRegexpError(pattern), computed once per pattern text. */
  error(pattern: string): string | null {
    const hit = this.errors.get(pattern);
    if (hit !== undefined) return hit;
    const result = goRegexpError(pattern);
    if (this.errors.size >= CACHE_LIMIT) this.errors.clear();
    this.errors.set(pattern, result);
    return result;
  }
}
