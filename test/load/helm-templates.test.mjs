// Helm charts and other non-CRD YAML at every entry point: a Go/Helm template is skipped with one info
// (yaml-go-template) that says how to lint it, never a yaml-syntax error; YAML that is not a CRD is skipped silently.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { crdlint, root } from "../helpers/cli.mjs";
import { tmp } from "../helpers/tmp.mjs";
import { BASELINE_CRD } from "../../dist/rules/examples.js";

const crdYaml = (name = "widgets.example.com") =>
  `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: ${name}
spec:
  group: example.com
  names: {kind: Widget, plural: widgets}
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
              size: {type: integer}
`;

const chart = () =>
  tmp({
    "Chart.yaml": "apiVersion: v2\nname: widgets\nversion: 0.1.0\n",
    "values.yaml": "installCRDs: true\nreplicas: 1\n",
    // A CRD wrapped in a condition, with template labels: not YAML until rendered.
    "templates/crd.yaml": `{{- if .Values.installCRDs }}\n${crdYaml().replace("metadata:\n", 'metadata:\n  labels:\n    {{- include "widgets.labels" . | nindent 4 }}\n')}{{- end }}\n`,
    "templates/deployment.yaml":
      "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {{ .Release.Name }}\nspec:\n  replicas: {{ .Values.replicas }}\n",
    "templates/_helpers.tpl": '{{- define "widgets.labels" -}}\napp: widgets\n{{- end }}\n',
    "crds/widgets.yaml": crdYaml(),
    // Not YAML at all, and no CRD: whoever names it gets its syntax error, bare crdlint and the hook skip it.
    "broken.yaml": "a: [unclosed\n",
  });

const rules = (r) => r.json.diagnostics.map((d) => `${d.file}:${d.line} ${d.rule}`);

test("bare crdlint in a chart: the CRD template gets the yaml-go-template info, other YAML is skipped", () => {
  const dir = chart();
  const r = crdlint(["--format", "json"], { cwd: dir });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.deepEqual(rules(r), ["templates/crd.yaml:1 yaml-go-template"]);
  assert.equal(r.json.summary.crds, 1, "the plain CRD under crds/ is linted");
  const d = r.json.diagnostics[0];
  assert.equal(d.severity, "info");
  assert.match(d.message, /helm template \. \| crdlint lint -/);
});

test("paths: every template named is skipped with the info, never a yaml-syntax or yaml-not-json error", () => {
  const dir = chart();
  const r = crdlint(["lint", "--format", "json", "templates", "crds", "values.yaml"], { cwd: dir });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.deepEqual(rules(r).sort(), [
    "templates/crd.yaml:1 yaml-go-template",
    "templates/deployment.yaml:4 yaml-go-template",
  ]);
  // Text output names the rule and the command to run.
  const text = crdlint(["lint", "templates/deployment.yaml"], { cwd: dir });
  assert.equal(text.status, 0);
  assert.match(
    text.stdout,
    /4:9 +info +file is a Go\/Helm template .*helm template \. \| crdlint lint -.* yaml-go-template/,
  );
});

test("the pre-commit hook's entry, given every staged YAML file, lints the CRDs and skips the rest", () => {
  const hooks = parse(readFileSync(join(root, ".pre-commit-hooks.yaml"), "utf8"));
  const hook = hooks.find((h) => h.id === "crdlint");
  const [command, ...args] = hook.entry.split(/\s+/);
  assert.equal(command, "crdlint");
  const dir = chart();
  const staged = [
    "Chart.yaml",
    "values.yaml",
    "broken.yaml",
    "templates/crd.yaml",
    "templates/deployment.yaml",
    "crds/widgets.yaml",
  ];
  const r = crdlint([...args, "--format", "json", ...staged], { cwd: dir });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.deepEqual(rules(r), ["templates/crd.yaml:1 yaml-go-template"]);
  assert.equal(r.json.summary.files, 2);
  assert.equal(r.json.summary.crds, 1);
  // Nothing staged holds a CRD: a clean run over no file, not a lint of the working directory.
  const none = crdlint([...args, "--format", "json", "values.yaml", "broken.yaml"], { cwd: dir });
  assert.equal(none.status, 0, none.stderr);
  assert.equal(none.json.summary.files, 0);
  assert.equal(none.stderr, "");
  // A real problem in a staged CRD still blocks the commit.
  const bad = tmp({ "crd.yaml": crdYaml("widgets.other.com") });
  const blocked = crdlint([...args, "crd.yaml"], { cwd: bad });
  assert.equal(blocked.status, 1, blocked.stdout);
});

test("a CRD that mentions template syntax in valid YAML is linted, and its real syntax errors are reported", () => {
  // Cluster API's CRDs describe their naming templates in descriptions.
  const described = BASELINE_CRD.replace(
    "type: object",
    "type: object\n        description: 'fallback to `{{ .cluster.name }}-{{ .random }}`'",
  );
  assert.notEqual(described, BASELINE_CRD);
  const dir = tmp({ "crd.yaml": described, "broken.yaml": described + "  extra: [unclosed\n" });
  const r = crdlint(["lint", "--format", "json", "crd.yaml"], { cwd: dir });
  assert.equal(r.status, 0, r.stdout);
  assert.equal(r.json.summary.crds, 1);
  assert.ok(!rules(r).some((x) => x.includes("yaml-go-template")));
  const broken = crdlint(["lint", "--format", "json", "broken.yaml"], { cwd: dir });
  assert.equal(broken.status, 1);
  assert.ok(
    broken.json.diagnostics.some((d) => d.rule === "yaml-syntax"),
    JSON.stringify(broken.json.diagnostics),
  );
});

test("validate and cost skip templates the same way", () => {
  const dir = chart();
  const v = crdlint(
    ["validate", "--format", "json", "--crd", "crds", "templates/deployment.yaml", "templates/crd.yaml"],
    { cwd: dir },
  );
  assert.equal(v.status, 0, v.stdout + v.stderr);
  assert.deepEqual(rules(v).sort(), [
    "templates/crd.yaml:1 yaml-go-template",
    "templates/deployment.yaml:4 yaml-go-template",
  ]);
  // A template given as the CRDs: nothing is registered from it, and it says why.
  const cr = tmp({ "cr.yaml": "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec: {size: 1}\n" });
  const fromTemplate = crdlint(["validate", "--format", "json", "--crd", join(dir, "templates/crd.yaml"), "cr.yaml"], {
    cwd: cr,
  });
  assert.equal(fromTemplate.status, 1);
  assert.deepEqual(fromTemplate.json.diagnostics.map((d) => d.rule).sort(), [
    "resource-kind-not-found",
    "yaml-go-template",
  ]);
  const c = crdlint(["cost", "templates/crd.yaml"], { cwd: dir });
  assert.equal(c.status, 0, c.stderr);
  assert.match(c.stdout, /templates\/crd\.yaml:1:1 +info +file is a Go\/Helm template/);
});

test("rules: yaml-go-template has its page", () => {
  const r = crdlint(["rules", "yaml-go-template"]);
  assert.equal(r.status, 0);
  assert.match(r.stdout, /helm template/);
});
