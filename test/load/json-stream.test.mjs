// A stream that starts with `{` is read as kubectl's YAMLOrJSONDecoder reads it (src/load/json-stream.ts): JSON values
// one after another, a switch to YAML after none or one value, an error after two. Each expected answer is the
// oracle's (oracle/, op yaml, k8s.io/apimachinery v0.37.2 and v0.33.13 alike), recorded here so that plain npm test
// keeps it: the documents kubectl sends (null ones skipped), or that it stops.
import { test } from "node:test";
import assert from "node:assert/strict";
import { loadText } from "../../dist/load/document.js";
import { lintText } from "../../dist/index.js";
import { BASELINE_CRD } from "../../dist/rules/examples.js";

const read = (text) => {
  const r = loadText(text);
  const stop = r.problems.filter((p) => p.rule === "yaml-syntax");
  return stop.length ? "error" : r.documents.map((d) => d.value).filter((v) => v !== null && v !== undefined);
};

const ORACLE = [
  ['{"a":1}\n{"b":2}\n', [{ a: 1 }, { b: 2 }]],
  ['{"a":1}{"b":[1,2]} "s" null 3\n', [{ a: 1 }, { b: [1, 2] }, "s", 3]],
  ["{}\na: 1\nb: [x]\n---\nc: 3\n", [{}, { a: 1, b: ["x"] }, { c: 3 }]],
  ['{"a":1}{"b":2} x', "error"],
  ["{}\n.\n", "error"],
  ["{}\n.\n\n", [{}, "."]],
  ["{a}", "error"],
  ["{a: 1}\n", [{ a: 1 }]],
  ['  {"k":1}\n  {"k":2}\n', [{ k: 1 }, { k: 2 }]],
  ['{"a":1} {"b":\n', "error"],
  ['{"a":1}\n---\n{"b":2}\n', [{ a: 1 }, { b: 2 }]],
  ["{} # c\nx: 1\n", [{}, { x: 1 }]],
];

for (const [text, expected] of ORACLE) {
  test(`JSON-first stream ${JSON.stringify(text)}`, () => assert.deepEqual(read(text), expected));
}

test("JSON values keep their positions in the stream; the error names where kubectl stops", () => {
  const r = loadText('{"a":1}\n  {"b":\n    {"c":2}}\n{"d":3} !');
  assert.deepEqual(
    r.documents.map((d) => [d.index, d.rangeOfDocument.start, d.locate(["b", "c"]).start]),
    [
      [0, { line: 1, column: 1 }, { line: 1, column: 1 }],
      [1, { line: 2, column: 3 }, { line: 3, column: 6 }],
      [2, { line: 4, column: 1 }, { line: 4, column: 1 }],
    ],
  );
  assert.deepEqual(
    r.problems.map((p) => [p.rule, p.document, p.range.start, p.message]),
    [
      [
        "yaml-syntax",
        3,
        { line: 4, column: 9 },
        "kubectl reads a stream that starts with { as JSON and stops here: invalid character '!' looking for beginning of value (after 3 JSON values it no longer tries YAML)",
      ],
    ],
  );
});

test("two CRDs written as a JSON stream are both linted, with positions in the stream", async () => {
  const crd = (name, scope) =>
    JSON.stringify({
      ...JSON.parse(JSON.stringify(toObject(BASELINE_CRD))),
      metadata: { name },
      spec: { ...toObject(BASELINE_CRD).spec, scope },
    });
  const text = `${crd("widgets.example.com", "Namespaced")}\n${crd("widgets.example.com", "Bogus")}\n`;
  const r = await lintText(text, { preset: "apiserver" });
  assert.deepEqual(
    r.diagnostics.map((d) => [d.rule, d.document, d.line]),
    [["scope-unsupported", 1, 2]],
  );
  assert.equal(r.summary.crds, 2);
});

function toObject(yamlText) {
  return loadText(yamlText).documents[0].value;
}
