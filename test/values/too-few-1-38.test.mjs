// Kubernetes 1.38 (the pre-release, src/k8s/releases.ts tooFewFieldErrors): a failed minItems or minProperties is a
// field.TooFew error (apiextensions-apiserver pkg/apiserver/validation/validation.go kubeOpenAPIResultToFieldErrors):
// "Too few: <count>: must have at least N item(s)", where 1.37 passed kube-openapi's own message on as Invalid value.
import { test } from "node:test";
import assert from "node:assert/strict";
import { validateValue } from "../../dist/values/value.js";
import { fieldErrorString } from "../../dist/k8s/go.js";

const lines = (schema, value, opts) => validateValue(schema, value, opts).map(fieldErrorString);

test("1.38: minItems fails as Too few with the count; 1.37 keeps kube-openapi's Invalid value", () => {
  const schema = { type: "object", properties: { ports: { type: "array", minItems: 2, items: { type: "integer" } } } };
  assert.deepEqual(lines(schema, { ports: [1] }, { minor: 38 }), ["ports: Too few: 1: must have at least 2 items"]);
  assert.deepEqual(lines(schema, { ports: [1] }, { minor: 37 }), [
    "ports: Invalid value: 1: ports in body should have at least 2 items",
  ]);
  // A minimum of one: "item" (field.TooFew's singular), and an empty list's count is 0.
  const one = { type: "array", minItems: 1 };
  assert.deepEqual(lines(one, [], { minor: 38 }), ["<nil>: Too few: 0: must have at least 1 item"]);
  assert.deepEqual(lines(one, [1], { minor: 38 }), []);
});

test("1.38: minProperties fails as Too few, worded in items as field.TooFew words it; the other checks go on", () => {
  const few = { type: "object", minProperties: 3, required: ["x"], properties: { a: { type: "string" } } };
  assert.deepEqual(lines(few, { a: 1 }, { minor: 38 }), [
    "<nil>: Too few: 1: must have at least 3 items",
    'a: Invalid value: "integer": a in body must be of type string: "integer"',
    "x: Required value",
  ]);
  const errs = validateValue({ type: "object", minProperties: 1 }, {}, { minor: 38 });
  assert.equal(errs.length, 1);
  assert.equal(errs[0].type, "Too few");
  assert.equal(errs[0].value, 0);
  assert.equal(errs[0].message, "must have at least 1 item");
});
