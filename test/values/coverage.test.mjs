// Coverage of a CRD version's checks (`crdlint test --coverage`): which checks some validated object made fail and
// which it passed through, as the validators report them to a sink — nothing for what the apiserver does not
// evaluate (CEL behind a blocking error, a transition rule on create, a failure ratcheting drops).
import { test } from "node:test";
import assert from "node:assert/strict";
import { CoverageCollector, coverableChecks, coverageReport, mergeCoverageItems } from "../../dist/values/coverage.js";
import { createResourceValidator } from "../../dist/values/resource.js";
import { validateSchemaValue, validateValue } from "../../dist/values/value.js";

const celStages = await (async () => {
  try {
    const { loadCelStages } = await import("../../dist/engine/validate-cel.js");
    return await loadCelStages(33);
  } catch {
    return null;
  }
})();
const needsCel = celStages ? {} : { skip: "this build has no CEL runtime" };

const CRD = "widgets.example.com";

function widgetSchema() {
  return {
    type: "object",
    properties: {
      apiVersion: { type: "string" },
      kind: { type: "string" },
      metadata: { type: "object" },
      spec: {
        type: "object",
        required: ["name"],
        minProperties: 1,
        "x-kubernetes-validations": [
          { rule: "!has(self.min) || !has(self.max) || self.min <= self.max", message: "min must not exceed max" },
          { rule: "self.name == oldSelf.name", message: "name is immutable" },
        ],
        properties: {
          name: { type: "string", minLength: 2, maxLength: 8, pattern: "^[a-z]+$" },
          note: { type: "string", maxLength: 5 },
          tier: { type: "string", enum: ["a", "b"] },
          email: { type: "string", format: "email" },
          min: { type: "integer", minimum: 0, multipleOf: 2 },
          max: { type: "integer", maximum: 10, exclusiveMaximum: true },
          tags: { type: "array", maxItems: 2, "x-kubernetes-list-type": "set", items: { type: "string" } },
          ports: {
            type: "array",
            minItems: 1,
            "x-kubernetes-list-type": "map",
            "x-kubernetes-list-map-keys": ["name"],
            items: {
              type: "object",
              required: ["name"],
              properties: {
                name: { type: "string" },
                port: { type: "integer", "x-kubernetes-validations": [{ rule: "self >= 1024" }] },
              },
            },
          },
          labels: { type: "object", maxProperties: 2, additionalProperties: { type: "string" } },
        },
      },
    },
  };
}

function validatorOf(schema, coverage, extra = {}) {
  return createResourceValidator(
    {
      group: "example.com",
      kind: "Widget",
      version: "v1",
      namespaced: true,
      schema,
      statusSubresource: false,
      scale: null,
    },
    {
      minor: 33,
      fieldValidation: "strict",
      cel: celStages.stageFor(schema, { ratcheting: true }),
      coverage,
      ...extra,
    },
  );
}

const widget = (spec, name = "w") => ({
  apiVersion: "example.com/v1",
  kind: "Widget",
  metadata: { name, namespace: "default" },
  spec,
});

/** `<path> <check> <F|-><P|->` for every check of the schema. */
const table = (collector, schema) =>
  collector
    .itemsFor(CRD, "v1", schema, { minor: 33 })
    .map((i) => `${i.path} ${i.check} ${i.failed ? "F" : "-"}${i.passed ? "P" : "-"}`);

const errorsOf = (r) => r.findings.filter((f) => f.severity === "error").map((f) => `${f.field}: ${f.message}`);

test("the universe: every check of a version's schema in schema order, with its field path and schema path", () => {
  const schema = widgetSchema();
  const checks = coverableChecks(schema, 33);
  assert.deepEqual(
    checks.map((c) => `${c.path} ${c.check}`),
    [
      "spec required:name",
      "spec minProperties",
      "spec rule[0]",
      "spec rule[1]",
      "spec.name minLength",
      "spec.name maxLength",
      "spec.name pattern",
      "spec.note maxLength",
      "spec.tier enum",
      "spec.email format",
      "spec.min minimum",
      "spec.min multipleOf",
      "spec.max maximum",
      "spec.tags maxItems",
      "spec.tags list-type",
      "spec.ports minItems",
      "spec.ports list-type",
      "spec.ports[*] required:name",
      "spec.ports[*].port rule[0]",
      "spec.labels maxProperties",
    ],
  );
  const port = checks.find((c) => c.path === "spec.ports[*].port");
  assert.equal(port.rule, "self >= 1024");
  assert.equal(port.node, schema.properties.spec.properties.ports.items.properties.port);
  assert.deepEqual(port.schemaPath, ["properties", "spec", "properties", "ports", "items", "properties", "port"]);
  assert.equal(checks[0].node, schema.properties.spec);
});

test("the universe: the root, map values, junctor branches; formats only where the release checks them", () => {
  const schema = {
    type: "object",
    required: ["spec"],
    properties: {
      spec: {
        type: "object",
        anyOf: [{ required: ["a"] }, { required: ["b"] }],
        not: { required: ["c"] },
        properties: {
          a: { type: "string", format: "int32" },
          b: { type: "string", format: "k8s-short-name" },
          n: { type: "integer", format: "int32", minimum: 1 },
          m: { type: "object", additionalProperties: { type: "string", pattern: "^x" } },
          u: { type: "array", uniqueItems: true, items: { type: "string" } },
        },
      },
    },
  };
  const at = (minor) => coverableChecks(schema, minor).map((c) => `${c.path} ${c.check} ${c.schemaPath.join("/")}`);
  assert.deepEqual(at(35), [
    "<root> required:spec ",
    "spec.b format properties/spec/properties/b",
    "spec.n minimum properties/spec/properties/n",
    "spec.m[*] pattern properties/spec/properties/m/additionalProperties",
    "spec.u uniqueItems properties/spec/properties/u",
    "spec.anyOf[0] required:a properties/spec/anyOf/0",
    "spec.anyOf[1] required:b properties/spec/anyOf/1",
    "spec.not required:c properties/spec/not",
  ]);
  // k8s-short-name is a format of 1.35's apiserver only
  assert.ok(!at(33).some((l) => l.startsWith("spec.b format")));
});

test("which checks objects made fail and passed through, on create", needsCel, () => {
  const schema = widgetSchema();
  const cov = new CoverageCollector();
  const v = validatorOf(schema, cov);
  const run = (spec) => errorsOf(v.validate(widget(spec)));
  // everything holds
  assert.deepEqual(
    run({
      name: "abc",
      tier: "a",
      email: "a@example.com",
      min: 2,
      max: 4,
      tags: ["x"],
      ports: [{ name: "p", port: 2000 }],
      labels: { a: "1" },
    }),
    [],
  );
  // failures that do not block CEL: minLength (so pattern is not evaluated), minimum, multipleOf, maximum, a set and
  // a map with duplicates, a port's rule
  assert.equal(
    run({
      name: "A",
      min: -1,
      max: 10,
      tags: ["x", "x"],
      ports: [
        { name: "p", port: 80 },
        { name: "p", port: 2000 },
      ],
    }).length,
    7,
  );
  // pattern, minItems and the spec's rule fail
  assert.equal(run({ name: "ABC", min: 8, max: 6, ports: [] }).length, 3);
  // blocking failures (CEL is not run, which is an error too): enum, format, maxProperties, maxItems, required
  assert.equal(run({ tier: "z", email: "nope", labels: { a: "1", b: "2", c: "3" }, tags: ["a", "b", "c"] }).length, 6);
  // maxLength fails (and blocks CEL): minLength and pattern are not evaluated
  assert.equal(run({ name: "abcdefghij" }).length, 2);
  assert.deepEqual(table(cov, schema), [
    "spec required:name FP",
    "spec minProperties -P",
    "spec rule[0] FP",
    "spec rule[1] --", // a transition rule is not evaluated on create
    "spec.name minLength FP",
    "spec.name maxLength FP",
    "spec.name pattern FP",
    "spec.note maxLength --", // no object sets it
    "spec.tier enum FP",
    "spec.email format FP",
    "spec.min minimum FP",
    "spec.min multipleOf FP",
    "spec.max maximum FP",
    "spec.tags maxItems FP",
    "spec.tags list-type FP",
    "spec.ports minItems FP",
    "spec.ports list-type FP",
    "spec.ports[*] required:name -P",
    "spec.ports[*].port rule[0] FP",
    "spec.labels maxProperties FP",
  ]);
});

test("a rule behind a blocking error and a failure ratcheting drops record nothing", needsCel, () => {
  const schema = widgetSchema();
  const cov = new CoverageCollector();
  const v = validatorOf(schema, cov, { behind: true });
  // the enum error blocks CEL: the rule that would fail (min > max) is not evaluated, also when shown behind it
  const blocked = v.validate(widget({ tier: "z", min: 8, max: 6 }));
  assert.ok(blocked.findings.some((f) => f.hiddenBy && f.message === "min must not exceed max"));
  // an update that leaves invalid values unchanged: pattern and the spec's rule fail on unchanged values (ratcheted),
  // the transition rule holds
  const old = widget({ name: "ABC", min: 8, max: 6 });
  const updated = v.validate(widget({ name: "ABC", min: 8, max: 6 }), old);
  assert.deepEqual(errorsOf(updated), []);
  assert.ok(updated.findings.some((f) => f.rule === "resource-cel-ratcheted"));
  assert.deepEqual(table(cov, schema).slice(0, 13), [
    "spec required:name FP",
    "spec minProperties -P",
    "spec rule[0] --",
    "spec rule[1] -P",
    "spec.name minLength -P",
    "spec.name maxLength -P",
    "spec.name pattern --",
    "spec.note maxLength --",
    "spec.tier enum F-",
    "spec.email format --",
    "spec.min minimum -P",
    "spec.min multipleOf -P",
    "spec.max maximum -P",
  ]);
  // a changed value is not ratcheted: its failure counts
  v.validate(widget({ name: "ABD", min: 8, max: 6 }), widget({ name: "ABD", min: 8, max: 4 }));
  assert.deepEqual(table(cov, schema).slice(2, 7), [
    "spec rule[0] F-",
    "spec rule[1] -P",
    "spec.name minLength -P",
    "spec.name maxLength -P",
    "spec.name pattern --",
  ]);
});

test("a request strict decoding stops records nothing; validation results do not depend on the sink", needsCel, () => {
  const schema = widgetSchema();
  const cov = new CoverageCollector();
  const withSink = validatorOf(schema, cov, { behind: true });
  const without = validatorOf(schema, undefined, { behind: true });
  const objects = [
    widget({ name: "ABC", bogus: 1 }),
    widget({ name: "A", min: -1, tags: ["x", "x"], ports: [{ name: "p", port: 80 }, { name: "p" }] }),
    widget({ tier: "z", min: 8, max: 6 }),
  ];
  const first = withSink.validate(structuredClone(objects[0]));
  assert.ok(first.findings.some((f) => f.rule === "resource-unknown-field" && f.severity === "error"));
  assert.ok(table(cov, schema).every((l) => l.endsWith(" --")));
  for (const o of objects)
    assert.deepEqual(withSink.validate(structuredClone(o)), without.validate(structuredClone(o)));
  const old = widget({ name: "ABC", min: 8, max: 6 });
  assert.deepEqual(
    withSink.validate(widget({ name: "ABC", min: 8, max: 6, tier: "c" }), structuredClone(old)),
    without.validate(widget({ name: "ABC", min: 8, max: 6, tier: "c" }), structuredClone(old)),
  );
});

test(
  "the same version under several validators pools; a patched copy adds its outcomes, not its checks",
  needsCel,
  () => {
    const real = widgetSchema();
    const clone = widgetSchema();
    // initialCRDPatches-like: the copy lacks the spec's first rule (so the transition rule is its rule[0]) and has a
    // bound the real schema does not
    const patched = widgetSchema();
    patched.properties.spec["x-kubernetes-validations"].shift();
    patched.properties.spec.properties.note.minLength = 1;
    const cov = new CoverageCollector();
    validatorOf(real, cov).validate(widget({ name: "abc" }));
    validatorOf(clone, cov).validate(widget({ name: "ABC" }));
    validatorOf(patched, cov).validate(widget({ name: "abc", note: "n" }), widget({ name: "abc" }));
    cov.track(CRD, "v1", real, { minor: 33 });
    cov.track(CRD, "v1", clone, { minor: 33 });
    cov.track(CRD, "v1", patched, { minor: 33, patched: true });
    const report = cov.report();
    const line = (i) => `${i.path} ${i.check} ${i.failed ? "F" : "-"}${i.passed ? "P" : "-"}`;
    assert.equal(report.items.length, coverableChecks(real, 33).length);
    const lines = report.items.map(line);
    assert.ok(lines.includes("spec.name pattern FP"), "pattern: held for one validator, failed for the other");
    assert.ok(lines.includes("spec rule[1] -P"), "the copy's rule[0] is the real rule[1]: pooled by expression");
    assert.ok(lines.includes("spec.note maxLength -P"));
    assert.ok(!lines.some((l) => l.startsWith("spec.note minLength")), "the copy's own bound is not listed");
    assert.deepEqual(report.summary, {
      checks: 20,
      failedBySome: 1,
      passedBySome: report.items.filter((i) => i.passed).length,
      both: 1,
      neither: report.items.filter((i) => !i.failed && !i.passed).length,
    });
    // without an unpatched schema the copy's checks are the universe
    const alone = new CoverageCollector();
    alone.track(CRD, "v1", patched, { minor: 33, patched: true });
    assert.equal(alone.report().items.length, coverableChecks(patched, 33).length);
  },
);

test("mergeCoverageItems or-s the outcomes of equal checks; coverageReport counts them", () => {
  const item = (check, failed, passed, version = "v1") => ({ crd: CRD, version, path: "spec", check, failed, passed });
  const merged = mergeCoverageItems([
    [item("enum", true, false), item("pattern", false, false)],
    [item("enum", false, true), item("pattern", false, false), item("enum", false, false, "v2")],
  ]);
  assert.deepEqual(
    merged.map((i) => `${i.version} ${i.check} ${i.failed}/${i.passed}`),
    ["v1 enum true/true", "v1 pattern false/false", "v2 enum false/false"],
  );
  assert.deepEqual(coverageReport(merged).summary, {
    checks: 3,
    failedBySome: 1,
    passedBySome: 1,
    both: 1,
    neither: 2,
  });
});

test("the value validator: a check is recorded only where kube-openapi evaluates it", () => {
  const record = (schema, ...values) => {
    const cov = new CoverageCollector();
    for (const v of values) validateSchemaValue(schema, v, { coverage: cov });
    return cov
      .itemsFor(CRD, "v1", schema)
      .map((i) => `${i.path} ${i.check} ${i.failed ? "F" : "-"}${i.passed ? "P" : "-"}`);
  };
  // a failed minProperties returned before required was looked at until 1.28; from then on the object is checked on
  const obj = { type: "object", minProperties: 1, maxProperties: 3, required: ["a"] };
  const recordAt = (minor, schema, value) => {
    const cov = new CoverageCollector();
    validateSchemaValue(schema, value, { coverage: cov, minor });
    return cov.itemsFor(CRD, "v1", schema).map((i) => `${i.check} ${i.failed ? "F" : "-"}${i.passed ? "P" : "-"}`);
  };
  assert.deepEqual(recordAt(27, obj, {}), ["minProperties F-", "maxProperties --", "required:a --"]);
  assert.deepEqual(record(obj, {}), ["<root> minProperties F-", "<root> maxProperties -P", "<root> required:a F-"]);
  assert.deepEqual(record(obj, { a: 1 }, { b: 1 }), [
    "<root> minProperties -P",
    "<root> maxProperties -P",
    "<root> required:a FP",
  ]);
  // anyOf stops at the first branch that holds; the branches it drops still record their failures
  const union = { type: "object", anyOf: [{ required: ["a"] }, { required: ["b"] }] };
  assert.deepEqual(record(union, { a: 1 }), ["anyOf[0] required:a -P", "anyOf[1] required:b --"]);
  assert.deepEqual(record(union, { b: 1 }), ["anyOf[0] required:a F-", "anyOf[1] required:b -P"]);
  // not: its branch holding is the failure of the node, the branch's own check passed
  assert.deepEqual(record({ type: "object", not: { required: ["c"] } }, { c: 1 }, {}), ["not required:c FP"]);
  // numbers and strings: checks of the other kind are not evaluated; null meets the enum only
  const scalar = { type: "string", nullable: true, enum: ["x"], maxLength: 3, multipleOf: 2 };
  assert.deepEqual(record(scalar, null), ["<root> enum F-", "<root> maxLength --", "<root> multipleOf --"]);
  assert.deepEqual(record({ type: "array", uniqueItems: true, minItems: 1 }, [1, 1], [2]), [
    "<root> uniqueItems FP",
    "<root> minItems -P",
  ]);
  assert.deepEqual(record({ type: "number", multipleOf: 0.5, minimum: 1 }, 0.75, 2.5), [
    "<root> multipleOf FP",
    "<root> minimum FP",
  ]);
});

test("validateValue passes the sink to the list-type checks; errors are the same with and without it", () => {
  const schema = {
    type: "object",
    properties: { s: { type: "array", "x-kubernetes-list-type": "set", maxItems: 1, items: { type: "integer" } } },
  };
  const cov = new CoverageCollector();
  const value = { s: [1, 1] };
  assert.deepEqual(validateValue(schema, value, { coverage: cov }), validateValue(schema, value));
  assert.deepEqual(
    cov.itemsFor(CRD, "v1", schema).map((i) => `${i.path} ${i.check} ${i.failed}/${i.passed}`),
    ["s list-type true/false", "s maxItems true/false"],
  );
});

test(
  "the CEL stage: a rule that fails to evaluate failed; rules in allOf branches; stageFor's own sink",
  needsCel,
  () => {
    const schema = {
      type: "object",
      properties: {
        spec: {
          type: "object",
          properties: { a: { type: "integer" }, b: { type: "integer" } },
          "x-kubernetes-validations": [{ rule: "self.a / self.b >= 0" }],
          allOf: [{ "x-kubernetes-validations": [{ rule: "self.a < 10" }] }],
        },
      },
    };
    assert.deepEqual(
      coverableChecks(schema).map((c) => `${c.path} ${c.check} ${c.schemaPath.join("/")}`),
      ["spec rule[0] properties/spec", "spec.allOf[0] rule[0] properties/spec/allOf/0"],
    );
    const cov = new CoverageCollector();
    const stage = celStages.stageFor(schema, { ratcheting: true, coverage: cov });
    // division by zero: an evaluation error, which fails the request
    const errs = stage.validate({ spec: { a: 1, b: 0 } }, undefined);
    assert.ok(
      errs.some((f) => f.message.includes("division by zero")),
      JSON.stringify(errs),
    );
    assert.deepEqual(
      cov.itemsFor(CRD, "v1", schema).map((i) => `${i.path} ${i.check} ${i.failed}/${i.passed}`),
      ["spec rule[0] true/false", "spec.allOf[0] rule[0] false/true"],
    );
    // a call that says null records nothing
    stage.validate({ spec: { a: 20, b: 1 } }, undefined, { coverage: null });
    assert.equal(cov.itemsFor(CRD, "v1", schema)[1].failed, false);
    stage.validate({ spec: { a: 20, b: 1 } }, undefined);
    assert.deepEqual(
      cov.itemsFor(CRD, "v1", schema).map((i) => `${i.failed}/${i.passed}`),
      ["true/true", "true/true"],
    );
  },
);
