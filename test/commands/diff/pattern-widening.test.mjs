// revision-pattern-changed reads a changed pattern as widened only when the new one provably accepts every string the
// old one accepts (src/rules/revision/pattern-widening.ts). The table states the shapes it proves and those it must
// not; the soundness check draws random pattern pairs over a small alphabet and tries every short string: a pair
// claimed widened must never have a string the old pattern accepts and the new one rejects. JavaScript's RegExp
// agrees with Go's RE2 on the syntax generated here (classes, groups, alternation, greedy repetition, ^ and $).
import { test } from "node:test";
import assert from "node:assert/strict";
import { patternWidens } from "../../../dist/rules/revision/pattern-widening.js";
// A seeded generator (mulberry32), so that a failure can be replayed.
import { random } from "../../../bench/incremental-edits.mjs";

const TABLE = [
  ["^[a-z]+$", "^[a-z_]+$", true, "a class that gained a character"],
  ["^(foo|bar)$", "^(foo|bar|baz)$", true, "an alternation that gained a branch"],
  ["^[a-z]+$", "^[a-z]+(-[a-z]+)?$", true, "an optional part added"],
  [
    "^[a-z0-9]([-a-z0-9]*[a-z0-9])?$",
    "^[a-z0-9]([-a-z0-9_.]*[a-z0-9])?$",
    true,
    "a DNS label that allows more characters inside",
  ],
  ["^[a-z]{1,10}$", "^[a-z]{0,20}$", true, "repetition bounds widened"],
  ["^\\d+$", "^[0-9.]+$", true, "an escape class within a wider class"],
  ["^abc$", "abc", true, "anchors dropped: a search accepts more"],
  ["^abc$", "^(abc)+$", true, "several items as one iteration"],
  ["^ab$", "^[ab]+$", true, "items absorbed by an unbounded repetition"],
  ["^[^/\\n]+$", "^.+$", true, "a negated class within the dot"],
  ["^[a-z]+$", "^[a-y]+$", false, "a class that lost a character"],
  ["abc", "^abc", false, "an anchor added"],
  ["^[a-z]{1,10}$", "^[a-z]{2,20}$", false, "a lower bound raised"],
  ["^[^/]+$", "^.+$", false, "the dot does not match a newline"],
  ["^(?i)a$", "^(?i)ab?$", false, "flags are not decided"],
  ["^a$", "^a|b$", true, "branches anchor themselves: ^a or b anywhere"],
  ["^a$|^b$", "^[ab]$", true, "two anchored branches within one class"],
  [
    "^[a-z]+$|x$",
    "^[a-z0-9]+$|x$",
    true,
    "a top-level alternation compared branch by branch (gateway-api's protocol pattern)",
  ],
  ["^[ab]$", "^a$|^b$", false, "one class split over branches is not decided"],
  ["^(a|^b)$", "^(a|^b)$", true, "equal texts are equal"],
  ["^(a|^b)$", "^(a|^b|c)$", false, "an anchor inside a group is not decided"],
  ["^\\bfoo$", "^\\bfoo$", true, "equal texts are equal, whatever they hold"],
  ["^\\bfoo$", "^\\bfoo|bar$", false, "word boundaries are not decided"],
];

for (const [before, after, widens, why] of TABLE) {
  test(`${before} → ${after}: ${widens ? "widened" : "not proved"} (${why})`, () => {
    assert.equal(patternWidens(before, after), widens);
  });
}

const ALPHABET = ["a", "b", "-", "_"];

function randomPattern(r, depth = 0) {
  const pick = (xs) => xs[Math.floor(r() * xs.length)];
  const atom = () => {
    const k = r();
    if (k < 0.35) return pick(["a", "b", "-", "_"]).replace("-", "\\-");
    if (k < 0.7) return pick(["[ab]", "[a-b]", "[a_]", "[-a]", "[^a]", "[ab_-]", "\\w", "."]);
    if (depth < 2) return `(${randomPattern(r, depth + 1)}${r() < 0.4 ? `|${randomPattern(r, depth + 1)}` : ""})`;
    return "a";
  };
  let out = "";
  const n = 1 + Math.floor(r() * 3);
  for (let i = 0; i < n; i++) out += atom() + pick(["", "", "*", "+", "?", "{1,2}", "{2}", "{0,3}"]);
  return out;
}

function anchored(r, p) {
  const one = (x) => `${r() < 0.7 ? "^" : ""}${x}${r() < 0.7 ? "$" : ""}`;
  // Sometimes a top-level alternation whose branches anchor themselves (`^a$|b$`).
  return r() < 0.2 ? `${one(p)}|${one(randomPattern(r, 1))}` : one(p);
}

function* strings(maxLength) {
  yield "";
  let level = [""];
  for (let len = 1; len <= maxLength; len++) {
    const next = [];
    for (const s of level) for (const c of ALPHABET) next.push(s + c);
    yield* next;
    level = next;
  }
}

test("a pair claimed widened never has a string the old pattern accepts and the new one rejects (seeded random pairs)", () => {
  const r = random(20261127);
  const all = [...strings(5)];
  let proved = 0;
  for (let i = 0; i < 3000; i++) {
    const before = anchored(r, randomPattern(r));
    // Half the time the new pattern is a variation of the old one (more often related, so more proofs are tried).
    const after =
      r() < 0.5
        ? anchored(r, randomPattern(r))
        : before
            .replace(/\[([^\]]*)\]/, (_, c) => `[${c}${ALPHABET[Math.floor(r() * 4)].replace("-", "\\-")}]`)
            .replace(/\{1,2\}/, "{0,3}")
            .replace(/\+/, "*");
    if (!patternWidens(before, after)) continue;
    proved++;
    const o = new RegExp(before);
    const n = new RegExp(after);
    for (const s of all)
      if (o.test(s))
        assert.ok(n.test(s), `${JSON.stringify(s)} matches ${before} but not ${after}, which was claimed to widen it`);
  }
  assert.ok(proved > 200, `only ${proved} pairs were proved widened: the check would test little`);
});

test("a pattern of alternations inside repetitions (an address-family shape) is answered quickly: past a step budget it is not proved", () => {
  const hex = "[0-9a-fA-F]{1,4}";
  const octet = "(25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)";
  const v6 = Array.from({ length: 7 }, (_, k) => `(${hex}:){1,${k + 1}}(:${hex}){1,${7 - k}}`).join("|");
  const wide = `(${octet}\\.){3}${octet}\\/([0-9]+)|((${v6}|::(ffff(:0{1,4}){0,1}:){0,1}(${octet}\\.){3}${octet})\\/([0-9]+))`;
  const started = performance.now();
  assert.equal(patternWidens("pod-name.service.default.svc.cluster.local", wide), false);
  assert.equal(patternWidens(wide, `${wide}|x`), true);
  assert.ok(performance.now() - started < 2000, `${Math.round(performance.now() - started)} ms`);
});
