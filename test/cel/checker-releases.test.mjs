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
