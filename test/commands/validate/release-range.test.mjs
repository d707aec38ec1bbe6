// validate over several releases (-k 1.33..1.36): one run at each release, merged; each finding names the releases
// it holds for. A format the apiserver checks from 1.35 (k8s-short-name) shows it; standard input is read once.
import { test } from "node:test";
import assert from "node:assert/strict";
import { validate } from "../../../dist/index.js";
import { crdlint } from "../../helpers/cli.mjs";
import { tmp } from "../../helpers/tmp.mjs";
import { networkCrd } from "../../helpers/network-crd.mjs";
import { oneVersionCrd } from "../../helpers/crd-yaml.mjs";

const CRD = oneVersionCrd({
  plural: "widgets",
  kind: "Widget",
  schema: `        type: object
        properties:
          spec:
            type: object
            properties:
              name:
                type: string
                format: k8s-short-name
              size: {type: integer}
`,
});
const WIDGET =
  'apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec:\n  name: "Not_A_Name"\n  size: "3"\n';
const OUT = (file) => `${file}
  5:3      error   spec.name: Invalid value: "Not_A_Name": spec.name in body must be of type k8s-short-name: "Not_A_Name" (1.35–1.36)  resource-schema-invalid
  6:3      error   spec.size: Invalid value: "string": spec.size in body must be of type integer: "string" (1.33–1.36)  resource-schema-invalid

✖ 2 problems (2 errors, 0 warnings) in 1 file, 1 CRD, 1 resource, Kubernetes 1.33..1.36
`;

test("library: a range of releases, each finding with its releases; each release alone as before", async () => {
  const dir = tmp({ "crd.yaml": CRD, "w.yaml": WIDGET });
  const range = await validate(["w.yaml"], { crds: ["crd.yaml"], cwd: dir, kubernetesVersion: "1.33..1.36" });
  assert.equal(range.kubernetesVersion, "1.33..1.36");
  assert.deepEqual(range.releases, ["1.33", "1.34", "1.35", "1.36"]);
  assert.deepEqual(
    range.diagnostics.map((d) => [d.field, d.releases]),
    [
      ["spec.name", ["1.35", "1.36"]],
      ["spec.size", ["1.33", "1.34", "1.35", "1.36"]],
    ],
  );
  for (const release of range.releases) {
    const one = await validate(["w.yaml"], { crds: ["crd.yaml"], cwd: dir, kubernetesVersion: release });
    assert.ok(one.diagnostics.every((d) => !("releases" in d)));
    assert.deepEqual(
      one.diagnostics.map((d) => JSON.stringify(d)),
      range.diagnostics.filter((d) => d.releases.includes(release)).map(({ releases, ...d }) => JSON.stringify(d)),
      `at ${release}`,
    );
  }
});

test("CLI: whole output, from a file and from standard input (read once)", () => {
  const dir = tmp({ "crd.yaml": CRD, "w.yaml": WIDGET });
  const file = crdlint(["validate", "--crd", "crd.yaml", "-k", "1.33..1.36", "w.yaml"], { cwd: dir });
  assert.equal(file.status, 1, file.stderr);
  assert.equal(file.stdout, OUT("w.yaml"));
  const stdin = crdlint(["validate", "--crd", "crd.yaml", "-k", "1.33..1.36", "-"], { cwd: dir, input: WIDGET });
  assert.equal(stdin.status, 1, stdin.stderr);
  assert.equal(stdin.stdout, OUT("-"));
});

// A CRD whose verdict changes inside the range: isCIDR is there for new expressions from 1.31 (k-orc PR#336). The
// range lints the CRD once over its releases (the runs share its verdicts and its text), and each release still
// finds what a run at that release finds: the CRD rejected up to 1.30, the resource validated from 1.31.
const NETWORK_CRD = networkCrd("!has(self.cidr) || isCIDR(self.cidr)");
const NETWORK = "apiVersion: example.com/v1\nkind: Network\nmetadata: {name: net1}\nspec:\n  cidr: not-a-cidr\n";

test("library: a CRD rejected at some releases of the range: each release as a run at it", async () => {
  const dir = tmp({ "crd.yaml": NETWORK_CRD, "n.yaml": NETWORK });
  const options = { crds: ["crd.yaml"], cwd: dir };
  const range = await validate(["n.yaml"], { ...options, kubernetesVersion: "1.29..1.32" });
  assert.deepEqual(
    range.diagnostics.map((d) => [d.rule, d.releases]),
    [
      // The CRD's error prints the rule with %#v at 1.30 to 1.33: one diagnostic per text.
      ["resource-crd-invalid", ["1.29"]],
      ["resource-crd-invalid", ["1.30"]],
      ["resource-cel-rule-failed", ["1.31", "1.32"]],
    ],
  );
  for (const release of range.releases) {
    const one = await validate(["n.yaml"], { ...options, kubernetesVersion: release });
    assert.deepEqual(
      one.diagnostics.map((d) => JSON.stringify(d)),
      range.diagnostics.filter((d) => d.releases.includes(release)).map(({ releases, ...d }) => JSON.stringify(d)),
      `at ${release}`,
    );
  }
});

// Over a range the resources are read and parsed once for every release (src/commands/validate/run.ts, ReleaseCrds):
// what validates them must not change them. This resource has an unknown field (pruned), a field the schema defaults
// and a rule reads, a null the schema drops and an embedded resource coerced: every release reports the unknown field
// and judges the defaulted value as a run at it alone does.
const SHAPED_CRD = oneVersionCrd({
  plural: "shapes",
  kind: "Shape",
  schema: `        type: object
        properties:
          spec:
            type: object
            x-kubernetes-validations:
            - rule: self.size < 3
              message: too big
            properties:
              size: {type: integer, default: 5}
              label: {type: string}
              inner:
                type: object
                x-kubernetes-embedded-resource: true
                properties: {spec: {type: object, properties: {n: {type: integer, default: 1}}}}
`,
});
const SHAPES = `apiVersion: example.com/v1
kind: Shape
metadata: {name: s1}
spec:
  extra: true
  label: null
  inner: {apiVersion: v1, kind: Thing, metadata: {name: x, bogus: 1}, spec: {}}
---
apiVersion: example.com/v1
kind: Shape
metadata: {name: s2}
spec:
  size: 1
  extra: [1]
`;

test("library: resources read once over the range are judged at each release as a run at it judges them", async () => {
  const dir = tmp({ "crd.yaml": SHAPED_CRD, "s.yaml": SHAPES });
  const options = { crds: ["crd.yaml"], cwd: dir, cache: false };
  const range = await validate(["s.yaml"], { ...options, kubernetesVersion: "1.28..1.37" });
  const unknown = range.diagnostics.filter((d) => d.rule === "resource-unknown-field");
  assert.ok(unknown.length >= 2, JSON.stringify(range.diagnostics.map((d) => d.rule)));
  for (const d of unknown) assert.equal(d.releases.length, 10, d.field);
  assert.ok(range.diagnostics.some((d) => d.rule === "resource-cel-rule-failed"));
  for (const release of range.releases) {
    const one = await validate(["s.yaml"], { ...options, kubernetesVersion: release });
    assert.deepEqual(
      one.diagnostics.map((d) => JSON.stringify(d)),
      range.diagnostics.filter((d) => d.releases.includes(release)).map(({ releases, ...d }) => JSON.stringify(d)),
      `at ${release}`,
    );
  }
});
