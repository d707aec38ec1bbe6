// What Kubernetes 1.38 (the pre-release, k8s.io/* v0.38.0-alpha.2) changes in CEL, as src/k8s/releases.ts names it:
// celCostUrlAccessorSizes (kubernetes/kubernetes#141984) and celCidrIsMask. The 1.38 numbers are the oracle's
// (oracle/bin/oracle-1.38, cel-cost op, maxCost) for the same schema and rules; derivations below use apiserver
// pkg/cel/library/cost.go and cel-go checker/cost.go, with a string of maxLength 100 sized 400 (4 bytes a character).
import { test } from "node:test";
import assert from "node:assert/strict";

const { createCelCompiler } = await import("../../dist/cel/schema/compile.js");
const { estimateCost } = await import("../../dist/cel/k8s/cost.js");
const { CIDR_FUNCTIONS } = await import("../../dist/cel/k8s/cidr.js");

const schema = { type: "string", maxLength: 100 };
function compile(minor, expression, mode = "new", s = schema) {
  return createCelCompiler(minor, mode).compileRule({
    schema: s,
    isResourceRoot: false,
    expression,
    kind: "rule",
    optionalOldSelf: false,
  });
}
const cost = (minor, expression) => {
  const r = compile(minor, expression);
  if (!r.ok) throw new Error(`compile failed for ${expression}: ${JSON.stringify(r.errors)}`);
  return estimateCost(r.ast, r.rootDecl, { kubernetesMinor: minor }).max;
};

test("1.38: a URL accessor's result is sized by its URL (getEscapedPath three times it); 1.37 left it unbounded", () => {
  // self 1 + url(self) ⌈400 × 0.1⌉ = 40 + getHost 1 = 42; matches ⌈(400 + 1) × 0.1⌉ × ⌈len('^[a-z]+$') 8 × 0.25⌉
  // = 41 × 2 = 82: 124. getEscapedPath: size 1,200, ⌈1,201 × 0.1⌉ × 2 = 242: 284.
  const cases = [
    ["url(self).getHost().matches('^[a-z]+$')", 124n],
    ["url(self).getEscapedPath().matches('^[a-z]+$')", 284n],
  ];
  for (const [expr, at138] of cases) {
    assert.equal(cost(38, expr), at138, expr);
    assert.ok(cost(37, expr) > 10n ** 15n, `${expr}: unbounded at 1.37 (${cost(37, expr)})`);
  }
  // An accessor alone costs 1 at both releases: only what is done with its result changes (the oracle: 44 at 1.38).
  assert.equal(cost(38, "url(self).getQuery().size() < 10"), 44n);
  assert.equal(cost(37, "url(self).getQuery().size() < 10"), 44n);
  assert.equal(cost(38, "url(self).getScheme() == 'https'"), cost(37, "url(self).getScheme() == 'https'"));
});

test("1.38: cidr(...).isMask() exists for stored expressions only (new ones compile at compatibility version 1.37)", () => {
  assert.equal(compile(38, "cidr(self).isMask()", "stored").ok, true);
  assert.equal(compile(38, "cidr(self).isMask()", "new").ok, false);
  assert.equal(compile(37, "cidr(self).isMask()", "stored").ok, false);
  const isMask = (s) => CIDR_FUNCTIONS.cidr_is_mask([CIDR_FUNCTIONS.string_to_cidr([s])]);
  assert.equal(isMask("192.168.0.0/24"), true);
  assert.equal(isMask("192.168.0.1/24"), false);
  assert.equal(isMask("10.0.0.0/7"), true, "10 is 0000101|0: nothing after the 7 bits");
  assert.equal(isMask("11.0.0.0/7"), false, "11 is 0000101|1");
  assert.equal(isMask("::/0"), true);
  assert.equal(isMask("2001:db8::1/64"), false);
  assert.equal(isMask("2001:db8::/128"), true);
});
