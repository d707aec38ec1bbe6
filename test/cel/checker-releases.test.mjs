// Type-check error texts that depend on the cel-go release the server vendors.
import { test } from "node:test";
import assert from "node:assert/strict";

const { createCelCompiler } = await import("../../dist/cel/schema/compile.js");

const errorOf = (minor, expression) => {
  const r = createCelCompiler(minor).compileRule({
    schema: { type: "string" },
    isResourceRoot: false,
    expression,
    kind: "rule",
    optionalOldSelf: true,
  });
  assert.equal(r.ok, false);
  return JSON.stringify(r.errors);
};

test("the optional type is optional(...) before cel-go v0.20 (1.31), optional_type(...) from it", () => {
  const expr = "self.size() >= oldSelf.size()";
  for (const minor of [29, 30])
    assert.match(errorOf(minor, expr), /applied to 'optional\(string\)\.\(\)'/, `1.${minor}`);
  for (const minor of [31, 37]) {
    assert.match(errorOf(minor, expr), /applied to 'optional_type\(string\)\.\(\)'/, `1.${minor}`);
  }
});

const errorsAt = (minor, schema, expression) => {
  const r = createCelCompiler(minor).compileRule({ schema, isResourceRoot: false, expression, kind: "rule" });
  assert.equal(r.ok, false);
  return r.errors.map((e) => e.message.replace(/^ERROR: <input>:\d+:\d+: /, ""));
};

test("cel-go before v0.17 (1.28): an undeclared member call is untyped, and the overload after it fails on <nil>", () => {
  const expr = "self.nope() == null";
  assert.deepEqual(errorsAt(28, { type: "string" }, expr), [
    "undeclared reference to 'nope' (in container '')",
    "found no matching overload for '_==_' applied to '(<nil>, null)'",
  ]);
  // From v0.17 the call is typed error, which every overload accepts: one error only.
  assert.deepEqual(errorsAt(29, { type: "string" }, expr), ["undeclared reference to 'nope' (in container '')"]);
  // An untyped operand still binds a free type parameter and passes dyn: `[self.nope()]` is fine but its use is not.
  assert.deepEqual(errorsAt(28, { type: "string" }, "self.nope() + 1 == 2"), [
    "undeclared reference to 'nope' (in container '')",
    "found no matching overload for '_+_' applied to '(<nil>, int)'",
  ]);
});

test("cel-go before v0.17 (1.28): && and || resolve as overloads; from v0.17 each non-bool argument is its own error", () => {
  const list = { type: "array", items: { type: "string" } };
  assert.deepEqual(errorsAt(28, list, "1 || true"), ["found no matching overload for '_||_' applied to '(int, bool)'"]);
  assert.deepEqual(errorsAt(29, list, "1 || true"), ["expected type 'bool' but found 'int'"]);
  // An untyped undeclared call as an operand (the oracle at 1.28: kubernetes 1.28's cel-go v0.16.1).
  assert.deepEqual(errorsAt(28, list, "self.size() == 0 || self.includes(self[0])"), [
    "found no matching overload for '_||_' applied to '(bool, <nil>)'",
    "undeclared reference to 'includes' (in container '')",
  ]);
  assert.deepEqual(errorsAt(29, list, "self.size() == 0 || self.includes(self[0])"), [
    "undeclared reference to 'includes' (in container '')",
  ]);
});

test("cel-go before v0.17 (1.28): field selection on a scalar names its protobuf type text", () => {
  const cases = [
    [{ type: "string" }, "primitive:STRING", "string"],
    [{ type: "integer" }, "primitive:INT64", "int"],
    [{ type: "boolean" }, "primitive:BOOL", "bool"],
    [{ type: "string", format: "duration" }, "well_known:DURATION", "duration"],
    [{ type: "array", items: { type: "string" } }, "list_type:{elem_type:{primitive:STRING}}", "list(string)"],
  ];
  // Schema objects are message types named from the rule's root, as in every other message.
  assert.deepEqual(errorsAt(28, { type: "array", items: { type: "object" } }, "self.x == 1"), [
    `type 'list_type:{elem_type:{message_type:"selfType.@idx"}}' does not support field selection`,
  ]);
  for (const [schema, old, now] of cases) {
    assert.deepEqual(errorsAt(28, schema, "self.x == 1"), [`type '${old}' does not support field selection`]);
    assert.match(
      errorsAt(29, schema, "self.x == 1")[0],
      new RegExp(`^type '${now.replace(/[.()]/g, "\\$&")}' does not`),
    );
  }
});
