/**
 * Go regexp (RE2) semantics for user patterns: compiled once per pattern text with @bufbuild/re2 (linear time, no
 * look-around or backreferences; syntax errors read like Go's `error parsing regexp: …`). Never JavaScript RegExp.
 */
// Upstream: kubernetes/kube-openapi:pkg/validation/validate/values.go (Pattern: unanchored MatchString, compile cache)
import { RE2JS } from "@bufbuild/re2";

export type CompiledPattern = { ok: true; test(s: string): boolean } | { ok: false; error: string };

const CACHE_LIMIT = 10_000;

/** Compiles a Go RE2 pattern; `test` is an unanchored match like regexp.MatchString. */
export function compileGoRegexp(pattern: string): CompiledPattern {
  try {
    const re = RE2JS.compile(pattern);
    return { ok: true, test: (s: string) => re.test(s) };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}

/**
 * Compiled patterns by pattern text, owned by whoever runs the validation (one per engine run), so that CRDs and
 * resources repeating a pattern compile it once and no module keeps state between runs.
 */
export class RegexCache {
  private readonly patterns = new Map<string, CompiledPattern>();

  compile(pattern: string): CompiledPattern {
    let c = this.patterns.get(pattern);
    if (c) return c;
    c = compileGoRegexp(pattern);
    if (this.patterns.size >= CACHE_LIMIT) this.patterns.clear();
    this.patterns.set(pattern, c);
    return c;
  }
}
