// `crdlint validate` as a user runs it: Helm-style multi-document stdin, CRDs among the manifests, skipped built-in
// kinds, --ignore-missing-schemas, --show-defaulted, library API, bad arguments, and every resource rule's own examples.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crdlint } from "../../helpers/cli.mjs";
import { allRules } from "../../../dist/rules/index.js";
import { validateFiles } from "../../../dist/commands/validate/index.js";
import { validate } from "../../../dist/index.js";

const crd = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec:
  group: example.com
  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}
  scope: Namespaced
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
              replicas: {type: integer, minimum: 0, default: 1}
              mode: {type: string, enum: [fast, slow]}
`;
const helm = `---
# Source: chart/templates/service.yaml
apiVersion: v1
kind: Service
metadata: {name: svc}
spec: {ports: [{port: 80}]}
---
# Source: chart/templates/widget.yaml
apiVersion: example.com/v1
kind: Widget
metadata: {name: w1}
spec:
  mode: medium
---
apiVersion: monitoring.coreos.com/v1
kind: ServiceMonitor
metadata: {name: sm}
`;

function tmp(files) {
  const dir = mkdtempSync(join(tmpdir(), "crdlint-validate-"));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return dir;
}

test("Helm-style multi-document stdin: lines point into the stream, built-in kinds are skipped and counted", () => {
  const dir = tmp({ "crd.yaml": crd });
  const r = crdlint(["validate", "-", "--crd", join(dir, "crd.yaml"), "-f", "json"], { input: helm });
  assert.equal(r.status, 1, r.stderr);
  const got = r.json.diagnostics.map(
    (d) => `${d.file}:${d.line}:${d.column} ${d.rule} ${d.field} ${d.type} ${d.value ?? ""} ${d.message}`,
  );
  assert.deepEqual(got, [
    `-:13:3 resource-schema-invalid spec.mode Unsupported value "medium" supported values: "fast", "slow"`,
    `-:16:1 resource-kind-not-found kind Not found  resource mapping not found for name: "sm" namespace: "" from "STDIN": no matches for kind "ServiceMonitor" in version "monitoring.coreos.com/v1"`,
  ]);
  assert.equal(r.json.summary.resources, 1);
  assert.equal(r.json.summary.skipped, 1);
});

test("--ignore-missing-schemas skips kinds no CRD defines; CRDs may come in the same stdin stream", () => {
  const r = crdlint(["validate", "-", "--ignore-missing-schemas", "-f", "json"], { input: crd + helm });
  assert.deepEqual(
    r.json.diagnostics.map((d) => d.rule),
    ["resource-schema-invalid"],
  );
  assert.equal(r.json.summary.crds, 1);
  assert.equal(r.json.summary.skipped, 2);
  assert.equal(r.json.diagnostics[0].line, 13 + crd.split("\n").length - 1);
});

test("--show-defaulted prints the stored form as YAML on stdout and the report on stderr", () => {
  const r = crdlint(["validate", "-", "--show-defaulted"], {
    input: crd + "---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w1}\nspec: {mode: fast, extra: 1}\n",
    env: {},
  });
  assert.equal(r.status, 1);
  assert.equal(r.stdout, "");
  const ok = crdlint(["validate", "-", "--show-defaulted", "--field-validation", "ignore"], {
    input: crd + "---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w1}\nspec: {mode: fast, extra: 1}\n",
  });
  assert.equal(ok.status, 0, ok.stderr);
  assert.equal(
    ok.stdout,
    "---\napiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w1\n  namespace: default\n  generation: 1\nspec:\n  mode: fast\n  replicas: 1\n",
  );
  assert.match(ok.stderr, /no problems/);
});

test("bad arguments and unreadable inputs exit 2 with one line, never a stack trace", () => {
  for (const args of [
    ["validate", "--crd", "/nonexistent/crds", "-"],
    ["validate", "--field-validation", "loose", "-"],
    ["validate", "-f", "xml", "-"],
    ["validate", "nope.yaml"],
  ]) {
    const r = crdlint(args, { input: "" });
    assert.equal(r.status, 2, `${args.join(" ")}: ${r.stderr}`);
    assert.doesNotMatch(r.stderr, /\n\s+at /);
  }
});

test("broken YAML in a manifest is a diagnostic; the other documents are still validated", () => {
  const r = crdlint(["validate", "-", "-f", "json"], {
    input:
      crd + "---\nkind: [\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w1}\nspec: {replicas: -1}\n",
  });
  assert.deepEqual(
    r.json.diagnostics.map((d) => d.rule),
    ["yaml-syntax", "resource-schema-invalid"],
  );
});

test("a kind: List is validated item by item", () => {
  const r = crdlint(["validate", "-", "-f", "json"], {
    input:
      crd +
      "---\napiVersion: v1\nkind: List\nitems:\n- apiVersion: example.com/v1\n  kind: Widget\n  metadata: {name: w1}\n  spec: {replicas: -1}\n",
  });
  assert.deepEqual(
    r.json.diagnostics.map((d) => `${d.line} ${d.field}`),
    [`${crd.split("\n").length + 7} spec.replicas`],
  );
});

test("the library exports validate next to lint", async () => {
  const dir = tmp({
    "crd.yaml": crd,
    "w.yaml": "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w1}\nspec: {replicas: -3}\n",
  });
  const r = await validate(["w.yaml"], { cwd: dir, crds: ["crd.yaml"] });
  assert.deepEqual(
    r.diagnostics.map((d) => d.field),
    ["spec.replicas"],
  );
  assert.equal(r.summary.resources, 1);
});

for (const rule of allRules.filter((r) => r.category === "resource" && r.docs.fail)) {
  test(`${rule.id}: the failing example fires it, the passing one does not`, async (t) => {
    const run = async (text) =>
      (await validateFiles(["-"], { stdin: async () => text })).diagnostics.filter((d) => d.rule === rule.id);
    const usesCel = rule.id.startsWith("resource-cel-");
    const bad = await run(rule.docs.fail);
    if (usesCel && bad.length === 0) {
      const { loadCelStages } = await import("../../../dist/engine/validate-cel.js");
      if ((await loadCelStages(37)) === null) return t.skip("this build has no CEL runtime");
    }
    assert.ok(bad.length > 0, `${rule.id} did not fire on its failing example`);
    assert.deepEqual(
      (await run(rule.docs.pass)).map((d) => `${d.field}: ${d.message}`),
      [],
    );
  });
}

test("-k picks the release's texts and behaviour (value rendering, maxLength wording, ratcheting from 1.30)", () => {
  const run = (k, name, extra = []) =>
    crdlint([
      "validate",
      "-f",
      "json",
      "-k",
      k,
      "--crd",
      `fixtures/validate/${name}/crd.yaml`,
      `fixtures/validate/${name}/resource.yaml`,
      ...extra,
    ]).json.diagnostics.map((d) => `${d.field ?? d.apiserverField}: ${d.type}: ${d.value ?? ""}: ${d.message}`);
  assert.ok(run("1.33", "list-types").includes('spec.ports[1]: Duplicate value: map[string]interface {}{"port":80}: '));
  assert.ok(
    run("1.33", "cel-blocked").some((l) => l.startsWith('<nil>: Invalid value: "null": some validation rules')),
  );
  assert.ok(run("1.31", "scalar-keywords").includes("spec.name: Too long: : may not be longer than 5"));
  const old = ["--old", "fixtures/validate/ratcheting/old.yaml"];
  assert.equal(run("1.29", "ratcheting", old).length, 6, "no ratcheting before 1.30: w1's unchanged errors stay");
  assert.equal(run("1.30", "ratcheting", old).length, 4);
});

test("the per-request CEL budget stops CEL validation with the apiserver's error (resource-cel-cost-exceeded)", () => {
  const crdText = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec:
  group: example.com
  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}
  scope: Namespaced
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
              groups:
                type: array
                maxItems: 100
                items:
                  type: object
                  x-kubernetes-validations:
                  - rule: self.tags.all(t, self.tags.all(u, u == t || u != t))
                    message: first
                  - rule: self.tags.all(u, self.tags.all(t, t != u || t == u))
                    message: second
                  - rule: self.tags.all(t, self.tags.all(u, u == t || u != t || 3 == 3))
                    message: rule 3
                  - rule: self.tags.all(t, self.tags.all(u, u == t || u != t || 4 == 4))
                    message: rule 4
                  - rule: self.tags.all(t, self.tags.all(u, u == t || u != t || 5 == 5))
                    message: rule 5
                  - rule: self.tags.all(t, self.tags.all(u, u == t || u != t || 6 == 6))
                    message: rule 6
                  properties:
                    tags:
                      type: array
                      maxItems: 80
                      items: {type: string, maxLength: 4}
`;
  const tags = Array.from({ length: 80 }, (_, i) => "t" + i).join(", ");
  let resource = "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w1}\nspec:\n  groups:\n";
  for (let i = 0; i < 100; i++) resource += "  - {tags: [" + tags + "]}\n";
  const r = crdlint(["validate", "-", "-f", "json"], { input: crdText + "---\n" + resource });
  assert.equal(r.status, 1, r.stderr);
  // Each rule fits the static limits (the CRD is accepted); together they exceed the 10,000,000 runtime budget.
  const d = r.json.diagnostics;
  assert.deepEqual(
    d.map((x) => [x.rule, x.type, x.value, x.message]),
    [
      [
        "resource-cel-cost-exceeded",
        "Invalid value",
        '"object"',
        "validation failed due to running out of cost budget, no further validation rules will be run",
      ],
    ],
  );
  assert.match(d[0].field, /^spec\.groups\[\d+\]$/);
});
