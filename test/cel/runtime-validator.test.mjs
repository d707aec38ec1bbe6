// The CEL validator of custom resources (apiextensions-apiserver pkg/apiserver/schema/cel/validation.go): rule
// results, messageExpression, reason, fieldPath, transition rules, optionalOldSelf, ratcheting and cost limits, with
// the apiserver's field error strings (as validation.go builds them; the custom-resource cases of
// fixtures/validate/ hold the same strings end to end).
import { test } from "node:test";
import assert from "node:assert/strict";
import { createCelValidator } from "../../dist/cel/schema/runtime.js";

const root = (spec, extra = {}) => ({ type: "object", properties: { spec }, ...extra });
const obj = (spec) => ({ apiVersion: "example.com/v1", kind: "Widget", metadata: { name: "w1" }, spec });
const messages = (r) => r.errors.map((e) => e.message);

const ex8 = root({
  type: "object",
  properties: { minReplicas: { type: "integer" }, maxReplicas: { type: "integer" }, legacy: { type: "boolean" } },
  "x-kubernetes-validations": [
    {
      rule: "self.minReplicas <= self.maxReplicas",
      messageExpression: "'min ' + string(self.minReplicas) + ' > max ' + string(self.maxReplicas)",
      fieldPath: ".minReplicas",
    },
    {
      rule: "!has(self.legacy)",
      message: "legacy is no longer supported",
      reason: "FieldValueForbidden",
      fieldPath: ".legacy",
    },
    { rule: "self.maxReplicas < 100" },
  ],
});

test("example 8: message, messageExpression, reason and fieldPath (1.35+ and before)", () => {
  const o = obj({ minReplicas: 500, maxReplicas: 200, legacy: true });
  assert.deepEqual(messages(createCelValidator(ex8, true, { minor: 35 }).validate(o, undefined)), [
    "spec.minReplicas: Invalid value: min 500 > max 200",
    "spec.legacy: Forbidden: legacy is no longer supported",
    "spec: Invalid value: failed rule: self.maxReplicas < 100",
  ]);
  const old = createCelValidator(ex8, true, { minor: 34 }).validate(o, undefined);
  assert.deepEqual(messages(old), [
    'spec.minReplicas: Invalid value: "object": min 500 > max 200',
    "spec.legacy: Forbidden: legacy is no longer supported",
    'spec: Invalid value: "object": failed rule: self.maxReplicas < 100',
  ]);
  const e = old.errors[0];
  assert.deepEqual(e.path, ["spec", "minReplicas"]);
  assert.equal(e.field, "spec.minReplicas");
  assert.equal(e.type, "Invalid");
  assert.equal(e.value, '"object"');
  assert.equal(e.detail, "min 500 > max 200");
});

test("example 9: evaluation error and scalar value", () => {
  const s = root({
    type: "object",
    properties: {
      mode: { type: "string" },
      size: {
        type: "string",
        "x-kubernetes-validations": [{ rule: "self in ['s','m','l']", message: "size must be s, m or l" }],
      },
    },
    "x-kubernetes-validations": [{ rule: "self.mode == 'fast'" }],
  });
  assert.deepEqual(messages(createCelValidator(s, true, { minor: 35 }).validate(obj({ size: "xl" }), undefined)), [
    `spec: Invalid value: "object": no such key: mode evaluating rule: self.mode == 'fast'`,
    'spec.size: Invalid value: "xl": size must be s, m or l',
  ]);
});

test("messageExpression failures fall back to the message; FieldValueRequired and Duplicate", () => {
  const s = root({
    type: "object",
    properties: { a: { type: "integer" } },
    "x-kubernetes-validations": [
      { rule: "false", message: "  fallback  ", messageExpression: "string(1 / 0)" },
      { rule: "false", messageExpression: "'  '" },
      { rule: "false", message: "need a", reason: "FieldValueRequired", fieldPath: ".a" },
      { rule: "false", reason: "FieldValueDuplicate" },
    ],
  });
  assert.deepEqual(messages(createCelValidator(s, true, { minor: 36 }).validate(obj({ a: 1 }), undefined)), [
    "spec: Invalid value: fallback",
    "spec: Invalid value: failed rule: false",
    "spec.a: Required value: need a",
    "spec: Duplicate value",
  ]);
});

test("runtime no-such-overload on int-or-string", () => {
  const s = root({
    type: "object",
    properties: { port: { "x-kubernetes-int-or-string": true, "x-kubernetes-validations": [{ rule: "self > 0" }] } },
  });
  const r = createCelValidator(s, true, { minor: 37 }).validate(obj({ port: "http" }), undefined);
  assert.deepEqual(messages(r), [
    `spec.port: Invalid value: "": 'no such overload': call arguments did not match a supported operator, function or macro signature for rule: self > 0`,
  ]);
});

const ex10 = root({
  type: "object",
  properties: {
    name: { type: "string", "x-kubernetes-validations": [{ rule: "self == oldSelf", message: "name is immutable" }] },
    size: { type: "string" },
    opt: {
      type: "string",
      "x-kubernetes-validations": [
        { rule: "!oldSelf.hasValue() || self == oldSelf.value()", message: "opt is immutable", optionalOldSelf: true },
      ],
    },
  },
});

test("transition rules: skipped on create, run on update where oldSelf correlates", () => {
  const v = createCelValidator(ex10, true, { minor: 35 });
  assert.deepEqual(messages(v.validate(obj({ name: "b" }), undefined)), []);
  assert.deepEqual(messages(v.validate(obj({ name: "b" }), obj({ name: "a" }))), [
    'spec.name: Invalid value: "b": name is immutable',
  ]);
  // the old object lacks the key: no oldSelf, the rule is skipped
  assert.deepEqual(messages(v.validate(obj({ name: "b" }), obj({}))), []);
});

test("optionalOldSelf: runs on create with oldSelf = optional.none() from 1.30, skipped before", () => {
  assert.deepEqual(messages(createCelValidator(ex10, true, { minor: 30 }).validate(obj({ opt: "x" }), undefined)), []);
  assert.deepEqual(
    messages(createCelValidator(ex10, true, { minor: 30 }).validate(obj({ opt: "y" }), obj({ opt: "x" }))),
    ['spec.opt: Invalid value: "string": opt is immutable'],
  );
  const s = root({
    type: "object",
    properties: {
      opt: {
        type: "string",
        "x-kubernetes-validations": [
          { rule: "oldSelf.hasValue()", message: "create not allowed", optionalOldSelf: true },
        ],
      },
    },
  });
  assert.deepEqual(messages(createCelValidator(s, true, { minor: 30 }).validate(obj({ opt: "x" }), undefined)), [
    'spec.opt: Invalid value: "string": create not allowed',
  ]);
  // before 1.30 optionalOldSelf is dropped: oldSelf is the plain old value and the rule is a transition rule again
  const plain = root({
    type: "object",
    properties: {
      opt: { type: "string", "x-kubernetes-validations": [{ rule: "self == oldSelf", optionalOldSelf: true }] },
    },
  });
  assert.deepEqual(messages(createCelValidator(plain, true, { minor: 29 }).validate(obj({ opt: "x" }), undefined)), []);
});

test("oldSelf correlation through list-type map keys; not through atomic lists", () => {
  const item = {
    type: "object",
    required: ["name"],
    properties: {
      name: { type: "string" },
      v: { type: "integer", "x-kubernetes-validations": [{ rule: "self >= oldSelf", message: "no decrease" }] },
    },
  };
  const s = root({
    type: "object",
    properties: {
      byKey: { type: "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["name"], items: item },
      atomic: { type: "array", items: item },
    },
  });
  const v = createCelValidator(s, true, { minor: 37 });
  const r = v.validate(
    obj({
      byKey: [
        { name: "b", v: 1 },
        { name: "a", v: 5 },
      ],
      atomic: [{ name: "a", v: 1 }],
    }),
    obj({
      byKey: [
        { name: "a", v: 6 },
        { name: "b", v: 0 },
      ],
      atomic: [{ name: "a", v: 9 }],
    }),
  );
  assert.deepEqual(messages(r), ["spec.byKey[1].v: Invalid value: 5: no decrease"]);
});

test("ratcheting: an unchanged failing value is a warning on update, not an error", () => {
  const s = root({
    type: "object",
    properties: {
      size: { type: "string", "x-kubernetes-validations": [{ rule: "self.size() <= 3", message: "too long" }] },
      other: { type: "string" },
    },
  });
  const v = createCelValidator(s, true, { minor: 30 });
  const r = v.validate(obj({ size: "large", other: "b" }), obj({ size: "large", other: "a" }));
  assert.deepEqual(messages(r), []);
  assert.deepEqual(
    r.warnings.map((w) => w.message),
    ['spec.size: Invalid value: "string": too long'],
  );
  // changed value: an error again
  assert.deepEqual(messages(v.validate(obj({ size: "larger" }), obj({ size: "large" }))), [
    'spec.size: Invalid value: "string": too long',
  ]);
  // before the gate (1.29) nothing is ratcheted
  assert.deepEqual(
    messages(createCelValidator(s, true, { minor: 29 }).validate(obj({ size: "large" }), obj({ size: "large" }))),
    ['spec.size: Invalid value: "string": too long'],
  );
});

test("cost: per-call limit and the per-request budget stop validation with the apiserver's messages", () => {
  const big = Array.from({ length: 60 }, (_, i) => i);
  const s = root({
    type: "object",
    properties: {
      l: {
        type: "array",
        maxItems: 60,
        items: { type: "integer" },
        "x-kubernetes-validations": [{ rule: "self.all(a, self.all(b, self.all(c, a + b + c >= 0)))" }],
      },
      m: { type: "string", "x-kubernetes-validations": [{ rule: "self == 'x'" }] },
    },
  });
  const v = createCelValidator(s, true, { minor: 37 });
  const r = v.validate(obj({ l: big, m: "y" }), undefined);
  assert.deepEqual(messages(r), [
    `spec.l: Invalid value: "array": 'operation cancelled: actual cost limit exceeded': no further validation rules will be run due to call cost exceeds limit for rule: self.all(a, self.all(b, self.all(c, a + b + c >= 0)))`,
  ]);
  assert.ok(r.remainingBudget < 0);
  // a small budget: the rule's actual cost exceeds what is left
  const small = createCelValidator(s, true, { minor: 37 }).validate(obj({ l: [1, 2], m: "x" }), undefined, {
    budget: 10,
  });
  assert.deepEqual(messages(small), [
    'spec.l: Invalid value: "array": validation failed due to running out of cost budget, no further validation rules will be run',
  ]);
  // the exact actual cost is charged against the budget
  const ok = createCelValidator(s, true, { minor: 37 }).validate(obj({ m: "x" }), undefined);
  assert.equal(ok.remainingBudget, 10_000_000 - 2);
});

test("resource root: self sees apiVersion, kind and metadata.name only", () => {
  const s = {
    type: "object",
    "x-kubernetes-validations": [
      { rule: "self.metadata.name.startsWith('w') && self.kind == 'Widget' && self.apiVersion == 'example.com/v1'" },
      { rule: "self.metadata.labels.size() > 0" },
    ],
  };
  const o = { ...obj({}), metadata: { name: "w1", labels: { a: "b" } } };
  // labels are not part of the CEL type of metadata: the second rule does not compile (the CRD would be rejected)
  assert.deepEqual(
    messages(createCelValidator(s, true, { minor: 37 }).validate(o, undefined)).map((m) => m.split("\n")[0]),
    [
      `<nil>: Invalid value: "object": rule compile error: compilation failed: ERROR: <input>:1:14: undefined field 'labels'`,
    ],
  );
});

test("schema formats become CEL types: date-time, duration, byte; maps from additionalProperties", () => {
  const s = root({
    type: "object",
    properties: {
      at: { type: "string", format: "date-time" },
      every: { type: "string", format: "duration" },
      data: { type: "string", format: "byte" },
      labels: { type: "object", additionalProperties: { type: "string" } },
    },
    "x-kubernetes-validations": [
      {
        rule: "self.at > timestamp('2020-01-01T00:00:00Z') && self.every > duration('1m') && size(self.data) == 3 && self.labels['a'] == 'b'",
      },
    ],
  });
  const r = createCelValidator(s, true, { minor: 37 }).validate(
    obj({ at: "2024-05-01T10:00:00Z", every: "5m", data: "YWJj", labels: { a: "b" } }),
    undefined,
  );
  assert.deepEqual(messages(r), []);
});

test("list-type set and map lists: order-insensitive equality, union and merge on +", () => {
  const s = root({
    type: "object",
    properties: {
      tags: { type: "array", "x-kubernetes-list-type": "set", items: { type: "string" } },
      ports: {
        type: "array",
        "x-kubernetes-list-type": "map",
        "x-kubernetes-list-map-keys": ["name"],
        items: { type: "object", properties: { name: { type: "string" }, port: { type: "integer" } } },
      },
    },
    "x-kubernetes-validations": [
      { rule: "self.tags == oldSelf.tags", message: "tags changed" },
      { rule: "(oldSelf.tags + self.tags).size() == 3", message: "union" },
      {
        rule: "(oldSelf.ports + self.ports).size() == 2 && (oldSelf.ports + self.ports)[0].port == 81",
        message: "merge",
      },
    ],
  });
  const v = createCelValidator(s, true, { minor: 37 });
  const r = v.validate(
    obj({ tags: ["b", "a", "c"], ports: [{ name: "http", port: 81 }] }),
    obj({
      tags: ["a", "b", "c"],
      ports: [
        { name: "http", port: 80 },
        { name: "x", port: 1 },
      ],
    }),
  );
  assert.deepEqual(messages(r), []);
});

test("ratcheting correlates list-type map items by key: a reordered, unchanged item is still ratcheted", () => {
  const s = root({
    type: "object",
    properties: {
      ports: {
        type: "array",
        "x-kubernetes-list-type": "map",
        "x-kubernetes-list-map-keys": ["name"],
        items: {
          type: "object",
          properties: {
            name: { type: "string" },
            port: {
              type: "integer",
              "x-kubernetes-validations": [{ rule: "self >= 1024", message: "privileged port" }],
            },
          },
        },
      },
    },
  });
  const v = createCelValidator(s, true, { minor: 33 });
  const r = v.validate(
    obj({
      ports: [
        { name: "b", port: 2000 },
        { name: "a", port: 80 },
      ],
    }),
    obj({
      ports: [
        { name: "a", port: 80 },
        { name: "b", port: 3000 },
      ],
    }),
  );
  assert.deepEqual(messages(r), []);
  assert.deepEqual(
    r.warnings.map((w) => w.message),
    ['spec.ports[1].port: Invalid value: "integer": privileged port'],
  );
});

test("fieldPath into a map key renders as the apiserver's single Child segment", () => {
  const s = root({
    type: "object",
    properties: {
      labels: {
        type: "object",
        additionalProperties: { type: "string" },
        "x-kubernetes-validations": [{ rule: "false", message: "bad key", fieldPath: "['x.y']" }],
      },
    },
    "x-kubernetes-validations": [{ rule: "false", message: "bad", fieldPath: ".labels['x.y']" }],
  });
  const r = createCelValidator(s, true, { minor: 37 }).validate(obj({ labels: { "x.y": "a" } }), undefined);
  // ValidFieldPath gives labels[x.y] / [x.y]; validation.go appends it with Child()
  assert.deepEqual(messages(r), ["spec.labels[x.y]: Invalid value: bad", "spec.labels.[x.y]: Invalid value: bad key"]);
});

test("fieldPath on a map whose properties are empty: the structural schema has none, the step is a key", () => {
  // Found by the oracle (cr-validate, seed 8801 at 1.37): `properties: {}` beside additionalProperties converts to
  // no properties at all (NewStructural keeps only a non-empty map), so `.k` and `['k']` name a key, not a field.
  const s = root({
    type: "object",
    properties: {},
    additionalProperties: { type: "number" },
    "x-kubernetes-validations": [
      { rule: "self != self", fieldPath: ".k" },
      { rule: "self != self", message: "m", fieldPath: "['k']" },
    ],
  });
  const r = createCelValidator(s, true, { minor: 37 }).validate(obj({}), undefined);
  assert.deepEqual(messages(r), ["spec.[k]: Invalid value: failed rule: self != self", "spec.[k]: Invalid value: m"]);
});

test("values as UnstructuredToVal builds them: nulls, int-or-string, number from integers, invalid data errors", () => {
  const s = root({
    type: "object",
    properties: {
      ratio: { type: "number" },
      port: { "x-kubernetes-int-or-string": true },
      note: { type: "string", nullable: true },
      at: { type: "string", format: "date-time" },
    },
    "x-kubernetes-validations": [
      { rule: "self.ratio == 2.0 && type(self.ratio) == double", message: "ratio" },
      { rule: "type(self.port) == int || type(self.port) == string", message: "port" },
      // a field held as null is absent (unstructuredMap.Find), so has() is false
      // a field held as null is absent to CEL (unstructuredMap.Find), as the oracle recording cel-null-field-absent shows
      { rule: "!has(self.note)", message: "a null field is absent" },
      { rule: "self.at > timestamp('2000-01-01T00:00:00Z')" },
    ],
  });
  const v = createCelValidator(s, true, { minor: 37 });
  assert.deepEqual(
    messages(v.validate(obj({ ratio: 2, port: 8080, note: null, at: "2024-01-01T00:00:00Z" }), undefined)),
    [],
  );
  assert.deepEqual(messages(v.validate(obj({ ratio: 2, port: "http", note: null, at: "yesterday" }), undefined)), [
    `spec: Invalid value: "object": Invalid date-time formatted string yesterday: parsing time "yesterday" as "2006-01-02T15:04:05": cannot parse "yesterday" as "2006" evaluating rule: self.at > timestamp('2000-01-01T00:00:00Z')`,
  ]);
});
