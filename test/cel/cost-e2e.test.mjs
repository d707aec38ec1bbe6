// End-to-end cost estimates: compile with src/cel/schema/compile.ts, estimate with src/cel/core/cost/estimator.ts.
// Expected numbers: apiextensions-apiserver compilation_test.go TestCostEstimation and
// celcoststability_test.go TestCelEstimatedCostStability, Kubernetes docs, cel-cost.md worked examples.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const compilePath = fileURLToPath(new URL("../../dist/cel/schema/compile.js", import.meta.url));
const haveCompiler = existsSync(compilePath);
const skip = haveCompiler ? false : "dist/cel/schema/compile.js not built yet";

const { estimateCost } = await import("../../dist/cel/k8s/cost.js");
const { expressionCost, ruleCardinality } = await import("../../dist/cel/schema/cardinality.js");
const { suggestBounds, verifySuggestion, suggestForExpression } = await import("../../dist/cel/schema/suggest.js");
const compileMod = haveCompiler ? await import("../../dist/cel/schema/compile.js") : null;

const compilers = new Map();
function compilerFor(minor) {
  let c = compilers.get(minor);
  if (!c) compilers.set(minor, (c = compileMod.createCelCompiler(minor)));
  return c;
}

/** MaxCost of `expression` on `schema` (not a resource root unless said), as apiextensions Compile computes it. */
function maxCost(
  schema,
  expression,
  { minor = 37, isResourceRoot = false, kind = "rule", optionalOldSelf = false } = {},
) {
  const r = compilerFor(minor).compileRule({ schema, isResourceRoot, expression, kind, optionalOldSelf });
  if (!r.ok) throw new Error(`compile failed for ${expression}: ${JSON.stringify(r.errors)}`);
  return estimateCost(r.ast, r.rootDecl, { kubernetesMinor: minor }).max;
}

// ---------------------------------------------------------------------------------------------
// schema builders (compilation_test.go / celcoststability_test.go helpers)

const prim = (t) => {
  if (t === "duration" || t === "date" || t === "date-time") return { type: "string", format: t };
  if (t === "int-or-string") return { "x-kubernetes-int-or-string": true };
  return { type: t };
};
const opt = (o, k, v) => (v == null ? o : { ...o, [k]: v });
const genArray = (t) => (max) => opt({ type: "array", items: prim(t) }, "maxItems", max);
const genArrayOfArrays = (t) => (max) =>
  opt({ type: "array", items: { type: "array", items: { type: t } } }, "maxItems", max);
const objForMap = () => ({
  type: "object",
  properties: { required: { type: "string" }, optional: { type: "string" } },
  required: ["required"],
});
const genObjectArray = () => (max) => opt({ type: "array", items: objForMap() }, "maxItems", max);
const genMapArray = (t) => (max) =>
  opt({ type: "array", items: { type: "object", additionalProperties: { type: t } } }, "maxItems", max);
const genMap = (t) => (max) => opt({ type: "object", additionalProperties: prim(t) }, "maxProperties", max);
const genMapCustom = (item) => (max) => opt({ type: "object", additionalProperties: item }, "maxProperties", max);
const genString = () => (max) => opt({ type: "string" }, "maxLength", max);
const genBytes = () => (max) => opt({ type: "string", format: "byte" }, "maxLength", max);
const genEnum =
  (...values) =>
  (max) =>
    opt({ type: "string", enum: values }, "maxLength", max);
const genNestedSpec = () => (max) =>
  opt({ type: "object", additionalProperties: opt({ type: "string" }, "maxLength", max) }, "maxProperties", max);
const genAllMaxNested = () => (max) =>
  opt(
    {
      type: "array",
      items: opt(
        { type: "object", additionalProperties: opt({ ...objForMap() }, "maxProperties", max) },
        "maxProperties",
        max,
      ),
    },
    "maxItems",
    max,
  );
const genOneMaxNested = () => (max) => ({
  type: "array",
  items: opt({ type: "object", additionalProperties: objForMap() }, "maxProperties", max),
});

// [name, generator, rule, expectedCalcCost, setMaxElements, expectedSetCost]  (0 = not checked upstream; > limit = "exceeds")
const LIMIT = 100000000n;
const TEST_COST_ESTIMATION = [
  ["number array with all", genArray("number"), "self.all(x, true)", 4718591n, 10, 32n],
  ["string array with all", genArray("string"), "self.all(x, true)", 3145727n, 20, 62n],
  ["boolean array with all", genArray("boolean"), "self.all(x, true)", 1887437n, 5, 17n],
  ["array of number arrays with all", genArrayOfArrays("number"), "self.all(x, true)", 3145727n, 100, 302n],
  ["array of objects with all", genObjectArray(), "self.all(x, true)", 555128n, 50, 152n],
  ["map of numbers with all", genMap("number"), "self.all(x, true)", 1348169n, 10, 32n],
  ["map of strings with all", genMap("string"), "self.all(x, true)", 1179647n, 3, 11n],
  ["map of booleans with all", genMap("boolean"), "self.all(x, true)", 943718n, 100, 302n],
  ["string with contains", genString(), "self.contains('test')", 314574n, 10, 5n],
  ["string with startsWith", genString(), "self.startsWith('test')", 2n, 15, 2n],
  ["string with endsWith", genString(), "self.endsWith('test')", 2n, 30, 2n],
  ["concat string", genString(), `size(self + "hello") > size("hello")`, 314578n, 4, 7n],
  ["index of array with numbers", genArray("number"), "self[1] == 0.0", 2n, 5000, 2n],
  ["index of array with strings", genArray("string"), "self[1] == self[1]", 314577n, 8, 314577n],
  ["O(n^2) loop with numbers", genArray("number"), "self.all(x, self.all(y, true))", "exceeds", 10, 352n],
  ["O(n^3) loop with numbers", genArray("number"), "self.all(x, self.all(y, self.all(z, true)))", "exceeds", 10, 3552n],
  ["regex matches simple", genString(), `self.matches("x")`, 314574n, 50, 22n],
  ["regex matches empty string", genString(), `"".matches("(((((((((())))))))))[0-9]")`, 7n, 10, 7n],
  ["regex matches empty regex", genString(), `self.matches("")`, 1n, 100, 1n],
  ["map of strings with value length", genNestedSpec(), "self.all(x, x.contains(self[x]))", 2752507n, 10, 72n],
  ["set array maxLength to zero", genArray("number"), "self[3] == 0.0", 2n, 0, 2n],
  ["set map maxLength to zero", genMap("number"), `self["x"] == 0.0`, 2n, 0, 2n],
  ["set string maxLength to zero", genString(), `self == "x"`, 2n, 0, 1n],
  ["set bytes maxLength to zero", genBytes(), `self == b"x"`, 2n, 0, 1n],
  [
    "set maxLength greater than estimated maxLength",
    genArray("number"),
    "self.all(x, x == 0.0)",
    6291454n,
    3 * 1024 * 2048,
    25165826n,
  ],
  [
    "nested types with root rule with all supporting maxLength",
    genAllMaxNested(),
    `self.all(x, x["y"].required == "z")`,
    7340027n,
    10,
    72n,
  ],
  [
    "nested types with root rule with one supporting maxLength",
    genOneMaxNested(),
    `self.all(x, x["y"].required == "z")`,
    7340027n,
    10,
    7340027n,
  ],
  ["int-or-string array with all", genArray("int-or-string"), "self.all(x, true)", 4718591n, 10, 32n],
  ["index of array with int-or-strings", genArray("int-or-string"), "self[0] == 5", 3n, 10, 3n],
  ["index of array with booleans", genArray("boolean"), "self[0] == false", 2n, 25, 2n],
  ["index of array of objects", genObjectArray(), "self[0] == null", 2n, 422, 2n],
  ["index of array of array of numnbers", genArrayOfArrays("number"), "self[0][0] == -1.0", 3n, 51, 3n],
  ["array of number maps with all", genMapArray("number"), `self.all(x, x.y == 25.2)`, 6291452n, 12, 74n],
  ["index of array of number maps", genMapArray("number"), `self[0].x > 2.0`, 4n, 3000, 4n],
  ["duration array with all", genArray("duration"), "self.all(x, true)", 2359295n, 5, 17n],
  ["index of duration array", genArray("duration"), "self[0].getHours() == 2", 4n, 525, 4n],
  ["date array with all", genArray("date"), "self.all(x, true)", 725936n, 15, 47n],
  ["index of date array", genArray("date"), "self[2].getDayOfMonth() == 13", 4n, 42, 4n],
  ["date-time array with all", genArray("date-time"), "self.all(x, true)", 428963n, 25, 77n],
  ["index of date-time array", genArray("date-time"), "self[2].getMinutes() == 45", 4n, 99, 4n],
  ["map of int-or-strings with all", genMap("int-or-string"), "self.all(x, true)", 1348169n, 15, 47n],
  ["map of objects with all", genMapCustom(objForMap()), "self.all(x, true)", 428963n, 20, 62n],
  [
    "map of number maps with all",
    genMapCustom({ type: "object", additionalProperties: { type: "number" } }),
    "self.all(x, true)",
    1179647n,
    10,
    32n,
  ],
  [
    "map of number arrays with all",
    genMapCustom({ type: "array", items: { type: "number" } }),
    "self.all(x, true)",
    1179647n,
    25,
    77n,
  ],
  ["map of durations with all", genMap("duration"), "self.all(x, true)", 1048577n, 5, 17n],
  ["map of dates with all", genMap("date"), "self.all(x, true)", 524288n, 10, 32n],
  ["map of date-times with all", genMap("date-time"), "self.all(x, true)", 349526n, 25, 77n],
  ["extended library regex find", genString(), "self.find('[0-9]+') == ''", 629147n, 10, 11n],
  [
    "extended library join",
    (max) =>
      opt(
        { type: "array", "x-kubernetes-list-type": "atomic", items: opt({ type: "string" }, "maxLength", max) },
        "maxItems",
        max,
      ),
    "self.join(' ') == 'aa bb'",
    329853068905n,
    10,
    43n,
  ],
  [
    "extended library isSorted",
    (max) =>
      opt(
        { type: "array", "x-kubernetes-list-type": "atomic", items: opt({ type: "string" }, "maxLength", max) },
        "maxItems",
        max,
      ),
    "self.isSorted() == true",
    329854432052n,
    10,
    52n,
  ],
  [
    "extended library replace",
    (max) => ({
      type: "object",
      properties: {
        str: opt({ type: "string" }, "maxLength", max),
        before: { type: "string", maxLength: 2 },
        after: { type: "string", maxLength: 4 },
      },
    }),
    "self.str.replace(self.before, self.after) == 'does not matter'",
    629154n,
    4,
    12n,
  ],
  [
    "extended library split",
    (max) => ({
      type: "object",
      properties: {
        str: opt({ type: "string" }, "maxLength", max),
        separator: opt({ type: "string" }, "maxLength", max),
      },
    }),
    "self.str.split(self.separator) == []",
    629160n,
    10,
    22n,
  ],
  ["extended library lowerAscii", genString(), "self.lowerAscii() == 'lower!'", 314575n, 10, 6n],
  ["check cost of size call", genMap("integer"), "oldSelf.size() == self.size()", 5n, 10, 5n],
  ["check cost of timestamp comparison", genMap("date-time"), `self["a"] == self["b"]`, 8n, 7, 8n],
  ["check cost of duration comparison", genMap("duration"), `self["c"] == self["d"]`, 8n, 42, 8n],
  [
    "enums with maxLength equals to the longest possible value",
    genEnum("A", "B", "C", "LongValue"),
    "self.contains('A')",
    2n,
    1000,
    401n,
  ],
];

for (const minor of [37, 34, 33, 31, 29]) {
  test(`TestCostEstimation (1.${minor})`, { skip }, () => {
    const failures = [];
    for (const [name, gen, rule, calc, setMax, setCost] of TEST_COST_ESTIMATION) {
      const c1 = maxCost(gen(null), rule, { minor });
      if (calc === "exceeds" ? c1 < LIMIT : c1 !== calc) failures.push(`${name} calc: got ${c1}, want ${calc}`);
      const c2 = maxCost(gen(setMax), rule, { minor });
      if (c2 !== setCost) failures.push(`${name} set(${setMax}): got ${c2}, want ${setCost}`);
    }
    assert.deepEqual(failures, []);
  });
}

// ---------------------------------------------------------------------------------------------
// TestCelEstimatedCostStability (schemas(...) = object with properties val1..valN)

const T = {
  integer: { type: "integer" },
  int32: { type: "integer", format: "int32" },
  int64: { type: "integer", format: "int64" },
  number: { type: "number" },
  float: { type: "number", format: "float" },
  double: { type: "number", format: "double" },
  string: { type: "string" },
  byte: { type: "string", format: "byte" },
  boolean: { type: "boolean" },
  duration: { type: "string", format: "duration" },
  date: { type: "string", format: "date" },
  dateTime: { type: "string", format: "date-time" },
};
const schemas = (...vals) => ({
  type: "object",
  properties: Object.fromEntries(vals.map((v, i) => [`val${i + 1}`, v])),
});
const obj = (properties) => ({ type: "object", properties });
const listOf = (items) => ({ type: "array", items });
const listSetOf = (items) => ({ type: "array", "x-kubernetes-list-type": "set", items });
const listMapOf = (keys, items) => ({
  type: "array",
  "x-kubernetes-list-type": "map",
  "x-kubernetes-list-map-keys": keys,
  items,
});
const mapOf = (v) => ({ type: "object", additionalProperties: v });
const intOrString = () => ({ "x-kubernetes-int-or-string": true });
const nullable = (s) => ({ ...s, nullable: true });
const vals = (v1, v2, lit) => `${v1} == ${lit} && ${lit} == ${v1} && ${v1} == ${v2}`;

// Costs that do not depend on the release (1.29+).
const STABILITY = [
  [
    "integers",
    schemas(T.integer, T.integer, T.int32, T.int32, T.int64, T.int64),
    {
      [vals("self.val1", "self.val2", "9223372036854775807")]: 8n,
      "self.val1 == self.val6": 4n,
      "type(self.val1) == int": 4n,
      "self.val3 + 1 == 2147483647 + 1": 5n,
    },
  ],
  [
    "numbers",
    schemas(T.number, T.number, T.float, T.float, T.double, T.double, T.double),
    {
      "self.val1 == self.val6": 4n,
      "type(self.val1) == double": 4n,
      "type(self.val7) == double": 4n,
      "self.val7 == 1.0": 2n,
    },
  ],
  [
    "numeric comparisons",
    schemas(T.integer, T.number, T.float, T.double, T.number, T.float, T.double),
    {
      "double(self.val1) < self.val4": 6n,
      "self.val1 < int(self.val4)": 6n,
      "double(self.val1) < self.val5": 6n,
      "self.val1 < int(self.val5)": 6n,
      "double(self.val1) < self.val6": 6n,
      "self.val1 < int(self.val6)": 6n,
      "double(5) < 10.0": 2n,
      "5 < int(10.0)": 2n,
      "double(self.val1) < 10.0": 4n,
    },
  ],
  [
    "unicode strings",
    schemas(T.string, T.string),
    {
      [vals("self.val1", "self.val2", "'Rook takes 👑'")]: 314585n,
      "self.val1.startsWith('Rook')": 3n,
      "!self.val1.startsWith('knight')": 4n,
      "self.val1.matches('^[^0-9]*$')": 943721n,
      "!self.val1.matches('^[0-9]*$')": 629149n,
      "type(self.val1) == string": 4n,
      "size(self.val1) == 12": 4n,
      "self.val1.charAt(3) == 'k'": 4n,
      "self.val1.indexOf('o') == 1": 314576n,
      "self.val1.indexOf('o', 2) == 2": 314576n,
      "self.val1.replace(' ', 'x') == 'Rookxtakesx👑'": 629150n,
      "self.val1.replace(' ', 'x', 1) == 'Rookxtakes 👑'": 629150n,
      "self.val1.split(' ') == ['Rook', 'takes', '👑']": 629159n,
      "self.val1.split(' ', 2) == ['Rook', 'takes 👑']": 629159n,
      "self.val1.substring(5) == 'takes 👑'": 314576n,
      "self.val1.substring(0, 4) == 'Rook'": 314576n,
      "self.val1.substring(4, 10).trim() == 'takes'": 629149n,
      "self.val1.upperAscii() == 'ROOK TAKES 👑'": 314577n,
      "self.val1.lowerAscii() == 'rook takes 👑'": 314577n,
      "self.val1.lowerAscii() == self.val1.lowerAscii()": 943723n,
    },
  ],
  [
    "escaped strings",
    schemas(T.string, T.string),
    { [vals("self.val1", "self.val2", "'l1\\nl2'")]: 314583n, "self.val1 == '''l1\nl2'''": 3n },
  ],
  [
    "bytes",
    schemas(T.byte, T.byte),
    {
      "self.val1 == self.val2": 314577n,
      "self.val1 == b'AB'": 3n,
      "type(self.val1) == bytes": 4n,
      "size(self.val1) == 2": 4n,
    },
  ],
  [
    "booleans",
    schemas(T.boolean, T.boolean, T.boolean, T.boolean),
    { [vals("self.val1", "self.val2", "true")]: 8n, "self.val1 != self.val4": 4n, "type(self.val1) == bool": 4n },
  ],
  [
    "duration format",
    schemas(T.duration, T.duration),
    {
      [vals("self.val1", "self.val2", "duration('1h2m3s4ms')")]: 16n,
      "self.val1 == duration('1h2m') + duration('3s4ms')": 6n,
      "self.val1.getHours() == 1": 4n,
      "type(self.val1) == google.protobuf.Duration": 4n,
    },
  ],
  [
    "date format",
    schemas(T.date, T.date),
    {
      [vals("self.val1", "self.val2", "timestamp('1997-07-16T00:00:00.000Z')")]: 14n,
      "self.val1.getDate() == 16": 4n,
      "type(self.val1) == google.protobuf.Timestamp": 4n,
    },
  ],
  [
    "date-time format",
    schemas(T.dateTime, T.dateTime),
    {
      [vals("self.val1", "self.val2", "timestamp('2011-08-18T19:03:37.010+01:00')")]: 16n,
      "self.val1 == timestamp('2011-08-18T00:00:00.000+01:00') + duration('19h3m37s10ms')": 6n,
      "self.val1.getDate('01:00') == 18": 4n,
      "type(self.val1) == google.protobuf.Timestamp": 4n,
    },
  ],
  [
    "enums",
    obj({ enumStr: { type: "string", enum: ["Pending", "Available", "Bound", "Released", "Failed"] } }),
    { "self.enumStr == 'Pending'": 3n, "self.enumStr in ['Pending', 'Available']": 14n },
  ],
  [
    "conversions",
    schemas(
      T.integer,
      T.number,
      T.number,
      T.number,
      T.boolean,
      T.string,
      T.byte,
      T.string,
      T.duration,
      T.string,
      T.dateTime,
      T.string,
      T.date,
    ),
    {
      "int(self.val2) == self.val1": 5n,
      "double(self.val1) == self.val2": 5n,
      "bytes(self.val6) == self.val7": 629150n,
      "string(self.val1) == self.val6": 314578n,
      "string(self.val4) == '10.5'": 4n,
      "string(self.val7) == self.val6": 629150n,
      "duration(self.val8) == self.val9": 6n,
      "timestamp(self.val10) == self.val11": 6n,
      "string(self.val11) == self.val10": 314578n,
      "timestamp(self.val12) == self.val13": 6n,
      "string(self.val13) == self.val12": 314578n,
    },
  ],
  [
    "lists",
    schemas(listOf(T.integer), listOf(T.integer)),
    {
      [vals("self.val1", "self.val2", "[1, 2, 3]")]: 157317n,
      "1 in self.val1": 1572865n,
      "self.val2[0] in self.val1": 1572868n,
      "!(0 in self.val1)": 1572866n,
      "self.val1 + self.val2 == [1, 2, 3, 1, 2, 3]": 16n,
      "self.val1 + [4, 5] == [1, 2, 3, 4, 5]": 24n,
      "has(self.val1)": 1n,
      "has(self.val1) && has(self.val2)": 2n,
      "!has(self.val1)": 2n,
      "self.val1.all(k, size(self.val1) > 0)": 11010044n,
      "self.val1.exists_one(k, self.val1 == [2])": 23592949n,
      "!self.val1.exists_one(k, size(self.val1) > 0)": 9437183n,
      "size(self.val1) == 2": 4n,
      "size(self.val1.filter(k, size(self.val1) > 1)) == 1": 26738686n,
    },
  ],
  [
    "listSets",
    schemas(listSetOf(T.string), listSetOf(T.string)),
    {
      "self.val1 == ['c', 'b', 'a']": 13n,
      "self.val1 == self.val2": 104862n,
      "'a' in self.val1": 1048577n,
      "self.val2[0] in self.val1": 1048580n,
      "!('x' in self.val1)": 1048578n,
      "self.val1 + self.val2 == ['a', 'b', 'c']": 16n,
      "self.val1 + ['c', 'd'] == ['a', 'b', 'c', 'd']": 24n,
      "self.val1.all(k, size(self.val1) > 0)": 7340028n,
      "self.val1.exists_one(k, self.val1 == ['a'])": 15728629n,
      "!self.val1.exists_one(k, size(self.val1) > 0)": 6291455n,
      "size(self.val1.filter(k, size(self.val1) > 1)) == 1": 17825790n,
    },
  ],
  [
    "listMaps",
    obj({ objs: listOf(listMapOf(["k"], obj({ k: T.string, v: T.string }))) }),
    {
      "self.objs[0] == self.objs[1]": 104864n,
      "self.objs[0] + self.objs[2] == self.objs[2]": 104868n,
      "self.objs[2] + self.objs[0] == self.objs[0]": 104868n,
      "self.objs[0] == [self.objs[0][0], self.objs[0][1]]": 22n,
      "self.objs[0] == [self.objs[0][1], self.objs[0][0]]": 22n,
      "self.objs[2] + [self.objs[0][0], self.objs[0][1]] == self.objs[0]": 104883n,
      "size(self.objs[0] + [self.objs[3][0]]) == 3": 20n,
      "has(self.objs)": 1n,
      "has(self.objs) && has(self.objs)": 2n,
      "!has(self.objs)": 2n,
      "self.objs[0].all(k, size(self.objs[0]) > 0)": 8388604n,
      "self.objs[0].exists_one(k, size(self.objs[0]) > 0)": 7340030n,
      "!self.objs[0].exists_one(k, size(self.objs[0]) > 0)": 7340031n,
      "size(self.objs[0]) == 2": 5n,
      "size(self.objs[0].filter(k, size(self.objs[0]) > 1)) == 1": 18874366n,
    },
  ],
  [
    "maps",
    schemas(mapOf(T.string), mapOf(T.string)),
    {
      "self.val1 == self.val2": 39326n,
      "'k1' in self.val1": 3n,
      "!('k3' in self.val1)": 4n,
      "self.val1 == {'k1': 'a', 'k2': 'b'}": 33n,
      "self.val1.all(k, size(self.val1) > 0)": 2752508n,
      "self.val1.exists_one(k, size(self.val1) > 0)": 2359294n,
      "!self.val1.exists_one(k, size(self.val1) > 0)": 2359295n,
      "size(self.val1) == 2": 4n,
      "size(self.val1.filter(k, size(self.val1) > 1)) == 1": 6684670n,
    },
  ],
  ["objects", obj({ objs: listOf(obj({ f1: T.string, f2: T.string })) }), { "self.objs[0] == self.objs[1]": 6n }],
  [
    "object access",
    obj({
      a: obj({ b: T.integer, c: T.integer, d: nullable(T.integer) }),
      a1: obj({ b1: obj({ c1: T.integer }), d2: obj({ e2: T.integer }) }),
    }),
    {
      "has(self.a.b)": 2n,
      "has(self.a1.b1.c1)": 3n,
      "!(has(self.a1.d2) && has(self.a1.d2.e2))": 6n,
      "!has(self.a1.d2)": 3n,
      "has(self.a)": 1n,
      "has(self.a) && has(self.a1)": 2n,
      "!has(self.a)": 2n,
    },
  ],
  [
    "map access",
    obj({ val: mapOf(T.integer) }),
    {
      "!('a' in self.val)": 4n,
      "'b' in self.val": 3n,
      "!has(self.val.a)": 3n,
      "has(self.val.b)": 2n,
      "self.val.all(k, self.val[k] > 0)": 3595115n,
      "self.val.exists_one(k, self.val[k] == 2)": 2696338n,
      "!self.val.exists_one(k, self.val[k] > 0)": 3145728n,
      "size(self.val) == 2": 4n,
      "size(self.val.filter(k, self.val[k] > 1)) == 1": 8089017n,
    },
  ],
  [
    "listMap access",
    obj({ listMap: listMapOf(["k"], obj({ k: T.string, v: T.string, v2: T.string })) }),
    {
      "has(self.listMap[0].v)": 3n,
      "self.listMap.all(m, m.k.startsWith('a'))": 6291453n,
      "self.listMap.all(m, !has(m.v2) || m.v2 == 'z')": 8388603n,
      "self.listMap.exists(m, m.k.endsWith('1'))": 7340028n,
      "self.listMap.exists_one(m, m.k == 'a3')": 5242879n,
      "!self.listMap.all(m, m.k.endsWith('1'))": 6291454n,
      "!self.listMap.exists(m, m.v == 'x')": 7340029n,
      "!self.listMap.exists_one(m, m.k.startsWith('a'))": 5242880n,
      "size(self.listMap.filter(m, m.k == 'a1')) == 1": 16777215n,
      "self.listMap.exists(m, m.k == 'a1' && m.v == 'b1')": 10485753n,
      "self.listMap.map(m, m.v).exists(v, v == 'b1')": 19922939n,
      "self.listMap.exists(m, has(m.v2) && m.v2 == 'z')": 8388603n,
      "!self.listMap.all(m, has(m.v2) && m.v2 != 'z')": 7340029n,
      "self.listMap.exists_one(m, has(m.v2) && m.v2 == 'z')": 6291454n,
      "self.listMap.filter(m, has(m.v2) && m.v2 == 'z').size() == 1": 17825790n,
      "self.listMap.map(m, has(m.v2) && m.v2 == 'z', m.v2).size() == 1": 18874365n,
      "self.listMap.filter(m, has(m.v2) && m.v2 == 'z').map(m, m.v2).size() == 1": 32505851n,
      "self.listMap.exists(m, m.v2 == 'z')": 7340028n,
      "!self.listMap.all(m, m.v2 != 'z')": 6291454n,
    },
  ],
  [
    "list access",
    obj({ array: listOf(T.integer) }),
    {
      "2 in self.array": 1572865n,
      "self.array.all(e, e > 0)": 7864318n,
      "self.array.exists(e, e > 2)": 9437181n,
      "self.array.exists_one(e, e > 4)": 6291456n,
      "!self.array.all(e, e < 2)": 7864319n,
      "!self.array.exists(e, e < 0)": 9437182n,
      "!self.array.exists_one(e, e == 2)": 4718594n,
      "self.array.all(e, e < 100)": 7864318n,
      "size(self.array.filter(e, e%2 == 0)) == 3": 25165823n,
      "self.array.map(e, e * 20).filter(e, e > 50).exists(e, e == 60)": 53477367n,
      "size(self.array) == 8": 4n,
    },
  ],
  [
    "listSet access",
    obj({ set: listOf(T.integer) }),
    {
      "3 in self.set": 1572865n,
      "self.set.exists_one(e, e == 3)": 4718593n,
      "!self.set.exists_one(e, e > 3)": 6291457n,
      "size(self.set.filter(e, e%2 == 0)) == 2": 25165823n,
      "self.set.map(e, e * 20).filter(e, e > 50).exists_one(e, e == 60)": 50331642n,
    },
  ],
  [
    "typemeta and objectmeta access specified",
    obj({ kind: T.string, apiVersion: T.string, metadata: obj({ name: T.string, generateName: T.string }) }),
    {
      "self.kind == 'Pod'": 3n,
      "self.apiVersion == 'v1'": 3n,
      "self.metadata.name == 'foo'": 4n,
      "self.metadata.generateName == 'pickItForMe'": 5n,
    },
  ],
  [
    "embedded object",
    obj({ embedded: { type: "object", "x-kubernetes-embedded-resource": true } }),
    {
      "self.embedded.kind == 'Pod'": 4n,
      "self.embedded.apiVersion == 'v1'": 4n,
      "self.embedded.metadata.name == 'foo'": 5n,
      "self.embedded.metadata.generateName == 'pickItForMe'": 6n,
    },
  ],
  [
    "string in intOrString",
    obj({ something: intOrString() }),
    {
      "type(self.something) == int ? self.something == 1 : self.something == '25%'": 7n,
      "type(self.something) == string && self.something == '25%'": 7n,
      "self.something == '25%'": 3n,
      "self.something != 1": 3n,
      "self.something == 1 || self.something == '25%'": 6n,
      "self.something == '25%' || self.something == 1": 6n,
      "self.something != ['anything']": 13n,
      "self.something != 'some string'": 4n,
    },
  ],
  ["null in intOrString", obj({ something: nullable(intOrString()) }), { "!has(self.something)": 2n }],
  [
    "percent comparison using intOrString",
    obj({ min: intOrString(), current: T.integer, available: T.integer }),
    {
      "type(self.min) == string && self.min.matches(r'(\\d+(\\.\\d+)?%)')": 1258298n,
      "type(self.min) == int ? self.current <= self.min : double(self.current) / double(self.available) >= double(self.min.replace('%', '')) / 100.0":
        629162n,
    },
  ],
  [
    "preserve unknown fields",
    obj({
      withUnknown: { type: "object", "x-kubernetes-preserve-unknown-fields": true },
      withUnknownList: listOf({ type: "object", "x-kubernetes-preserve-unknown-fields": true }),
      withUnknownFieldList: listOf({
        type: "object",
        properties: { fieldOfUnknownType: { "x-kubernetes-preserve-unknown-fields": true } },
      }),
      anyvalList: listOf({ "x-kubernetes-preserve-unknown-fields": true }),
      anyvalMap: mapOf({ "x-kubernetes-preserve-unknown-fields": true }),
      anyvalField1: { "x-kubernetes-preserve-unknown-fields": true },
      anyvalField2: { "x-kubernetes-preserve-unknown-fields": true },
    }),
    {
      "has(self.withUnknown)": 1n,
      "self.withUnknownList.size() == 5": 4n,
      "self.withUnknownList[0] != self.withUnknownList[1]": 6n,
      "self.withUnknownList[3] == self.withUnknownList[4]": 6n,
      "self.withUnknownFieldList[0] != self.withUnknownFieldList[1]": 6n,
    },
  ],
  [
    "known and unknown fields",
    obj({
      withUnknown: { type: "object", "x-kubernetes-preserve-unknown-fields": true, properties: { known: T.integer } },
      withUnknownList: listOf({
        type: "object",
        "x-kubernetes-preserve-unknown-fields": true,
        properties: { known: T.integer },
      }),
    }),
    { "self.withUnknown.known == 1": 3n, "self.withUnknownList[1] == self.withUnknownList[2]": 6n },
  ],
  [
    "field nullability",
    obj({
      unsetPlainStr: T.string,
      unsetDefaultedStr: { ...T.string, default: "default value" },
      unsetNullableStr: nullable(T.string),
      setPlainStr: T.string,
      setNullableStr: nullable(T.string),
    }),
    {
      "!has(self.unsetPlainStr)": 2n,
      "has(self.unsetDefaultedStr) && self.unsetDefaultedStr == 'default value'": 5n,
      "has(self.setPlainStr) && self.setPlainStr == 'v1'": 4n,
      "has(self.setNullableStr) && self.setNullableStr == 'v3'": 4n,
      "type(self.setNullableStr) != null_type": 4n,
    },
  ],
  [
    "null values in container types",
    obj({ m: mapOf(nullable(T.string)), l: listOf(nullable(T.string)), s: listSetOf(nullable(T.string)) }),
    { "self.m.size() == 2": 4n, "'a' in self.m": 3n, "type(self.m['a']) == null_type": 5n },
  ],
  [
    "object types are not accessible",
    obj({ nestedInMap: mapOf(obj({ inMapField: T.integer })), nestedInList: listOf(obj({ inListField: T.integer })) }),
    {
      "type(self) == type(self)": 1844674407370955268n,
      "type(self.nestedInMap['k1']) == type(self.nestedInMap['k2'])": 1844674407370955272n,
    },
  ],
  [
    "listMaps with unsupported identity characters in property names",
    obj({ objs: listOf(listMapOf(["k!", "k."], obj({ "k!": T.string, "k.": T.string }))) }),
    { "self.objs[0] == self.objs[1]": 104864n, "self.objs[0][0].k__dot__ == '1'": 6n },
  ],
  [
    "container type composition",
    obj({
      obj: obj({ field: T.string }),
      mapOfMap: { ...mapOf({ ...mapOf(T.string), maxProperties: 10 }), maxProperties: 10 },
      mapOfObj: mapOf(obj({ field2: T.string })),
      mapOfListMap: {
        ...mapOf({ ...listMapOf(["k"], obj({ k: T.string, v: T.string })), maxItems: 10 }),
        maxProperties: 10,
      },
      mapOfList: { ...mapOf({ ...listOf(T.string), maxItems: 10 }), maxProperties: 10 },
      listMapOfObj: { ...listMapOf(["k2"], obj({ k2: T.string, v2: T.string })), maxItems: 10 },
      listOfMap: { ...listOf({ ...mapOf(T.string), maxProperties: 10 }), maxItems: 10 },
      listOfObj: listOf(obj({ field3: T.string })),
      listOfListMap: {
        ...listOf({ ...listMapOf(["k"], obj({ k3: T.string, v3: T.string })), maxItems: 10 }),
        maxItems: 10,
      },
    }),
    {
      "self.obj.field == 'a'": 4n,
      "self.mapOfMap['x']['y'] == 'b'": 5n,
      "self.mapOfObj['k'].field2 == 'c'": 5n,
      "self.mapOfListMap['o'].exists(e, e.k == '1' && e.v == 'd')": 104n,
      "self.mapOfList['l'][0] == 'e'": 5n,
      "self.listMapOfObj.exists(e, e.k2 == '2' && e.v2 == 'f')": 103n,
      "self.listOfMap[0]['z'] == 'g'": 5n,
      "self.listOfObj[0].field3 == 'h'": 5n,
      "self.listOfListMap[0].exists(e, e.k3 == '3' && e.v3 == 'i')": 104n,
      "self.mapOfMap.map(k, k).map(k, k).size() == 1": 286n,
      "self.mapOfListMap.map(k, k).map(k, k).size() == 1": 286n,
      "self.mapOfList.map(k, k).map(k, k).size() == 1": 286n,
      "self.listOfMap.map(e, e).map(e, e).size() == 1": 286n,
      "self.listOfListMap.map(e, e).map(e, e).size() == 1": 286n,
      "self.mapOfMap.map(k, self.mapOfMap[k].map(m, m)).size() == 1": 1585n,
      "self.mapOfListMap.map(k, self.mapOfListMap[k].map(m, m)).size() == 1": 1585n,
      "self.mapOfList.map(k, self.mapOfList[k].map(l, l)).size() == 1": 1585n,
      "self.listOfMap.map(e, e.map(m, m)).size() == 1": 1555n,
      "self.listOfListMap.map(e, e.map(e, e)).size() == 1": 1555n,
    },
  ],
  [
    "optionals",
    obj({ obj: obj({ field: T.string, absentField: T.string }), m: mapOf(T.string), l: listOf(T.string) }),
    {
      "optional.of('a') != optional.of('b')": 1844674407370955266n,
      "optional.of('a') != optional.none()": 1844674407370955266n,
      "optional.of('a').hasValue()": 2n,
      "optional.of('a').or(optional.of('a')).hasValue()": 4n,
      "optional.none().or(optional.of('a')).hasValue()": 4n,
      "self.obj.?field == optional.of('a')": 1844674407370955268n,
      "self.obj.?absentField == optional.none()": 1844674407370955268n,
      "self.obj.?field.orValue('v') == 'a'": 5n,
      "self.m[?'k'] == optional.of('v')": 1844674407370955268n,
      "self.l[?0] == optional.of('a')": 1844674407370955268n,
      "optional.ofNonZeroValue(1).hasValue()": 2n,
    },
  ],
  [
    "quantity",
    schemas(T.string, T.string),
    {
      "isQuantity(self.val1)": 314575n,
      'isQuantity("200M")': 1n,
      "quantity(self.val1).isLessThan(quantity(self.val2))": 629151n,
      'quantity("50M").isLessThan(quantity("100M"))': 3n,
      'quantity("50Mi").isGreaterThan(quantity("50M"))': 3n,
      'quantity("200M").compareTo(quantity("0.2G")) == 0': 4n,
      'quantity("50").isInteger()': 2n,
      "quantity(self.val1).isInteger()": 314576n,
    },
  ],
];

// Release-dependent costs: [minor range, schema, rule, cost]
const BY_RELEASE = [
  // optMap through a bind (cel-go 0.23 bind accounting, 1.33+)
  [[29, 32], obj({}), "optional.of('a').optMap(v, v == 'value').hasValue()", 17n],
  [[33, 37], obj({}), "optional.of('a').optMap(v, v == 'value').hasValue()", 18n],
  // Quantity equality O(1) since 1.32
  [
    [29, 31],
    schemas(T.string),
    'quantity("200M") == quantity("0.2G") && quantity("0.2G") == quantity("200M")',
    3689348814741910532n,
  ],
  [[29, 31], schemas(T.string), 'quantity("50k").add(quantity("20")) == quantity("50.02k")', 1844674407370955268n],
  [[29, 31], schemas(T.string), 'quantity("50k").sub(20) == quantity("49980")', 1844674407370955267n],
  [[32, 37], schemas(T.string), 'quantity("200M") == quantity("0.2G") && quantity("0.2G") == quantity("200M")', 6n],
  [[32, 37], schemas(T.string), 'quantity("50k").add(quantity("20")) == quantity("50.02k")', 5n],
];

for (const minor of [37, 33, 31]) {
  test(`TestCelEstimatedCostStability (1.${minor})`, { skip }, () => {
    const failures = [];
    for (const [name, schema, rules] of STABILITY) {
      for (const [rule, want] of Object.entries(rules)) {
        let got;
        try {
          got = maxCost(schema, rule, { minor });
        } catch (e) {
          failures.push(`${name}: ${rule}: ${e.message}`);
          continue;
        }
        if (got !== want) failures.push(`${name}: ${rule}: got ${got}, want ${want}`);
      }
    }
    for (const [[lo, hi], schema, rule, want] of BY_RELEASE) {
      if (minor < lo || minor > hi) continue;
      const got = maxCost(schema, rule, { minor });
      if (got !== want) failures.push(`release: ${rule}: got ${got}, want ${want}`);
    }
    assert.deepEqual(failures, []);
  });
}

// ---------------------------------------------------------------------------------------------
// cel-cost.md worked examples and documentation examples

test("spec §7 worked examples", { skip }, () => {
  assert.equal(maxCost({ type: "array", items: { type: "number" } }, "self.all(x, true)"), 4718591n);
  assert.equal(maxCost({ type: "array", maxItems: 10, items: { type: "number" } }, "self.all(x, true)"), 32n);
  assert.equal(maxCost({ type: "string" }, "self.contains('test')"), 314574n);
  assert.equal(
    maxCost({ type: "object", additionalProperties: { type: "string" } }, "self.all(x, x.contains(self[x]))"),
    2752507n,
  );
  assert.equal(maxCost(schemas(T.integer), "type(self.val1) == int"), 4n);
});

test("Kubernetes docs: all(x, x.contains(...)) on strings, unbounded rejected / bounded accepted", { skip }, () => {
  const rule = "self.all(x, x.contains('a string'))";
  // unbounded: 1048575 items of 3145726 chars: contains = 314573 * 1 + 1 = 314574 per element ...
  const unbounded = { type: "array", items: { type: "string" } };
  const c1 = maxCost(unbounded, rule);
  // per element: loop 2 + step (acc 1 + contains (x 1 + 314573 * ceil(8 * 0.1 = 0.8) = 1)) = 314577
  assert.equal(c1, 2n + 1048575n * (2n + 1n + 1n + 314573n * 1n));
  assert.ok(c1 > 10000000n);
  // with maxItems 25 and maxLength 10: contains = ceil(40*0.1)=4 * ceil(0.8)=1 -> 4 + 1 = 5; per element 2 + 1 + 5 = 8
  const bounded = { type: "array", maxItems: 25, items: { type: "string", maxLength: 10 } };
  assert.equal(maxCost(bounded, rule), 2n + 25n * 8n);
});

test("crd-rules.md §13 nested lists: all(x, x.all(y, y.startsWith('a'))) exceeds the limit", { skip }, () => {
  const l = { type: "array", items: { type: "array", items: { type: "string" } } };
  const root = { type: "object", properties: { l } };
  const c = maxCost(l, "self.all(x, x.all(y, y.startsWith('a')))");
  // inner: 2 + 1048575 * (2 + 1 + 2) = 5242877; outer: 2 + 1048575 * (2 + 1 + 5242877)
  assert.equal(c, 2n + 1048575n * (2n + 1n + 5242877n));
  assert.equal(expressionCost(c, ruleCardinality([root, l]), 2n), c);
  assert.ok(c > 10000000n);
});

test("resource root metadata.name capped at 253 in 1.37", { skip }, () => {
  const root = { type: "object", properties: { spec: { type: "object" } } };
  const rule = "self.metadata.name.contains('x')";
  // 1.37: name maxElements 1012 -> ceil(101.2) = 102 * 1 + (self 1 + metadata 1 + name 1)
  assert.equal(maxCost(root, rule, { isResourceRoot: true, minor: 37 }), 102n + 3n);
  assert.equal(maxCost(root, rule, { isResourceRoot: true, minor: 36 }), 314573n + 3n);
});

// ---------------------------------------------------------------------------------------------
// suggestions

test("suggestBounds: drivers and the smallest set of bounds", { skip }, () => {
  const host = { type: "string" };
  const item = { type: "object", properties: { host } };
  const rules = { type: "array", items: item };
  const spec = { type: "object", properties: { rules }, "x-kubernetes-validations": [] };
  const root = { type: "object", properties: { spec } };
  const expression = "self.rules.all(r, r.host.contains('.'))";
  const r = compilerFor(37).compileRule({ schema: spec, isResourceRoot: false, expression, kind: "rule" });
  assert.ok(r.ok);
  const res = suggestBounds({
    root,
    nodePath: [root, spec],
    ast: r.ast,
    rootDecl: r.rootDecl,
    kind: "rule",
    kubernetesMinor: 37,
  });
  assert.ok(res.cost > 10000000n);
  const texts = res.drivers.map((d) => d.text);
  assert.ok(texts.includes("unbounded list at spec.rules (no maxItems): assumed 1,048,575 items"), texts.join("\n"));
  assert.ok(
    texts.includes("unbounded string at spec.rules[*].host (no maxLength): assumed 3,145,726 bytes"),
    texts.join("\n"),
  );
  assert.ok(res.suggestion);
  assert.ok(res.suggestion.cost <= 5000000n);
  assert.match(res.suggestion.text, /^add .* → \d+% of the limit$/);
  const verified = verifySuggestion(
    { root, nodePath: [root, spec], expression, kind: "rule", kubernetesMinor: 37 },
    res.suggestion.bounds,
    compilerFor(37),
  );
  assert.equal(verified, res.suggestion.cost);
});

test("suggestBounds: cardinality driver", { skip }, () => {
  const s = { type: "string" };
  const l = { type: "array", items: s };
  const root = { type: "object", properties: { l } };
  const expression = "self.matches('^[a-z]+$')";
  const r = compilerFor(37).compileRule({ schema: s, isResourceRoot: false, expression, kind: "rule" });
  const res = suggestBounds({
    root,
    nodePath: [root, l, s],
    ast: r.ast,
    rootDecl: r.rootDecl,
    kind: "rule",
    kubernetesMinor: 37,
  });
  assert.ok(res.cost > 10000000n);
  const byPath = Object.fromEntries(res.drivers.map((d) => [d.path, d]));
  assert.deepEqual(byPath["l"].roles, ["cardinality"]);
  assert.deepEqual(byPath["l[*]"].roles, ["size"]);
  assert.ok(res.suggestion);
  const verified = verifySuggestion(
    { root, nodePath: [root, l, s], expression, kind: "rule", kubernetesMinor: 37 },
    res.suggestion.bounds,
    compilerFor(37),
  );
  assert.equal(verified, res.suggestion.cost);
  assert.ok(verified <= 5000000n);
});

// Field paths are Go slices: `append` onto a path of length 3 (capacity 4) writes in place, so two
// appends onto the same path overwrite each other. Upstream depends on it; so do we.
test("Go slice aliasing of field paths (nested comprehension over a length-3 path)", { skip }, () => {
  const schema = {
    type: "object",
    properties: {
      l: {
        type: "array",
        items: {
          type: "object",
          properties: {
            name: { type: "string", maxLength: 5 },
            items: { type: "array", maxItems: 3, items: { type: "string", maxLength: 5 } },
          },
        },
      },
    },
  };
  // x.name overwrites the "items" step of x.items' path before the inner range is sized: 20 iterations, not 3
  assert.equal(
    maxCost(schema, "self.l.all(x, x.items.all(i, x.name != i))"),
    2n + 1n + 1048575n * (2n + 1n + (2n + 1n + 20n * 8n)),
  );
  assert.equal(
    maxCost(schema, "self.l.all(x, x.items.all(i, x.name != i))", { minor: 33 }),
    2n + 1n + 1048575n * (2n + 1n + (2n + 1n + 20n * 8n)),
  );
});

test("Go slice aliasing: two-variable comprehension key path takes the value step", { skip }, () => {
  const schema = {
    type: "object",
    properties: {
      nested: {
        type: "object",
        properties: {
          m: { type: "object", maxProperties: 10, additionalProperties: { type: "string", maxLength: 5 } },
        },
      },
    },
  };
  // range path [self nested m] has spare capacity: the key's "@keys" is overwritten by the value's "@values"
  assert.equal(maxCost(schema, "self.nested.m.all(k, v, k == v)"), 3n + 1n + 10n * (2n + 1n + 4n));
  // with a length-2 range path there is no spare capacity and the key is sized as a map key ({0,0})
  const s2 = {
    type: "object",
    properties: { m: { type: "object", maxProperties: 10, additionalProperties: { type: "string", maxLength: 5 } } },
  };
  assert.equal(maxCost(s2, "self.m.all(k, v, k == v)"), 2n + 1n + 10n * (2n + 1n + 2n));
});

// Library estimators (values checked by hand against cel-cost.md §6).
const LIB = {
  type: "object",
  properties: {
    s: { type: "string" },
    t: { type: "string" },
    l: { type: "array", items: { type: "integer" } },
    ls: { type: "array", items: { type: "string", maxLength: 10 }, maxItems: 5 },
    a: { type: "array", items: { type: "string" } },
    b: { type: "array", items: { type: "string" } },
    m: { type: "object", additionalProperties: { type: "string" } },
  },
};
const LIB_CASES = {
  "isIP(self.s)": 314575n, // 2 + ceil(3145726 * 0.1)
  "ip(self.s).family() == 4": 314577n,
  "cidr(self.s).containsIP(self.t)": 629154n, // {1,4} + 314573 + args + target
  "cidr(self.s).containsIP(ip(self.t))": 629154n,
  "url(self.s).getHost() == 'x'": 314577n,
  "url(self.s) == url(self.t)": 943723n, // URL equality reads the right operand's size
  "semver(self.s) == semver(self.t)": 629151n,
  "isSemver(self.s)": 314575n,
  "format.dns1123Label().validate(self.s).hasValue()": 10066340n, // (314573) * 32 + 2 + 1 + 1
  "self.l.sort() == self.l": 4947796190840n, // ceil(1572863^2 * 2) + 11 + 2 + 2 + ceil(1572863 * 0.1)
  "self.l.distinct().size() == 1": 4947796033553n,
  "sets.contains(self.a, self.b)": 1099509530630n,
  "sets.equivalent(self.a, self.b)": 2199019061255n,
  "self.ls.join(',') == 'x'": 24n,
  "self.l.slice(1, 3) == [1]": 26n,
  "lists.range(10).size() == 10": 23n,
  "self.ls.sortBy(e, e).size() > 0": 156n,
  "self.s.split(',', -1).size() > 0": 629150n,
  "self.ls.max() == 'x'": 28n,
  "self.l.sum() > 3": 1572866n,
  "self.ls.indexOf('x') > 0": 28n,
  "self.s.indexOf('x') > 0": 314576n,
  "'abc'.format([self.s]) == ''": 13n,
  "strings.quote(self.s) == ''": 314575n,
  "dyn(self.s) == 'x'": 4n,
  "self.a.exists(x, x == 'a')": 6291453n,
  "self.a.existsOne(x, x == 'a')": 4194304n,
  "self.a.all(i, v, v.size() < i)": 7340028n,
  "self.m.all(k, v, k.size() < v.size())": 3145723n,
  "[1,2,3].all(x, x > 0)": 26n,
};

test("library and extension estimators (1.37)", { skip }, () => {
  const failures = [];
  for (const [rule, want] of Object.entries(LIB_CASES)) {
    const got = maxCost(LIB, rule);
    if (got !== want) failures.push(`${rule}: got ${got}, want ${want}`);
  }
  assert.deepEqual(failures, []);
});

test("suggestForExpression compiles and suggests; nothing to do under the target", { skip }, () => {
  const s = { type: "string" };
  const l = { type: "array", items: s };
  const root = { type: "object", properties: { l } };
  const res = suggestForExpression(
    { root, nodePath: [root, l], expression: "self.all(x, x.contains('a'))", kind: "rule", kubernetesMinor: 37 },
    compilerFor(37),
  );
  assert.ok(res.suggestion);
  assert.equal(res.suggestion.bounds.length, 2); // maxItems on l and maxLength on its items
  const cheap = suggestForExpression(
    { root, nodePath: [root, l], expression: "size(self) < 10", kind: "rule", kubernetesMinor: 37 },
    compilerFor(37),
  );
  assert.equal(cheap.suggestion, null);
  assert.equal(cheap.cost, 3n);
  assert.equal(
    suggestForExpression(
      { root, nodePath: [root, l], expression: "self.nope", kind: "rule", kubernetesMinor: 37 },
      compilerFor(37),
    ),
    null,
  );
});
