// A run over several releases shares each resource's result between them (src/values/resource.ts's
// ReleaseResultShare): a result computed at one release is taken at another when nothing it asked of its release
// (ReleaseReads) is answered otherwise there and the CEL stages are alike (CelStage.releaseKey). Whatever is shared,
// each release's result must be the result a validator at that release alone finds. Checked here on hand-made
// resources that meet each release-dependent behaviour the validators ask lazily (numeric formats, finalizer
// warnings, ratcheting, value rendering, set and null equality in CEL, presence tests, qualified names, a rule's
// fieldPath, a failing rule's value), and on resources the oracle's generator makes (creates and updates). A trace of
// a request and its read-back (ShareTrace, what crdlint test replays a case's outcome by) holds at another release
// only where both answer the same there.
import { test } from "node:test";
import assert from "node:assert/strict";
import { parse } from "yaml";
import { createResourceValidator, ReleaseResultShare, resourceVersionOf } from "../../dist/values/resource.js";
import { SchemaValidatorCache } from "../../dist/values/value.js";
import { CoverageCollector } from "../../dist/values/coverage.js";
import { createSharedCelStages, loadCelStages } from "../../dist/engine/validate-cel.js";
import { Rng } from "../oracle/rng.mjs";
import { crValidateFamily } from "../oracle/families/cr-validate.mjs";

const RELEASES = [28, 29, 30, 31, 32, 33, 34, 35, 36, 37];
/** The orders the releases run in: a result is taken by later releases and by earlier ones. */
const ORDERS = [RELEASES, [...RELEASES].reverse(), [33, 37, 28, 35, 30, 36, 29, 34, 31, 32]];

/** Each release's result for each request, with one share over the releases (`share`) or with none. */
async function resultsByRelease(cases, share, order = RELEASES) {
  const celShared = createSharedCelStages();
  const schemaValidators = new SchemaValidatorCache();
  const releases = share ? countingShare(share.oneBucket) : undefined;
  if (releases) share.counts = releases.counts;
  const out = [];
  for (const minor of order) {
    const cel = await loadCelStages(minor, share ? celShared : undefined);
    for (const c of cases) {
      const v = validatorOf(c, minor, cel, share ? schemaValidators : new SchemaValidatorCache(), releases);
      if (!v) continue;
      out.push({ minor, index: c.index, result: JSON.parse(JSON.stringify(request(v, c))) });
    }
  }
  return out.sort((a, b) => a.minor - b.minor || a.index - b.index);
}

/** The validator of a case's CRD version at 1.`minor` (undefined when the version has no schema). */
function validatorOf(c, minor, cel, schemaValidators, releases, extra = {}) {
  const spec = c.crd.spec;
  const version = spec.versions.find((v) => v.name === c.version) ?? spec.versions[0];
  const rv = resourceVersionOf(spec.group, spec.names.kind, spec.scope !== "Cluster", version.name, version);
  return (
    rv &&
    createResourceValidator(rv, {
      minor,
      fieldValidation: c.fieldValidation,
      cel: cel.stageFor(rv.schema, { ratcheting: minor >= 30 }),
      schemaValidators,
      behind: true,
      ...(releases ? { releases } : {}),
      ...extra,
    })
  );
}

/** The case's request (a write or a status update) with a copy of its object. */
function request(v, c) {
  return c.status ? v.validateStatus(structuredClone(c.object), c.old) : v.validate(structuredClone(c.object), c.old);
}

/**
 * A share that counts the results asked of it and those computed (the rest were taken from another release). With
 * `oneBucket`, every request hashes alike: what tells them apart is the comparison of their contents alone.
 */
function countingShare(oneBucket) {
  const share = new ReleaseResultShare(oneBucket ? () => 0 : undefined);
  const result = share.result.bind(share);
  share.counts = { asked: 0, computed: 0 };
  share.result = (rv, key, minor, cel, compute) => {
    share.counts.asked++;
    return result(rv, key, minor, cel, (at) => {
      share.counts.computed++;
      return compute(at);
    });
  };
  return share;
}

async function assertShareChangesNothing(cases, computedAtMost) {
  const alone = await resultsByRelease(cases, false);
  for (const [i, order] of ORDERS.entries()) {
    const counts = { oneBucket: i === 0 };
    const shared = await resultsByRelease(cases, counts, order);
    assert.equal(shared.length, alone.length);
    for (let i = 0; i < alone.length; i++) {
      const where = `case ${alone[i].index} at 1.${alone[i].minor}, releases run ${order}`;
      assert.deepEqual(shared[i], alone[i], where);
      // The defaulted object's keys in the same order too (what --show-defaulted prints).
      assert.equal(JSON.stringify(shared[i]), JSON.stringify(alone[i]), where);
    }
    // The share was used: results were taken, not computed at each release.
    const { asked, computed } = counts.counts;
    assert.equal(asked, alone.length);
    assert.ok(computed <= asked * computedAtMost, `computed ${computed} of ${asked}`);
  }
}

const crd = (schema) => ({
  spec: {
    group: "example.com",
    names: { kind: "Widget", plural: "widgets" },
    scope: "Namespaced",
    versions: [
      {
        name: "v1",
        served: true,
        storage: true,
        schema: { openAPIV3Schema: parse(schema) },
        subresources: { status: {} },
      },
    ],
  },
});

// The spec fields both schemas below have: each meets a release-dependent behaviour.
const FIELDS = `      n: {type: integer, format: int32, minimum: 0}
      f: {type: number, format: float}
      name: {type: string, maxLength: 1}
      bare: {type: object}
      tags: {type: array, x-kubernetes-list-type: set, items: {type: string}}
      objs: {type: array, x-kubernetes-list-type: set, items: {type: object, x-kubernetes-map-type: atomic, properties: {a: {type: string}}}}
      short: {type: string, format: k8s-short-name}
      opt: {type: object, nullable: true, properties: {a: {type: string, nullable: true}}}
      pair: {type: object, x-kubernetes-validations: [{rule: self == oldSelf}], properties: {x: {type: string, nullable: true}}}`;
const spec = (extraRules = "") => `
type: object
x-kubernetes-validations:
- rule: "!has(self.spec.n) || self.spec.n != 13"
- rule: self.spec.tags == self.spec.tags
- rule: self.spec.objs == self.spec.objs
- rule: "!has(self.spec.key) || !format.qualifiedName().validate(self.spec.key).hasValue()"
properties:
  spec:
    type: object
    x-kubernetes-validations:${extraRules}
    - rule: "!has(self.name) || self.name != 'bad'"
      fieldPath: .name
    - rule: "!has(self.name) || self.name != 'worse'"
      messageExpression: "'worse: ' + self.name"
    properties:
${FIELDS}
      big: {type: integer, format: int64, maximum: 9223372036854775808}
      key: {type: string}
      choice: {type: string, enum: [a, b]}
      inner:
        type: object
        x-kubernetes-embedded-resource: true
        properties: {apiVersion: {type: string}, kind: {type: string}}
  status: {type: object, properties: {count: {type: integer, format: int32}}}
`;
// Rules whose CEL stages are alike at more releases (no qualified name, no object without properties): what these
// meet is asked by each validation.
const PLAIN = `
type: object
x-kubernetes-validations:
- rule: self.spec.tags == self.spec.tags
- rule: self.spec.objs == self.spec.objs
properties:
  spec:
    type: object
    x-kubernetes-validations:
    - rule: "!has(self.n) || self.n != 13"
    - rule: "!has(self.name) || self.name != 'bad'"
      fieldPath: .name
    - rule: "!has(self.name) || self.name != 'bad'"
    - rule: "!has(self.bare) || self.bare == self.bare"
    properties:
${FIELDS}
  status: {type: object, properties: {count: {type: integer, format: int32}}}
`;
// One rule comparing an int-or-string value with a double: 1.28 has no overload for an int and a double (cross-type
// comparisons come at 1.29), so the checked ASTs' overloads differ, and so do the evaluations.
const DYNAMIC = `
type: object
properties:
  spec:
    type: object
    properties:
      any: {x-kubernetes-int-or-string: true, x-kubernetes-validations: [{rule: self < 1.5}]}
`;
// With more rules, and with a rule whose optionalOldSelf the release keeps or drops (the CEL stages differ at 1.30).
const SCHEMAS = [
  crd(DYNAMIC),
  crd(PLAIN),
  crd(spec()),
  crd(
    spec(`
    - rule: self.opt == oldSelf.opt
      optionalOldSelf: true`),
  ),
];

const obj = (spec, metadata = {}, status) => ({
  apiVersion: "example.com/v1",
  kind: "Widget",
  metadata: { name: "w", ...metadata },
  spec,
  ...(status ? { status } : {}),
});

/** Resources that meet each release-dependent behaviour, written and updated, under each schema above. */
function handCases() {
  const writes = [
    obj({ any: 1 }),
    obj({ any: "x" }),
    obj({ n: 5 }),
    obj({ n: 3000000000 }),
    obj({ n: 1.5 }),
    obj({ n: "x" }),
    // Other kinds on a number's node: null, a list and a string are told alike at every release (the type error
    // names the node's types); a boolean or an object names the format kept from 1.36 on.
    obj({ n: null }),
    obj({ n: [1] }),
    obj({ f: "x" }),
    obj({ n: true }),
    obj({ f: { a: 1 } }),
    obj({ n: 13 }),
    obj({ f: 1e39 }),
    obj({ f: 2.5 }),
    obj({ big: 1 }),
    obj({ name: "bad" }),
    obj({ name: "worse" }),
    obj({ name: "ok" }),
    obj({ key: "a/b/c" }, {}),
    obj({ key: "example.com/" + "x".repeat(70) }),
    obj({ tags: ["a", "b"] }),
    obj({ objs: [{ a: "x" }] }),
    obj({ short: "Not_Short" }),
    obj({ opt: { a: null } }),
    obj({ opt: null }),
    obj({ bare: { a: 1 } }),
    obj({ choice: "c" }),
    obj({ inner: {} }),
    obj({ inner: { apiVersion: "v1", kind: "" } }),
    obj({}, { finalizers: ["bad", "example.com/f", "example.com/g/h"] }),
    obj({}, { finalizers: ["orphan", "foregroundDeletion"] }),
    obj({}, { labels: { "a/b/c": "x".repeat(64) } }),
    obj(
      {},
      {
        ownerReferences: [
          { apiVersion: "v1", kind: "Event", name: "e", uid: "1", controller: true },
          { apiVersion: "", kind: "", name: "", uid: "", controller: true },
        ],
      },
    ),
    obj({ unknown: 1 }, { unknownMeta: 2 }),
    // The same fields in another order: the defaulted object keeps the order written.
    obj({ n: 1, f: 2.5 }),
    obj({ f: 2.5, n: 1 }),
  ];
  const updates = [
    [obj({ name: "toolong" }), obj({ name: "toolong" })],
    [obj({ name: "xx", n: 1 }), obj({ name: "xx", n: 2 })],
    [obj({ opt: { a: "1" } }), obj({ opt: { a: "2" } })],
    [obj({ opt: { a: null } }), obj({ opt: { a: null } })],
    [obj({ pair: { x: null } }), obj({ pair: { x: null } })],
    [obj({ tags: ["a", "b"] }), obj({ tags: ["b", "a"] })],
    [obj({ n: 13 }), obj({ n: 13 })],
    [obj({ n: 13, name: "bad" }), obj({ n: 13, name: "bad" })],
    [obj({ objs: [{ a: "x" }] }), obj({ objs: [{ a: "x" }] })],
    [obj({}, { finalizers: ["new"] }), obj({}, { finalizers: ["old"], deletionTimestamp: "2024-01-02T03:04:05Z" })],
  ];
  const cases = [];
  let index = 0;
  for (const schema of SCHEMAS)
    for (const fieldValidation of ["strict", "warn"]) {
      for (const o of writes) cases.push({ index: index++, crd: schema, object: o, fieldValidation });
      for (const [o, old] of updates) cases.push({ index: index++, crd: schema, object: o, old, fieldValidation });
    }
  cases.push({
    index,
    crd: SCHEMAS[1],
    object: obj({}, {}, { count: 5000000000 }),
    old: obj({}, {}, { count: 1 }),
    status: true,
    fieldValidation: "strict",
  });
  return cases;
}

test("hand-made resources: each release's result with the share is its result alone", async () => {
  // Most of these meet a behaviour that changes at some release: fewer are shared.
  await assertShareChangesNothing(handCases(), 0.75);
});

// crdlint test takes a case's outcome at one release for another's when every result its requests were given (and
// every object it read back) would be given there too (ShareTrace): a trace may hold at another release only where
// the results are the same.
test("a traced request and read-back hold at another release only where both give the same there", async () => {
  const cases = handCases();
  const celShared = createSharedCelStages();
  const schemaValidators = new SchemaValidatorCache();
  const stages = new Map();
  for (const minor of RELEASES) stages.set(minor, await loadCelStages(minor, celShared));
  // Each case's result and read-back at each release, alone.
  const alone = new Map();
  const outcome = (v, c) => {
    const r = request(v, c);
    return JSON.stringify([r, r.object && v.decodeStored(structuredClone(r.object))]);
  };
  for (const minor of RELEASES)
    for (const c of cases) {
      const v = validatorOf(c, minor, stages.get(minor), new SchemaValidatorCache());
      if (v) alone.set(`${minor}:${c.index}`, outcome(v, c));
    }
  let held = 0;
  let notHeld = 0;
  // One share over the releases, as crdlint test has: a trace holds results computed at the release and taken from
  // an earlier one.
  const share = new ReleaseResultShare();
  for (const a of RELEASES) {
    for (const c of cases) {
      const v = validatorOf(c, a, stages.get(a), schemaValidators, share);
      if (!v) continue;
      share.startTrace();
      assert.equal(outcome(v, c), alone.get(`${a}:${c.index}`));
      const trace = share.endTrace();
      assert.ok(trace.complete);
      for (const b of RELEASES) {
        const stageAt = (schema) => stages.get(b).stageFor(schema, { ratcheting: b >= 30 });
        if (!share.traceHolds(trace, b, stageAt)) {
          notHeld++;
          continue;
        }
        if (b !== a) held++;
        assert.equal(alone.get(`${b}:${c.index}`), alone.get(`${a}:${c.index}`), `case ${c.index}: 1.${a}'s at 1.${b}`);
      }
    }
  }
  // Traces do hold at other releases (a third of the pairs: these resources meet behaviours that change), and not
  // everywhere.
  assert.ok(held > (held + notHeld) / 3, `held ${held}, not ${notHeld}`);
  assert.ok(notHeld > 0);
  // A request the share cannot compare (a value that is not plain JSON) leaves the trace incomplete: it holds nowhere.
  const c = { index: 0, crd: SCHEMAS[1], object: obj({ n: 1 }), fieldValidation: "strict" };
  const v = validatorOf(c, 33, stages.get(33), schemaValidators, share);
  share.startTrace();
  v.validate({ ...obj({ n: 1 }), extra: new (class Opaque {})() });
  const opaque = share.endTrace();
  assert.equal(opaque.complete, false);
  assert.equal(
    share.traceHolds(opaque, 33, (schema) => stages.get(33).stageFor(schema, { ratcheting: true })),
    false,
  );
  // So does one that goes around the share: a validator that records coverage validates itself.
  const covered = validatorOf(c, 33, stages.get(33), schemaValidators, share, { coverage: new CoverageCollector() });
  share.startTrace();
  covered.validate(obj({ n: 1 }));
  assert.equal(share.endTrace().complete, false);
});

test("generated resources (the oracle's cr-validate generator, seed 20261128): the share changes no release's result", async () => {
  const r = new Rng(20261128);
  const cases = [];
  for (let i = 0; i < 60; i++) {
    const c = await crValidateFamily.generate(r, "1.33", i);
    const version = c.object.apiVersion.split("/").pop();
    cases.push({
      index: i,
      crd: c.crd,
      version,
      object: c.object,
      old: c.old,
      fieldValidation: c.fieldValidation.toLowerCase(),
    });
  }
  await assertShareChangesNothing(cases, 0.5);
});

test("a presence test's cost is asked of the release only when a cost limit is near (1.28 charges one more)", async () => {
  const { createCelValidator } = await import("../../dist/cel/schema/validator.js");
  const { ReleaseReads } = await import("../../dist/k8s/releases.js");
  const tests = Array.from({ length: 10 }, () => "has(x.a)").join(" && ");
  const schema = {
    type: "object",
    properties: {
      l: {
        type: "array",
        items: { type: "object", properties: { a: { type: "string" } } },
        "x-kubernetes-validations": [{ rule: `self.all(x, ${tests})` }],
      },
    },
  };
  const list = (n) => ({ l: Array.from({ length: n }, () => ({ a: "v" })) });
  // Each item costs 13 at 1.29 (its ten presence tests one each) and 23 at 1.28: a limit of 1,000 is met by 50 items
  // at 1.28 only.
  const at = (minor, n) => {
    const reads = new ReleaseReads(minor);
    const v = createCelValidator(schema, false, { minor, perCallLimit: 1000 });
    const r = v.validate(list(n), undefined, { release: reads });
    return { errors: r.errors.map((e) => e.detail), reads };
  };
  assert.deepEqual(at(29, 50).errors, []);
  assert.equal(at(28, 50).errors.length, 1);
  // Near the limit the result holds at 1.29 and later only; far from it, at 1.28 too.
  assert.deepEqual(at(29, 50).reads.interval(), [29, Number.MAX_SAFE_INTEGER]);
  assert.deepEqual(at(29, 5).reads.interval(), [0, Number.MAX_SAFE_INTEGER]);
  assert.deepEqual(at(28, 50).reads.interval(), [0, 28]);
  assert.deepEqual(at(28, 5).reads.interval(), [0, Number.MAX_SAFE_INTEGER]);
});
