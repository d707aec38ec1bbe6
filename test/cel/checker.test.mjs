// Tests for the CEL DeclType conversion, parser, checker and compiler (src/cel).
// Run after `npx tsc -p .`: node --test test/cel/checker.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { createDeclMemo, escapeCelName, schemaDeclType } from "../../dist/cel/schema/decl.js";
import { createCelCompiler, formatCompileErrors } from "../../dist/cel/schema/compile.js";
import { parseCel } from "../../dist/cel/core/parser/parse.js";
import { goSprintf } from "../../dist/k8s/go.js";
import { check } from "../../dist/cel/core/checker/checker.js";
import { celEnvironment, OVERLOAD_IDS } from "../../dist/cel/k8s/environment.js";
import { BINDINGS_MACROS } from "../../dist/cel/core/ext/bindings.js";
import { formatType } from "../../dist/cel/core/typeutil.js";

const R2 = 3145726n;

const SCHEMA = {
  type: "object",
  properties: {
    a: { type: "integer" },
    s: { type: "string" },
    l: { type: "array", items: { type: "string" } },
    m: { type: "object", additionalProperties: { type: "string" } },
    ios: { "x-kubernetes-int-or-string": true },
    o: { type: "object", properties: { x: { type: "integer" }, namespace: { type: "string" } } },
    objs: { type: "array", items: { type: "object", properties: { name: { type: "string" } } } },
  },
};

function compile(
  expression,
  { minor = 37, schema = SCHEMA, isResourceRoot = false, optionalOldSelf = false, kind = "rule" } = {},
) {
  return createCelCompiler(minor).compileRule({ schema, isResourceRoot, expression, kind, optionalOldSelf });
}

function errorText(r) {
  return formatCompileErrors(r.errors);
}

function assertType(expression, expected, opts) {
  const r = compile(expression, opts);
  assert.ok(r.ok, `${expression}: ${errorText(r)}`);
  assert.equal(formatType(r.outputType), expected, expression);
  return r;
}

function assertError(expression, expected, opts) {
  const r = compile(expression, opts);
  assert.equal(r.ok, false, `${expression} should fail`);
  assert.equal(errorText(r), expected);
  return r;
}

// ---------------------------------------------------------------------------------------------
// §2.2 escaping

test("escapeCelName follows pkg/cel/escaping.go", () => {
  assert.equal(escapeCelName("foo"), "foo");
  assert.equal(escapeCelName("foo-bar"), "foo__dash__bar");
  assert.equal(escapeCelName("a.b"), "a__dot__b");
  assert.equal(escapeCelName("f/2"), "f__slash__2");
  assert.equal(escapeCelName("__x"), "__underscores__x");
  assert.equal(escapeCelName("a___b"), "a__underscores___b");
  assert.equal(escapeCelName("_x"), "_x");
  assert.equal(escapeCelName("namespace"), "__namespace__");
  assert.equal(escapeCelName("true"), "__true__");
  assert.equal(escapeCelName("int"), "int");
  assert.equal(escapeCelName(""), null);
  assert.equal(escapeCelName("1a"), null);
  assert.equal(escapeCelName("f@2"), null);
  assert.equal(escapeCelName("a b"), null);
  assert.equal(escapeCelName("ä"), null);
});

test("escaped and unescapable properties in rules", () => {
  const schema = {
    type: "object",
    properties: { "foo-bar": { type: "string" }, "f@2": { type: "string" }, "x.y": { type: "integer" } },
  };
  assertType("self.foo__dash__bar == 'a' && self.x__dot__y > 0", "bool", { schema });
  assertError(
    "self.f@2 == ''",
    "ERROR: <input>:1:7: Syntax error: token recognition error at: '@'\n | self.f@2 == ''\n | ......^\nERROR: <input>:1:8: Syntax error: mismatched input '2' expecting <EOF>\n | self.f@2 == ''\n | .......^",
    { schema },
  );
  const d = schemaDeclType(schema, false, 37);
  assert.deepEqual([...d.fields.keys()].sort(), ["foo__dash__bar", "x__dot__y"]);
});

test("reserved-word field names: plain name accepted from 1.32 (compatibility 1.31)", () => {
  assertType("self.o.__namespace__ == 'a'", "bool", { minor: 31 });
  assertError(
    "self.o.namespace == 'a'",
    "ERROR: <input>:1:7: undefined field 'namespace'\n | self.o.namespace == 'a'\n | ......^",
    { minor: 31 },
  );
  assertType("self.o.namespace == 'a' && has(self.o.namespace)", "bool", { minor: 32 });
});

// ---------------------------------------------------------------------------------------------
// §2 DeclType numbers

test("DeclType: int-or-string", () => {
  const d = schemaDeclType({ "x-kubernetes-int-or-string": true }, false, 37);
  assert.equal(d.cel.kind, "dyn");
  assert.equal(d.minSize, 1n);
  assert.equal(d.maxElements, R2);
  assert.equal(schemaDeclType({ "x-kubernetes-int-or-string": true, maxLength: 10 }, false, 34).maxElements, 40n);
  assert.equal(schemaDeclType({ "x-kubernetes-int-or-string": true, maxLength: 10 }, false, 33).maxElements, R2);
  assert.equal(schemaDeclType({ "x-kubernetes-int-or-string": true, maxLength: -3 }, false, 37).maxElements, 0n);
});

test("DeclType: strings and formats", () => {
  const s = (schema, minor = 37) => schemaDeclType(schema, false, minor);
  assert.deepEqual([s({ type: "string" }).maxElements, s({ type: "string" }).minSize], [R2, 2n]);
  assert.equal(s({ type: "string", maxLength: 5 }).maxElements, 20n);
  assert.equal(s({ type: "string", maxLength: -1 }).maxElements, 0n);
  assert.equal(s({ type: "string", enum: ["a", "bbb", 7] }).maxElements, 3n);
  assert.equal(s({ type: "string", enum: ["a", "bbb"] }, 28).maxElements, R2);
  assert.equal(s({ type: "string", enum: ["é"] }).maxElements, 2n);
  assert.equal(s({ type: "string", enum: ["a"], maxLength: 10 }).maxElements, 40n);
  const b = s({ type: "string", format: "byte", maxLength: 10 });
  assert.deepEqual([b.cel.kind, b.maxElements, b.minSize], ["bytes", 10n, 2n]);
  assert.equal(s({ type: "string", format: "byte", maxLength: 10 }, 26).maxElements, 40n);
  assert.equal(s({ type: "string", format: "byte" }).maxElements, R2);
  const du = s({ type: "string", format: "duration", maxLength: 3 });
  assert.deepEqual([du.cel.kind, du.maxElements, du.minSize], ["duration", 32n, 3n]);
  const da = s({ type: "string", format: "date" });
  assert.deepEqual([da.cel.kind, da.maxElements, da.minSize], ["timestamp", 12n, 12n]);
  const dt = s({ type: "string", format: "date-time" });
  assert.deepEqual([dt.cel.kind, dt.maxElements, dt.minSize], ["timestamp", 32n, 21n]);
  assert.equal(s({ type: "string", format: "int32" }).cel.kind, "string");
});

test("DeclType: scalars and invisible nodes", () => {
  const s = (schema) => schemaDeclType(schema, false, 37);
  assert.deepEqual(
    [s({ type: "boolean" }).cel.kind, s({ type: "boolean" }).minSize, s({ type: "boolean" }).maxElements],
    ["bool", 4n, 0n],
  );
  assert.deepEqual([s({ type: "number" }).cel.kind, s({ type: "number" }).minSize], ["double", 1n]);
  assert.deepEqual([s({ type: "integer" }).cel.kind, s({ type: "integer" }).minSize], ["int", 1n]);
  assert.equal(s({ "x-kubernetes-preserve-unknown-fields": true }), null);
  assert.equal(s({}), null);
  assert.equal(s({ type: "array" }), null);
  assert.equal(s({ type: "array", items: { "x-kubernetes-preserve-unknown-fields": true } }), null);
  assert.equal(s({ type: "object", additionalProperties: { "x-kubernetes-preserve-unknown-fields": true } }), null);
});

test("DeclType: arrays and maps", () => {
  const s = (schema) => schemaDeclType(schema, false, 37);
  const l = s({ type: "array", items: { type: "string" } });
  assert.equal(formatType(l.cel), "list(string)");
  assert.deepEqual([l.maxElements, l.minSize], [1048575n, 2n]);
  assert.equal(s({ type: "array", maxItems: 10, items: { type: "string" } }).maxElements, 10n);
  assert.equal(s({ type: "array", maxItems: -1, items: { type: "string" } }).maxElements, 0n);
  assert.equal(s({ type: "array", items: { type: "integer" } }).maxElements, 1572863n);
  assert.equal(s({ type: "array", items: { type: "boolean" } }).maxElements, 629145n);
  assert.equal(s({ type: "array", items: { type: "string", format: "date-time" } }).maxElements, 142987n);
  const m = s({ type: "object", additionalProperties: { type: "string" } });
  assert.equal(formatType(m.cel), "map(string, string)");
  assert.deepEqual([m.maxElements, m.minSize, m.key.maxElements], [393215n, 2n, 0n]);
  assert.equal(s({ type: "object", maxProperties: 4, additionalProperties: { type: "string" } }).maxElements, 4n);
  assert.equal(s({ type: "object", additionalProperties: { type: "integer" } }).maxElements, 449389n);
  const req = { type: "object", required: ["required"], properties: { required: { type: "string" } } };
  assert.equal(s({ type: "array", items: req }).maxElements, 185042n);
});

test("DeclType: objects, required fields and defaults", () => {
  const s = (schema) => schemaDeclType(schema, false, 37);
  const o = s({ type: "object", required: ["required"], properties: { required: { type: "string" } } });
  assert.deepEqual([o.minSize, o.maxElements], [16n, 0n]);
  assert.equal(s({ type: "object", required: ["r"], properties: { r: { type: "string", default: "x" } } }).minSize, 2n);
  assert.equal(s({ type: "object", required: ["missing"], properties: {} }).minSize, 2n);
  // Unescapable required properties still count (the apiserver adds them before escaping).
  assert.equal(
    s({ type: "object", required: ["f@2"], properties: { "f@2": { type: "integer" } } }).minSize,
    2n + 3n + 1n + 4n,
  );
  assert.equal(s({ type: "object", "x-kubernetes-preserve-unknown-fields": true }).fields.size, 0);
  const f = o.fields.get("required");
  assert.deepEqual([f.name, f.escapedName, f.required], ["required", "required", true]);
});

test("DeclType: resource root augmentation and the 1.37 metadata caps", () => {
  const root = { type: "object", properties: { spec: { type: "object" } } };
  const d36 = schemaDeclType(root, true, 36);
  assert.deepEqual([...d36.fields.keys()].sort(), ["apiVersion", "kind", "metadata", "spec"]);
  const md36 = d36.fields.get("metadata").type;
  assert.deepEqual([...md36.fields.keys()].sort(), ["generateName", "name"]);
  assert.equal(md36.fields.get("name").type.maxElements, R2);
  assert.equal(d36.fields.get("kind").type.schema, null);
  const d37 = schemaDeclType(root, true, 37);
  const md37 = d37.fields.get("metadata").type;
  assert.equal(md37.fields.get("name").type.maxElements, 1012n);
  assert.equal(md37.fields.get("generateName").type.maxElements, 1008n);
  const declared = {
    type: "object",
    properties: { metadata: { type: "object", properties: { name: { type: "string", maxLength: 63 } } } },
  };
  assert.equal(
    schemaDeclType(declared, true, 37).fields.get("metadata").type.fields.get("name").type.maxElements,
    252n,
  );
  // Non-root: no implicit fields.
  assert.deepEqual([...schemaDeclType(root, false, 37).fields.keys()], ["spec"]);
  // Embedded resources are roots for their own rules and as fields.
  const emb = {
    type: "object",
    properties: { tpl: { type: "object", "x-kubernetes-embedded-resource": true, properties: {} } },
  };
  assert.ok(schemaDeclType(emb, false, 37).fields.get("tpl").type.fields.has("apiVersion"));
  assertType("self.metadata.name.size() < 10 && self.kind == 'X'", "bool", { schema: root, isResourceRoot: true });
  assertError(
    "self.metadata.labels.size() > 0",
    "ERROR: <input>:1:14: undefined field 'labels'\n | self.metadata.labels.size() > 0\n | .............^",
    { schema: root, isResourceRoot: true },
  );
});

test("DeclType is memoised per schema object (in the memo passed: a compiler owns one)", () => {
  const schema = { type: "object", properties: { x: { type: "string" } } };
  const memo = createDeclMemo();
  assert.equal(schemaDeclType(schema, false, 37, memo), schemaDeclType(schema, false, 37, memo));
  assert.notEqual(schemaDeclType(schema, false, 37, memo), schemaDeclType(schema, true, 37, memo));
  assert.notEqual(schemaDeclType(schema, false, 37, memo), schemaDeclType(schema, false, 37, createDeclMemo()));
});

// ---------------------------------------------------------------------------------------------
// Type errors as the apiserver prints them

test("no matching overload", () => {
  assertError(
    "self.a == true",
    "ERROR: <input>:1:8: found no matching overload for '_==_' applied to '(int, bool)'\n | self.a == true\n | .......^",
  );
  assertError(
    "self.s.contains(1)",
    "ERROR: <input>:1:16: found no matching overload for 'contains' applied to 'string.(int)'\n | self.s.contains(1)\n | ...............^",
  );
  assertError(
    "self.l + [1]",
    "ERROR: <input>:1:8: found no matching overload for '_+_' applied to '(list(string), list(int))'\n | self.l + [1]\n | .......^",
  );
  assertError(
    "self.m == {'a': 1}",
    "ERROR: <input>:1:8: found no matching overload for '_==_' applied to '(map(string, string), map(string, int))'\n | self.m == {'a': 1}\n | .......^",
  );
  assertError(
    "self.o == 1",
    "ERROR: <input>:1:8: found no matching overload for '_==_' applied to '(selfType.o, int)'\n | self.o == 1\n | .......^",
  );
  assertError(
    "self.s == null",
    "ERROR: <input>:1:8: found no matching overload for '_==_' applied to '(string, null)'\n | self.s == null\n | .......^",
  );
});

test("undeclared references and undefined fields", () => {
  assertError("foo == 1", "ERROR: <input>:1:1: undeclared reference to 'foo' (in container '')\n | foo == 1\n | ^");
  assertError(
    "self.nonExistingField > 0",
    "ERROR: <input>:1:5: undefined field 'nonExistingField'\n | self.nonExistingField > 0\n | ....^",
  );
  assertError(
    "self.s.foo()",
    "ERROR: <input>:1:11: undeclared reference to 'foo' (in container '')\n | self.s.foo()\n | ..........^",
  );
  assertError(
    "self.a.b == 1",
    "ERROR: <input>:1:7: type 'int' does not support field selection\n | self.a.b == 1\n | ......^",
  );
  assertError(
    "self.objs.all(x, x.nme == 'a')",
    "ERROR: <input>:1:19: undefined field 'nme'\n | self.objs.all(x, x.nme == 'a')\n | ..................^",
  );
});

test("has() macro", () => {
  assertType("has(self.a) && has(self.m.key)", "bool");
  assertError("has(self)", "ERROR: <input>:1:5: invalid argument to has() macro\n | has(self)\n | ....^");
  // The presence test is a new node located at the macro call (cel-go nextMacroID).
  assertError(
    "has(self.a.b)",
    "ERROR: <input>:1:4: type 'int' does not support field selection\n | has(self.a.b)\n | ...^",
  );
  assertError("has(self.zzz)", "ERROR: <input>:1:4: undefined field 'zzz'\n | has(self.zzz)\n | ...^");
  assertError(
    "has(self.a.b.c)",
    "ERROR: <input>:1:11: type 'int' does not support field selection\n | has(self.a.b.c)\n | ..........^",
  );
});

test("logical operators require bool operands", () => {
  assertError(
    "self.a && true",
    "ERROR: <input>:1:5: expected type 'bool' but found 'int'\n | self.a && true\n | ....^",
  );
});

test("multiple errors are sorted by position and multi-line sources report lines", () => {
  const r = assertError(
    "x + y == z",
    [
      "ERROR: <input>:1:1: undeclared reference to 'x' (in container '')\n | x + y == z\n | ^",
      "ERROR: <input>:1:5: undeclared reference to 'y' (in container '')\n | x + y == z\n | ....^",
      "ERROR: <input>:1:10: undeclared reference to 'z' (in container '')\n | x + y == z\n | .........^",
    ].join("\n"),
  );
  assert.deepEqual(
    r.errors.map((e) => e.offset),
    [0, 4, 9],
  );
  assertError("self.a > 0 &&\n  self.b > 0", "ERROR: <input>:2:7: undefined field 'b'\n |   self.b > 0\n | ......^");
});

test("homogeneous aggregate literals", () => {
  assertError(
    "[1, 'a'].size() > 0",
    "ERROR: <input>:1:5: expected type 'int' but found 'string'\n | [1, 'a'].size() > 0\n | ....^",
  );
  // The AST validator (1.29, so servers from 1.30) also rejects dyn/int mixtures.
  assertError(
    "[self.ios, 1].size() > 0",
    "ERROR: <input>:1:12: expected type 'dyn' but found 'int'\n | [self.ios, 1].size() > 0\n | ...........^",
  );
  // cel.HomogeneousAggregateLiterals is an AST validator: it only runs when type-checking succeeded.
  assertError(
    "[1, 'a'].size() > x",
    "ERROR: <input>:1:19: undeclared reference to 'x' (in container '')\n | [1, 'a'].size() > x\n | ..................^",
  );
  assertError(
    "[self.ios, 1].size() > 0",
    "ERROR: <input>:1:12: expected type 'dyn' but found 'int'\n | [self.ios, 1].size() > 0\n | ...........^",
    { minor: 28 },
  );
  assertError(
    "{'a': 1, 'b': 'c'}.size() > 0",
    "ERROR: <input>:1:15: expected type 'int' but found 'string'\n | {'a': 1, 'b': 'c'}.size() > 0\n | ..............^",
  );
  assertType("'%s %d'.format([self.s, 1]) != ''", "bool");
});

test("literal validators", () => {
  assertError(
    "duration('1x') > duration('0s')",
    "ERROR: <input>:1:10: invalid duration argument\n | duration('1x') > duration('0s')\n | .........^",
  );
  assertType("duration('1h30m') > duration('-1.5s')", "bool");
  assertError(
    "timestamp('2020-13-01T00:00:00Z') > timestamp(0)",
    "ERROR: <input>:1:11: invalid timestamp argument\n | timestamp('2020-13-01T00:00:00Z') > timestamp(0)\n | ..........^",
  );
  assertType("timestamp('2020-12-01T00:00:00.5+01:00') > timestamp(0)", "bool");
  assertError(
    "self.s.matches('[')",
    "ERROR: <input>:1:16: invalid matches argument\n | self.s.matches('[')\n | ...............^",
  );
  assertType("self.s.matches('^[a-z]+$')", "bool", { minor: 29 });
  assertType("self.s.matches('[')", "bool", { minor: 29 });
});

test("syntax errors are reported like cel-go", () => {
  assertError(
    "self.a == 1 &&",
    "ERROR: <input>:1:15: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | self.a == 1 &&\n | ..............^",
  );
  assertError(
    "1 + $",
    "ERROR: <input>:1:5: Syntax error: token recognition error at: '$'\n | 1 + $\n | ....^\nERROR: <input>:1:6: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | 1 + $\n | .....^",
  );
  assertError(
    "self.a | b",
    "ERROR: <input>:1:8: Syntax error: token recognition error at: '| '\n | self.a | b\n | .......^\nERROR: <input>:1:10: Syntax error: extraneous input 'b' expecting <EOF>\n | self.a | b\n | .........^",
  );
  assertError(
    "self.a.all(1, true)",
    "ERROR: <input>:1:12: argument must be a simple name\n | self.a.all(1, true)\n | ...........^",
  );
  // After the bad escape the lexer resumes at the closing quote, which opens the string "' == '".
  assertError(
    "'\\xFh' == ''",
    "ERROR: <input>:1:1: Syntax error: token recognition error at: ''\\xFh'\n | '\\xFh' == ''\n | ^\nERROR: <input>:1:12: Syntax error: token recognition error at: '''\n | '\\xFh' == ''\n | ...........^",
  );
  assertError(
    "{'a': 1}.'a'",
    "ERROR: <input>:1:10: Syntax error: no viable alternative at input '.'a''\n | {'a': 1}.'a'\n | .........^",
  );
  // Reserved words are only rejected as identifiers, not as field names.
  assertError("self.if == 1", "ERROR: <input>:1:5: undefined field 'if'\n | self.if == 1\n | ....^");
  assertError("if == 1", "ERROR: <input>:1:1: reserved identifier: if\n | if == 1\n | ^");
  assertError("9223372036854775808 > 0", "ERROR: <input>:1:1: invalid int literal\n | 9223372036854775808 > 0\n | ^");
  assertType("-9223372036854775808 < 0", "bool");
});

// Syntax error recovery as cel-go's generated ANTLR parser recovers (antlr4-go DefaultErrorStrategy): the texts are the
// apiserver's (the oracle's answers at 1.37, 1.33 and 1.28).
test("syntax errors recover as cel-go's ANTLR parser does", () => {
  // Sync at the loop back of a `!` run: a token that cannot follow is extraneous, skipped with what follows up to a
  // token the rules being parsed expect (here `||`, then the operand missing at the end).
  assertError(
    "!||",
    "ERROR: <input>:1:2: Syntax error: extraneous input '||' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | !||\n | .^\nERROR: <input>:1:4: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | !||\n | ...^",
  );
  assertError(
    "!!]",
    "ERROR: <input>:1:3: Syntax error: extraneous input ']' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | !!]\n | ..^",
  );
  // After `.?` the escapeIdent rule's sync: a mismatch, and the visitor finds no name ("unsupported ident kind").
  assertError(
    "self.?||",
    "ERROR: <input>:1:7: Syntax error: mismatched input '||' expecting {IDENTIFIER, ESC_IDENTIFIER}\n | self.?||\n | ......^\nERROR: <input>:1:7: unsupported ident kind\n | self.?||\n | ......^\nERROR: <input>:1:9: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | self.?||\n | ........^",
  );
  assertError(
    "a.?b.?",
    "ERROR: <input>:1:7: Syntax error: mismatched input '<EOF>' expecting {IDENTIFIER, ESC_IDENTIFIER}\n | a.?b.?\n | ......^\nERROR: <input>:1:7: unsupported ident kind\n | a.?b.?\n | ......^",
  );
  // A failed prediction reports the input from the decision's first token; recovery resumes where a rule being parsed
  // may go on (the `-` of `- -` is read again as a binary minus, which then lacks its operand).
  assertError(
    ". ||",
    "ERROR: <input>:1:3: Syntax error: no viable alternative at input '. ||'\n | . ||\n | ..^\nERROR: <input>:1:5: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | . ||\n | ....^",
  );
  assertError("-!x", "ERROR: <input>:1:2: Syntax error: no viable alternative at input '-!'\n | -!x\n | .^");
  assertError(
    "- -",
    "ERROR: <input>:1:4: Syntax error: no viable alternative at input '-'\n | - -\n | ...^\nERROR: <input>:1:4: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | - -\n | ...^",
  );
  // `!` then a negative literal is one member: no error of the parser.
  assertError(
    "!-2.5 == 1.0",
    "ERROR: <input>:1:1: found no matching overload for '!_' applied to '(double)'\n | !-2.5 == 1.0\n | ^",
  );
  // Match: single-token deletion when the next token is the expected one, insertion when the current one may follow
  // it, else a mismatch; the optional trailing comma's sync expects the closer or a comma.
  assertError(
    "x.y(1 2)",
    "ERROR: <input>:1:7: Syntax error: extraneous input '2' expecting ')'\n | x.y(1 2)\n | ......^",
  );
  assertError(
    "[1, 2 3]",
    "ERROR: <input>:1:7: Syntax error: extraneous input '3' expecting {']', ','}\n | [1, 2 3]\n | ......^",
  );
  assertError(
    "{'a': 1 'b': 2}",
    "ERROR: <input>:1:9: Syntax error: mismatched input ''b'' expecting {'}', ','}\n | {'a': 1 'b': 2}\n | ........^",
  );
  assertError("A{a 1}", "ERROR: <input>:1:5: Syntax error: missing ':' at '1'\n | A{a 1}\n | ....^");
  assertError(
    "A.B{?c: 1, d}",
    "ERROR: <input>:1:13: Syntax error: mismatched input '}' expecting ':'\n | A.B{?c: 1, d}\n | ............^",
  );
  // The same state failing again at the same token consumes it (Recover's failsafe).
  assertError(
    "[?!=>.[",
    "ERROR: <input>:1:3: Syntax error: mismatched input '!=' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | [?!=>.[\n | ..^\nERROR: <input>:1:5: Syntax error: extraneous input '>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | [?!=>.[\n | ....^\nERROR: <input>:1:7: Syntax error: no viable alternative at input '.['\n | [?!=>.[\n | ......^",
  );
  // The visitor on the partial parse: a map entry without its ':' is not visited; a member that failed at `.` keeps
  // what it parsed (has() of an identifier); a reserved name is reported without its arguments.
  assertError(
    "{.?&&1.5",
    "ERROR: <input>:1:3: Syntax error: no viable alternative at input '.?'\n | {.?&&1.5\n | ..^\nERROR: <input>:1:4: Syntax error: mismatched input '&&' expecting {IDENTIFIER, ESC_IDENTIFIER}\n | {.?&&1.5\n | ...^\nERROR: <input>:1:9: Syntax error: mismatched input '<EOF>' expecting ':'\n | {.?&&1.5\n | ........^",
  );
  assertError(
    "has(self.)",
    "ERROR: <input>:1:5: invalid argument to has() macro\n | has(self.)\n | ....^\nERROR: <input>:1:10: Syntax error: no viable alternative at input '.)'\n | has(self.)\n | .........^",
  );
  assertError("if(1)", "ERROR: <input>:1:1: reserved identifier: if\n | if(1)\n | ^");
  // The lexer falls back to the longest token it matched (`b` of `b'x`, `""` before a third quote), and prints a
  // failing text as it is.
  assertError(
    "self == b'x",
    "ERROR: <input>:1:10: Syntax error: token recognition error at: ''x'\n | self == b'x\n | .........^",
  );
  assertError(
    '"""" == x',
    'ERROR: <input>:1:3: Syntax error: mismatched input \'""\' expecting <EOF>\n | """" == x\n | ..^',
  );
  assertError(
    "'open\n + 1",
    "ERROR: <input>:1:1: Syntax error: token recognition error at: ''open\n'\n | 'open\n | ^\nERROR: <input>:2:2: Syntax error: extraneous input '+' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n |  + 1\n | .^",
  );
  // cel-go's limit on recovery attempts ends the parse.
  const r = compile("x(,".repeat(40));
  assert.equal(r.errors.length, 42);
  assert.equal(
    r.errors.at(-1).message,
    "ERROR: <input>:1:121: Syntax error: error recovery attempt limit exceeded: 30",
  );
});

test("syntax errors before cel-go v0.23 (Kubernetes 1.28 to 1.32)", () => {
  // A field name is a plain IDENTIFIER, matched with inline recovery: a missing name is conjured up, then the
  // visitor rejects `.?` (no optional syntax at 1.28).
  assertError(
    "self.?||",
    "ERROR: <input>:1:5: unsupported syntax '.?'\n | self.?||\n | ....^\nERROR: <input>:1:7: Syntax error: missing IDENTIFIER at '||'\n | self.?||\n | ......^\nERROR: <input>:1:9: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | self.?||\n | ........^",
    { minor: 28 },
  );
  assertError(
    "a.?b.?",
    "ERROR: <input>:1:2: unsupported syntax '.?'\n | a.?b.?\n | .^\nERROR: <input>:1:5: unsupported syntax '.?'\n | a.?b.?\n | ....^\nERROR: <input>:1:7: Syntax error: missing IDENTIFIER at '<EOF>'\n | a.?b.?\n | ......^",
    { minor: 28 },
  );
  // The message is formatted a second time: a `%` in it reads as a verb.
  assertError(
    "1 '%d'",
    "ERROR: <input>:1:3: Syntax error: extraneous input ''%!d(MISSING)'' expecting <EOF>\n | 1 '%d'\n | ..^",
    { minor: 28 },
  );
  assertError("1 '%d'", "ERROR: <input>:1:3: Syntax error: extraneous input ''%d'' expecting <EOF>\n | 1 '%d'\n | ..^");
  // No backtick names in the lexer; from v0.23 the visitor reports an escaped name where its rule starts.
  assertError(
    ".? && `f`>1",
    "ERROR: <input>:1:1: unsupported syntax '.?'\n | .? && `f`>1\n | ^\nERROR: <input>:1:2: Syntax error: no viable alternative at input '.?'\n | .? && `f`>1\n | .^\nERROR: <input>:1:4: Syntax error: extraneous input '&&' expecting IDENTIFIER\n | .? && `f`>1\n | ...^\nERROR: <input>:1:7: Syntax error: token recognition error at: '`'\n | .? && `f`>1\n | ......^\nERROR: <input>:1:9: Syntax error: token recognition error at: '`'\n | .? && `f`>1\n | ........^",
    { minor: 28 },
  );
  assertError(
    ".? && `f`>1",
    "ERROR: <input>:1:2: Syntax error: no viable alternative at input '.?'\n | .? && `f`>1\n | .^\nERROR: <input>:1:4: Syntax error: extraneous input '&&' expecting {IDENTIFIER, ESC_IDENTIFIER}\n | .? && `f`>1\n | ...^\nERROR: <input>:1:4: unsupported syntax: '`'\n | .? && `f`>1\n | ...^",
    { minor: 33 },
  );
  // map()'s and filter()'s "argument is not an identifier" has no location of its own before v0.17: the call's.
  assertError("[1].map(1, x)", "ERROR: <input>:1:8: argument is not an identifier\n | [1].map(1, x)\n | .......^", {
    minor: 28,
  });
  assertError("[1].map(1, x)", "ERROR: <input>:1:9: argument is not an identifier\n | [1].map(1, x)\n | ........^");
});

test("goSprintf is Go's fmt.Sprintf without arguments", () => {
  // Each expectation is what Go prints (fmt/print.go doPrintf).
  const cases = [
    ["a%b", "a%!b(MISSING)"],
    ["100%", "100%!(NOVERB)"],
    ["%%", "%"],
    ["%[1]d", "%!d(BADINDEX)"],
    ["%[x", "%!x(BADINDEX)"],
    ["%*d", "%!(BADWIDTH)%!d(MISSING)"],
    ["%.*d", "%!(BADPREC)%!d(MISSING)"],
    ["% 12345678901x", "%!(NOVERB)"],
    ["%-+#0 5.3é", "%!é(MISSING)"],
    ["'%'", "'%!'(MISSING)"],
  ];
  for (const [format, printed] of cases) assert.equal(goSprintf(format), printed, format);
});

test("wide characters use fullwidth dots in the caret line", () => {
  const r = assertError(
    "'é' == x",
    "ERROR: <input>:1:8: undeclared reference to 'x' (in container '')\n | 'é' == x\n | .．.....^",
  );
  assert.equal(r.errors[0].offset, 7);
  const astral = compile("'😀' == x");
  assert.equal(astral.errors[0].message, "ERROR: <input>:1:8: undeclared reference to 'x' (in container '')");
  assert.equal(astral.errors[0].offset, 8); // UTF-16 index
});

// ---------------------------------------------------------------------------------------------
// Library availability by release (new expressions compile at compatibility version N-1)

test("library availability by release", () => {
  const undeclared = (fn, expr, minor) =>
    assert.ok(
      errorText(compile(expr, { minor })).includes(`undeclared reference to '${fn}' (in container '')`),
      `${fn} at 1.${minor}`,
    );
  undeclared("isCIDR", "isCIDR(self.s)", 29);
  undeclared("isCIDR", "isCIDR(self.s)", 30);
  assertType("isCIDR(self.s) && cidr(self.s).containsIP(ip('10.0.0.1'))", "bool", { minor: 31 });
  undeclared("semver", "semver(self.s).major() == 1", 33);
  assertType("semver(self.s).major() == 1 && isSemver(self.s, true)", "bool", { minor: 34 });
  undeclared("quantity", "quantity(self.s).isInteger()", 28);
  assertType("quantity(self.s).isInteger()", "bool", { minor: 29 });
  undeclared("validate", "format.dns1123Label().validate(self.s).hasValue()", 31);
  assertType("!format.dns1123Label().validate(self.s).hasValue()", "bool", { minor: 32 });
  assertType("self.join(',') == ''", "bool", { schema: { type: "array", items: { type: "string" } }, minor: 28 });
  undeclared("quote", "strings.quote(self.s) != ''", 29);
  assertType("strings.quote(self.s) != ''", "bool", { minor: 30 });
  undeclared("sortBy", "self.l.sortBy(x, x).size() > 0", 34);
  assertType("self.l.sortBy(x, x) == self.l.sort() && lists.range(3).reverse().distinct().size() == 3", "bool", {
    minor: 35,
  });
  // `includes` (Kubernetes lists v1) is introduced at 1.37, so new expressions cannot use it before 1.38.
  undeclared("includes", "self.l.includes('a')", 37);
  // cross-type numeric comparisons (introduced 1.28, available from 1.29)
  assertError(
    "self.a < 1.5",
    "ERROR: <input>:1:8: found no matching overload for '_<_' applied to '(int, double)'\n | self.a < 1.5\n | .......^",
    { minor: 28 },
  );
  assertType("self.a < 1.5 && 1u > 0", "bool", { minor: 29 });
  assert.ok(OVERLOAD_IDS["isCIDR"].includes("is_cidr"));
  assert.ok(OVERLOAD_IDS["size"].includes("size_string"));
});

// ---------------------------------------------------------------------------------------------
// Optional types and syntax

test("optional syntax", () => {
  assertType("self.?o", "optional_type(object)");
  assertError(
    "self.?o == 1",
    "ERROR: <input>:1:9: found no matching overload for '_==_' applied to '(optional_type(selfType.o), int)'\n | self.?o == 1\n | ........^",
  );
  assertType("self.?o.x", "optional_type(int)");
  assertType("self.o.?x.orValue(0)", "int");
  assertType("self.l[?0].hasValue()", "bool");
  assertType("self.m[?'k'].orValue('')", "string");
  assertType("[?self.o.?x, 1]", "list(int)");
  assertType("{?'a': self.o.?x}", "map(string, int)");
  assertType("optional.of(1).or(optional.none()).value()", "int");
  assertType("optional.ofNonZeroValue(self.s).optMap(v, v.size()).orValue(0)", "int");
  assertType("self.?o.optFlatMap(o, o.?x).hasValue()", "bool");
  assertError("self.?o", "ERROR: <input>:1:5: unsupported syntax '.?'\n | self.?o\n | ....^", { minor: 28 });
  assertError("self.l[?0]", "ERROR: <input>:1:7: unsupported syntax '[?'\n | self.l[?0]\n | ......^", { minor: 28 });
});

test("oldSelf and optionalOldSelf", () => {
  const r = assertType("self.a == oldSelf.a", "bool");
  assert.equal(r.usesOldSelf, true);
  assert.equal(compile("self.a > 0").usesOldSelf, false);
  assertType("oldSelf.hasValue() ? oldSelf.value().a <= self.a : true", "bool", { optionalOldSelf: true });
  assertType("oldSelf.?a.orValue(0) <= self.a", "bool", { optionalOldSelf: true });
  assertError(
    "oldSelf.a == 1",
    "ERROR: <input>:1:8: undefined field 'a'\n | oldSelf.a == 1\n | .......^\nERROR: <input>:1:11: found no matching overload for '_==_' applied to '(optional_type(!error!), int)'\n | oldSelf.a == 1\n | ..........^",
    {
      optionalOldSelf: true,
      schema: { type: "object", properties: {} },
    },
  );
});

// ---------------------------------------------------------------------------------------------
// Comprehensions

test("single-variable macros", () => {
  assertType("self.l.all(x, x.startsWith('a'))", "bool");
  assertType("self.l.exists(x, x == 'a')", "bool");
  assertType("self.l.exists_one(x, x == 'a')", "bool");
  assertType("self.l.map(x, x.size())", "list(int)");
  assertType("self.l.map(x, x != '', x.size())", "list(int)");
  assertType("self.l.filter(x, x != '')", "list(string)");
  assertType("self.m.all(k, self.m[k] != '')", "bool");
  assertType("self.objs.map(o, o.name)", "list(string)");
  assertError(
    "self.a.all(x, true)",
    "ERROR: <input>:1:1: expression of type 'int' cannot be range of a comprehension (must be list, map, or dynamic)\n | self.a.all(x, true)\n | ^"
      .replace("1:1:", "1:5:")
      .replace("\n | ^", "\n | ....^"),
  );
});

test("two-variable comprehensions (1.33+: introduced 1.32)", () => {
  assertType("self.l.all(i, v, i < 10 && v != '')", "bool", { minor: 33 });
  assertType("self.m.exists(k, v, k == v)", "bool");
  assertType("self.l.existsOne(i, v, i == 0)", "bool");
  assertType("self.l.transformList(i, v, i)", "list(int)");
  assertType("self.l.transformList(i, v, i > 0, v)", "list(string)");
  assertType("self.m.transformMap(k, v, v.size())", "map(string, int)");
  assertType("self.l.transformMapEntry(i, v, {v: i})", "map(string, int)");
  assertError(
    "self.l.all(i, i, true)",
    "ERROR: <input>:1:15: duplicate variable name: i\n | self.l.all(i, i, true)\n | ..............^",
  );
  assert.ok(
    errorText(compile("self.l.all(i, v, true)", { minor: 32 })).includes(
      "undeclared reference to 'all' (in container '')",
    ),
  );
});

test("comprehension AST shape (iterVar2, accumulator)", () => {
  const r = compile("self.m.exists(k, v, k == v)");
  const c = r.ast.expr.exprKind.value;
  assert.equal(r.ast.expr.exprKind.case, "comprehensionExpr");
  assert.deepEqual([c.iterVar, c.iterVar2, c.accuVar], ["k", "v", "@result"]);
  const old = compile("self.l.exists(x, x == 'a')", { minor: 30 });
  assert.equal(old.ast.expr.exprKind.value.accuVar, "__result__");
});

test("cel.bind (ext.Bindings macro, not part of the Kubernetes environment)", () => {
  const env = celEnvironment(37);
  const macros = new Set([...env.macros, ...BINDINGS_MACROS]);
  const p = parseCel("cel.bind(x, self.a + 1, x * x) > 4", { macros, optionalSyntax: true });
  assert.deepEqual(p.errors, []);
  const schema = SCHEMA;
  const self = schemaDeclType(schema, false, 37).cel;
  const { ast, errors } = check(p, env, { variables: new Map([["self", self]]) });
  assert.deepEqual(errors, []);
  assert.equal(formatType(ast.types.get(ast.expr.id)), "bool");
  const bind = ast.expr.exprKind.value.args[0].exprKind.value;
  assert.deepEqual([bind.iterVar, bind.accuVar], ["#unused", "x"]);
  assert.ok(errorText(compile("cel.bind(x, 1, x == 1)")).includes("undeclared reference to 'cel' (in container '')"));
});

// ---------------------------------------------------------------------------------------------
// Checked AST for the cost estimator

function walk(e, f) {
  f(e);
  const k = e.exprKind;
  switch (k.case) {
    case "selectExpr":
      walk(k.value.operand, f);
      break;
    case "callExpr":
      if (k.value.target) walk(k.value.target, f);
      k.value.args.forEach((a) => walk(a, f));
      break;
    case "listExpr":
      k.value.elements.forEach((a) => walk(a, f));
      break;
    case "structExpr":
      k.value.entries.forEach((en) => {
        if (en.keyKind.case === "mapKey") walk(en.keyKind.value, f);
        walk(en.value, f);
      });
      break;
    case "comprehensionExpr":
      ["iterRange", "accuInit", "loopCondition", "loopStep", "result"].forEach((p) => walk(k.value[p], f));
      break;
  }
}

test("every node is typed, ids are unique, calls carry overload ids", () => {
  const exprs = [
    "self.l.all(x, x.size() < 10) && self.m.exists(k, k == 'a') && optional.of(self.a).hasValue()",
    "self.o.?x.orValue(1) + size(self.s) > 0 ? [1, 2][0] == 1 : self.ios == 'a'",
    "sets.contains(self.l, ['a']) && self.l.transformList(i, v, v).size() > 0",
  ];
  for (const ex of exprs) {
    const r = compile(ex);
    assert.ok(r.ok, errorText(r));
    const seen = new Set();
    walk(r.ast.expr, (e) => {
      assert.ok(!seen.has(e.id), `duplicate id ${e.id} in ${ex}`);
      seen.add(e.id);
      assert.ok(r.ast.types.has(e.id), `untyped node ${e.id} (${e.exprKind.case}) in ${ex}`);
      assert.ok(r.ast.sourceInfo.positions[String(e.id)] >= 0, `no position for ${e.id}`);
      if (e.exprKind.case === "callExpr")
        assert.ok(r.ast.references.get(e.id)?.overloadIds?.length > 0, `no overloads for ${e.exprKind.value.function}`);
    });
  }
  const r = compile("self.ios == 1 && self.ios + self.ios > 2");
  assert.ok(r.ok, errorText(r));
  const calls = [];
  walk(
    r.ast.expr,
    (e) =>
      e.exprKind.case === "callExpr" && calls.push([e.exprKind.value.function, r.ast.references.get(e.id).overloadIds]),
  );
  const add = calls.find(([f]) => f === "_+_")[1];
  assert.deepEqual(add, [
    "add_bytes",
    "add_double",
    "add_duration_duration",
    "add_duration_timestamp",
    "add_timestamp_duration",
    "add_int64",
    "add_list",
    "add_string",
    "add_uint64",
  ]);
  assert.equal(formatType(r.ast.types.get(r.ast.expr.exprKind.value.args[1].exprKind.value.args[0].id)), "dyn");
  const opt = compile("optional.none().hasValue()");
  assert.equal(opt.ast.expr.exprKind.value.target.exprKind.value.function, "optional.none");
  assert.equal(opt.ast.expr.exprKind.value.target.exprKind.value.target, undefined);
});

test("positions follow cel-go", () => {
  const r = compile("self.a == 1 && self.s.startsWith('x')");
  const pos = (e) => r.ast.sourceInfo.positions[String(e.id)];
  const and = r.ast.expr;
  assert.equal(pos(and), 12);
  const [eq, call] = and.exprKind.value.args;
  assert.equal(pos(eq), 7);
  assert.equal(pos(eq.exprKind.value.args[0]), 4); // select: the dot
  assert.equal(pos(call), 32); // member call: the open paren
  assert.deepEqual(r.ast.sourceInfo.lineOffsets, [38]);
});

test("output types for rules and messageExpressions", () => {
  assert.equal(compile("self.s + 'x'", { kind: "messageExpression" }).outputType.kind, "string");
  assert.equal(compile("self.ios").outputType.kind, "dyn");
  assert.equal(compile("self.a").outputType.kind, "int");
});
