/**
 * Leftmost-first match positions (Go regexp FindString / FindAllString) for the Kubernetes `find` / `findAll`.
 * @bufbuild/re2 validates RE2 syntax and answers "does it match" but reports no positions, so a pattern RE2 accepts is
 * translated to an equivalent JavaScript RegExp (`u` mode; both engines use leftmost-first, Perl-style preference):
 * `(?P<n>` named groups, `\A` / `\z`, leading `(?flags)`, `\pL` classes, POSIX `[[:alpha:]]` classes and escaped
 * punctuation are rewritten. Patterns outside that subset (`\Q…\E`, `\C`, flag groups inside the pattern) report
 * null and the caller falls back to RE2 (match / no match only).
 */
// Upstream: golang/go:src/regexp/regexp.go (FindString, FindAllString: an empty match right after a match is skipped)
import type { RE2JS } from "@bufbuild/re2";

const POSIX: Record<string, string> = {
  alnum: "0-9A-Za-z",
  alpha: "A-Za-z",
  ascii: "\\x00-\\x7F",
  blank: "\\t ",
  cntrl: "\\x00-\\x1F\\x7F",
  digit: "0-9",
  graph: "!-~",
  lower: "a-z",
  print: " -~",
  punct: "!-\\/:-@\\[-`{-~",
  space: "\\t\\n\\v\\f\\r ",
  upper: "A-Z",
  word: "0-9A-Za-z_",
  xdigit: "0-9A-Fa-f",
};

/** A JavaScript RegExp equivalent to an RE2 pattern, or null when the pattern is outside the translated subset. */
function re2ToRegExp(pattern: string): RegExp | null {
  let p = pattern;
  let flags = "gu";
  const lead = /^\(\?([imsU]+)\)/.exec(p);
  if (lead) {
    if (lead[1]!.includes("U")) return null;
    for (const f of lead[1]!) if (!flags.includes(f)) flags += f;
    p = p.slice(lead[0].length);
  }
  let out = "";
  let inClass = false;
  for (let i = 0; i < p.length; i++) {
    const c = p[i]!;
    if (c === "\\") {
      const n = p[i + 1];
      if (n === undefined) return null;
      i++;
      if (/[A-Za-z0-9]/.test(n)) {
        if (n === "A") out += "(?<![\\s\\S])";
        else if (n === "z") out += "(?![\\s\\S])";
        else if (n === "Q" || n === "C" || n === "E") return null;
        else if ((n === "p" || n === "P") && p[i + 1] !== "{") {
          const cls = p[i + 1];
          if (cls === undefined) return null;
          out += `\\${n}{${cls}}`;
          i++;
        } else out += "\\" + n;
      } else out += `\\u{${n.codePointAt(0)!.toString(16)}}`;
      continue;
    }
    if (inClass) {
      if (c === "[" && p[i + 1] === ":") {
        const end = p.indexOf(":]", i + 2);
        if (end < 0) return null;
        let name = p.slice(i + 2, end);
        const neg = name.startsWith("^");
        if (neg) name = name.slice(1);
        const set = POSIX[name];
        if (!set || neg) return null;
        out += set;
        i = end + 1;
        continue;
      }
      if (c === "]") inClass = false;
      out += c;
      continue;
    }
    if (c === "[") {
      inClass = true;
      out += c;
      if (p[i + 1] === "^") {
        out += "^";
        i++;
      }
      if (p[i + 1] === "]") {
        out += "\\]";
        i++;
      }
      continue;
    }
    if (c === "(" && p[i + 1] === "?") {
      if (p[i + 2] === "P" && p[i + 3] === "<") {
        out += "(?<";
        i += 3;
        continue;
      }
      if (p[i + 2] !== ":" && p[i + 2] !== "<") return null;
    }
    out += c;
  }
  try {
    return new RegExp(out, flags);
  } catch {
    return null;
  }
}

/** All leftmost-first matches (at most n when n >= 0). */
export function re2FindAll(re: RE2JS, s: string, n: number): string[] {
  const js = re2ToRegExp(re.pattern());
  if (!js) {
    // outside the translated subset: RE2 only says whether there is a match
    return re.test(s) && n !== 0 ? [s] : [];
  }
  const out: string[] = [];
  let prevEnd = -1;
  js.lastIndex = 0;
  while (n < 0 || out.length < n) {
    const m = js.exec(s);
    if (!m) break;
    const start = m.index;
    const end = start + m[0].length;
    if (!(m[0].length === 0 && start === prevEnd)) out.push(m[0]);
    prevEnd = end;
    if (m[0].length === 0) {
      if (start >= s.length) break;
      const cp = s.codePointAt(start)!;
      js.lastIndex = start + (cp > 0xffff ? 2 : 1);
    }
  }
  return out;
}
