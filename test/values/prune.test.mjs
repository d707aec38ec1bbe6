// Pruning as the apiserver does it when decoding custom resources and when checking that defaults are pruned.
import { test } from "node:test";
import assert from "node:assert/strict";
import { pruneValue } from "../../dist/values/prune.js";
import { FieldPath } from "../../dist/k8s/path.js";

const root = {
  type: "object",
  properties: {
    spec: {
      type: "object",
      properties: {
        replicas: { type: "integer" },
        labels: { type: "object", additionalProperties: { type: "string" } },
        any: { type: "object", additionalProperties: true },
        items: { type: "array", items: { type: "object", properties: { name: { type: "string" } } } },
        free: {
          type: "object",
          "x-kubernetes-preserve-unknown-fields": true,
          properties: { known: { type: "object", properties: { a: { type: "string" } } } },
        },
        tpl: { type: "object", "x-kubernetes-embedded-resource": true, properties: { spec: { type: "object" } } },
      },
    },
  },
};

test("unknown fields are removed and recorded, sorted, keys raw", () => {
  const input = {
    apiVersion: "example.com/v1",
    kind: "Widget",
    metadata: { name: "w", whatever: 1 },
    spec: { replicas: 3, replica: 4, extra: { a: 1 }, labels: { "a.b": "x" }, items: [{ name: "x", bad: 1 }] },
    status: {},
  };
  const r = pruneValue(input, root, { isResourceRoot: true });
  assert.deepEqual(r.paths, ["spec.extra", "spec.items[0].bad", "spec.replica", "status"]);
  assert.deepEqual(r.pruned, {
    apiVersion: "example.com/v1",
    kind: "Widget",
    metadata: { name: "w", whatever: 1 },
    spec: { replicas: 3, labels: { "a.b": "x" }, items: [{ name: "x" }] },
  });
  assert.equal(r.changed, true);
  assert.deepEqual(input.spec.replica, 4, "the input is not modified");
  assert.deepEqual(r.fieldPaths[1].toDocumentPath(), ["spec", "items", 0, "bad"]);
});

test("x-kubernetes-preserve-unknown-fields keeps unknown keys but prunes what it describes", () => {
  const r = pruneValue({ spec: { free: { x: { deep: 1 }, known: { a: "1", b: 2 } } } }, root);
  assert.deepEqual(r.pruned, { spec: { free: { x: { deep: 1 }, known: { a: "1" } } } });
  assert.deepEqual(r.paths, ["spec.free.known.b"]);
});

test("additionalProperties: true has no schema, so objects under its keys lose all their keys", () => {
  const r = pruneValue({ spec: { any: { k: { a: 1 }, s: "x" } } }, root);
  assert.deepEqual(r.pruned, { spec: { any: { k: {}, s: "x" } } });
  assert.deepEqual(r.paths, ["spec.any.k.a"]);
});

test("embedded resources keep apiVersion/kind/metadata untouched", () => {
  const r = pruneValue(
    { spec: { tpl: { apiVersion: "v1", kind: "Pod", metadata: { name: "x", unknown: 1 }, spec: { a: 1 }, other: 1 } } },
    root,
  );
  assert.deepEqual(r.pruned.spec.tpl, { apiVersion: "v1", kind: "Pod", metadata: { name: "x", unknown: 1 }, spec: {} });
  assert.deepEqual(r.paths, ["spec.tpl.other", "spec.tpl.spec.a"]);
});

test("top-level metadata/kind/apiVersion of a non-resource value are deleted but not recorded", () => {
  const r = pruneValue({ kind: "x", spec: {} }, { type: "object", properties: { spec: { type: "object" } } });
  assert.deepEqual(r.pruned, { spec: {} });
  assert.deepEqual(r.paths, []);
  assert.equal(r.changed, true);
});

test("a default is checked against its own node: an ancestor's preserve-unknown-fields does not count", () => {
  const node = { type: "object" };
  const r = pruneValue({ foo: "abc" }, node);
  assert.equal(r.changed, true);
  assert.deepEqual(r.paths, ["foo"]);
  assert.equal(
    pruneValue({ foo: "abc" }, { type: "object", "x-kubernetes-preserve-unknown-fields": true }).changed,
    false,
  );
  assert.equal(pruneValue(5, { type: "integer" }).changed, false);
});

test("lists under a preserving node keep their items' unknown keys (skipPrune recursion)", () => {
  const s = {
    type: "object",
    "x-kubernetes-preserve-unknown-fields": true,
    properties: { l: { type: "array", items: { type: "object", properties: { a: { type: "string" } } } } },
  };
  // `l` is described: pruned normally.
  assert.deepEqual(pruneValue({ l: [{ a: "x", b: 1 }] }, s).pruned, { l: [{ a: "x" }] });
  const p = {
    type: "array",
    "x-kubernetes-preserve-unknown-fields": true,
    items: { type: "object", properties: { a: { type: "object", properties: {} } } },
  };
  assert.deepEqual(pruneValue([{ a: { z: 1 }, b: 1 }], p).pruned, [{ a: {}, b: 1 }]);
});

test("recorded paths carry the optional root path only in the FieldPaths", () => {
  const r = pruneValue({ x: 1 }, { type: "object" }, { rootPath: FieldPath.root("spec") });
  assert.deepEqual(r.paths, ["x"]);
  assert.equal(r.fieldPaths[0].toString(), "spec.x");
});
