// The pre-release 1.38 against its own oracle (oracle/bin/oracle-1.38, built from k8s.io/* v0.38.0-alpha.2 by
// `node scripts/build-oracle.mjs --release 1.38`): the modules are the ones src/k8s/releases.ts names, and the two
// things 1.38 changes for crdlint's answers agree with the apiserver's code: the URL accessor cost estimates
// (kubernetes/kubernetes#141984) and minItems/minProperties as Too few. Skipped when that binary is not built.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { crdlint, root } from "../helpers/cli.mjs";
import { tmp } from "../helpers/tmp.mjs";
import { Oracle, oracleBinary } from "./client.mjs";

const { PRERELEASE_KUBERNETES_MINOR, PRERELEASE_MODULE_VERSION } = await import("../../dist/k8s/releases.js");
const release = `1.${PRERELEASE_KUBERNETES_MINOR}`;
const skip = existsSync(oracleBinary(root, release))
  ? false
  : `oracle/bin/oracle-${release} is not built (node scripts/build-oracle.mjs --release ${release})`;

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
              members: {type: array, minItems: 2, items: {type: string}}
              labels: {type: object, minProperties: 1, additionalProperties: {type: string}}
`;
const POOL = `apiVersion: example.com/v1
kind: Pool
metadata: {name: small, namespace: default}
spec: {members: [a], labels: {}}
`;

test(`oracle ${release} is built from the modules crdlint names, and agrees on 1.38's changes`, { skip }, async () => {
  const oracle = new Oracle(oracleBinary(root, release), release);
  try {
    const version = await oracle.request("version", {});
    assert.equal(version.kubernetes, release);
    for (const m of ["k8s.io/apiextensions-apiserver", "k8s.io/apiserver", "k8s.io/apimachinery"])
      assert.equal(version.modules[m], PRERELEASE_MODULE_VERSION, m);

    // cel-cost: every rule's per-call estimate (the oracle's maxCost, crdlint's estimatedCost).
    const fixture = join(root, "fixtures", "cel-cost", "url-accessors.yaml");
    const costs = await oracle.request("cel-cost", { crd: readFileSync(fixture, "utf8") });
    const mine = crdlint(["cost", "-k", release, "-f", "json", fixture]).json;
    const byRule = (list, key) => list.map((e) => [e.field.replace(/.*properties\[spec\]/, ""), String(e[key])]).sort();
    assert.deepEqual(
      byRule(mine.expressions, "estimatedCost"),
      byRule(costs.expressions, "maxCost"),
    );

    // cr-validate: the same errors (type, field, value, detail) as crdlint validate.
    const answer = await oracle.request("cr-validate", { crd: POOLS, object: POOL });
    const dir = tmp({ "crd.yaml": POOLS, "pool.yaml": POOL });
    const v = crdlint(["validate", "-k", release, "-f", "json", "--crd", "crd.yaml", "pool.yaml"], { cwd: dir }).json;
    const key = (type, field, value, detail) => `${type} ${field} ${value} ${detail}`;
    assert.deepEqual(
      v.diagnostics.map((d) => key(d.type, d.field, d.value, d.message)).sort(),
      answer.errors.map((e) => key(e.type, e.field, e.badValue, e.detail)).sort(),
    );
    assert.deepEqual(
      answer.errors.map((e) => e.type),
      ["Too few", "Too few"],
    );
  } finally {
    await oracle.close();
  }
});
