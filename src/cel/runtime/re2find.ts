/**
 * Leftmost-first RE2 match positions (Go regexp FindString / FindAllString semantics) with @bufbuild/re2. The
 * package's public API only answers "does it match", so the engine's input adapter is loaded from its CommonJS
 * build by path (the package's exports map hides it).
 */
// Upstream: golang/go:src/regexp/regexp.go (FindString, FindAllString: empty matches right after a match are skipped)
import { createRequire } from "node:module";
import path from "node:path";
import { RE2JS } from "@bufbuild/re2";

interface Engine {
  executeEngine(input: unknown, pos: number, anchor: number, ncap: number): number[] | null;
}
const require = createRequire(import.meta.url);
const machineInput = require(path.join(path.dirname(require.resolve("@bufbuild/re2")), "MachineInput.js")) as {
  fromUTF16(s: string): unknown;
};
const UNANCHORED = 0;

/** All leftmost-first matches (at most n when n >= 0) as UTF-16 substrings. */
export function re2FindAll(re: RE2JS, s: string, n: number): string[] {
  const engine = re.re2() as unknown as Engine;
  const input = machineInput.fromUTF16(s);
  const out: string[] = [];
  let pos = 0;
  let prevEnd = -1;
  while (pos <= s.length && (n < 0 || out.length < n)) {
    const m = engine.executeEngine(input, pos, UNANCHORED, 2);
    if (!m) break;
    const [start, end] = [m[0]!, m[1]!];
    let accept = true;
    if (end === start && start === prevEnd) accept = false;
    if (accept) out.push(s.slice(start, end));
    prevEnd = end;
    if (end > pos) pos = end;
    else {
      // advance one code point past an empty match
      const c = s.codePointAt(pos);
      pos += c !== undefined && c > 0xffff ? 2 : 1;
    }
  }
  return out;
}
