// The differential runner's own pieces that do not need Go: exact JSON numbers mapped as crdlint holds them, the
// known-divergence matcher, the shrinker and the seeded generators.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { parseExact, toCrdlintValue, deepEqual } from "./json.mjs";
import { loadKnown, explain } from "./known.mjs";
import { shrinkJson } from "./shrink-json.mjs";
import { caseRng } from "./rng.mjs";
import { families } from "./families/index.mjs";

test("the oracle's numbers become what crdlint holds for kubectl's JSON", () => {
  const v = toCrdlintValue(parseExact('{"a":9223372036854775807,"b":18446744073709551616,"c":-0,"d":1.5,"e":[1e3]}'));
  assert.deepEqual(v, { a: 2 ** 63 - 1024, b: 18446744073709551616, c: 0, d: 1.5, e: [1000] });
  assert.ok(deepEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] }) && !deepEqual({ a: 1 }, { a: 1, b: 2 }));
});

test("a known divergence explains an item only when every matcher matches, at its releases", () => {
  const known = loadKnown(join("test", "oracle", "known-divergences.yaml"));
  assert.ok(
    known.every((k) => k.reason.length > 40),
    "every known divergence says why",
  );
  const item = { kind: "message", valueOnly: true, type: "Invalid value", field: "spec.versions" };
  assert.equal(explain(known, "crd-create", "1.33", item)?.id, "composite-values-before-1.34");
  assert.equal(explain(known, "crd-create", "1.37", item), null);
  assert.equal(explain(known, "crd-create", "1.33", { ...item, valueOnly: false }), null);
});

test("the shrinker offers every smaller variant, whole subtrees first, and keeps what it is told to", () => {
  const all = [...shrinkJson({ kind: "K", spec: { a: [1, 2], b: "long string value" } }, (p) => p[0] === "kind")];
  assert.deepEqual(all[0], { kind: "K" });
  assert.ok(all.every((v) => v.kind === "K"));
  assert.ok(all.some((v) => deepEqual(v, { kind: "K", spec: { a: [2], b: "long string value" } })));
  assert.ok(all.some((v) => deepEqual(v, { kind: "K", spec: { a: [1, 2], b: "long " } })));
});

test("a case replays from its seed, family and index", async () => {
  for (const f of families.filter((x) => x.name !== "crd-create")) {
    const a = await f.generate(caseRng(7, f.name, 3), "1.37", 3);
    const b = await f.generate(caseRng(7, f.name, 3), "1.37", 3);
    assert.deepEqual(a, b, f.name);
    assert.notDeepEqual(a, await f.generate(caseRng(8, f.name, 3), "1.37", 3), f.name);
  }
});
