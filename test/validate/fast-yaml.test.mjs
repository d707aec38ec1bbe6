// The fast reader of `crdlint validate` must give exactly the full loader's value and positions, or decline (null).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync, statSync, existsSync } from "node:fs";
import { join } from "node:path";
import { createFastYamlReader } from "../../dist/load/fast-yaml.js";
import { loadText } from "../../dist/load/document.js";
import { root } from "../helpers/cli.mjs";

const snippets = [
  "a: 1\nb: 1.0\nc: 0777\nd: 0x1F\ne: 1_000\nf: .5\ng: -3\nh: +4\ni: 1e3\nj: .inf\nk: ~\nl:\nm: null\n",
  "a: yes\nb: No\nc: on\nd: OFF\ne: y\nf: n\ng: true\nh: 'yes'\ni: \"no\"\n",
  "date: 2024-01-02\ntime: 12:30:00\nver: 1.2.3\nport: \"8080\"\nimage: nginx:1.25\nurl: http://x/y#frag\n",
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
  "x: \"a\" b\n",
  "k8s.io/name: v\n",
];

function check(reader, text, where) {
  const q = reader.readWithPositions(text);
  const plain = reader.read(text);
  assert.equal(plain === null, q === null, `${where}: read and readWithPositions agree on declining`);
  if (!q) return false;
  const l = loadText(text);
  assert.deepEqual(l.problems, [], `${where}: the fast reader accepted a document the loader reports a problem in`);
  const v = l.documents[0]?.value ?? null;
  assert.deepEqual(q.value ?? null, v, `${where}: value`);
  assert.deepEqual(plain.value ?? null, v, `${where}: value (no positions)`);
  if (q.value === undefined) return true;
  const paths = [];
  const walk = (x, p) => {
    paths.push(p, [...p, "missing"]);
    if (Array.isArray(x)) x.forEach((y, i) => walk(y, [...p, i]));
    else if (x && typeof x === "object") for (const k of Object.keys(x)) walk(x[k], [...p, k]);
  };
  walk(q.value, []);
  for (const p of paths) assert.deepEqual(q.locate(p).start, l.documents[0].locate(p).start, `${where}: position of ${JSON.stringify(p)}`);
  return true;
}

test("the fast reader agrees with the loader on tricky snippets, or declines them", () => {
  const reader = createFastYamlReader();
  let accepted = 0;
  for (const s of snippets) if (check(reader, s, JSON.stringify(s))) accepted++;
  assert.ok(accepted >= 8, `only ${accepted} snippets read fast`);
  for (const declined of ["key: |\n  block\n", "anchor: &a 1\nalias: *a\n", "dup: 1\ndup: 2\n", "on: boolean key\n", "multi: this is\n  continued\n", "a: b: c\n"])
    assert.equal(reader.read(declined), null, `declines ${JSON.stringify(declined)}`);
});

test("the fast reader agrees with the loader on every fixture (and the example corpus when present)", () => {
  const reader = createFastYamlReader();
  const dirs = [join(root, "fixtures")];
  const corpus = join(root, "..", "shared", "corpus", "examples");
  if (existsSync(corpus)) dirs.push(corpus);
  const walk = (d, out = []) => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p, out);
      else if (/\.ya?ml$/.test(n)) out.push(p);
    }
    return out;
  };
  let fast = 0;
  for (const dir of dirs)
    for (const f of walk(dir))
      for (const chunk of readFileSync(f, "utf8").split(/^(?=---(?:[ \t#].*)?$)/m)) if (check(reader, chunk, f)) fast++;
  assert.ok(fast > 50, `${fast} documents read fast`);
});
