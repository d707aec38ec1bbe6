// The quick "decodes cleanly" check (src/crd/quick-decode.ts) never calls clean what the strict decoder's generated
// validator rejects: over every fixture CRD at every schema band, and over seeded mutations of them (wrong types,
// unknown and misplaced fields, numbers out of range, bad times and base64, null, lists for maps).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { parseAllDocuments } from "yaml";
import { crdV1JsonSchema, schemaBandStart } from "../../dist/crd/crd-v1.schema.js";
import { quickDecodeCheck } from "../../dist/crd/quick-decode.js";
import { OLDEST_KUBERNETES_MINOR, NEWEST_KUBERNETES_MINOR } from "../../dist/k8s/releases.js";
// A seeded generator (mulberry32): the same mutations on every run.
import { random } from "../../bench/incremental-edits.mjs";

const root = new URL("../../", import.meta.url).pathname;

function yamlFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? yamlFiles(p) : /\.ya?ml$/.test(name) ? [p] : [];
  });
}

const crds = yamlFiles(join(root, "fixtures")).flatMap((file) => {
  try {
    return parseAllDocuments(readFileSync(file, "utf8"))
      .map((d) => d.toJS())
      .filter((v) => v && typeof v === "object" && v.kind === "CustomResourceDefinition");
  } catch {
    return [];
  }
});

const ODD_VALUES = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  2 ** 63,
  -(2 ** 64),
  2 ** 31,
  "",
  "x",
  "2024-01-01T00:00:00Z",
  "yesterday",
  "aGVsbG8=",
  "not base64!",
  [],
  [1],
  ["a"],
  [{}],
  {},
  { a: 1 },
  { type: "string" },
];
const ODD_KEYS = [
  "verisons",
  "x-kubernetes-validation",
  "constructor",
  "toString",
  "Type",
  "properties",
  "items",
  "type",
  "default",
  "enum",
  "caBundle",
  "creationTimestamp",
  "port",
  "generation",
  "additionalProperties",
];

/** Every object or array inside v, with the way back to change it. */
function slots(v, out = []) {
  if (v && typeof v === "object")
    for (const k of Object.keys(v)) {
      out.push({ holder: v, key: k });
      slots(v[k], out);
    }
  return out;
}

function mutate(crd, rnd) {
  const c = structuredClone(crd);
  const places = slots(c);
  const n = 1 + Math.floor(rnd() * 3);
  for (let i = 0; i < n && places.length; i++) {
    const { holder, key } = places[Math.floor(rnd() * places.length)];
    const pick = (xs) => xs[Math.floor(rnd() * xs.length)];
    const r = rnd();
    if (r < 0.5) holder[key] = structuredClone(pick(ODD_VALUES));
    else if (r < 0.8 && !Array.isArray(holder)) holder[pick(ODD_KEYS)] = structuredClone(pick(ODD_VALUES));
    else if (holder[key] && typeof holder[key] === "object" && !Array.isArray(holder[key]))
      holder[key][pick(ODD_KEYS)] = structuredClone(pick(ODD_VALUES));
    else delete holder[key];
  }
  return c;
}

const bands = [
  ...new Set(
    Array.from({ length: NEWEST_KUBERNETES_MINOR - OLDEST_KUBERNETES_MINOR + 1 }, (_, i) =>
      schemaBandStart(OLDEST_KUBERNETES_MINOR + i),
    ),
  ),
];

test("the fixtures hold CRDs to check with", () => {
  assert.ok(crds.length >= 50, `${crds.length} fixture CRDs`);
});

for (const band of bands) {
  test(`schema band 1.${band}: clean only where the generated validator is`, async () => {
    const { validate } = await import(`../../dist/crd/decoders/v1-${band}.js`);
    const quick = quickDecodeCheck(crdV1JsonSchema(band));
    const rnd = random(band * 7919);
    let agreedClean = 0;
    let validClean = 0;
    let rejected = 0;
    const objects = [...crds, ...crds.flatMap((c) => Array.from({ length: 12 }, () => mutate(c, rnd)))];
    for (const o of objects) {
      const valid = validate(o);
      if (valid) validClean++;
      else rejected++;
      if (quick(o)) {
        assert.ok(valid, `quick check calls clean what the validator rejects: ${JSON.stringify(validate.errors)}`);
        agreedClean++;
      }
    }
    // The mutations reach the validator's errors, and the quick check answers for most clean objects.
    assert.ok(rejected > objects.length / 4, `${rejected} of ${objects.length} rejected`);
    assert.ok(agreedClean >= validClean * 0.95, `quick check clean for ${agreedClean} of ${validClean} clean objects`);
  });
}

test("a schema keyword the check does not know makes it answer 'may have errors'", () => {
  const quick = quickDecodeCheck({ type: "object", properties: { a: { type: "string", pattern: "^x" } } });
  assert.equal(quick({ a: "x" }), false);
  assert.equal(quick({}), true, "the unknown keyword is not reached");
  assert.equal(quickDecodeCheck({ type: "object", required: ["a"] })({ a: 1 }), false);
  const ok = quickDecodeCheck({ type: "object", properties: { a: { type: "string" } }, additionalProperties: false });
  assert.equal(ok({ a: "x" }), true);
  assert.equal(ok({ a: 1 }), false);
  assert.equal(ok({ b: "x" }), false);
  assert.equal(ok([]), false);
});
