// Repository layouts and inputs through the CLI, on small hand-written repositories in the shapes kubebuilder and
// Helm scaffold: kustomize patches, every Go/Helm template form, a chart's crds/ (applied by Helm, not by a
// client-side kubectl apply), `kind: List` streams, globs that name directories, and standard input.
import { test } from "node:test";
import assert from "node:assert/strict";
import { closeSync, existsSync, openSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { crdlint, root, withoutUrl } from "../../helpers/cli.mjs";
import { tmp } from "../../helpers/tmp.mjs";
import { oneVersionCrd } from "../../helpers/crd-yaml.mjs";
import { caInjectionPatch, webhookPatch } from "../../helpers/kubebuilder.mjs";

const crd = (plural = "widgets", kind = "Widget", extra = "") =>
  oneVersionCrd({
    plural,
    kind,
    schema: `        type: object
        properties:
          spec:
            type: object${extra}
`,
  });

// kubebuilder's config/crd, as `kubebuilder create api` leaves it (the webhook patch entry commented out).
const kubebuilder = (kustomizationPatches = "#- path: patches/webhook_in_widgets.yaml\n") =>
  tmp({
    PROJECT: "domain: example.com\nlayout:\n- go.kubebuilder.io/v4\n",
    "config/crd/bases/example.com_widgets.yaml": "---\n" + crd(),
    "config/crd/kustomization.yaml": `# This kustomization.yaml is not intended to be run by itself.
resources:
- bases/example.com_widgets.yaml
# +kubebuilder:scaffold:crdkustomizeresource

patches:
# [WEBHOOK] To enable webhook, uncomment all the sections with [WEBHOOK] prefix.
${kustomizationPatches}# +kubebuilder:scaffold:crdkustomizewebhookpatch

configurations:
- kustomizeconfig.yaml
`,
    "config/crd/kustomizeconfig.yaml": `# This file is for teaching kustomize how to substitute name and namespace reference in CRD
nameReference:
- kind: Service
  version: v1
  fieldSpecs:
  - kind: CustomResourceDefinition
    version: v1
    group: apiextensions.k8s.io
    path: spec/conversion/webhook/clientConfig/service/name
`,
    "config/crd/patches/webhook_in_widgets.yaml": webhookPatch("widgets"),
    "config/crd/patches/cainjection_in_widgets.yaml": caInjectionPatch("widgets"),
    "config/samples/example_v1_widget.yaml":
      "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: widget-sample\nspec: {}\n",
  });

const patchInfo = (file, why) => ({
  file,
  document: 0,
  object: "widgets.example.com",
  line: 3,
  column: 1,
  endLine: 3,
  endColumn: 5,
  rule: "kustomize-patch",
  category: "yaml",
  severity: "info",
  apiserver: false,
  field: null,
  type: null,
  message: `file is a kustomize patch of widgets.example.com (${why}), not a whole CRD: not linted; lint what kustomize builds, e.g. \`kustomize build config/crd | crdlint lint -\``,
});
const UNDER =
  "a partial CustomResourceDefinition under config/crd/kustomization.yaml, which kustomize merges into the whole one";

test("kubebuilder: bare crdlint skips the patches with kustomize-patch and lints the bases; the kustomization files are skipped", () => {
  const dir = kubebuilder();
  const r = crdlint(["--format", "json"], { cwd: dir });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.deepEqual(withoutUrl(r.json.diagnostics), [
    patchInfo("config/crd/patches/cainjection_in_widgets.yaml", UNDER),
    patchInfo("config/crd/patches/webhook_in_widgets.yaml", UNDER),
  ]);
  // The base and the two patches; not kustomizeconfig.yaml, which names CustomResourceDefinition as a kind to transform.
  assert.equal(r.json.summary.files, 3);
  assert.equal(r.json.summary.crds, 1);
  assert.match(
    r.stderr,
    /linting the 3 files .* skipped 3 without one \(config\/crd\/kustomization\.yaml, config\/crd\/kustomizeconfig\.yaml, config\/samples\/example_v1_widget\.yaml\)/,
  );
  // A directory named on the command line: the same.
  const named = crdlint(["lint", "--format", "json", "config"], { cwd: dir });
  assert.equal(named.status, 0, named.stdout + named.stderr);
  assert.deepEqual(
    named.json.diagnostics.map((d) => `${d.file} ${d.rule}`),
    [
      "config/crd/patches/cainjection_in_widgets.yaml kustomize-patch",
      "config/crd/patches/webhook_in_widgets.yaml kustomize-patch",
    ],
  );
  // cost says the patches were not read, as it says of templates.
  const cost = crdlint(["cost", "--format", "json", "config"], { cwd: dir });
  assert.equal(cost.status, 0, cost.stdout + cost.stderr);
  assert.deepEqual(
    cost.json.diagnostics.map((d) => `${d.file} ${d.rule}`),
    [
      "config/crd/patches/cainjection_in_widgets.yaml kustomize-patch",
      "config/crd/patches/webhook_in_widgets.yaml kustomize-patch",
    ],
  );
  assert.deepEqual(
    cost.json.crds.map((c) => c.object),
    ["widgets.example.com"],
  );
});

test("kubebuilder: a patch the kustomization lists is skipped whatever it holds; a broken base still fails", () => {
  const dir = kubebuilder("- path: patches/webhook_in_widgets.yaml\n");
  const r = crdlint(["lint", "--format", "json", "config/crd/patches/webhook_in_widgets.yaml"], { cwd: dir });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.deepEqual(withoutUrl(r.json.diagnostics), [
    patchInfo("config/crd/patches/webhook_in_widgets.yaml", "config/crd/kustomization.yaml lists it as a patch"),
  ]);
  // The bases are whole CRDs: linted, errors and all.
  const broken = tmp({
    "config/crd/kustomization.yaml": "resources:\n- bases/w.yaml\n",
    "config/crd/bases/w.yaml": crd().replace("group: example.com", "group: example.org"),
  });
  const b = crdlint(["--format", "json"], { cwd: broken });
  assert.equal(b.status, 1);
  assert.ok(
    b.json.diagnostics.some((d) => d.rule === "crd-name-mismatch"),
    JSON.stringify(b.json.diagnostics),
  );
  assert.ok(!b.json.diagnostics.some((d) => d.rule === "kustomize-patch"));
});

test("a partial CRD outside any kustomize directory is linted as the CRD it claims to be", () => {
  const dir = tmp({
    "patches/webhook_in_widgets.yaml":
      "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: widgets.example.com\n",
  });
  const r = crdlint(["lint", "--format", "json", "patches"], { cwd: dir });
  assert.equal(r.status, 1);
  assert.ok(r.json.diagnostics.every((d) => d.rule !== "kustomize-patch"));
  assert.ok(r.json.summary.errors >= 5, JSON.stringify(r.json.summary));
  // kustomize-patch: off leaves the patch skipped, without a word.
  const k = kubebuilder();
  const config = tmp({ "crdlint.yaml": "rules:\n  kustomize-patch: off\n" });
  const quiet = crdlint(["lint", "--format", "json", "-c", `${config}/crdlint.yaml`, "config"], { cwd: k });
  assert.equal(quiet.status, 0, quiet.stdout + quiet.stderr);
  assert.deepEqual(quiet.json.diagnostics, []);
});

// Every form of action a chart's templates use, each alone in a file; line and column of the first action.
const TEMPLATE_FORMS = {
  "if-without-dash.yaml": [`{{ if .Values.crds.install }}\n${crd()}{{ end }}\n`, 1, 1],
  "comment.yaml": [`{{/* Widgets, installed by the chart */}}\n${crd()}`, 1, 1],
  "include-alone.yaml": [`{{ include "widgets.crd" . }}\n`, 1, 1],
  "include-mid-yaml.yaml": [
    crd().replace("metadata:\n", 'metadata:\n  labels:\n    {{- include "widgets.labels" . | nindent 4 }}\n'),
    5,
    5,
  ],
  "to-yaml-without-dash.yaml": [
    crd().replace("metadata:\n", "metadata:\n  annotations:\n    {{ toYaml .Values.annotations }}\n"),
    5,
    5,
  ],
  "with-dash.yaml": [`{{- if .Values.crds.install }}\n${crd()}{{- end }}\n`, 1, 1],
  "values-in-plain-value.yaml": [
    crd().replace("name: widgets.example.com", "name: widgets.{{ .Values.group }}"),
    4,
    17,
  ],
  "value-action.yaml": [crd().replace("scope: Namespaced", "scope: {{ .Values.scope }}"), 8, 10],
};

const goTemplateInfo = (file, line, column) => ({
  file,
  document: 0,
  object: null,
  line,
  column,
  endLine: line,
  endColumn: column + 2,
  rule: "yaml-go-template",
  category: "yaml",
  severity: "info",
  apiserver: false,
  field: null,
  type: null,
  message:
    "file is a Go/Helm template ({{ ... }}), not YAML: not linted; render it and lint the output, e.g. `helm template . | crdlint lint -`",
});

test("every template form is skipped with yaml-go-template, in a chart or not, with --crd-files-only too", () => {
  const files = Object.fromEntries(Object.entries(TEMPLATE_FORMS).map(([name, [text]]) => [`loose/${name}`, text]));
  const dir = tmp({
    ...files,
    "chart/Chart.yaml": "apiVersion: v2\nname: widgets\nversion: 0.1.0\n",
    ...Object.fromEntries(Object.entries(TEMPLATE_FORMS).map(([name, [text]]) => [`chart/templates/${name}`, text])),
  });
  for (const args of [
    ["loose"],
    ["--crd-files-only", ...Object.keys(TEMPLATE_FORMS).map((n) => `loose/${n}`)],
    ["chart/templates"],
  ]) {
    const r = crdlint(["lint", "--format", "json", ...args], { cwd: dir });
    assert.equal(r.status, 0, `${args.join(" ")}: ${r.stdout}${r.stderr}`);
    const prefix = args[0] === "chart/templates" ? "chart/templates" : "loose";
    const expected = Object.entries(TEMPLATE_FORMS)
      // --crd-files-only keeps only what mentions a CRD.
      .filter(([name, [text]]) => args[0] !== "--crd-files-only" || text.includes("CustomResourceDefinition"))
      .map(([name, [, line, column]]) => goTemplateInfo(`${prefix}/${name}`, line, column))
      .sort((a, b) => (a.file < b.file ? -1 : 1));
    assert.deepEqual(withoutUrl(r.json.diagnostics), expected, args.join(" "));
  }
  // validate and cost skip them the same way.
  const v = crdlint(["validate", "--format", "json", "loose/if-without-dash.yaml"], { cwd: dir });
  assert.equal(v.status, 0, v.stdout + v.stderr);
  assert.deepEqual(
    v.json.diagnostics.map((d) => d.rule),
    ["yaml-go-template"],
  );
  const c = crdlint(["cost", "--format", "json", "loose/comment.yaml"], { cwd: dir });
  assert.equal(c.status, 0, c.stdout + c.stderr);
});

test("template text inside a CRD's descriptions is text: block scalars, plain continuation lines, Argo placeholders", () => {
  const described = crd(
    "widgets",
    "Widget",
    `
            description: |
              The name, by default:
              {{ .cluster.name }}-{{ .random }}
            properties:
              name:
                type: string
                description: If not defined, it falls back to
                  {{ .cluster.name }}-{{ .random }}.
              query:
                type: string
                description: "rate(errors[{{args.lookback_duration}}])"`,
  );
  const dir = tmp({
    "crds/widgets.yaml": described,
    "chart/Chart.yaml": "apiVersion: v2\nname: w\nversion: 0.1.0\n",
    "chart/crds/widgets.yaml": described,
  });
  const r = crdlint(["lint", "--format", "json", "crds", "chart/crds"], { cwd: dir });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.deepEqual(r.json.diagnostics, []);
  assert.equal(r.json.summary.crds, 2);
});

// A CRD whose last-applied-configuration annotation would exceed 262,144 bytes.
const bigCrd = () => crd("widgets", "Widget", `\n            description: "${"x".repeat(300_000)}"`);

test("a chart's crds/ is applied by Helm: lint-last-applied-configuration-too-large stays quiet there, and where the apply method says so", () => {
  const dir = tmp({
    "chart/Chart.yaml": "apiVersion: v2\nname: widgets\nversion: 0.1.0\n",
    "chart/crds/widgets.yaml": bigCrd(),
    "manifests/widgets.yaml": bigCrd(),
    "server-side/.crdlint.yaml": "applyMethod: server-side\n",
    "server-side/widgets.yaml": bigCrd(),
  });
  const rules = (args, cwd = dir) => {
    const r = crdlint(["lint", "--format", "json", ...args], { cwd });
    return r.json.diagnostics.map((d) => `${d.file} ${d.rule}`);
  };
  assert.deepEqual(rules(["chart/crds", "manifests"]), [
    "manifests/widgets.yaml lint-last-applied-configuration-too-large",
  ]);
  assert.deepEqual(rules(["--apply-method", "server-side", "manifests"]), []);
  assert.deepEqual(
    rules(["--apply-method", "client-side", "chart/crds"]),
    [],
    "a chart's crds/ is Helm's whatever the option",
  );
  assert.deepEqual(rules(["widgets.yaml"], `${dir}/server-side`), []);
  assert.deepEqual(rules(["--apply-method", "client-side", "widgets.yaml"], `${dir}/server-side`), [
    "widgets.yaml lint-last-applied-configuration-too-large",
  ]);
  const bad = crdlint(["lint", "--apply-method", "serverside", "manifests"], { cwd: dir });
  assert.equal(bad.status, 2);
  assert.equal(
    bad.stderr,
    'crdlint: --apply-method: unknown apply method "serverside" (did you mean server-side?); expected client-side, server-side, helm\n',
  );
  const badConfig = crdlint(["lint", "manifests"], {
    cwd: tmp({ ".crdlint.yaml": "applyMethod: kubectl\n", "manifests/w.yaml": crd() }),
  });
  assert.equal(badConfig.status, 2);
  assert.match(badConfig.stderr, /applyMethod: must be one of client-side, server-side, helm/);
});

// What `kubectl get crd -o yaml` prints: a v1 List whose items are the CRDs.
const listOf = (...items) =>
  `apiVersion: v1\nkind: List\nmetadata:\n  resourceVersion: ""\nitems:\n${items
    .map(
      (t) =>
        t
          .trimEnd()
          .split("\n")
          .map((l, i) => (i ? "  " : "- ") + l)
          .join("\n") + "\n",
    )
    .join("")}`;

test("kind: List: every CRD item is linted and costed, each diagnostic at the item's own line", () => {
  const broken = crd("gadgets", "Gadget").replace(
    "type: object\n",
    "type: object\n        x-kubernetes-validations:\n        - rule: self.nope == 1\n",
  );
  const text = listOf(crd(), broken);
  const dir = tmp({ "live.yaml": text });
  const r = crdlint(["lint", "--format", "json", "live.yaml"], { cwd: dir });
  assert.equal(r.status, 1, r.stdout + r.stderr);
  assert.equal(r.json.summary.crds, 2);
  const [d] = withoutUrl(r.json.diagnostics);
  const line = text.split("\n").findIndex((l) => l.includes("rule: self.nope")) + 1;
  assert.deepEqual(
    { file: d.file, object: d.object, line: d.line, column: d.column, rule: d.rule, field: d.field },
    {
      file: "live.yaml",
      object: "gadgets.example.com",
      line,
      column: text.split("\n")[line - 1].indexOf(".nope") + 1,
      rule: "cel-compile-failed",
      field: "spec.versions[0].schema.openAPIV3Schema.x-kubernetes-validations[0].rule",
    },
  );
  // The same CRD alone in a file gets the same diagnostic, but for its position.
  const alone = crdlint(["lint", "--format", "json", "-"], { input: broken });
  const {
    line: _l,
    column: _c,
    endLine: _el,
    endColumn: _ec,
    file: _f,
    ...rest
  } = withoutUrl(alone.json.diagnostics)[0];
  const { line: _l2, column: _c2, endLine: _el2, endColumn: _ec2, file: _f2, ...inList } = d;
  assert.deepEqual(inList, rest);
  // A disable annotation of one item covers that item only.
  const annotated = broken.replace(
    "  name: gadgets.example.com\n",
    "  name: gadgets.example.com\n  annotations:\n    crdlint.io/disable: cel-compile-failed\n",
  );
  const both = crdlint(["lint", "--format", "json", "-"], {
    input: listOf(annotated, broken.replaceAll("gadgets", "gizmos").replace("Gadget", "Gizmo")),
  });
  assert.deepEqual(
    both.json.diagnostics.map((x) => `${x.object} ${x.rule}`),
    ["gizmos.example.com cel-compile-failed"],
  );
  // cost: the list's CRDs are costed too (the expensive rule has an expression row).
  const costly = crd("gauges", "Gauge").replace(
    "type: object\n",
    "type: object\n        x-kubernetes-validations:\n        - rule: self.spec == self.spec\n",
  );
  const costText = listOf(costly);
  const c = crdlint(["cost", "--format", "json", "-"], { input: costText });
  assert.equal(c.status, 0, c.stdout + c.stderr);
  assert.equal(c.json.expressions.length, 1);
  assert.equal(
    c.json.expressions[0].line,
    costText.split("\n").findIndex((l) => l.includes("rule: self.spec == self.spec")) + 1,
  );
});

test("kind: List: validate reads the CRDs and the resources of lists, and typed lists' items inherit their kind", () => {
  const dir = tmp({
    "crds.yaml": listOf(crd("widgets", "Widget", "\n            properties:\n              size: {type: integer}")),
    "objects.yaml":
      "apiVersion: example.com/v1\nkind: WidgetList\nitems:\n- metadata: {name: a}\n  spec: {size: 1}\n- metadata: {name: b}\n  spec: {size: big}\n",
  });
  const r = crdlint(["validate", "--format", "json", "objects.yaml", "--crd", "crds.yaml"], { cwd: dir });
  assert.equal(r.status, 1, r.stdout + r.stderr);
  assert.equal(r.json.summary.resources, 2);
  // The same object alone, with its kind: the same diagnostic, at the item's place in the list (two columns in).
  const alone = crdlint(["validate", "--format", "json", "-", "--crd", "crds.yaml"], {
    cwd: dir,
    input: "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: b}\nspec: {size: big}\n",
  });
  const [a] = alone.json.diagnostics;
  assert.equal(a.line, 4);
  assert.deepEqual(r.json.diagnostics, [
    { ...a, file: "objects.yaml", line: 7, endLine: 7, column: a.column + 2, endColumn: a.endColumn + 2 },
  ]);
});

test("globs that name directories read them as directories", () => {
  // Each CRD misnamed, so that each file read shows in the report.
  const misnamed = (plural, kind) =>
    crd(plural, kind).replace(`name: ${plural}.example.com`, `name: ${plural}.example.org`);
  const dir = tmp({
    "charts/a/crds/w.yaml": misnamed("widgets", "Widget"),
    "charts/b/crds/g.yaml": misnamed("gadgets", "Gadget"),
    "charts/b/crds/nested/x.yaml": misnamed("gizmos", "Gizmo"),
    "charts/c/values.yaml": "a: 1\n",
  });
  const r = crdlint(["lint", "--format", "json", "charts/*/crds"], { cwd: dir });
  assert.equal(r.status, 1, r.stdout + r.stderr);
  assert.deepEqual(
    [...new Set(r.json.diagnostics.map((d) => d.file))],
    ["charts/a/crds/w.yaml", "charts/b/crds/g.yaml", "charts/b/crds/nested/x.yaml"],
  );
  assert.equal(r.json.summary.files, 3);
  const none = crdlint(["lint", "charts/*/templates"], { cwd: dir });
  assert.equal(none.status, 2);
  assert.equal(none.stderr, "crdlint: no files match charts/*/templates\n");
});

test("standard input: empty is exit 2 'no input'; with no path it is not read: a named command with a pipe is exit 2 saying how, bare crdlint points it out", () => {
  const dir = tmp({ "crds/w.yaml": crd() });
  for (const args of [
    ["lint", "-"],
    ["lint", "--stdin-filename", "chart.yaml"],
    ["cost", "-"],
    ["validate"],
    ["validate", "-", "--crd", "crds"],
  ]) {
    const r = crdlint(args, { cwd: dir, input: "" });
    assert.equal(r.status, 2, `${args.join(" ")}: ${r.stdout}${r.stderr}`);
    assert.equal(
      r.stderr,
      "crdlint: no input: standard input is empty (did the command writing to the pipe fail?); name the files to lint, or pipe YAML in\n",
      args.join(" "),
    );
  }
  assert.equal(crdlint(["lint", "-"], { cwd: dir, input: "\n  \n" }).status, 2, "blank lines are no input");
  // CI: standard input is /dev/null, or a pipe that ends at once: bare crdlint lints the working directory.
  const devnull = openSync("/dev/null", "r");
  try {
    const r = crdlint(["--format", "json"], { cwd: dir, stdin: devnull });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.json.summary.crds, 1);
    assert.equal(r.stderr, "");
  } finally {
    closeSync(devnull);
  }
  // `helm template . | crdlint lint`: the pipe is what the user means, but reading standard input unnamed would swallow a
  // CI job script fed on it (GitLab's docker executor): a named command says how, exit 2; bare crdlint lints the
  // working directory and points the pipe out.
  const piped = crdlint(["lint", "--format", "json"], { cwd: dir, input: "apiVersion: v1\nkind: ConfigMap\n" });
  assert.equal(piped.status, 2);
  assert.equal(
    piped.stderr,
    "crdlint: no paths given, and standard input is a pipe: name it to lint what is piped in (helm template . | crdlint lint -, or --stdin-filename NAME), or name the paths to lint (crdlint lint . for the working directory)\n",
  );
  assert.equal(crdlint(["cost"], { cwd: dir, input: crd() }).status, 2, "cost, named, likewise");
  const bare = crdlint(["--format", "json"], { cwd: dir, input: "apiVersion: v1\nkind: ConfigMap\n" });
  assert.equal(bare.status, 0);
  assert.equal(bare.json.summary.crds, 1, "the working directory's CRD, not the ConfigMap piped in");
  assert.equal(
    bare.stderr,
    "crdlint: no paths given: linting the files under the working directory that hold a CustomResourceDefinition; standard input is read only when named: helm template . | crdlint lint -\n",
  );
  const empty = tmp({ "values.yaml": "a: 1\n" });
  const nothing = crdlint([], { cwd: empty, input: crd() });
  assert.equal(nothing.status, 2);
  assert.match(
    nothing.stderr,
    /holds a CustomResourceDefinition \(1 other file skipped\); name the files to lint; standard input is read only when named: helm template \. \| crdlint lint -\n$/,
  );
  // Named, it is read.
  const named = crdlint(["lint", "--format", "json", "-"], { cwd: empty, input: crd() });
  assert.equal(named.status, 0);
  assert.equal(named.json.summary.crds, 1);
});

// Real CRDs whose descriptions mention `{{ ... }}` (Cluster API, Argo Rollouts) are CRDs, not templates. They are
// read from ../shared/corpus, which is not part of a user's clone.
const corpus = join(root, "..", "shared", "corpus", "crds");
test(
  "real CRDs that mention {{ ... }} in their text are linted, not skipped as templates",
  { skip: existsSync(corpus) ? false : "../shared/corpus is not here (not part of a user's clone)" },
  () => {
    const withBraces = [];
    const walk = (dir) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.(ya?ml|json)$/.test(e.name) && readFileSync(p, "utf8").includes("{{")) withBraces.push(p);
      }
    };
    walk(corpus);
    assert.ok(withBraces.length >= 5, `only ${withBraces.length} corpus files mention {{`);
    const r = crdlint(["lint", "--format", "json", "--preset", "apiserver", ...withBraces]);
    assert.deepEqual(
      r.json.diagnostics.filter((d) => d.rule === "yaml-go-template"),
      [],
    );
    assert.equal(r.json.summary.crds, withBraces.length);
  },
);

test("validate: kubebuilder's config/samples/kustomization.yaml is skipped with one info (kustomization-file), named or found in the directory", () => {
  const dir = tmp({
    "config/crd/bases/example.com_widgets.yaml": crd(),
    "config/samples/kustomization.yaml":
      "## Append samples of your project ##\nresources:\n- v1_widget.yaml\n# +kubebuilder:scaffold:manifestskustomizesamples\n",
    "config/samples/v1_widget.yaml":
      "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: widget-sample\nspec: {}\n",
  });
  const info = {
    file: "config/samples/kustomization.yaml",
    rule: "kustomization-file",
    severity: "info",
    message:
      "file is a kustomization (kustomize's configuration of config/samples), not an object: not validated; validate what kustomize builds, e.g. `kustomize build config/samples | crdlint validate --crd <CRDs> -`",
  };
  for (const args of [
    ["validate", "config/samples/"],
    ["validate", "config/samples/kustomization.yaml", "config/samples/v1_widget.yaml"],
  ]) {
    const r = crdlint([...args, "--crd", "config/crd", "-f", "json"], { cwd: dir });
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.deepEqual(
      r.json.diagnostics.map(({ file, rule, severity, message }) => ({ file, rule, severity, message })),
      [info],
      args.join(" "),
    );
    assert.equal(r.json.summary.resources, 1);
  }
});
