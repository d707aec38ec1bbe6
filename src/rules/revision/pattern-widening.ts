/**
 * Whether a new `pattern` accepts every string an old one accepts, proved structurally for the shapes CRDs use
 * (character classes, literals, groups, alternations, repetitions, `^`/`$` at the ends): a class that gained
 * characters, an alternation that gained branches, a repetition whose bounds widened, an optional part added.
 * The answer is sound but incomplete: `true` only when proved; `false` means "not proved" (a narrowing, or a shape
 * this does not decide: flags, word boundaries, Unicode classes, anchors inside a group; a top-level alternation
 * is compared branch by branch, each anchoring itself). The apiserver
 * matches with Go's RE2 `MatchString`, a search: a pattern without `^` (or `$`) accepts any text around a match.
 */
// Upstream: kube-openapi pkg/validation/validate (Pattern: regexp.MatchString); Go regexp/syntax for the grammar.

type Range = readonly [number, number];
type Node =
  | { t: "set"; ranges: Range[] }
  | { t: "seq"; items: Node[] }
  | { t: "alt"; alts: Node[] }
  | { t: "rep"; node: Node; min: number; max: number }
  | { t: "bol" }
  | { t: "eol" };

const MAX_CODE_POINT = 0x10ffff;
const ANY: Range[] = [[0, MAX_CODE_POINT]];
const DIGIT: Range[] = [[48, 57]];
const WORD: Range[] = [
  [48, 57],
  [65, 90],
  [95, 95],
  [97, 122],
];
// RE2's \s is [\t\n\f\r ] (no \v).
const SPACE: Range[] = [
  [9, 10],
  [12, 13],
  [32, 32],
];

class Unsupported extends Error {}

function normalize(ranges: Range[]): Range[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [lo, hi] of sorted) {
    const last = out[out.length - 1];
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

function complement(ranges: Range[]): Range[] {
  const out: Range[] = [];
  let next = 0;
  for (const [lo, hi] of normalize(ranges)) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return out;
}

/** Parses the subset of RE2 syntax this module decides; anything else throws Unsupported. */
function parse(pattern: string): Node {
  const cps = Array.from(pattern, (c) => c.codePointAt(0)!);
  let i = 0;
  const peek = (): number | undefined => cps[i];
  const ch = (c: string): number => c.codePointAt(0)!;

  const escape = (): Range[] => {
    const c = cps[i++];
    if (c === undefined) throw new Unsupported();
    const s = String.fromCodePoint(c);
    switch (s) {
      case "d":
        return DIGIT;
      case "D":
        return complement(DIGIT);
      case "w":
        return WORD;
      case "W":
        return complement(WORD);
      case "s":
        return SPACE;
      case "S":
        return complement(SPACE);
      case "n":
        return [[10, 10]];
      case "t":
        return [[9, 9]];
      case "r":
        return [[13, 13]];
      case "f":
        return [[12, 12]];
      case "v":
        return [[11, 11]];
      case "x": {
        let hex = "";
        if (peek() === ch("{")) {
          i++;
          while (peek() !== undefined && peek() !== ch("}")) hex += String.fromCodePoint(cps[i++]!);
          i++;
        } else hex = String.fromCodePoint(cps[i++] ?? 0) + String.fromCodePoint(cps[i++] ?? 0);
        const v = Number.parseInt(hex, 16);
        if (!/^[0-9a-fA-F]+$/.test(hex) || v > MAX_CODE_POINT) throw new Unsupported();
        return [[v, v]];
      }
      default:
        // Escaped punctuation is the character itself; letters and digits are classes, assertions or octal.
        if (/[A-Za-z0-9]/.test(s)) throw new Unsupported();
        return [[c, c]];
    }
  };

  const classItem = (): Range[] => {
    const c = cps[i];
    if (c === undefined) throw new Unsupported();
    if (c === ch("[") && cps[i + 1] === ch(":")) throw new Unsupported();
    i++;
    if (c === ch("\\")) return escape();
    return [[c, c]];
  };

  const charClass = (): Range[] => {
    // at "[" already consumed
    let negate = false;
    if (peek() === ch("^")) {
      negate = true;
      i++;
    }
    const ranges: Range[] = [];
    let first = true;
    while (peek() !== undefined && (peek() !== ch("]") || first)) {
      first = false;
      const lo = classItem();
      if (peek() === ch("-") && cps[i + 1] !== undefined && cps[i + 1] !== ch("]")) {
        if (lo.length !== 1 || lo[0]![0] !== lo[0]![1]) throw new Unsupported();
        i++;
        const hi = classItem();
        if (hi.length !== 1 || hi[0]![0] !== hi[0]![1] || hi[0]![0] < lo[0]![0]) throw new Unsupported();
        ranges.push([lo[0]![0], hi[0]![0]]);
      } else ranges.push(...lo);
    }
    if (peek() !== ch("]")) throw new Unsupported();
    i++;
    return negate ? complement(ranges) : normalize(ranges);
  };

  const atom = (): Node => {
    const c = cps[i++]!;
    const s = String.fromCodePoint(c);
    switch (s) {
      case "(": {
        if (peek() === ch("?")) {
          // (?:...) and named groups only; flags change the language.
          const rest = String.fromCodePoint(...cps.slice(i, i + 3));
          if (rest.startsWith("?:")) i += 2;
          else if (rest.startsWith("?P<") || rest.startsWith("?<")) {
            while (peek() !== undefined && peek() !== ch(">")) i++;
            i++;
          } else throw new Unsupported();
        }
        const inner = alternation();
        if (peek() !== ch(")")) throw new Unsupported();
        i++;
        return inner;
      }
      case "[":
        return { t: "set", ranges: charClass() };
      case ".":
        return { t: "set", ranges: complement([[10, 10]]) };
      case "^":
        return { t: "bol" };
      case "$":
        return { t: "eol" };
      case "\\": {
        const n = peek();
        if (n === ch("A")) {
          i++;
          return { t: "bol" };
        }
        if (n === ch("z")) {
          i++;
          return { t: "eol" };
        }
        return { t: "set", ranges: escape() };
      }
      case "*":
      case "+":
      case "?":
      case ")":
      case "|":
        throw new Unsupported();
      default:
        return { t: "set", ranges: [[c, c]] };
    }
  };

  const repeat = (node: Node): Node => {
    for (;;) {
      const c = peek();
      let min: number, max: number;
      if (c === ch("*")) [min, max] = [0, Infinity];
      else if (c === ch("+")) [min, max] = [1, Infinity];
      else if (c === ch("?")) [min, max] = [0, 1];
      else if (c === ch("{")) {
        const m = /^\{(\d+)(,(\d*))?\}/.exec(String.fromCodePoint(...cps.slice(i, i + 24)));
        // Not a repetition: RE2 reads the brace as a literal.
        if (!m) return node;
        min = Number(m[1]);
        max = m[2] === undefined ? min : m[3] === "" ? Infinity : Number(m[3]);
        i += m[0].length - 1;
      } else return node;
      i++;
      if (peek() === ch("?")) i++; // lazy: the same language
      if (node.t === "bol" || node.t === "eol") throw new Unsupported();
      node = { t: "rep", node, min, max };
    }
  };

  const sequence = (): Node => {
    const list: Node[] = [];
    while (peek() !== undefined && peek() !== ch("|") && peek() !== ch(")")) list.push(repeat(atom()));
    return list.length === 1 ? list[0]! : { t: "seq", items: list };
  };

  function alternation(): Node {
    const alts = [sequence()];
    while (peek() === ch("|")) {
      i++;
      alts.push(sequence());
    }
    return alts.length === 1 ? alts[0]! : { t: "alt", alts };
  }

  const node = alternation();
  if (i !== cps.length) throw new Unsupported();
  return node;
}

/** A node as a sequence, nested sequences (groups without a quantifier) spliced in. */
const items = (n: Node): Node[] => (n.t === "seq" ? n.items.flatMap(items) : [n]);
const minOf = (n: Node): number =>
  n.t === "rep"
    ? n.min * minOf(n.node)
    : n.t === "seq"
      ? n.items.reduce((s, x) => s + minOf(x), 0)
      : n.t === "alt"
        ? Math.min(...n.alts.map(minOf))
        : n.t === "set"
          ? 1
          : 0;

function rangesWithin(inner: Range[], outer: Range[]): boolean {
  const o = normalize(outer);
  return inner.every(([lo, hi]) => o.some(([a, b]) => a <= lo && hi <= b));
}

/**
 * The work of one proof: answers known per pair of nodes, and a step budget. Alternations inside repetitions can
 * make the search exponential (an IPv4-or-IPv6 CIDR pattern took a minute); past the budget the answer is "not proved".
 */
interface Work {
  steps: number;
  known: Map<Node, Map<Node, boolean>>;
}

const MAX_STEPS = 20_000;

/** L(o) ⊆ L(n), proved structurally (false: not proved). */
function within(o: Node, n: Node, work: Work, depth = 0): boolean {
  if (depth > 64) return false;
  const byN = work.known.get(o) ?? new Map<Node, boolean>();
  work.known.set(o, byN);
  const known = byN.get(n);
  if (known !== undefined) return known;
  if (++work.steps > MAX_STEPS) throw new Unsupported();
  byN.set(n, false);
  const answer = withinUncached(o, n, work, depth);
  byN.set(n, answer);
  return answer;
}

function withinUncached(o: Node, n: Node, work: Work, depth: number): boolean {
  if (o.t === "alt") return o.alts.every((a) => within(a, n, work, depth + 1));
  if (n.t === "alt" && o.t !== "seq") return n.alts.some((a) => within(o, a, work, depth + 1));
  if (o.t === "seq" || n.t === "seq")
    return (
      seqWithin(items(o), items(n), work, depth + 1) ||
      (n.t === "alt" && n.alts.some((a) => within(o, a, work, depth + 1)))
    );
  return elemWithin(o, n, work, depth + 1);
}

function elemWithin(o: Node, n: Node, work: Work, depth: number): boolean {
  if (o.t === "seq" || o.t === "alt" || n.t === "seq" || n.t === "alt") return within(o, n, work, depth);
  if (o.t === "bol" || o.t === "eol") return n.t === o.t;
  if (o.t === "set") {
    if (n.t === "set") return rangesWithin(o.ranges, n.ranges);
    if (n.t === "rep") return n.min <= 1 && n.max >= 1 && within(o, n.node, work, depth + 1);
    return false;
  }
  // o is a repetition
  if (n.t === "rep") return n.min <= o.min && n.max >= o.max && within(o.node, n.node, work, depth + 1);
  if (o.min === 1 && o.max === 1) return within(o.node, n, work, depth + 1);
  return false;
}

/**
 * A sequence within a sequence: items matched in order, one to one; an item of NEW that can be empty may be skipped;
 * an unbounded repetition of NEW may take several consecutive items of OLD, each within one of its iterations.
 */
function seqWithin(o: Node[], n: Node[], work: Work, depth: number): boolean {
  if (depth > 64) return false;
  const memo = new Map<string, boolean>();
  const go = (i: number, j: number, taken: boolean): boolean => {
    const key = `${i},${j},${taken}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    if (++work.steps > MAX_STEPS) throw new Unsupported();
    memo.set(key, false);
    let ok = false;
    if (j === n.length) ok = i === o.length;
    else {
      const x = n[j]!;
      const rep = x.t === "rep" ? x : null;
      // Skip x: it can match the empty string, or it already took enough iterations.
      if (minOf(x) === 0 || (taken && rep !== null && rep.min <= 1)) ok = go(i, j + 1, false);
      if (!ok && i < o.length && !taken) ok = elemWithin(o[i]!, x, work, depth) && go(i + 1, j + 1, false);
      // Several items of OLD within x: one iteration of a repetition, or one branch of an alternation.
      for (let k = i + 2; !ok && !taken && k <= o.length && x.t !== "set"; k++) {
        const run = o.slice(i, k);
        const fits =
          rep !== null
            ? rep.min <= 1 && rep.max >= 1 && seqWithin(run, items(rep.node), work, depth + 1)
            : x.t === "alt" && x.alts.some((a) => seqWithin(run, items(a), work, depth + 1));
        if (fits) ok = go(k, j + 1, false);
      }
      if (!ok && i < o.length && rep !== null && rep.max === Infinity && rep.min <= 1) {
        const y = o[i]!;
        // y as one iteration, or y a repetition whose body is one iteration each.
        if (within(y, rep.node, work, depth + 1)) ok = go(i + 1, j, true);
        else if (y.t === "rep" && within(y.node, rep.node, work, depth + 1)) ok = go(i + 1, j, taken || y.min >= 1);
        // Several items of OLD as one iteration.
        for (let k = i + 2; !ok && k <= o.length; k++)
          if (seqWithin(o.slice(i, k), items(rep.node), work, depth + 1)) ok = go(k, j, true);
      }
    }
    memo.set(key, ok);
    return ok;
  };
  return go(0, 0, false);
}

/** The language MatchString accepts: `^`/`$` at the ends removed, any text allowed where they are missing. */
function searchLanguage(root: Node): Node {
  // `^a$|^b$`: each branch anchors itself, and the pattern accepts what any branch accepts.
  if (root.t === "alt") return { t: "alt", alts: root.alts.map(searchLanguage) };
  const list = [...items(root)];
  const anchoredStart = list[0]?.t === "bol";
  const anchoredEnd = list.length > 0 && list[list.length - 1]!.t === "eol";
  if (anchoredStart) list.shift();
  if (anchoredEnd) list.pop();
  const anyText: Node = { t: "rep", node: { t: "set", ranges: ANY }, min: 0, max: Infinity };
  const hasAnchor = (n: Node): boolean =>
    n.t === "bol" ||
    n.t === "eol" ||
    (n.t === "seq" && n.items.some(hasAnchor)) ||
    (n.t === "alt" && n.alts.some(hasAnchor)) ||
    (n.t === "rep" && hasAnchor(n.node));
  // An anchor inside (`^a|b$`, `(^a)`) is not decided.
  if (list.some(hasAnchor)) throw new Unsupported();
  return { t: "seq", items: [...(anchoredStart ? [] : [anyText]), ...list, ...(anchoredEnd ? [] : [anyText])] };
}

/** True when every string `before` accepts is accepted by `after` too (proved); false when not proved. */
export function patternWidens(before: string, after: string): boolean {
  if (before === after) return true;
  try {
    return within(searchLanguage(parse(before)), searchLanguage(parse(after)), { steps: 0, known: new Map() });
  } catch (e) {
    if (e instanceof Unsupported) return false;
    throw e;
  }
}
