// A revision judged over several releases (diff and lint --against over 1.28..1.37) reads each text once and lints it
// with every release's engine, sharing between releases what a rule found without reading its release or OLD
// (src/commands/diff/index.ts, src/engine/range.ts). OLD and NEW here hold what an update judges differently by
// release: a rule OLD already had (compiled in the stored-expressions environment) beside new rules with libraries
// that arrive later, optionalOldSelf, an expensive rule in an unchanged version (its cost limit lifted) and in a changed
// one, selectable fields, non-scalar sets, defaults under release-dependent formats, and a CRD NEW adds. At every
// release the range run finds exactly what a run at that release finds.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { diff, diffText, lint } from "../../../dist/index.js";
import { tmp } from "../../helpers/tmp.mjs";
import { oneVersionCrd } from "../../helpers/crd-yaml.mjs";

const OLD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: things.example.com
spec:
  group: example.com
  names: {kind: Thing, plural: things}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    selectableFields: [{jsonPath: .spec.a}]
    schema:
      openAPIV3Schema: &schema
        type: object
        properties:
          spec:
            type: object
            x-kubernetes-validations:
            - rule: "!has(self.cidr) || isCIDR(self.cidr)"
            - rule: self.items.all(x, self.items.all(y, x.startsWith(y)))
            - rule: self.a == oldSelf.a
              optionalOldSelf: true
            properties:
              a: {type: string}
              cidr: {type: string, maxLength: 64}
              items: {type: array, items: {type: string}}
              tags: {type: array, x-kubernetes-list-type: set, items: {type: object, properties: {n: {type: string}}}}
              f: {type: string, format: k8s-short-name}
  - name: v2
    served: true
    storage: false
    schema:
      openAPIV3Schema: *schema
`;

// NEW: v1 unchanged (OLD's expensive rule keeps its cost limit lifted there), v2 given a schema of its own with new
// rules, fields and defaults, and a CRD added.
const OLD_V2 = `  - name: v2
    served: true
    storage: false
    schema:
      openAPIV3Schema: *schema
`;
const NEW_V2 = `  - name: v2
    served: true
    storage: false
    selectableFields: [{jsonPath: .spec.a}, {jsonPath: .spec.cidr}]
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            x-kubernetes-validations:
            - rule: "!has(self.cidr) || isCIDR(self.cidr)"
            - rule: "!has(self.c2) || isCIDR(self.c2) && ip(self.c2).family() == 4"
            - rule: self.items.all(x, self.items.all(y, x.startsWith(y)))
            - rule: self.items2.all(x, self.items2.all(y, x.startsWith(y)))
            - rule: self.a == oldSelf.a
              optionalOldSelf: true
            - rule: self.a2 == oldSelf.a2
              optionalOldSelf: true
            - rule: self.items2.all(x, __result__)
            - rule: self.c2.matches('^a') && matches(self.c2, 'b')
            - rule: format.dns1123Label().validate(self.c2).hasValue()
            - rule: self.items2.existsOne(x, x == 'a')
            properties:
              a: {type: string}
              a2: {type: string, default: "1x", format: quantity}
              cidr: {type: string, maxLength: 64}
              c2: {type: string, maxLength: 64}
              items: {type: array, items: {type: string}}
              items2: {type: array, items: {type: string}}
              tags: {type: array, x-kubernetes-list-type: set, items: {type: object, properties: {n: {type: string}}}}
              tags2: {type: array, x-kubernetes-list-type: set, items: {type: object, properties: {n: {type: string}}}}
              f: {type: string, format: k8s-short-name}
              f2: {type: string, format: k8s-long-name, default: "a..b"}
`;
const ADDED = oneVersionCrd({
  plural: "added",
  kind: "Added",
  schema: `        type: object
        x-kubernetes-validations:
        - rule: "!has(self.spec) || isCIDR(self.spec.c)"
        properties:
          spec: {type: object, properties: {c: {type: string, maxLength: 10}}}
`,
});
assert.ok(OLD.endsWith(OLD_V2));
const NEW = OLD.slice(0, -OLD_V2.length) + NEW_V2 + "---\n" + ADDED;

const dir = tmp({ "old/crds.yaml": OLD, "new/crds.yaml": NEW });
const releases = Array.from({ length: 10 }, (_, i) => `1.${28 + i}`);
const key = ({ releases: _, ...d }) => JSON.stringify(d);

/** The range's diagnostics at `release`, against a run at that release alone (each with the counts). */
function assertSameAt(range, one, release) {
  const atRelease = range.diagnostics.filter((d) => d.releases.includes(release)).map(key);
  assert.deepEqual(atRelease.sort(), one.diagnostics.map(key).sort(), `at ${release}`);
  return atRelease.length;
}

test("diff over 1.28..1.37 finds at each release what a diff at that release finds", async () => {
  const oldPaths = [join(dir, "old")];
  const newPaths = [join(dir, "new")];
  const range = await diff(oldPaths, newPaths, { kubernetesVersion: "1.28..1.37" });
  assert.deepEqual(range.releases, releases);
  let compared = 0;
  for (const release of releases)
    compared += assertSameAt(range, await diff(oldPaths, newPaths, { kubernetesVersion: release }), release);
  assert.ok(compared > 150, `${compared} diagnostics compared`);
  // The update is judged by release: findings hold at some releases only, and OLD's rule is not NEW's.
  const sets = new Set(range.diagnostics.map((d) => d.releases.join()));
  assert.ok(sets.size >= 5, `${sets.size} sets of releases`);
  // isCIDR arrives in 1.30's stored-expressions environment and 1.31's new one: at 1.30 a rule OLD had compiles, a
  // new rule does not.
  const failedAt = (i) =>
    range.diagnostics
      .filter(
        (d) =>
          d.rule === "cel-compile-failed" &&
          d.field === `spec.versions[1].schema.openAPIV3Schema.properties[spec].x-kubernetes-validations[${i}].rule`,
      )
      .flatMap((d) => d.releases);
  assert.deepEqual(failedAt(0), ["1.28", "1.29"]);
  assert.deepEqual(failedAt(1), ["1.28", "1.29", "1.30"]);
  for (const id of ["revision-crd-added", "cel-cost-rule-exceeds-budget", "default-schema-mismatch"])
    assert.ok(
      range.diagnostics.some((d) => d.rule === id),
      id,
    );
});

test("diffText and lint --against over 1.28..1.37 find at each release what a run at that release finds", async () => {
  const range = await diffText(OLD, NEW, { kubernetesVersion: "1.28..1.37" });
  const newFile = join(dir, "new", "crds.yaml");
  const against = join(dir, "old", "crds.yaml");
  const lintRange = await lint([newFile], { against, kubernetesVersion: "1.28..1.37", preset: "strict" });
  for (const release of releases) {
    assertSameAt(range, await diffText(OLD, NEW, { kubernetesVersion: release }), release);
    assertSameAt(lintRange, await lint([newFile], { against, kubernetesVersion: release, preset: "strict" }), release);
  }
  assert.equal(readFileSync(newFile, "utf8"), NEW);
});
