// `-k 1.38`: the next release before it ships (src/k8s/releases.ts PRERELEASE_KUBERNETES_MINOR), read from the
// k8s.io modules v0.38.0-alpha.2. Every output names it as a pre-release; a released minor's output is unchanged.
// Whole outputs through the CLI.
import { test } from "node:test";
import assert from "node:assert/strict";
import { crdlint } from "../helpers/cli.mjs";
import { tmp } from "../helpers/tmp.mjs";

const MARK = "1.38 (pre-release, v0.38.0-alpha.2)";

const POOLS = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: pools.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {plural: pools, singular: pool, kind: Pool, listKind: PoolList}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              members:
                type: array
                minItems: 2
                maxItems: 8
                items: {type: string, maxLength: 63}
              labels:
                type: object
                minProperties: 1
                additionalProperties: {type: string}
`;
const POOL = `apiVersion: example.com/v1
kind: Pool
metadata:
  name: small
spec:
  members: [a]
  labels: {}
`;
const SUITE = `crd: pools.crd.yaml
tests:
  - name: one member is too few
    object: {spec: {members: [a]}}
    expectedErrors:
      - field: spec.members
        type: Too few
        message: must have at least 2 items
`;
const dir = tmp({ "pools.crd.yaml": POOLS, "pool.yaml": POOL, "pools.crdtest.yaml": SUITE });
const run = (args) => crdlint(args, { cwd: dir });

test("validate -k 1.38: minItems and minProperties fail as Too few; the summary marks the pre-release", () => {
  const r = run(["validate", "-k", "1.38", "--crd", "pools.crd.yaml", "pool.yaml"]);
  assert.equal(r.status, 1, r.stderr);
  assert.equal(
    r.stdout,
    `pool.yaml
  6:3      error   spec.members: Too few: 1: must have at least 2 items  resource-schema-invalid
  7:3      error   spec.labels: Too few: 0: must have at least 1 item  resource-schema-invalid

✖ 2 problems (2 errors, 0 warnings) in 1 file, 1 CRD, 1 resource, Kubernetes ${MARK}
`,
  );
  // 1.37 is unchanged: kube-openapi's text as Invalid value, and no mark.
  const old = run(["validate", "-k", "1.37", "--crd", "pools.crd.yaml", "pool.yaml"]);
  assert.equal(
    old.stdout,
    `pool.yaml
  6:3      error   spec.members: Invalid value: 1: spec.members in body should have at least 2 items  resource-schema-invalid
  7:3      error   spec.labels: Invalid value: 0: spec.labels in body should have at least 1 properties  resource-schema-invalid

✖ 2 problems (2 errors, 0 warnings) in 1 file, 1 CRD, 1 resource, Kubernetes 1.37
`,
  );
  const json = run(["validate", "-k", "1.38", "-f", "json", "--crd", "pools.crd.yaml", "pool.yaml"]).json;
  assert.deepEqual(
    json.diagnostics.map((d) => [d.field, d.type, d.value, d.message]),
    [
      ["spec.members", "Too few", "1", "must have at least 2 items"],
      ["spec.labels", "Too few", "0", "must have at least 1 item"],
    ],
  );
});

test("lint -k 1.38 in every format: JSON prerelease, SARIF and JUnit properties, text and Markdown summaries", () => {
  const json = run(["lint", "-k", "1.38", "-f", "json", "pools.crd.yaml"]);
  assert.equal(json.status, 0, json.stderr);
  assert.equal(
    json.stdout,
    `{
  "tool": "crdlint",
  "version": "${json.json.version}",
  "kubernetesVersion": "1.38",
  "prerelease": "v0.38.0-alpha.2",
  "diagnostics": [],
  "summary": {
    "files": 1,
    "documents": 1,
    "crds": 1,
    "resources": 0,
    "skipped": 0,
    "suppressedApiserverErrors": 0,
    "errors": 0,
    "warnings": 0,
    "infos": 0
  }
}
`,
  );
  assert.equal(run(["lint", "-k", "1.37", "-f", "json", "pools.crd.yaml"]).json.prerelease, undefined);
  assert.equal(
    run(["lint", "-k", "1.38", "pools.crd.yaml"]).stdout,
    `✔ no problems (1 file, 1 CRD, Kubernetes ${MARK})\n`,
  );
  assert.equal(
    run(["lint", "-k", "1.38", "-f", "markdown", "pools.crd.yaml"]).stdout.split("\n")[0],
    `### crdlint (Kubernetes ${MARK})`,
  );
  const sarif = JSON.parse(run(["lint", "-k", "1.38", "-f", "sarif", "pools.crd.yaml"]).stdout);
  assert.deepEqual(sarif.runs[0].properties, { kubernetesVersion: "1.38", prerelease: "v0.38.0-alpha.2" });
  assert.equal(JSON.parse(run(["lint", "-f", "sarif", "pools.crd.yaml"]).stdout).runs[0].properties, undefined);
  assert.equal(
    run(["lint", "-k", "1.38", "-f", "junit", "pools.crd.yaml"]).stdout,
    `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="crdlint" tests="1" failures="0" errors="0">
  <testsuite name="pools.crd.yaml" tests="1" failures="0" errors="0">
    <properties>
      <property name="kubernetesVersion" value="1.38"/>
      <property name="prerelease" value="v0.38.0-alpha.2"/>
    </properties>
    <testcase classname="pools.crd.yaml" name="crdlint pools.crd.yaml">
      <system-out>no problems</system-out>
    </testcase>
  </testsuite>
</testsuites>
`,
  );
  assert.doesNotMatch(run(["lint", "-k", "1.37", "-f", "junit", "pools.crd.yaml"]).stdout, /properties/);
});

test("diff, test and cel eval -k 1.38 mark the pre-release", () => {
  const d = tmp({ "old.yaml": POOLS, "new.yaml": POOLS.replace("maxItems: 8", "maxItems: 4") });
  const diff = crdlint(["diff", "-k", "1.38", "old.yaml", "new.yaml"], { cwd: d });
  assert.equal(diff.status, 0, diff.stderr);
  assert.match(
    diff.stdout,
    new RegExp(`in 1 file, 1 CRD, Kubernetes 1\\.38 \\(pre-release, v0\\.38\\.0-alpha\\.2\\)\\n`),
  );
  assert.equal(
    crdlint(["diff", "-k", "1.38", "-f", "json", "old.yaml", "new.yaml"], { cwd: d }).json.prerelease,
    "v0.38.0-alpha.2",
  );

  // The suite expects 1.38's Too few: it passes there and fails at 1.37.
  const t = run(["test", "-k", "1.38", "pools.crdtest.yaml"]);
  assert.equal(t.status, 0, t.stdout + t.stderr);
  assert.match(
    t.stdout,
    /^1 case in 1 suite: 1 passed, 0 failed, 0 errored \(Kubernetes 1\.38 \(pre-release, v0\.38\.0-alpha\.2\), \d+ ms\)\n$/,
  );
  assert.equal(run(["test", "-k", "1.37", "pools.crdtest.yaml"]).status, 1);
  const tj = run(["test", "-k", "1.38", "-f", "json", "pools.crdtest.yaml"]).json;
  assert.deepEqual([tj.kubernetesVersion, tj.prerelease], ["1.38", "v0.38.0-alpha.2"]);

  const args = [
    "cel",
    "eval",
    "--crd",
    "pools.crd.yaml",
    "--object",
    "pool.yaml",
    "--path",
    "spec",
    "size(self.members) >= 2",
  ];
  const e = run([...args, "-k", "1.38"]);
  assert.equal(e.status, 0, e.stderr);
  assert.equal(
    e.stdout,
    `pools.example.com v1, Kubernetes ${MARK}, self at spec
expression: size(self.members) >= 2
type: bool
value: false
runtime cost: 4 (limits: 1,000,000 per evaluation, 10,000,000 per request)
estimated cost: 4 × 1 = 4 of the 10,000,000 per-rule limit (0%)
`,
  );
  const ej = run([...args, "-k", "1.38", "-f", "json"]).json;
  assert.deepEqual(Object.keys(ej).slice(0, 4), ["tool", "version", "kubernetesVersion", "prerelease"]);
  assert.equal(ej.prerelease, "v0.38.0-alpha.2");
  assert.equal(run([...args, "-f", "json"]).json.prerelease, undefined);
});

test("cost: URL accessor rules over the budget at 1.37 fit at 1.38 (kubernetes/kubernetes#141984), which says why", () => {
  const fixture = "fixtures/cel-cost/url-accessors.yaml";
  const old = crdlint(["cost", "-k", "1.37", "-f", "json", fixture]);
  assert.equal(old.status, 1);
  assert.equal(old.json.prerelease, undefined);
  // 1.37 does not announce what the pre-release changes: a released minor's output does not depend on it.
  assert.deepEqual(
    old.json.expressions.filter((e) => e.releaseChange),
    [],
  );
  const next = crdlint(["cost", "-k", "1.38", fixture]);
  assert.equal(next.status, 0, next.stderr);
  assert.equal(
    next.stdout,
    `${fixture}  serviceendpoints.network.example.com  version v1
  total 2,962,975 of 100,000,000 (2.96%)
  line        estimated    × cardinality          = total  % limit  expression
  40          2,202,015                1        2,202,015   22.02%  isURL(self) && url(self).getHost().matches('^[a-z0-9.-]+(:[0-9]+)?$')
         at spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[consoleURL].x-kubernetes-validations[0].rule
         - cost changed in Kubernetes 1.38: a URL accessor's result (getHost, getEscapedPath, ...) is sized by its URL (kubernetes/kubernetes#141984), where earlier releases priced it as the largest possible string; this expression's estimate goes from 11,068,046,444,226,046,161 (about 1.1 × 10^19) to 2,202,015 per evaluation
  35             15,573               32          498,336    4.98%  !isURL(self) || url(self).getEscapedPath().matches('^(/[-a-zA-Z0-9....
         at spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[apiServerURLs].items.x-kubernetes-validations[1].rule
         - cost changed in Kubernetes 1.38: a URL accessor's result (getHost, getEscapedPath, ...) is sized by its URL (kubernetes/kubernetes#141984), where earlier releases priced it as the largest possible string; this expression's estimate goes from 11,068,046,444,225,732,409 (about 1.1 × 10^19) to 15,573 per evaluation
  33              8,207               32          262,624    2.62%  isURL(self) && url(self).getScheme() == 'https' && url(self).getHos...
         at spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[apiServerURLs].items.x-kubernetes-validations[0].rule
         - cost changed in Kubernetes 1.38: a URL accessor's result (getHost, getEscapedPath, ...) is sized by its URL (kubernetes/kubernetes#141984), where earlier releases priced it as the largest possible string; this expression's estimate goes from 14,757,395,258,967,643,759 (about 1.4 × 10^19) to 8,207 per evaluation

3 expressions in 1 schema, Kubernetes ${MARK}; limits 10,000,000 per expression, 100,000,000 per schema; over a limit: 0 expressions, 0 schemas ("~" marks the apiserver's estimate for an unbounded cardinality)
`,
  );
  const json = crdlint(["cost", "-k", "1.38", "-f", "json", fixture]).json;
  assert.deepEqual(Object.keys(json).slice(0, 4), ["tool", "version", "kubernetesVersion", "prerelease"]);
  // The oracle built from v0.38.0-alpha.2 (cel-cost op) answers 8,207, 15,573 and 2,202,015 per call.
  assert.deepEqual(
    json.expressions.map((e) => String(e.maxCost ?? e.estimatedCost)).sort(),
    ["15573", "2202015", "8207"].sort(),
  );
});

test("-k 1.39 is refused and names the pre-release; the default stays 1.37", () => {
  const r = run(["lint", "-k", "1.39", "pools.crd.yaml"]);
  assert.equal(r.status, 2);
  assert.equal(
    r.stderr,
    'crdlint: kubernetesVersion: unsupported Kubernetes version "1.39" (crdlint knows 1.16 to 1.37, and 1.38 as a pre-release)\n',
  );
  assert.equal(run(["lint", "-f", "json", "pools.crd.yaml"]).json.kubernetesVersion, "1.37");
});
