// What changed in the estimate between Kubernetes 1.36 (cel-go v0.26.0) and 1.37 (cel-go v0.29.2), and what did not.
// docs/cel-cost.md has the upstream files. Derivations use cel-go checker/cost.go (functionCost) and the Kubernetes
// library estimator (apiserver pkg/cel/library/cost.go, EstimateCallCost), with:
//   unbounded string size S = 3,145,726 (3 MiB − 2); ⌈S × 0.1⌉ = 314,573; ⌈(S + 1) × 0.1⌉ = ⌈314,572.7⌉ = 314,573;
//   `self.f` costs 2 (ident 1 + select on an object 1); a literal costs 0; `x >= 0` and `x == 'lit'` add their own call.
import { test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crdlint } from "../helpers/cli.mjs";

const { createCelCompiler } = await import("../../dist/cel/schema/compile.js");
const { estimateCost } = await import("../../dist/cel/k8s/cost.js");
const { estimateWithReleaseChange } = await import("../../dist/cel/schema/release-changes.js");
const { BASELINE_CRD } = await import("../../dist/rules/examples.js");

const compilers = new Map();
function compile(minor, schema, expression) {
  let c = compilers.get(minor);
  if (!c) compilers.set(minor, (c = createCelCompiler(minor)));
  const r = c.compileRule({ schema, isResourceRoot: false, expression, kind: "rule", optionalOldSelf: false });
  if (!r.ok) throw new Error(`compile failed for ${expression}: ${JSON.stringify(r.errors)}`);
  return r;
}
const cost = (minor, schema, expression) => {
  const r = compile(minor, schema, expression);
  return estimateCost(r.ast, r.rootDecl, { kubernetesMinor: minor }).max;
};

const schema = {
  type: "object",
  properties: {
    s: { type: "string" }, // size {0, 3145726}
    b: { type: "string", maxLength: 10 }, // size {0, 40} (4 bytes per character)
    l: { type: "array", maxItems: 10, items: { type: "string", maxLength: 5 } }, // 10 items of size {0, 20}
    m: { type: "object", maxProperties: 64, additionalProperties: { type: "string" } },
    ios: { "x-kubernetes-int-or-string": true }, // dyn, size {0, 3145726}
    e: { type: "string", enum: ["Always", "Never"] }, // size {0, 6}: the longest enum value
  },
};

test("1.37: the global matches(s, re) is costed like s.matches(re) (cel-go v0.29, cel-expr/cel-go#1350)", () => {
  const cases = [
    // 1.36: overload "matches" falls to the default 1 + args = 1 + 2 = 3.
    // 1.37: ⌈(S+1)·0.1⌉ × ⌈len('^a+$')=4 × 0.25⌉ = 314,573 × 1, + args 2 = 314,575.
    ["matches(self.s, '^a+$')", 3n, 314575n],
    // b: ⌈(40+1)·0.1⌉ = 5, × 1, + 2 = 7.
    ["matches(self.b, '^a+$')", 3n, 7n],
    // int-or-string is dyn with size S: the same as an unbounded string.
    ["matches(self.ios, '^a+$')", 3n, 314575n],
    // enum bounds the size by the longest value (6): ⌈7·0.1⌉ = 1 × ⌈2·0.25⌉ = 1, + 2 = 3: unchanged.
    ["matches(self.e, '^A')", 3n, 3n],
    // The regex as a field: ⌈41·0.1⌉ = 5 × ⌈S·0.25⌉ = ⌈786,431.5⌉ = 786,432 → 3,932,160, + args 2 + 2 = 3,932,164.
    ["matches(self.b, self.s)", 5n, 3932164n],
    // In a comprehension: x has the item size {0,20}: ⌈21·0.1⌉ = 3 × ⌈8·0.25⌉ = 2 → 6, + x 1 = 7 (1.36: 1 + 1 = 2).
    // all(): range self.l 2 + result 1 + 10 × (loop 2 + step (1 + p)) = 3 + 10 × (3 + 7) = 103 (1.36: 3 + 10 × 5 = 53).
    ["self.l.all(x, matches(x, '^[a-z]+$'))", 53n, 103n],
  ];
  for (const [expr, at36, at37] of cases) {
    assert.equal(cost(36, schema, expr), at36, `${expr} at 1.36`);
    assert.equal(cost(37, schema, expr), at37, `${expr} at 1.37`);
  }
  // The member form was always costed: 314,573 × 1 + target 2 = 314,575 at both releases.
  assert.equal(cost(36, schema, "self.s.matches('^a+$')"), 314575n);
  assert.equal(cost(37, schema, "self.s.matches('^a+$')"), 314575n);
  // Earlier releases keep the default cost too (the change is in cel-go v0.29 only).
  for (const minor of [30, 33, 34]) assert.equal(cost(minor, schema, "matches(self.s, '^a+$')"), 3n, `1.${minor}`);
});

test("strings-extension functions: the Kubernetes library estimator prices them at 1.36 and 1.37 alike", () => {
  // Kubernetes registers ext.Strings(StringsVersion(2)); cel-go v0.29 adds its strings estimators only at version ≥ 5,
  // so functionCost never finds an overload estimator for them and the Kubernetes estimator (by function name) answers.
  const cases = [
    // indexOf/lastIndexOf on a string target: size × 0.1 = 314,573, + target 2 = 314,575; `>= 0` adds 1.
    ["self.s.indexOf('abc') >= 0", 314576n],
    ["self.s.lastIndexOf('abc') >= 0", 314576n],
    ["self.s.indexOf('abc', 2) >= 0", 314576n],
    // b: ⌈40 × 0.1⌉ = 4, + 2, + 1 = 7.
    ["self.b.indexOf('abc') >= 0", 7n],
    // charAt: no estimator: 1 + target 2 = 3; `== 'a'`: the result has no size (unknown) vs 1 → ⌈1·0.1⌉ = 1 → 4.
    ["self.s.charAt(3) == 'a'", 4n],
    // substring/lowerAscii/upperAscii/trim: size × 0.1 = 314,573, result size {0,S}; + 2; `== 'abc'`/'x' → +1.
    ["self.s.substring(1, 4) == 'abc'", 314576n],
    ["self.s.lowerAscii() == 'x'", 314576n],
    ["self.s.upperAscii() == 'x'", 314576n],
    ["self.s.trim() == 'x'", 314576n],
    // replace: ⌈S × 0.2⌉ = ⌈629,145.2⌉ = 629,146, + 2; result {0, 2S}; `== 'x'` → +1 = 629,149.
    ["self.s.replace('a', 'bb') == 'x'", 629149n],
    // split: 629,146 + 2; size() 1; `> 0` 1 → 629,150.
    ["self.s.split(',').size() > 0", 629150n],
    // join: (10 × 20 + 1 × (10 − 1)) = 209 → ⌈20.9⌉ = 21, + self.l 2 = 23; `== 'x'` → 24.
    ["self.l.join(',') == 'x'", 24n],
    // format (cel-go built-in string_format): ⌈size('%s') 2 × 0.1⌉ = 1, + [self.s] (10 + 2) = 13; `==` → 14.
    ["'%s'.format([self.s]) == 'x'", 14n],
    // strings.quote (cel-go built-in strings_quote): 314,573 + 2; `==` → 314,576.
    ["strings.quote(self.s) == 'x'", 314576n],
    // Map keys have size 0: each indexOf costs 0 + k 1; `>= 0` 1 → 2; && → 4; all() over 64 keys:
    // self.m 2 + result 1 + 64 × (loop 2 + step 1 + 4) = 3 + 448 = 451.
    ["self.m.all(k, k.indexOf('x') >= 0 && k.lastIndexOf('y') >= 0)", 451n],
    // Map values are unbounded strings: self.m[k] = 1 + 2 + 1 = 4; indexOf 314,573 + 4; `>= 0` → 314,578;
    // per entry 2 + 1 + 314,578 = 314,581; × 64 = 20,133,184, + 3 = 20,133,187.
    ["self.m.all(k, self.m[k].indexOf('x') >= 0)", 20133187n],
  ];
  for (const [expr, want] of cases) {
    assert.equal(cost(36, schema, expr), want, `${expr} at 1.36`);
    assert.equal(cost(37, schema, expr), want, `${expr} at 1.37`);
  }
  // reverse() is strings version 3: Kubernetes does not offer it at either release.
  for (const minor of [36, 37]) assert.throws(() => compile(minor, schema, "self.s.reverse() == 'x'"), /reverse/);
});

test("the release note names the change and both estimates, only when the estimate differs", () => {
  const note = (minor, expr) => {
    const r = compile(minor, schema, expr);
    return estimateWithReleaseChange(r.ast, r.rootDecl, minor);
  };
  const at37 = note(37, "matches(self.s, '^a+$')");
  assert.equal(at37.estimatedCost, 314575n);
  assert.equal(at37.releaseChange.before, 3n);
  assert.equal(at37.releaseChange.after, 314575n);
  assert.match(
    at37.releaseChange.text,
    /^cost changed in Kubernetes 1\.37: cel-go v0\.29 estimates the global matches/,
  );
  assert.match(at37.releaseChange.text, /goes from 3 to 314,575 per evaluation$/);
  const at36 = note(36, "matches(self.s, '^a+$')");
  assert.equal(at36.estimatedCost, 3n);
  assert.match(at36.releaseChange.text, /^cost changes in Kubernetes 1\.37: .* from 3 to 314,575 per evaluation$/);
  // At an older release only the matches call is flipped, the rest stays that release's estimator (1.30: legacy
  // comprehension sizing): inside all() over l the per-item cost goes from 2 to 7, 53 → 103 as at 1.36 → 1.37.
  const at30 = note(30, "self.l.all(x, matches(x, '^[a-z]+$'))");
  assert.deepEqual([at30.estimatedCost, at30.releaseChange.before, at30.releaseChange.after], [53n, 53n, 103n]);
  // Same estimate at both releases (bounded enum string), or no global matches at all: no note.
  assert.equal(note(37, "matches(self.e, '^A')").releaseChange, undefined);
  assert.equal(note(37, "self.s.matches('^a+$')").releaseChange, undefined);
  assert.equal(note(37, "self.s.indexOf('a') >= 0").releaseChange, undefined);
});

// kgateway v2.1.2's rule shape (cert-manager/cert-manager#9230): 2,516,585 per call × maxItems 16 = 40,265,360.
const kgateway = (maxLength) => `${BASELINE_CRD}        properties:
          accessLog:
            type: array
            maxItems: 16
            items:
              type: object
              properties:
                timeout:
                  type: string${maxLength ? `\n                  maxLength: ${maxLength}` : ""}
                  x-kubernetes-validations:
                  - rule: "matches(self, '^([0-9]{1,5}(h|m|s|ms)){1,4}$')"
`;

test("crdlint cost and lint explain the 1.37 change, and the suggested maxLength fixes it", () => {
  const dir = mkdtempSync(join(tmpdir(), "crdlint-cost137-"));
  try {
    const file = join(dir, "crd.yaml");
    writeFileSync(file, kgateway(null));
    // 1.36: 2 per call (1 + self), × 16 = 32: accepted; the table announces the change.
    const t36 = crdlint(["cost", "-k", "1.36", file]);
    assert.equal(t36.status, 0, t36.stderr);
    assert.match(t36.stdout, /- cost changes in Kubernetes 1\.37: .* goes from 2 to 2,516,585 per evaluation/);
    // 1.37: ⌈3,145,727 × 0.1⌉ = 314,573 × ⌈29 × 0.25⌉ = 8 → 2,516,584, + self 1 = 2,516,585; × 16 = 40,265,360.
    const j37 = crdlint(["cost", "-k", "1.37", "--format", "json", file]);
    assert.equal(j37.status, 1);
    const e = j37.json.expressions[0];
    assert.equal(e.estimatedCost, 2516585);
    assert.equal(e.maxCardinality, 16);
    assert.equal(e.totalCost, 40265360);
    assert.deepEqual(
      {
        release: e.releaseChange.release,
        before: e.releaseChange.estimatedCostBefore,
        after: e.releaseChange.estimatedCostAfter,
      },
      { release: "1.37", before: 2, after: 2516585 },
    );
    const l37 = crdlint(["lint", "-k", "1.37", "--format", "json", file]);
    const d = l37.json.diagnostics.find((x) => x.rule === "cel-cost-rule-exceeds-budget");
    // 40,265,360 / 10,000,000 = 4.026536 → "%.1f" → 4.0, the factor the cert-manager e2e run reported.
    assert.match(d.message, /^estimated rule cost exceeds budget by factor of 4\.0x \(/);
    assert.match(d.detail, /^cost changed in Kubernetes 1\.37: /);
    const fix = /add maxLength: (\d+) at accessLog\[\*\]\.timeout/.exec(d.suggestion);
    assert.ok(fix, d.suggestion);
    // The suggestion holds: with that maxLength the rule fits at 1.37.
    writeFileSync(file, kgateway(fix[1]));
    const fixed = crdlint(["lint", "-k", "1.37", "--format", "json", file]);
    assert.deepEqual(
      fixed.json.diagnostics.filter((x) => x.category === "cel-cost"),
      [],
    );
    // kgateway's own fix (maxLength 32): ⌈129 × 0.1⌉ = 13 × 8 + 1 = 105 per call, × 16 = 1,680.
    writeFileSync(file, kgateway(32));
    const k32 = crdlint(["cost", "-k", "1.37", "--format", "json", file]);
    assert.equal(k32.json.expressions[0].totalCost, 1680);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
