// The loader's own duplicate-key check (the yaml library's is quadratic) and its indexed key lookup for large maps
// give the answers the library's checks and a linear scan gave.
import { test } from "node:test";
import assert from "node:assert/strict";
import { loadText } from "../../dist/load/document.js";

const dupLines = (text) =>
  loadText(text)
    .problems.filter((p) => p.rule === "yaml-duplicate-key")
    .map((p) => [p.range.start.line, p.range.start.column]);

test("duplicate keys: same resolved scalar value in one map, reported at the repeated key", () => {
  assert.deepEqual(dupLines("a: 1\nb: 2\na: 3\n"), [[3, 1]]);
  // `y` and `true` are both the boolean true; 0x1F and 31 both the integer 31; "a" and a the same string.
  assert.deepEqual(dupLines("y: 1\ntrue: 2\n0x1F: 3\n31: 4\n'a': 5\na: 6\n"), [
    [2, 1],
    [4, 1],
    [6, 1],
  ]);
  // Not duplicates: the string "31" and the integer 31, two `<<` merge keys, NaN (which equals nothing).
  assert.deepEqual(dupLines('"31": 1\n31: 2\nx: &m {p: 1}\n<<: *m\n<<: {q: 2}\n.nan: 1\n.nan: 2\n'), []);
  // Nested, in flow maps, in sequences, and inside a key that is itself a map.
  assert.deepEqual(dupLines("s:\n  - {k: 1, k: 2}\n  - m:\n      z: 1\n      z: 2\n? {w: 1, w: 2}\n: 3\n"), [
    [2, 12],
    [5, 7],
    [6, 10],
  ]);
});

test("duplicate keys in a map of 60,000 keys are all found, with their positions", () => {
  const lines = [];
  for (let i = 0; i < 60_000; i++) lines.push(`k${i % 59_990}: ${i}`);
  const found = dupLines(lines.join("\n") + "\n");
  assert.equal(found.length, 10);
  assert.deepEqual(found[0], [59_991, 1]);
});

test("locate in a large map finds the first key of a name, numbers by their decimal text", () => {
  const lines = ["spec:"];
  for (let i = 0; i < 100; i++) lines.push(`  f${i}: ${i}`);
  lines.push("  0x1F: hex", "  31: dec", "  f7: again");
  const doc = loadText(lines.join("\n") + "\n").documents[0];
  assert.deepEqual(doc.locate(["spec", "f42"]).start, { line: 44, column: 3 });
  assert.deepEqual(doc.locate(["spec", "f7"]).start, { line: 9, column: 3 });
  assert.deepEqual(doc.locate(["spec", 31]).start, { line: 102, column: 3 });
  // A missing name gives the nearest existing ancestor (the `spec:` pair).
  assert.deepEqual(doc.locate(["spec", "nope"]).start, { line: 1, column: 1 });
});

// Merge keys as go-yaml v2 (kubectl) decodes them; each expectation is sigs.k8s.io/yaml v1.6.0's YAMLToJSON output
// (the oracle's yaml op, test/oracle/).
test("merge keys: go-yaml v2's order (a later merge overwrites earlier keys; earlier maps of a sequence win)", () => {
  const value = (text) => loadText(text).documents[0]?.value;
  assert.deepEqual(value("a: &m {x: 1}\nb:\n  <<: *m\n  z: 2\n"), { a: { x: 1 }, b: { x: 1, z: 2 } });
  assert.deepEqual(value("a: &m {x: 1}\nb:\n  x: 2\n  <<: *m\n"), { a: { x: 1 }, b: { x: 1 } });
  assert.deepEqual(value("a: &m {x: 1}\nb:\n  <<: *m\n  x: 2\n"), { a: { x: 1 }, b: { x: 2 } });
  assert.deepEqual(value("<<: [{a: 1}, {a: 2, b: 2}]\n"), { a: 1, b: 2 });
  assert.deepEqual(value("<<: {a: 1}\n<<: {a: 3, b: 1}\n"), { a: 3, b: 1 });
  assert.deepEqual(value("a: &m {x: 1}\nb:\n  <<: []\n"), { a: { x: 1 }, b: {} });
  assert.deepEqual(value("!!merge <<: {a: 1}\n"), { a: 1 });
  assert.deepEqual(value("<<: {a: {<<: {b: 1}}}\n"), { a: { b: 1 } });
  // Quoted or tagged otherwise, `<<` is an ordinary key.
  assert.deepEqual(value('"<<": {a: 1}\n'), { "<<": { a: 1 } });
  assert.deepEqual(value("'<<': {a: 1}\n"), { "<<": { a: 1 } });
  assert.deepEqual(value("!!str <<: {a: 1}\n"), { "<<": { a: 1 } });
});

test("merge keys whose value is not a map stop kubectl, with go-yaml's message", () => {
  for (const text of [
    "<<: 1\n",
    "a: &s 1\nb:\n  <<: *s\n",
    "<<: [1]\n",
    "<<: null\n",
    "<<: [[]]\n",
    "a: &l [{x: 1}]\n<<: *l\n",
  ]) {
    const loaded = loadText(text);
    assert.equal(loaded.documents.length, 0, text);
    assert.deepEqual(
      loaded.problems.map((p) => [p.rule, p.message]),
      [
        [
          "yaml-not-json",
          "kubectl cannot merge this value (yaml: map merge requires map or sequence of maps as the value); a merge key `<<` takes a map, an alias of one, or a list of them",
        ],
      ],
      text,
    );
  }
});

// kubectl's line reader (apimachinery util/yaml YAMLReader) refuses a separator line with more than a comment after
// `---`; the oracle's yaml op answers "invalid Yaml document separator: <rest>" for each of these.
test("a --- line with more than a comment after it is kubectl's syntax error, in the document it starts", () => {
  const problems = (text) =>
    loadText(text)
      .problems.filter((p) => /separator/.test(p.message))
      .map((p) => [p.document, p.range.start.line, p.message]);
  const msg = (rest) =>
    `kubectl cannot split the documents here (invalid Yaml document separator: ${rest}); only a comment may follow --- on its line`;
  assert.deepEqual(problems("a: 1\n--- {b: 1}\n"), [[1, 2, msg("{b: 1}")]]);
  assert.deepEqual(problems("a: 1\n--- !!map\nb: 1\n"), [[1, 2, msg("!!map")]]);
  assert.deepEqual(problems("---a: 1\n"), [[0, 1, msg("a: 1")]]);
  assert.deepEqual(problems("a: 1\n--- # comment\nb: 2\n---\nc: 3\n---   \n"), []);
});

test("a YAML directive line is kubectl's syntax error (its reader leaves the directive without its document)", () => {
  for (const text of ["%YAML 1.1\n---\na: 1\n", "%TAG ! tag:x,2000:\n---\na: 1\n"]) {
    const loaded = loadText(text);
    assert.deepEqual(
      loaded.problems.map((p) => [p.rule, p.range.start.line]),
      [["yaml-syntax", 1]],
      text,
    );
    assert.match(loaded.problems[0].message, /^kubectl cannot read a YAML directive/);
  }
});

// The oracle's yaml op (sigs.k8s.io/yaml v1.6.0, go.yaml.in/yaml/v2 v2.4.4) fails on each of these flow values.
test("a plain scalar with ? inside [ ] or { } is kubectl's syntax error; quoted, or outside flow, it is text", () => {
  for (const text of ["- [a?b]\n", "- {a: b?c}\n", "args: [--url=http://x/?q=1]\n"]) {
    const loaded = loadText(text);
    assert.equal(loaded.documents.length, 0, text);
    assert.deepEqual(
      loaded.problems.map((p) => p.rule),
      ["yaml-syntax"],
      text,
    );
  }
  assert.deepEqual(loadText('a: [b, "c?d"]\nu: http://x/?q=1\n').documents[0].value, {
    a: ["b", "c?d"],
    u: "http://x/?q=1",
  });
});
