/**
 * Go regexp (RE2) semantics for user patterns: compiled once per pattern text with @bufbuild/re2 (linear time, no
 * look-around or backreferences; syntax errors read like Go's `error parsing regexp: …`). Never JavaScript RegExp.
 */
// Upstream: kubernetes/kube-openapi:pkg/validation/validate/values.go (Pattern: unanchored MatchString, compile cache)
import { RE2JS } from "@bufbuild/re2";

export type CompiledPattern = { ok: true; test(s: string): boolean } | { ok: false; error: string };

const CACHE_LIMIT = 10_000;
/** Values whose match is remembered, per pattern (the memory is emptied when full). */
const MATCH_MEMO_LIMIT = 4096;

/**
 * Compiles a Go RE2 pattern; `test` is an unanchored match like regexp.MatchString. A match is a pure function of the
 * value, and values come back: the same object is validated at each release of a range run (a test case, a
 * resource), and names and labels repeat across resources. RE2's matcher builds its automaton's states as it matches,
 * which costs far more than a lookup (a sixth of a ten-release `crdlint test` of openshift/api's suites went to it).
 */
export function compileGoRegexp(pattern: string): CompiledPattern {
  try {
    const re = RE2JS.compile(pattern);
    const matched = new Map<string, boolean>();
    return {
      ok: true,
      test: (s: string) => {
        let m = matched.get(s);
        if (m === undefined) {
          m = re.test(s);
          if (matched.size >= MATCH_MEMO_LIMIT) matched.clear();
          matched.set(s, m);
        }
        return m;
      },
    };
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
