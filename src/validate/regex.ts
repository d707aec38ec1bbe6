/**
 * Go regexp (RE2) semantics for user patterns: compiled once per pattern text with @bufbuild/re2 (linear time, no
 * look-around or backreferences; syntax errors read like Go's `error parsing regexp: …`). Never JavaScript RegExp.
 */
// Upstream: kubernetes/kube-openapi:pkg/validation/validate/values.go (Pattern: unanchored MatchString, compile cache)
import { RE2JS } from "@bufbuild/re2";

export type CompiledPattern = { ok: true; test(s: string): boolean } | { ok: false; error: string };

const cache = new Map<string, CompiledPattern>();

/** Compiles (and caches) a Go RE2 pattern; `test` is an unanchored match like regexp.MatchString. */
export function compileGoRegexp(pattern: string): CompiledPattern {
  let c = cache.get(pattern);
  if (c) return c;
  try {
    const re = RE2JS.compile(pattern);
    c = { ok: true, test: (s: string) => re.test(s) };
  } catch (e) {
    c = { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
  if (cache.size > 10000) cache.clear();
  cache.set(pattern, c);
  return c;
}
