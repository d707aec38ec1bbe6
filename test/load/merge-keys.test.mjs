// YAML merge keys (`<<: *base`) read as kubectl reads them: go-yaml v2 under sigs.k8s.io/yaml sets the merged maps'
// keys into the map in written order with its own keys, so a key written after `<<` replaces a merged one, a merged
// one replaces a key written before `<<`, and of a list of maps the earlier wins. The expected JSON below is what
// sigs.k8s.io/yaml v1.4.0 YAMLToJSON printed for each text (a Go program run once; kubectl is not needed here).
import { test } from "node:test";
import assert from "node:assert/strict";
import { loadText } from "../../dist/load/document.js";
import { createFastLoader } from "../../dist/load/fast-load.js";
import { crdlint } from "../helpers/cli.mjs";
import { tmp } from "../helpers/tmp.mjs";

// [YAML, the JSON go-yaml v2 gives, or the error it stops with]
const MERGES = [
  ["a: &a {x: 1, z: 2}\nb:\n  <<: *a\n  x: 9\n", { a: { x: 1, z: 2 }, b: { x: 9, z: 2 } }],
  // A merged key replaces one written before the merge key (go-yaml v2, unlike the YAML merge spec).
  ["a: &a {x: 1, z: 2}\nb:\n  x: 9\n  <<: *a\n", { a: { x: 1, z: 2 }, b: { x: 1, z: 2 } }],
  ["b:\n  <<: [{x: 1}, {x: 2, z: 3}]\n", { b: { x: 1, z: 3 } }],
  ["a: &a {x: 1}\nb:\n  <<: *a\n  <<: {x: 5}\n", { a: { x: 1 }, b: { x: 5 } }],
  ["b:\n  !!merge <<: {x: 1}\n", { b: { x: 1 } }],
  // A quoted `<<` is an ordinary key.
  ['b:\n  "<<": {x: 1}\n', { b: { "<<": { x: 1 } } }],
  // No deep merge: a key's whole value is replaced.
  ["b:\n  <<: {x: {p: 1}}\n  x: {q: 2}\n", { b: { x: { q: 2 } } }],
  ["b:\n  <<: [&c {x: 1}, *c]\n", { b: { x: 1 } }],
  ["a: &a {x: 1}\nb: &b {<<: *a, y0: 2}\nc: {<<: *b}\n", { a: { x: 1 }, b: { x: 1, y0: 2 }, c: { x: 1, y0: 2 } }],
  ["b: {<<: {x: 1}}\n", { b: { x: 1 } }],
  ["b:\n  <<: 5\n", "map merge requires map or sequence of maps as the value"],
  ["b:\n  <<: [{x: 1}, 3]\n", "map merge requires map or sequence of maps as the value"],
  ["b:\n  <<: ~\n", "map merge requires map or sequence of maps as the value"],
  ["l: &l [1]\nb:\n  <<: *l\n", "map merge requires map or sequence of maps as the value"],
];

test("merge keys give the value go-yaml v2 gives, or stop where it stops", () => {
  for (const [text, sent] of MERGES) {
    const r = loadText(text);
    if (typeof sent === "string") {
      assert.equal(r.documents.length, 0, text);
      assert.equal(r.problems.length, 1, `${text}: ${JSON.stringify(r.problems)}`);
      assert.equal(r.problems[0].rule, "yaml-not-json", text);
      assert.ok(r.problems[0].message.includes(sent), r.problems[0].message);
      assert.equal(r.problems[0].range.start.line, text.split("\n").length - 1, `${text}: on the merge line`);
    } else {
      assert.deepEqual(r.problems, [], text);
      assert.deepEqual(r.documents[0].value, sent, text);
    }
  }
});

test("a merged key is located where it is written, an overriding key where it is", () => {
  const text = "a: &a\n  x: 1\n  z: {p: 2}\nb:\n  <<: *a\n  x: 9\nc:\n  <<: [{x: 3}, *a]\n";
  const doc = loadText(text).documents[0];
  assert.deepEqual(doc.locate(["b", "z", "p"]).start, { line: 3, column: 7 });
  assert.deepEqual(doc.locate(["b", "x"]).start, { line: 6, column: 3 });
  // Of a list, the earlier map wins.
  assert.deepEqual(doc.locate(["c", "x"]).start, { line: 8, column: 9 });
  assert.deepEqual(doc.locate(["c", "z"]).start, { line: 3, column: 3 });
  // A map of more than 32 keys (indexed lookups) with a merge key.
  const big = "a: &a {m: 1}\nb:\n" + Array.from({ length: 40 }, (_, i) => `  k${i}: ${i}\n`).join("") + "  <<: *a\n";
  const bigDoc = loadText(big).documents[0];
  assert.equal(bigDoc.value.b.m, 1);
  assert.deepEqual(bigDoc.locate(["b", "m"]).start, { line: 1, column: 8 });
  assert.deepEqual(bigDoc.locate(["b", "k39"]).start, { line: 42, column: 3 });
});

test("the fast loader leaves merge keys, block or flow, to the full loader", () => {
  const fast = createFastLoader();
  // It declines the text, or has the full loader read the document alone: either way, the full loader's reading.
  for (const text of [
    "b:\n  <<: {x: 1}\n",
    "b: {<<: {x: 1}}\n",
    "b: {x: 2, <<: {x: 1}}\n",
    "a: 1\n---\nb:\n  <<: {x: 1}\n",
  ]) {
    const got = fast.load(text);
    if (got === null) continue;
    const full = loadText(text);
    assert.deepEqual(
      got.documents.map((d) => [d.index, d.value, d.locate(["b", "x"]), d.rangeOfDocument]),
      full.documents.map((d) => [d.index, d.value, d.locate(["b", "x"]), d.rangeOfDocument]),
      text,
    );
  }
});

const CRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  names:
    kind: Widget
    plural: widgets
  scope: Namespaced
  versions:
  - &version
    name: v1
    served: true
    storage: false
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              size:
                type: SIZE
  - <<: *version
    name: v2
    storage: true
`;

test("lint: a CRD sharing a version through a merge key is read as kubectl sends it", () => {
  const dir = tmp({ "crd.yaml": CRD.replace("SIZE", "integer") });
  const r = crdlint(["lint", "--format", "json", dir]);
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.deepEqual(
    r.json.diagnostics.filter((d) => d.severity !== "info"),
    [],
  );
});

test("lint: a problem inside merged content points where it is written", () => {
  const dir = tmp({ "crd.yaml": CRD.replace("SIZE", "integr") });
  const r = crdlint(["lint", "--format", "json", dir]);
  assert.equal(r.status, 1, r.stdout + r.stderr);
  const errors = r.json.diagnostics.filter((d) => d.severity === "error");
  assert.ok(errors.length > 0);
  assert.ok(
    !errors.some((d) => d.rule === "decode-unknown-field" || d.rule === "schema-required"),
    JSON.stringify(errors),
  );
  for (const d of errors) assert.equal(d.line, 24, `${d.rule} at line ${d.line}`);
});

test("validate: a custom resource written with a merge key is validated as sent", () => {
  const dir = tmp({
    "crd.yaml": CRD.replace("SIZE", "integer"),
    "cr.yaml": "apiVersion: example.com/v2\nkind: Widget\nmetadata: {name: w}\nspec:\n  <<: {size: notanumber}\n",
  });
  const r = crdlint(["validate", "--format", "json", "--crd", `${dir}/crd.yaml`, `${dir}/cr.yaml`]);
  assert.equal(r.status, 1, r.stdout + r.stderr);
  const bad = r.json.diagnostics.filter((d) => d.severity === "error");
  assert.ok(
    bad.some((d) => /spec\.size/.test(d.field ?? "") && d.line === 5),
    JSON.stringify(bad),
  );
});
