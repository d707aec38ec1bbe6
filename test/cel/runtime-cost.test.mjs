// Runtime cost: cel-go's own expectations (google/cel-go interpreter/runtimecost_test.go TestRuntimeCost, planned
// without OptOptimize there) and the apiserver's setting (OptOptimize folds constant literals).
import { test } from "node:test";
import assert from "node:assert/strict";
import { evalCel, T } from "./runtime-helpers.mjs";

const s500 = "a".repeat(500);
const cases = [
  ["const", `"Hello World!"`, {}, 0],
  ["identity", `input`, { input: [T.listOf(T.INT), [1, 2]] }, 1],
  ["select: map", `input['key']`, { input: [T.mapOf(T.STRING, T.STRING), { key: "v" }] }, 2],
  ["select: array index", `input[0]`, { input: [T.listOf(T.STRING), ["v"]] }, 2],
  ["expr select: map", `input['ke' + 'y']`, { input: [T.mapOf(T.STRING, T.STRING), { key: "v" }] }, 3],
  ["expr select: array index", `input[3-3]`, { input: [T.listOf(T.STRING), ["v"]] }, 3],
  [
    "select: non-proto field test",
    `has(input.testAttr.nestedAttr)`,
    { input: [T.mapOf(T.STRING, T.mapOf(T.STRING, T.STRING)), { testAttr: { nestedAttr: "0" } }] },
    2,
  ],
  ["create list", `[1, 2, 3]`, {}, 10],
  ["create map", `{"a": 1, "b": 2, "c": 3}`, {}, 30],
  ["all comprehension", `input.all(x, true)`, { input: [T.listOf(T.INT), []] }, 2],
  ["nested all comprehension", `input.all(x, x.all(y, true))`, { input: [T.listOf(T.listOf(T.INT)), []] }, 2],
  ["all comprehension on literal", `[1, 2, 3].all(x, true)`, {}, 20],
  ["variable cost function", `input.matches('[0-9]')`, { input: [T.STRING, s500] }, 103],
  ["variable cost function with constant", `'123'.matches('[0-9]')`, {}, 2],
  ["or", `false || false`, {}, 0],
  [
    "or accumulated branch cost",
    `a || b || c || d`,
    { a: [T.BOOL, false], b: [T.BOOL, false], c: [T.BOOL, false], d: [T.BOOL, false] },
    4,
  ],
  [
    "and accumulated branch cost",
    `a && b && c && d`,
    { a: [T.BOOL, true], b: [T.BOOL, true], c: [T.BOOL, true], d: [T.BOOL, true] },
    4,
  ],
  ["lt", `1 < 2`, {}, 1],
  ["eq", `1 == 2`, {}, 1],
  ["in", `2 in [1, 2, 3]`, {}, 13],
  ["plus", `1 + 1`, {}, 1],
  ["%", `1 % 1`, {}, 1],
  ["ternary", `true ? 1 : 2`, {}, 0],
  ["string size", `size("123")`, {}, 1],
  ["str eq str", `'12345678901234567890' == '123456789012345678901234567890'`, {}, 2],
  ["bytes to string conversion", `string(input)`, { input: [T.BYTES, new Uint8Array(500).fill(97)] }, 51],
  ["string to bytes conversion", `bytes(input)`, { input: [T.STRING, s500] }, 51],
  ["int to string conversion", `string(1)`, {}, 1],
  ["contains", `input.contains(arg1)`, { input: [T.STRING, s500], arg1: [T.STRING, s500] }, 2502],
  ["matches", `input.matches('\\\\d+a\\\\d+b')`, { input: [T.STRING, s500] }, 103],
  ["startsWith", `input.startsWith(arg1)`, { input: [T.STRING, "idc"], arg1: [T.STRING, s500] }, 3],
  ["size receiver", `input.size()`, { input: [T.STRING, "500"] }, 2],
  ["size", `size(input)`, { input: [T.STRING, "500"] }, 2],
  [
    "ternary eval",
    `(x > 2 ? input1 : input2).all(y, true)`,
    { x: [T.INT, 1], input1: [T.listOf(T.INT), [1]], input2: [T.listOf(T.INT), [1]] },
    6,
  ],
  ["ternary eval trivial, true", `true ? false : 1 > 3`, {}, 0],
  ["ternary eval trivial, false", `false ? false : 1 > 3`, {}, 1],
  [
    "comprehension over map",
    `input.all(k, input[k].v > 3)`,
    { input: [T.mapOf(T.STRING, T.mapOf(T.STRING, T.INT)), { val: { v: 0 } }] },
    9,
  ],
  [
    "comprehension over nested map of maps",
    `input.all(k, input[k].all(x, true))`,
    { input: [T.mapOf(T.STRING, T.mapOf(T.STRING, T.INT)), {}] },
    2,
  ],
  ["list concat", `(list1 + list2).all(x, true)`, { list1: [T.listOf(T.INT), []], list2: [T.listOf(T.INT), []] }, 4],
  ["str concat", `"abcdefg".contains(str1 + str2)`, { str1: [T.STRING, "val1"], str2: [T.STRING, "val2222222"] }, 6],
  ["ternary as operand", `(1 > 2 ? 5 : 3) > 1`, {}, 2],
  ["or as operand", `(1 > 2 || 2 > 1) == true`, {}, 3],
  ["list map literal", `[{'k1': 1}, {'k2': 2}].all(x, true)`, {}, 77],
];

for (const [name, expr, vars, want] of cases) {
  test(`cel-go runtime cost: ${name}`, () => {
    const out = evalCel(expr, vars, { optimize: false });
    assert.equal(out.cost, want, `${expr}: value ${String(out.value?.message ?? out.value)}`);
  });
}

test("cost limit: at the limit passes, above it cancels", () => {
  const vars = { str1: [T.STRING, "val1"], str2: [T.STRING, "val2222222"] };
  const at = evalCel(`"abcdefg".contains(str1 + str2)`, vars, { optimize: false, limit: 6 });
  assert.equal(at.cancelled, false);
  assert.equal(at.cost, 6);
  const above = evalCel(`"abcdefg".contains(str1 + str2)`, vars, { optimize: false, limit: 5 });
  assert.equal(above.cancelled, true);
  assert.equal(above.value.message, "operation cancelled: actual cost limit exceeded");
});

test("OptOptimize (the apiserver's setting): constant lists, maps and conversions are folded", () => {
  assert.equal(evalCel(`[1, 2, 3]`).cost, 0);
  assert.equal(evalCel(`{"a": 1}`).cost, 0);
  assert.equal(evalCel(`[1, 2, 3].all(x, true)`).cost, 10);
  // x in [constants] becomes a set membership test: only the left side is charged
  assert.equal(evalCel(`x in ['a', 'b', 'c']`, { x: [T.STRING, "b"] }).cost, 1);
  assert.equal(evalCel(`x in ['a', 'b', 'c']`, { x: [T.STRING, "b"] }).value, true);
  assert.equal(evalCel(`duration('1h') > duration('1m')`).cost, 1);
  // a list with a variable element is built at runtime
  assert.equal(evalCel(`[x, 'b'].size()`, { x: [T.STRING, "a"] }).cost, 12);
});

test("Kubernetes library call costs (library/cost.go CallCost)", () => {
  const l = Array.from({ length: 100 }, (_, i) => i);
  // isSorted/sum/min/max/indexOf: one traversal (1 per scalar element) + the receiver attribute
  assert.equal(evalCel(`self.isSorted()`, { self: [T.listOf(T.INT), l] }).cost, 101);
  assert.equal(evalCel(`self.sum() > 0`, { self: [T.listOf(T.INT), l] }).cost, 102);
  // strings traverse by bytes with truncation (traversalCost)
  assert.equal(evalCel(`self.indexOf('z')`, { self: [T.STRING, "a".repeat(25)] }).cost, 3);
  // lowerAscii: ceil(size * 0.1)
  assert.equal(evalCel(`self.lowerAscii()`, { self: [T.STRING, "A".repeat(25)] }).cost, 4);
  // find: ceil((1 + size) * 0.1) * ceil(len(regex) * 0.25)
  assert.equal(evalCel(`self.find('[0-9]+')`, { self: [T.STRING, "a".repeat(99)] }).cost, 1 + 10 * 2);
  // quantity parsing is a string traversal; comparisons are nominal
  // self 1 + quantity(self) ceil(5 * 0.1) + quantity('1') ceil(0.1) + isGreaterThan 1
  assert.equal(evalCel(`quantity(self).isGreaterThan(quantity('1'))`, { self: [T.STRING, "100Mi"] }).cost, 4);
});

test("cel-go extension libraries' overload cost trackers (ext/sets.go, ext/lists.go v3)", () => {
  const a = [T.listOf(T.INT), [1, 2, 3]];
  const b = [T.listOf(T.INT), [2, 3]];
  // a 1 + b 1 + (1 + 3 × 2 × factor)
  assert.equal(evalCel(`sets.contains(a, b)`, { a, b }).cost, 2 + 1 + 6);
  assert.equal(evalCel(`sets.equivalent(a, b)`, { a, b }).cost, 2 + 1 + 12);
  // sort: 2 × n² + 1 + 10 (strings add the traversal factor)
  assert.equal(evalCel(`a.sort()`, { a }).cost, 1 + 18 + 11);
  assert.equal(evalCel(`s.sort()`, { s: [T.listOf(T.STRING), ["b", "a"]] }).cost, 1 + Math.trunc(4 * 2.1) + 11);
  // slice: the result size + 1 + 10
  assert.equal(evalCel(`a.slice(0, 2)`, { a }).cost, 1 + 2 + 11);
});
