// The lint path's fast loader (src/load/fast-load.ts) against the full loader (src/load/document.ts): for every text
// the fast loader accepts, the full loader must find no problem and give the same documents, values and ranges.
// Texts: the repository's fixtures, generated YAML (seeded, with the shapes CRDs use and the corners around them), and
// the shared corpus when it is there.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join, dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { loadText } from "../../dist/load/document.js";
import { createFastLoader } from "../../dist/load/fast-load.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

function walk(d, out) {
  for (const n of readdirSync(d).sort()) {
    const p = join(d, n);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.(ya?ml|json)$/i.test(n)) out.push(p);
  }
  return out;
}

function paths(v, p, out) {
  out.push(p);
  if (v && typeof v === "object")
    for (const k of Object.keys(v)) paths(v[k], [...p, Array.isArray(v) ? Number(k) : k], out);
  return out;
}

/** Differences between the two loaders on one text ([] when the fast loader declines it). */
function compare(loader, text) {
  const fast = loader.load(text);
  if (!fast) return { accepted: false, diffs: [] };
  const full = loadText(text);
  const diffs = [];
  if (full.problems.length) diffs.push(`the full loader reports ${full.problems[0].rule}: ${full.problems[0].message}`);
  if (!isDeepStrictEqual(full.directives, fast.directives)) diffs.push("directives differ");
  if (full.documents.length !== fast.documents.length)
    diffs.push(`${full.documents.length} documents, fast ${fast.documents.length}`);
  for (let i = 0; i < Math.min(full.documents.length, fast.documents.length) && diffs.length === 0; i++) {
    const a = full.documents[i];
    const b = fast.documents[i];
    if (a.index !== b.index) diffs.push(`document ${i}: index ${a.index}, fast ${b.index}`);
    if (!isDeepStrictEqual(a.value, b.value)) {
      diffs.push(`document ${i}: value ${JSON.stringify(a.value)}, fast ${JSON.stringify(b.value)}`);
      continue;
    }
    for (const p of [...paths(a.value, [], []), ["no-such-field"], [0], ["spec", "versions", 99, "x"]]) {
      const ra = a.locate(p);
      const rb = b.locate(p);
      if (!isDeepStrictEqual(ra, rb))
        diffs.push(`document ${i}: locate ${JSON.stringify(p)} ${JSON.stringify(ra)}, fast ${JSON.stringify(rb)}`);
      let v = a.value;
      for (const seg of p) v = v?.[seg];
      if (typeof v !== "string") continue;
      for (const offset of new Set([0, Math.floor(v.length / 2), Math.max(0, v.length - 1), v.indexOf("\n") + 1])) {
        const sa = a.locateInString(p, offset);
        const sb = b.locateInString(p, offset);
        if (!isDeepStrictEqual(sa, sb))
          diffs.push(
            `document ${i}: locateInString ${JSON.stringify(p)} ${offset} ${JSON.stringify(sa)}, fast ${JSON.stringify(sb)}`,
          );
      }
    }
    if (!isDeepStrictEqual(a.rangeOfDocument, b.rangeOfDocument)) diffs.push(`document ${i}: rangeOfDocument differs`);
  }
  return { accepted: true, diffs };
}

// A small seeded generator (mulberry32): the same texts on every run.
function rng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Words and keys a CRD uses, and (less often) the ones that sit on the edges of the fast path.
const WORDS = [
  "type",
  "string",
  "x",
  "description",
  "a b",
  "name",
  "Foo bar.",
  "code `here`",
  "a-b",
  "x[0]",
  "z {y}",
  "a:b",
  "http://x/y",
  "50%",
  "it's",
  'say "hi"',
  "1",
  "0x1F",
  "1e3",
  "-2",
  "0.5",
  "true",
  "null",
  "2024-01-01",
  "é ü 中",
  "~",
];
const EDGE_WORDS = [
  "`code`",
  "{y} z",
  "- item",
  "[x]",
  "{y}",
  "tab\there",
  "#hash",
  "a #b",
  "no",
  "y",
  ".inf",
  "",
  " lead",
  "trail ",
  ">",
  "|",
  "*a",
  "&b",
  "!t",
  "?",
  ":",
  "-",
  "a: b",
  "%x",
  "@x",
  "'q",
  '"q',
];
const KEYS = [
  "type",
  "name",
  "x-kubernetes-list-type",
  "description",
  "spec",
  "a",
  "B",
  "_u",
  "/p",
  "a.b",
  "a b",
  "items",
  "properties",
];
const EDGE_KEYS = ["y", "on", "1", "-k", ".k", "k#x", '"q"', "'s'", "__proto__", "<<", "null", "-1e3", "a\tb"];

function generate(r) {
  const pick = (xs) => xs[Math.floor(r() * xs.length)];
  const chance = (p) => r() < p;
  const word = () => (chance(0.04) ? pick(EDGE_WORDS) : pick(WORDS));
  const key = () => (chance(0.03) ? pick(EDGE_KEYS) : pick(KEYS));
  const sp = (n) => " ".repeat(n);
  const lines = [];
  const comment = (indent) => {
    if (chance(0.03)) lines.push(sp(Math.max(0, indent + pick([-2, 0, 2, 4]))) + "# note");
    if (chance(0.04)) lines.push(chance(0.5) ? "" : sp(pick([1, 3, 8])));
  };
  const scalar = (indent, prefix) => {
    if (chance(0.08) && prefix.trim() !== "") {
      // The value on the line after its key or dash.
      lines.push(prefix.trimEnd());
      prefix = sp(indent + pick([1, 2, 4]));
    }
    const w = word();
    const style = Math.floor(r() * 10);
    const tail = chance(0.05) ? " # c" : chance(0.05) ? "   " : "";
    if (style <= 3) {
      // plain, maybe over several lines
      lines.push(prefix + w + tail);
      if (chance(0.25)) {
        const n = 1 + Math.floor(r() * 3);
        for (let i = 0; i < n; i++) {
          if (chance(0.2)) lines.push("");
          lines.push(sp(indent + pick([2, 2, 4, 1])) + word());
        }
      }
    } else if (style <= 5) {
      const q = chance(0.5) ? '"' : "'";
      const body =
        q === '"'
          ? w.replace(/\\/g, "\\\\").replace(/"/g, '\\"') +
            (chance(0.7) ? "" : pick(["\\n", "\\t", "\\u00e9", "\\/", "\\ ", "\\x41", "\\ud800"]))
          : w.replace(/'/g, "''");
      if (chance(0.3)) {
        lines.push(prefix + q + body);
        if (chance(0.2)) lines.push("");
        lines.push(
          sp(indent + (chance(0.9) ? pick([2, 4]) : pick([0, 1]))) +
            pick(["more", "x y", "\\", "z\\", "# not a comment"]),
        );
        lines.push(sp(indent + 2) + "end" + q + tail);
      } else lines.push(prefix + q + body + q + tail);
    } else if (style <= 7) {
      const head = chance(0.85) ? pick(["|", "|-", ">", ">-", "|2-"]) : pick(["|+", "|2", ">2", "|-2", "|1", ">+"]);
      lines.push(prefix + head + (chance(0.1) ? " # c" : ""));
      if (chance(0.2)) lines.push("");
      const n = 1 + Math.floor(r() * 4);
      const base = indent + pick([2, 2, 3, 4]);
      for (let i = 0; i < n; i++) {
        const extra = chance(0.15) ? pick([1, 2]) : 0;
        if (chance(0.15)) lines.push(chance(0.5) ? "" : sp(base + pick([-1, 0, 2])));
        else lines.push(sp(base + extra) + (chance(0.05) ? pick(EDGE_WORDS) : word()));
      }
      if (chance(0.3)) lines.push("");
    } else if (style === 8) {
      lines.push(
        prefix +
          (chance(0.8)
            ? pick(["[a, b]", "[]", "{}", "{a: 1, b: [x]}", "[ 1 , 2 ]", '{"k": v}', "[a, [b, c]]"])
            : pick(["[a,]", "{a}", "[a: b]", "{a: }", "[a, b] x", "[a #c]"])) +
          tail,
      );
    } else {
      lines.push(prefix.trimEnd() + (chance(0.3) ? "   " : "") + tail);
    }
  };
  const node = (indent, prefix, depth) => {
    const kind = depth > 3 ? 2 : Math.floor(r() * 3);
    if (kind === 2) return scalar(indent, prefix);
    const n = 1 + Math.floor(r() * 4);
    // Keys of one mapping differ, but for a rare duplicate.
    const used = new Set();
    const unique = (k) => {
      const u = used.has(k) && chance(0.95) ? `${k}${used.size}` : k;
      used.add(u);
      return u;
    };
    const sameIndentSeq = kind === 1 && chance(0.4) && prefix.endsWith(": ");
    const ind = sameIndentSeq ? indent : indent + pick([2, 2, 4]);
    if (prefix.trim() !== "") lines.push(prefix.trimEnd() + (chance(0.1) ? " # c" : ""));
    for (let i = 0; i < n; i++) {
      comment(ind);
      if (kind === 0) node(ind, sp(ind) + unique(key()) + ": ", depth + 1);
      else if (chance(0.3)) {
        // - key: value (a compact mapping)
        const k = key();
        const inner = ind + 2;
        const before = lines.length;
        node(inner, sp(inner) + k + ": ", depth + 1);
        lines[before] = sp(ind) + "- " + lines[before].slice(inner);
        if (chance(0.5)) node(inner, sp(inner) + k + "2: ", depth + 1);
      } else node(ind, sp(ind) + "- ", depth + 1);
    }
    comment(ind);
  };
  const docs = 1 + (chance(0.2) ? 1 : 0);
  for (let d = 0; d < docs; d++) {
    if (d > 0 || chance(0.2)) lines.push(chance(0.8) ? "---" : pick(["--- # doc", "---   "]));
    comment(0);
    const n = 1 + Math.floor(r() * 4);
    const top = new Set();
    for (let i = 0; i < n; i++) {
      let k = key();
      if (top.has(k) && chance(0.95)) k += i;
      top.add(k);
      node(0, k + ": ", 0);
    }
    comment(0);
  }
  if (chance(0.05)) lines.push(pick(["---", "--- # end", "---  "]));
  return lines.join("\n") + (chance(0.85) ? "\n" : "");
}

// Snippets that sit on the edges of the fast path (kept from the reader `crdlint validate` had before this one).
const snippets = [
  "a: 1\nb: 1.0\nc: 0777\nd: 0x1F\ne: 1_000\nf: .5\ng: -3\nh: +4\ni: 1e3\nj: .inf\nk: ~\nl:\nm: null\n",
  "a: yes\nb: No\nc: on\nd: OFF\ne: y\nf: n\ng: true\nh: 'yes'\ni: \"no\"\n",
  'date: 2024-01-02\ntime: 12:30:00\nver: 1.2.3\nport: "8080"\nimage: nginx:1.25\nurl: http://x/y#frag\n',
  "list:\n- a\n- b: 1\n  c: [1, 'two', \"three\", {d: e}]\n-\n  f: g\n- - nested\n",
  "m: {a: 1, b: [x, y], 'c d': \"e\\n\\u00e9\"}\nempty: {}\nnone: []\n",
  "key: value # comment\n# full comment\nother: 'it''s'\n",
  "key: |\n  block\n",
  "key: >\n  folded\n",
  "anchor: &a 1\nalias: *a\n",
  "tagged: !!str 5\n",
  "multi: this is\n  continued\n",
  "dup: 1\ndup: 2\n",
  "on: boolean key\n",
  "<<: {a: 1}\n",
  "a: {<<: {b: 1}, c: 2}\n",
  "a: [b?c]\n",
  "---x: 1\n",
  "a:\n  b:\n    c: 1\n  d: 2\ne: 3\n",
  "---\napiVersion: v1\nkind: ConfigMap\n",
  "--- # c\na: 1\n",
  "a: b: c\n",
  "\ta: 1\n",
  "a: [1, 2\n",
  "a: 'unterminated\n",
  "seq:\n- a\nnext: 1\n",
  "x: -\n",
  "x: - a\n",
  'x: "a" b\n',
  "k8s.io/name: v\n",
  "a: 1\n--- # doc\n",
  "a: 1\n---   \n",
  "a: 1\n--- # doc\n# c\n---\nb: 1\n",
  "a:\n  b: |2-\n     x\n    y\n  c:\n    |-\n    z\n",
  // a map large enough to be looked up through an index
  "props:\n" + Array.from({ length: 40 }, (_, i) => `  p${i}:\n    type: string\n`).join(""),
];

test("fast loader: tricky snippets read as the full loader reads them, or are declined", () => {
  const loader = createFastLoader();
  let accepted = 0;
  const failures = [];
  for (const s of snippets) {
    const { accepted: ok, diffs } = compare(loader, s);
    if (ok) accepted++;
    if (diffs.length) failures.push(`${JSON.stringify(s)}: ${diffs.join("; ")}`);
  }
  assert.deepEqual(failures, []);
  assert.ok(accepted >= 12, `only ${accepted} snippets read fast`);
  // Each of these has something only the full loader reports or reads (an alias, a duplicate or boolean key, a tag,
  // a nested key in a plain scalar, a tab in the indentation, an unclosed flow or quote): the fast loader declines
  // the text, or (a document the full loader reads without a problem) has the full loader read that document alone.
  for (const declined of [
    "anchor: &a 1\nalias: *a\n",
    "dup: 1\ndup: 2\n",
    "on: boolean key\n",
    "a: b: c\n",
    "tagged: !!str 5\n",
    "\ta: 1\n",
    "a: [1, 2\n",
    "a: 'unterminated\n",
    "<<: {a: 1}\n",
    "a: {<<: {b: 1}}\n",
    "j: .inf\n",
  ]) {
    const problems = loadText(declined).problems.length;
    if (problems > 0) assert.equal(loader.load(declined), null, `declines ${JSON.stringify(declined)}`);
    else assert.deepEqual(compare(loader, declined).diffs, [], `reads ${JSON.stringify(declined)} as the full loader`);
  }
  // Deep nesting is the full loader's to read (the rules walk documents recursively).
  for (const deep of [
    "a: " + "[".repeat(300) + "]".repeat(300) + "\n",
    "a: {b: " + "{c: ".repeat(300) + "1" + "}".repeat(301) + "\n",
  ])
    assert.deepEqual(compare(loader, deep).diffs, [], "deep flow nesting read as the full loader reads it");
});

test("fast loader: generated YAML reads as the full loader reads it", () => {
  const loader = createFastLoader();
  const r = rng(20261123);
  let accepted = 0;
  const failures = [];
  for (let i = 0; i < 12000; i++) {
    const text = generate(r);
    const { accepted: ok, diffs } = compare(loader, text);
    if (ok) accepted++;
    if (diffs.length) failures.push(`${JSON.stringify(text)}\n  ${diffs.slice(0, 3).join("\n  ")}`);
    if (failures.length >= 5) break;
  }
  assert.deepEqual(failures, []);
  // The generator aims at the edges: a fair share must still be read by the fast path, or the test proves little.
  assert.ok(accepted > 1200, `only ${accepted} of 12000 generated texts were read by the fast path`);
});

test("fast loader: the repository's fixtures read as the full loader reads them", () => {
  const loader = createFastLoader();
  const failures = [];
  let accepted = 0;
  for (const f of walk(join(root, "fixtures"), [])) {
    const { accepted: ok, diffs } = compare(loader, readFileSync(f, "utf8"));
    if (ok) accepted++;
    if (diffs.length) failures.push(`${f}: ${diffs.slice(0, 3).join("; ")}`);
  }
  assert.deepEqual(failures, []);
  assert.ok(accepted > 50, `only ${accepted} fixtures were read by the fast path`);
});

const corpus = resolve(root, "..", "shared", "corpus");
test(
  "fast loader: the shared corpus reads as the full loader reads it",
  { skip: existsSync(corpus) ? false : `no corpus at ${corpus}` },
  () => {
    const loader = createFastLoader();
    const failures = [];
    let accepted = 0;
    const files = walk(corpus, []);
    for (const f of files) {
      const { accepted: ok, diffs } = compare(loader, readFileSync(f, "utf8"));
      if (ok) accepted++;
      if (diffs.length) failures.push(`${f}: ${diffs.slice(0, 3).join("; ")}`);
    }
    assert.deepEqual(failures, []);
    assert.ok(
      accepted > files.length * 0.9,
      `only ${accepted} of ${files.length} corpus files were read by the fast path`,
    );
  },
);

test("fast loader: a stream with one document it declines has the full loader read that document alone", () => {
  const loader = createFastLoader();
  const text =
    "a: 1\nb: [x, y]\n---\n# only this one has an alias\nanchor: &a {k: v}\nalias: *a\n---\nc:\n  d: 'e'\n---\n";
  const { accepted, diffs } = compare(loader, text);
  assert.ok(accepted, "the stream is read without a whole-text fallback");
  assert.deepEqual(diffs, []);
  assert.deepEqual(loader.load(text).documents[1].value, { anchor: { k: "v" }, alias: { k: "v" } });
  // A declined document with a problem (a duplicate key) leaves the whole text to the full loader, which reports it.
  assert.equal(loader.load("a: 1\n---\ndup: 1\ndup: 2\n"), null);
  // So does a deeply nested one, on one line or many (the parser's depth is its stack's: it reads the text once).
  for (const deep of ["[".repeat(300) + "]".repeat(300), "[\n".repeat(300) + "]\n".repeat(300)])
    assert.equal(loader.load(`a: 1\n---\n${deep}\n---\nb: 2\n`), null);
});
