// The one reading of objects from a stream (src/load/objects.ts) that lint, cost, validate and diff share: lists as
// kubectl's unstructured decoder and FlattenListVisitor read them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { loadText } from "../../dist/load/document.js";
import { objectsOf } from "../../dist/load/objects.js";

const read = (text) => {
  const { objects, others } = objectsOf(loadText(text).documents);
  return {
    objects: objects.map((o) => ({
      kind: o.value.kind,
      apiVersion: o.value.apiVersion,
      name: o.value.metadata?.name,
      prefix: o.prefix.join("."),
      line: o.document.locate([]).start.line,
      kindLine: o.document.locate(["kind"]).start.line,
    })),
    others: others.map((o) => o.prefix.join(".")),
  };
};

test("a v1 List, a typed list and any object with items are lists; their items are the objects, at their own lines", () => {
  const r = read(
    "apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: a}\n---\nkind: WeirdThing\napiVersion: x/v1\nitems: [{apiVersion: v1, kind: Secret, metadata: {name: b}}]\n",
  );
  assert.deepEqual(r.objects, [
    { kind: "ConfigMap", apiVersion: "v1", name: "a", prefix: "items.0", line: 4, kindLine: 5 },
    { kind: "Secret", apiVersion: "v1", name: "b", prefix: "items.0", line: 10, kindLine: 10 },
  ]);
});

test("items without kind and apiVersion inherit the list's apiVersion and its kind without List; with either, nothing", () => {
  const r = read(
    "apiVersion: example.com/v1\nkind: WidgetList\nitems:\n- metadata: {name: a}\n- kind: Gadget\n  metadata: {name: b}\n- apiVersion: example.com/v2\n  metadata: {name: c}\n",
  );
  assert.deepEqual(
    r.objects.map((o) => [o.name, o.kind, o.apiVersion]),
    [
      ["a", "Widget", "example.com/v1"],
      ["b", "Gadget", undefined],
      ["c", undefined, "example.com/v2"],
    ],
  );
  // The inherited kind is not in the file: its position is the item's.
  assert.equal(r.objects[0].kindLine, 4);
});

test("nested lists are flattened; items: null is no item; a non-object item and a scalar document are others", () => {
  const r = read(
    "kind: List\napiVersion: v1\nitems:\n- kind: List\n  apiVersion: v1\n  items:\n  - {kind: ConfigMap, apiVersion: v1, metadata: {name: deep}}\n- 42\n---\nkind: List\napiVersion: v1\nitems: null\n---\njust a string\n---\n",
  );
  assert.deepEqual(
    r.objects.map((o) => [o.name, o.prefix]),
    [["deep", "items.0.items.0"]],
  );
  assert.deepEqual(r.others, ["items.1", ""]);
});

test("an object whose items is not a list is an object (kubectl could not decode it as a list)", () => {
  const r = read("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: m}\nitems: {a: 1}\n");
  assert.deepEqual(
    r.objects.map((o) => o.name),
    ["m"],
  );
});
