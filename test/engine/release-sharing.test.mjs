// A run over several releases shares CEL work between them (src/cel/schema/compile.ts, src/cel/k8s/cost.ts): each
// rule's compilation with what it read of its release's environment, estimates with the flags and sizes they read,
// declaration types per schema node. What a release reads differently it computes again. These CRDs use a construct
// of each release-dependent kind (the accumulator's name, libraries that arrive at a release, 1.28's && overloads,
// literal validators, the cost estimator's changes, sizes that change with the release's declaration types, defaults
// validated by rules): at every release the range run finds exactly what a run at that release finds.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { cost, lint } from "../../dist/index.js";
import { createCelCompiler, createCompileShare } from "../../dist/cel/index.js";
import { tmp } from "../helpers/tmp.mjs";
import { oneVersionCrd } from "../helpers/crd-yaml.mjs";

const crd = ({ plural, kind, size, tag, formats = "" }) =>
  oneVersionCrd({
    plural,
    kind,
    schema: `        type: object
        x-kubernetes-validations:
        - rule: self.metadata.name.size() < 300
        - rule: "self.metadata.name.matches('^[a-z]+$')"
        properties:
          spec:
            type: object
            x-kubernetes-validations:
            - rule: self.items.all(x, x.size() > 0)
            - rule: self.items.all(x, __result__)
            - rule: "!has(self.cidr) || isCIDR(self.cidr)"
            - rule: self.flag && 1
            - rule: duration('1x') > duration('1s')
            - rule: matches(self.cidr, '^a')
            - rule: self.cidr.matches('^a')
            - rule: url(self.u).getHost() == 'x'
            - rule: url(self.u) == url(self.cidr)
            - rule: self.items.sort() == self.items
            - rule: sets.contains(self.items, self.items)
            - rule: quantity(self.q).isGreaterThan(quantity('1'))
            - rule: string(self.ios).size() < 10
            - rule: self.e.size() < 3
            - rule: has(self.flag)
            - rule: self.items.map(x, x + x).size() < 5
            - rule: self.?flag.orValue(false) == false
            - rule: self.counts.all(k, v, v > 0)
            - rule: self.items.existsOne(x, x == 'a')
            - rule: self.items.exists_one(x, x == 'a')
            - rule: self.unbounded.all(x, self.unbounded.all(y, x.startsWith(y)))
              messageExpression: "'bad: ' + self.unbounded.join(',')"
            - rule: self.items.slice(0, 1).size() >= 0
            - rule: format.dns1123Label().validate(self.cidr).hasValue()
            - rule: ip(self.cidr).family() == 4
            - rule: self.cidr == oldSelf.cidr
              optionalOldSelf: true
            - rule: oldSelf.hasValue()
              optionalOldSelf: true
            - rule: semver(self.cidr).major() == 1
            - rule: self.items.size() < 3 && self.items.indexOf('a') >= 0
            properties:
              flag: {type: boolean}
              cidr: {type: string, maxLength: 64, x-kubernetes-validations: [{rule: self.size() > 1}]}
              u: {type: string, maxLength: 64, x-kubernetes-validations: [{rule: self.size() > 1}]}
              q: {type: string, maxLength: 20}
              ios: {x-kubernetes-int-or-string: true, maxLength: 8}
              e: {type: string, enum: [a, bb, ccc]}
              items: {type: array, maxItems: 10, items: {type: string, maxLength: 10}}
              unbounded: {type: array, items: {type: string}}
              counts: {type: object, maxProperties: 4, additionalProperties: {type: integer}}
${formats}              raw: {type: string, format: byte, maxLength: 16, x-kubernetes-validations: [{rule: self.size() < 10}]}
              nested:
                type: object
                default: {size: ${size}}
                x-kubernetes-validations:
                - rule: self.size > 4
                  message: too small
                properties:
                  size: {type: integer, default: 5}
                  tags:
                    type: array
                    x-kubernetes-list-type: set
                    default: [${tag}]
                    items: {type: string, maxLength: 5}
                    x-kubernetes-validations: [{rule: "self.all(t, t != 'b')"}]
              empty:
                type: object
                properties: {}
                x-kubernetes-validations: [{rule: self == self}]
              embedded:
                type: object
                x-kubernetes-embedded-resource: true
                properties:
                  spec: {type: object, x-kubernetes-validations: [{rule: "!has(self.x)"}], properties: {x: {type: string}}}
`,
  });
// Defaults checked against formats whose checks change with the release (the k8s name formats, quantity, int8).
const FORMAT_DEFAULTS = `              fmtQuantity: {type: string, format: quantity, default: "1x"}
              fmtName: {type: string, format: k8s-short-name, default: "Not_Valid"}
              fmtLong: {type: string, format: k8s-long-name, default: "a..b"}
              fmtInt: {type: integer, format: int8, default: 5, maximum: 3}
              fmtFloat: {type: number, format: float32, default: 1.5}
`;
// The second CRD's defaults fail its rules (a CEL error on a default gates the CRD's other CEL checks).
const CRDS = [
  crd({ plural: "widgets", kind: "Widget", size: 5, tag: "a" }),
  crd({ plural: "gadgets", kind: "Gadget", size: 3, tag: "b", formats: FORMAT_DEFAULTS }),
].join("---\n");

const dir = tmp({ "crds.yaml": CRDS });
const releases = Array.from({ length: 10 }, (_, i) => `1.${28 + i}`);

test("lint over 1.28..1.37 finds at each release what a run at that release finds (shared CEL work)", async () => {
  const options = { preset: "strict", cwd: dir };
  const range = await lint([join(dir, "crds.yaml")], { ...options, kubernetesVersion: "1.28..1.37" });
  let compared = 0;
  for (const release of releases) {
    const one = await lint([join(dir, "crds.yaml")], { ...options, kubernetesVersion: release });
    const atRelease = range.diagnostics
      .filter((d) => d.releases.includes(release))
      .map(({ releases: _, ...d }) => JSON.stringify(d))
      .sort();
    assert.deepEqual(atRelease, one.diagnostics.map((d) => JSON.stringify(d)).sort(), `at ${release}`);
    compared += atRelease.length;
  }
  // The CRDs do reach the compiler, the estimator and the defaults' rules at every release.
  assert.ok(compared > 300, `${compared} diagnostics compared`);
  for (const id of ["cel-compile-failed", "default-cel-rule-failed", "cel-cost-rule-exceeds-budget"])
    assert.ok(
      range.diagnostics.some((d) => d.rule === id),
      id,
    );
});

test("cost over 1.28..1.37 estimates at each release what a run at that release estimates", async () => {
  const range = await cost([join(dir, "crds.yaml")], { kubernetesVersion: "1.28..1.37" });
  const facts = (e) => [e.estimatedCost, e.maxCardinality, e.totalCost, e.exceedsLimit].map(String);
  for (const release of releases) {
    const one = await cost([join(dir, "crds.yaml")], { kubernetesVersion: release });
    assert.ok(one.expressions.length > 20, `${release}: ${one.expressions.length} expressions`);
    for (const e of one.expressions) {
      const r = range.expressions.find((x) => x.document === e.document && x.field === e.field && x.kind === e.kind);
      const at = r?.byRelease.find((b) => b.releases.includes(release));
      assert.ok(at, `${release}: ${e.field} has no estimate in the range`);
      assert.deepEqual(facts(at), facts(e), `${release}: ${e.field}`);
    }
    const estimated = range.expressions.filter((x) => x.releases.includes(release)).length;
    assert.equal(estimated, one.expressions.length, `${release}: expressions estimated`);
  }
});

test("a compilation is shared with a release whose environment answers its reads alike, and only then", () => {
  const share = createCompileShare();
  const at = (minor) => createCelCompiler(minor, "new", share);
  const string = { type: "string", maxLength: 10 };
  const list = { type: "array", maxItems: 4, items: { type: "string", maxLength: 5 } };
  const compile = (c, schema, expression) => c.compileRule({ schema, isResourceRoot: false, expression, kind: "rule" });
  const [c30, c31, c32, c33] = [at(30), at(31), at(32), at(33)];
  // Nothing of the release read: one compilation for every release.
  const plain = compile(c30, string, "self.size() > 1");
  assert.equal(compile(c31, string, "self.size() > 1").ast, plain.ast);
  assert.equal(compile(c33, string, "self.size() > 1").ast, plain.ast);
  // isCIDR is declared for new expressions from 1.31: 1.30 and 1.31 read it differently.
  const cidr30 = compile(c30, string, "isCIDR(self)");
  const cidr31 = compile(c31, string, "isCIDR(self)");
  assert.equal(cidr30.ok, false);
  assert.equal(cidr31.ok, true);
  assert.equal(compile(c32, string, "isCIDR(self)").ast, cidr31.ast);
  // The accumulator's name changes at 1.32: visible to an expression that writes __result__ only.
  const acc31 = compile(c31, list, "self.all(x, __result__)");
  const acc32 = compile(c32, list, "self.all(x, __result__)");
  assert.notDeepEqual(acc31.errors, acc32.errors);
  assert.equal(
    compile(c32, list, "self.all(x, x.size() > 0)").ast,
    compile(c31, list, "self.all(x, x.size() > 0)").ast,
  );
});
