// Cost estimator: arithmetic (§1), constants (§10), cardinality and budgets (§3, §8).
// End-to-end estimates through the compiler live in cost-e2e.test.mjs.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  MAX_UINT64,
  addSat,
  mulSat,
  factor,
  rangeAdd,
  rangeMul,
  rangeFactor,
  rangeUnion,
  COST,
  K8S,
} from "../../dist/cel/core/cost/range.js";
import {
  ruleCardinality,
  expressionCost,
  unboundedCardinality,
  costFactorText,
  costErrorMessage,
  formatFixed,
  schemaCostVerdict,
  TotalCost,
} from "../../dist/cel/schema/cardinality.js";

const MAX = MAX_UINT64;

test("§1 saturating add and multiply", () => {
  assert.equal(MAX, 18446744073709551615n);
  assert.equal(addSat(1n, 2n), 3n);
  assert.equal(addSat(MAX, 1n), MAX);
  assert.equal(addSat(MAX - 1n, 1n), MAX);
  assert.equal(addSat(MAX, 0n), MAX);
  assert.equal(mulSat(3n, 4n), 12n);
  assert.equal(mulSat(MAX, 0n), 0n);
  assert.equal(mulSat(0n, MAX), 0n);
  assert.equal(mulSat(1n << 32n, 1n << 32n), MAX);
  assert.equal(mulSat((1n << 32n) - 1n, (1n << 32n) + 1n), MAX - 0n); // exactly 2^64 - 1
  assert.equal(mulSat(MAX / 2n, 2n), MAX - 1n);
});

test("§1 factor with float64 behaviour", () => {
  assert.equal(factor(MAX, 0.1), 1844674407370955264n);
  assert.equal(factor(3145726n, 0.1), 314573n);
  assert.equal(factor(4n, 0.1), 1n);
  assert.equal(factor(0n, 0.1), 0n);
  assert.equal(factor(1n, 0.25), 1n);
  assert.equal(factor(16n, 0.2), 4n); // 3.2000000000000006 -> 4
  assert.equal(factor(10n, 0.1), 1n); // 10 * 0.1 == 1 exactly in float64
  assert.equal(factor(30n, 0.1), 3n); // 30 * 0.1 == 3 exactly
  assert.equal(factor(3n, 0.1), 1n); // 0.30000000000000004 -> 1
  assert.equal(factor(7n, 0.1), 1n); // 0.7000000000000001 -> 1
  assert.equal(factor(MAX, 1), MAX); // 2^64 >= 2^64
  assert.equal(factor(MAX, 2), MAX); // overflow guard
  assert.equal(factor(3145726n, 0.2), 629146n);
});

test("§1 ranges", () => {
  assert.deepEqual(rangeAdd({ min: 1n, max: MAX }, { min: 2n, max: 1n }), { min: 3n, max: MAX });
  assert.deepEqual(rangeMul({ min: 2n, max: 3n }, { min: 5n, max: 7n }), { min: 10n, max: 21n });
  assert.deepEqual(rangeFactor({ min: 1n, max: 5n }, 0.1), { min: 1n, max: 1n });
  assert.deepEqual(rangeUnion({ min: 3n, max: 4n }, { min: 1n, max: 2n }), { min: 1n, max: 4n });
});

test("§1 constants", () => {
  assert.equal(COST.SelectAndIdentCost, 1n);
  assert.equal(COST.ConstCost, 0n);
  assert.equal(COST.ListCreateBaseCost, 10n);
  assert.equal(COST.MapCreateBaseCost, 30n);
  assert.equal(COST.StructCreateBaseCost, 40n);
  assert.equal(COST.StringTraversalCostFactor, 0.1);
  assert.equal(COST.RegexStringLengthCostFactor, 0.25);
  assert.equal(K8S.MaxRequestSizeBytes, 3145728n);
  assert.equal(K8S.StaticEstimatedCostLimit, 10000000n);
  assert.equal(K8S.StaticEstimatedCRDCostLimit, 100000000n);
});

test("§10 fallback cardinality R/(minSize+1)", () => {
  assert.equal(unboundedCardinality(2n), 1048576n); // string / array / map / object without required
  assert.equal(unboundedCardinality(1n), 1572864n); // integer / number / int-or-string
  assert.equal(unboundedCardinality(4n), 629145n); // boolean
  assert.equal(unboundedCardinality(3n), 786432n); // duration
  assert.equal(unboundedCardinality(12n), 241979n); // date
  assert.equal(unboundedCardinality(21n), 142987n); // date-time
  assert.equal(unboundedCardinality(16n), 185042n); // object with required string field
});

test("§10 unbounded list/map element counts", () => {
  const R2 = K8S.MaxRequestSizeBytes - 2n;
  const list = (min) => R2 / (min + 1n);
  const map = (min) => R2 / (min + 6n);
  assert.deepEqual([2n, 3n, 12n, 21n, 1n, 4n, 16n].map(list), [
    1048575n,
    786431n,
    241978n,
    142987n,
    1572863n,
    629145n,
    185042n,
  ]);
  assert.deepEqual([2n, 3n, 12n, 21n, 1n, 4n, 16n].map(map), [
    393215n,
    349525n,
    174762n,
    116508n,
    449389n,
    314572n,
    142987n,
  ]);
});

test("§3 cardinality chain", () => {
  const leaf = { type: "string" };
  const items = { type: "object", properties: { host: leaf } };
  const rules = { type: "array", items };
  const spec = { type: "object", properties: { rules } };
  const root = { type: "object", properties: { spec } };
  assert.equal(ruleCardinality([root]), 1n);
  assert.equal(ruleCardinality([root, spec]), 1n);
  assert.equal(ruleCardinality([root, spec, rules]), 1n);
  assert.equal(ruleCardinality([root, spec, rules, items]), "unbounded");
  assert.equal(ruleCardinality([root, spec, rules, items, leaf]), "unbounded");
  rules.maxItems = 64;
  assert.equal(ruleCardinality([root, spec, rules, items, leaf]), 64n);
  rules.maxItems = -3;
  assert.equal(ruleCardinality([root, spec, rules, items]), 0n);
  // maps multiply by maxProperties
  const v = { type: "array", maxItems: 10, items: { type: "string" } };
  const m = { type: "object", additionalProperties: v, maxProperties: 7 };
  const r2 = { type: "object", properties: { m } };
  assert.equal(ruleCardinality([r2, m, v, v.items]), 70n);
  delete m.maxProperties;
  assert.equal(ruleCardinality([r2, m, v, v.items]), "unbounded");
  // saturation
  const big = {
    type: "array",
    maxItems: 2 ** 40,
    items: { type: "array", maxItems: 2 ** 40, items: { type: "integer" } },
  };
  assert.equal(ruleCardinality([big, big.items, big.items.items]), MAX);
});

test("§3 expression cost", () => {
  assert.equal(expressionCost(0n, "unbounded", 2n), 0n);
  assert.equal(expressionCost(5n, 10n, 2n), 50n);
  assert.equal(expressionCost(5n, 0n, 2n), 0n);
  assert.equal(expressionCost(3n, "unbounded", 2n), 3n * 1048576n);
  assert.equal(expressionCost(3n, "unbounded", 1n), 3n * 1572864n);
  assert.equal(expressionCost(MAX, 2n, 2n), MAX);
});

test("§8 factor text", () => {
  assert.equal(costFactorText(10471560n, 10000000n), "1.047156x");
  assert.equal(costFactorText(10000001n, 10000000n), "1.000000x");
  assert.equal(costFactorText(10000010n, 10000000n), "1.000001x");
  assert.equal(costFactorText(23000000n, 10000000n), "2.3x");
  assert.equal(costFactorText(15000000n, 10000000n), "1.5x");
  assert.equal(costFactorText(14999999n, 10000000n), "1.500000x");
  assert.equal(costFactorText(1000000000n, 10000000n), "100.0x");
  assert.equal(costFactorText(1000000001n, 10000000n), "more than 100x");
  assert.equal(costFactorText(MAX, 10000000n), "more than 100x");
  // exact binary ties round half to even, as Go's strconv does
  assert.equal(formatFixed(1.0078125, 6), "1.007812");
  assert.equal(formatFixed(1.0078375, 6), "1.007837"); // the double is 1.00783749999..., not a tie
  assert.equal(formatFixed(2.25, 1), "2.2");
  assert.equal(formatFixed(2.75, 1), "2.8");
  assert.equal(formatFixed(0.5, 0), "0");
  assert.equal(formatFixed(1.5, 0), "2");
  assert.equal(costFactorText(10078125n, 10000000n), "1.007812x");
  assert.equal(costFactorText(22500000n, 10000000n), "2.2x");
  assert.equal(costFactorText(52500000n, 10000000n), "5.2x");
});

test("§8 messages", () => {
  assert.equal(
    costErrorMessage("estimated rule cost", 5497553715202n, 10000000n),
    "estimated rule cost exceeds budget by factor of more than 100x (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)",
  );
});

test("§8 schema verdict: per-expression, contributors, total", () => {
  const sp = "spec.validation.openAPIV3Schema";
  const obs = [
    { path: `${sp}.x-kubernetes-validations[0].rule`, kind: "rule", cost: 9000000n },
    { path: `${sp}.properties[a].x-kubernetes-validations[0].rule`, kind: "rule", cost: 30000000n },
    {
      path: `${sp}.properties[a].x-kubernetes-validations[0].messageExpression`,
      kind: "messageExpression",
      cost: 999999n,
    },
    { path: `${sp}.properties[b].x-kubernetes-validations[0].rule`, kind: "rule", cost: 30000000n },
    { path: `${sp}.properties[c].x-kubernetes-validations[0].rule`, kind: "rule", cost: 9000000n },
    {
      path: `${sp}.properties[d].x-kubernetes-validations[0].rule`,
      kind: "rule",
      cost: 30000000n,
      skipPerExpressionCheck: true,
    },
    {
      path: `${sp}.properties[e].x-kubernetes-validations[0].messageExpression`,
      kind: "messageExpression",
      cost: 12000000n,
    },
  ];
  const { total, findings } = schemaCostVerdict(obs, sp);
  assert.equal(total, 9000000n + 30000000n + 999999n + 30000000n + 9000000n + 30000000n + 12000000n);
  assert.deepEqual(
    findings.map((f) => [f.kind, f.path]),
    [
      ["rule-exceeds-budget", `${sp}.properties[a].x-kubernetes-validations[0].rule`],
      ["rule-exceeds-budget", `${sp}.properties[b].x-kubernetes-validations[0].rule`],
      ["message-expression-exceeds-budget", `${sp}.properties[e].x-kubernetes-validations[0].messageExpression`],
      ["total-contributor", `${sp}.properties[a].x-kubernetes-validations[0].rule`],
      ["total-contributor", `${sp}.properties[b].x-kubernetes-validations[0].rule`],
      ["total-contributor", `${sp}.properties[d].x-kubernetes-validations[0].rule`],
      ["total-contributor", `${sp}.properties[e].x-kubernetes-validations[0].messageExpression`],
      ["schema-total-exceeds-budget", sp],
    ],
  );
  assert.equal(findings[0].detail, costErrorMessage("estimated rule cost", 30000000n, 10000000n));
  assert.match(findings[2].detail, /^estimated messageExpression cost exceeds budget by factor of 1\.200000x/);
  assert.equal(
    findings[3].detail,
    "contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema",
  );
  assert.match(
    findings.at(-1).detail,
    /^x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema exceeds budget by factor of 1\.210000x/,
  );
  // under the total limit: no total findings
  assert.deepEqual(
    schemaCostVerdict(obs.slice(0, 2), sp).findings.map((f) => f.kind),
    ["rule-exceeds-budget"],
  );
});

test("§8 most expensive: ties keep the earlier, truncated to 4, threshold 1,000,000", () => {
  const t = new TotalCost();
  t.observe("a", 999999n);
  t.observe("b", 2000000n);
  t.observe("c", 2000000n);
  t.observe("d", 5000000n);
  t.observe("e", 1000000n);
  t.observe("f", 2000000n);
  assert.deepEqual(
    t.mostExpensive.map((m) => m.path),
    ["d", "b", "c", "f"],
  );
  t.observe("g", MAX);
  assert.equal(t.total, MAX);
  assert.deepEqual(
    t.mostExpensive.map((m) => m.path),
    ["g", "d", "b", "c"],
  );
});
