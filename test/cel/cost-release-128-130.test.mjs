// What the estimate and the runtime cost were at 1.28 (cel-go v0.16.1) and 1.29 (cel-go v0.17.7), against 1.30
// (cel-go v0.17.8). Upstream: cel-go checker/cost.go (costSelect, costComprehension) and interpreter/runtimecost.go
// (CostObserver), kubernetes/apiserver pkg/cel/environment/base.go (PresenceTestHasCost(false) from 1.29).
// Derivations: `self` costs 1 (ident), a select on an object 1 more; a literal 0; `x > 0` one call.
import { test } from "node:test";
import assert from "node:assert/strict";

const { createCelCompiler } = await import("../../dist/cel/schema/compile.js");
const { estimateCost } = await import("../../dist/cel/k8s/cost.js");
const { createExpressionEvaluator } = await import("../../dist/cel/schema/evaluate.js");

const schema = {
  type: "object",
  properties: {
    a: { type: "object", properties: { n: { type: "integer" } } },
    l: { type: "array", maxItems: 10, items: { type: "integer" } },
  },
};
const compilers = new Map();
function compile(minor, expression) {
  let c = compilers.get(minor);
  if (!c) compilers.set(minor, (c = createCelCompiler(minor)));
  const r = c.compileRule({ schema, isResourceRoot: false, expression, kind: "rule", optionalOldSelf: false });
  if (!r.ok) throw new Error(`compile failed for ${expression}: ${JSON.stringify(r.errors)}`);
  return { compiler: c, compiled: r };
}
const estimate = (minor, expression) => {
  const { compiled } = compile(minor, expression);
  const e = estimateCost(compiled.ast, compiled.rootDecl, { kubernetesMinor: minor });
  return [e.min, e.max];
};
const runtimeCost = (minor, expression, self) => {
  const { compiler, compiled } = compile(minor, expression);
  return createExpressionEvaluator(compiler, compiled, { perCallLimit: 1000000 }).evaluate(self).cost;
};
const MAX_UINT64 = 18446744073709551615n;

test("1.28: a presence test costs 1 of its own, estimated and at run time; from 1.29 nothing", () => {
  // has(self.a): self 1 (+ the test's 1 at 1.28).
  assert.deepEqual(estimate(28, "has(self.a)"), [2n, 2n]);
  assert.deepEqual(estimate(29, "has(self.a)"), [1n, 1n]);
  // Two tests, the second under a negation (a call, 1): min is the && short-circuit (first operand only).
  assert.deepEqual(estimate(28, "has(self.a.n) && !has(self.l)"), [3n, 6n]);
  assert.deepEqual(estimate(29, "has(self.a.n) && !has(self.l)"), [2n, 4n]);
  assert.deepEqual(estimate(37, "has(self.a.n) && !has(self.l)"), [2n, 4n]);
  // At run time the tracker keeps the test step's SelectAndIdentCost at 1.28 (cel-go's own expectation: 3 with a
  // cost, 2 without, for has(input.testAttr.nestedAttr)).
  const self = { a: { n: 1 }, l: [1, 2] };
  assert.equal(runtimeCost(28, "has(self.a)", self), 2);
  assert.equal(runtimeCost(29, "has(self.a)", self), 1);
  assert.equal(runtimeCost(28, "has(self.a.n) && !has(self.l)", self), 6);
  assert.equal(runtimeCost(29, "has(self.a.n) && !has(self.l)", self), 4);
});

test("1.28 and 1.29: a comprehension's result has no size, so a macro over filter() or map() is unbounded", () => {
  // 1.30: filter()/map() are sized by l (10 items), so all()/exists() over them loop 10 times. The oracle answered 214
  // and 204 at 1.30, and the largest cost at 1.29 (test/oracle/recorded/cel-cost-comprehension-result-size-*).
  assert.deepEqual(estimate(30, "self.l.filter(x, x > 0).all(x, x < 5)"), [14n, 214n]);
  assert.deepEqual(estimate(30, "self.l.map(x, x * 2).exists(y, y == 4)"), [14n, 204n]);
  for (const minor of [28, 29]) {
    assert.equal(estimate(minor, "self.l.filter(x, x > 0).all(x, x < 5)")[1], MAX_UINT64, `1.${minor}`);
    assert.equal(estimate(minor, "self.l.map(x, x * 2).exists(y, y == 4)")[1], MAX_UINT64, `1.${minor}`);
  }
  // A macro straight over the field is bounded by maxItems at every release.
  for (const minor of [28, 29, 30]) assert.ok(estimate(minor, "self.l.all(x, x < 5)")[1] < 100n, `1.${minor}`);
  // Run time is unaffected: the values are there.
  const self = { l: [1, 2] };
  assert.equal(
    runtimeCost(28, "self.l.filter(x, x > 0).all(x, x < 5)", self),
    runtimeCost(30, "self.l.filter(x, x > 0).all(x, x < 5)", self),
  );
});

test("before 1.30 the Kubernetes estimator has no case for quantity() and isQuantity(): cel-go's default", () => {
  const s = { type: "object", properties: { q: { type: "string" } } };
  const est = (minor, expression) => {
    const c = createCelCompiler(minor);
    const r = c.compileRule({ schema: s, isResourceRoot: false, expression, kind: "rule", optionalOldSelf: false });
    return estimateCost(r.ast, r.rootDecl, { kubernetesMinor: minor }).max;
  };
  // (At 1.28 new rules cannot call quantity(): the library comes with compatibility version 1.28.)
  // 1.29: quantity(self.q) = 1 + self.q 2 = 3, isGreaterThan 1 + quantity('1') 1 → 5; isQuantity 1 + 2 = 3.
  // 1.30: ⌈3,145,726 × 0.1⌉ = 314,573 + 2, + 1 + 1 (the literal's quantity: ⌈1 × 0.1⌉ = 1) = 314,577; isQuantity 314,575.
  // (The oracle's answers, test/oracle/recorded/cel-cost-global-quantity-estimate-*, are these less self.q's select.)
  for (const [minor, gt, is] of [
    [29, 5n, 3n],
    [30, 314577n, 314575n],
    [37, 314577n, 314575n],
  ]) {
    assert.equal(est(minor, "quantity(self.q).isGreaterThan(quantity('1'))"), gt, `1.${minor}`);
    assert.equal(est(minor, "isQuantity(self.q)"), is, `1.${minor}`);
  }
});
