// `crdlint lint --against REF` and `crdlint diff --against REF` on repository histories in the shapes real projects
// have: a kubebuilder operator (config/crd/bases, patches, kustomization; a CRD added and one removed between two
// release tags), a project with two release channels defining the same CRD names, a Helm chart whose old revision
// kept its CRD under templates/, a shallow clone, and OLD's stored versions per CRD. The CLI runs on temporary git
// repositories and whole diagnostics are compared.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { crdlint, withoutUrl } from "../../helpers/cli.mjs";
import { tmp } from "../../helpers/tmp.mjs";
import {
  caInjectionPatch,
  commit,
  git,
  hasGit,
  kubebuilderCrd,
  kustomization,
  webhookPatch,
} from "./history-shapes.mjs";

const skip = hasGit ? false : "git is not installed";

/** JSON diagnostics without the documentation URL. */
function run(args, cwd) {
  const r = crdlint([...args, "-f", "json"], { cwd });
  assert.ok(r.json, `${args.join(" ")}: exit ${r.status}: ${r.stderr}`);
  return { status: r.status, diagnostics: withoutUrl(r.json.diagnostics) };
}

const ASSUMED_V1 =
  "assumes OLD's status.storedVersions is [v1]: OLD has no status, and the apiserver always lists the storage version (--stored-versions gives the cluster's list)";

/** A kubebuilder operator: v0.1.0 has widgets (v1alpha1 + v1) and gizmos; v0.2.0 drops v1alpha1 and gizmos, adds gadgets. */
function operator() {
  const dir = tmp({});
  git(dir, "init", "-q", "-b", "main");
  commit(
    dir,
    {
      "config/crd/bases/example.com_widgets.yaml": kubebuilderCrd({
        kind: "Widget",
        versions: [
          ["v1alpha1", true, false],
          ["v1", true, true],
        ],
      }),
      "config/crd/bases/example.com_gizmos.yaml": kubebuilderCrd({ kind: "Gizmo", versions: [["v1", true, true]] }),
      "config/crd/patches/webhook_in_widgets.yaml": webhookPatch("widgets"),
      "config/crd/patches/cainjection_in_widgets.yaml": caInjectionPatch("widgets"),
      "config/crd/kustomization.yaml": kustomization(
        ["bases/example.com_widgets.yaml", "bases/example.com_gizmos.yaml"],
        ["patches/webhook_in_widgets.yaml"],
      ),
      // A CRD the configuration ignores is in neither revision (not "removed" because NEW's walk skips it).
      "hack/crds/legacy.yaml": kubebuilderCrd({ kind: "Legacy", versions: [["v1", true, true]] }),
      ".crdlint.yaml": "ignore:\n  - hack/**\n",
    },
    "release 0.1.0",
    "v0.1.0",
  );
  commit(
    dir,
    {
      "config/crd/bases/example.com_widgets.yaml": kubebuilderCrd({
        kind: "Widget",
        versions: [["v1", true, true, { size: "integer" }]],
      }),
      "config/crd/bases/example.com_gizmos.yaml": null,
      "config/crd/bases/example.com_gadgets.yaml": kubebuilderCrd({ kind: "Gadget", versions: [["v1", true, true]] }),
      "config/crd/patches/webhook_in_gadgets.yaml": webhookPatch("gadgets"),
      "config/crd/kustomization.yaml": kustomization(
        ["bases/example.com_widgets.yaml", "bases/example.com_gadgets.yaml"],
        ["patches/webhook_in_widgets.yaml", "patches/webhook_in_gadgets.yaml"],
      ),
    },
    "release 0.2.0",
    "v0.2.0",
  );
  return dir;
}

const OPERATOR_FINDINGS = [
  {
    file: "config/crd/bases/example.com_gadgets.yaml",
    document: 0,
    object: "gadgets.example.com",
    line: 7,
    column: 3,
    endLine: 7,
    endColumn: 28,
    rule: "revision-crd-added",
    category: "revision",
    severity: "info",
    apiserver: false,
    field: "metadata.name",
    type: null,
    message: "CRD gadgets.example.com is new: it is created, not updated",
    effect: "none",
  },
  {
    // The file is gone from the working tree: the finding names it as a pull request does, at line 1.
    file: "config/crd/bases/example.com_gizmos.yaml",
    document: 0,
    object: "gizmos.example.com",
    line: 1,
    column: 1,
    endLine: 1,
    endColumn: 2,
    rule: "revision-crd-removed",
    category: "revision",
    severity: "error",
    apiserver: false,
    field: "metadata.name",
    type: null,
    message:
      "CRD gizmos.example.com is gone from NEW: deleting a CRD deletes every gizmos.example.com object in the cluster (OLD: v0.1.0:config/crd/bases/example.com_gizmos.yaml:7)",
    effect: "data-lost",
  },
  {
    // The removed version is shown at NEW's `versions:` key; the field names it as OLD had it.
    file: "config/crd/bases/example.com_widgets.yaml",
    document: 0,
    object: "widgets.example.com",
    line: 16,
    column: 3,
    endLine: 16,
    endColumn: 11,
    rule: "revision-version-removed",
    category: "revision",
    severity: "warning",
    apiserver: false,
    field: "spec.versions[0].name",
    type: null,
    message:
      "version v1alpha1 was removed: clients and manifests that use example.com/v1alpha1 get 404 (kubectl: no matches for kind) (OLD: v0.1.0:config/crd/bases/example.com_widgets.yaml:17)",
    detail: ASSUMED_V1,
    effect: "clients-break",
    assumes: ["storedVersions"],
    version: "v1alpha1",
  },
];

test(
  "kubebuilder operator: lint --against the last release tag pairs within config/crd/bases; added and removed CRDs are findings, not exit 2",
  { skip },
  () => {
    const dir = operator();
    const r = run(["lint", "--against", "v0.1.0", "config/crd/bases"], dir);
    assert.equal(r.status, 1);
    assert.deepEqual(r.diagnostics, OPERATOR_FINDINGS);
    // The same through diff, and with the whole config/crd named: the kustomize patches (partial CRDs of the same
    // names) pair with nothing, so no CRD is "defined twice" and nothing else is added or removed.
    assert.deepEqual(run(["diff", "--against", "v0.1.0", "config/crd/bases"], dir).diagnostics, OPERATOR_FINDINGS);
    const whole = run(["diff", "--against", "v0.1.0", "config/crd"], dir);
    assert.deepEqual(
      whole.diagnostics.filter((d) => d.category === "revision"),
      OPERATOR_FINDINGS,
    );
    // Narrowed to the files holding a CRD (--crd-files-only, as the Action and the pre-commit hook run it; or no path at
    // all), OLD is still the paths as named: the deleted gizmos file is seen.
    const narrowed = run(["lint", "--against", "v0.1.0", "--crd-files-only", "config/crd"], dir);
    assert.deepEqual(
      narrowed.diagnostics.filter((d) => d.category === "revision"),
      OPERATOR_FINDINGS,
    );
    assert.deepEqual(
      run(["lint", "--against", "v0.1.0"], dir).diagnostics.filter((d) => d.category === "revision"),
      OPERATOR_FINDINGS,
    );
    // The next release against the last: nothing changed.
    commit(dir, { "README.md": "operator\n" }, "docs");
    assert.deepEqual(run(["lint", "--against", "v0.2.0", "config/crd/bases"], dir), { status: 0, diagnostics: [] });
  },
);

test(
  "findings about what only OLD has never carry the ref in a file field (JSON, SARIF, GitHub, JUnit)",
  { skip },
  () => {
    const dir = operator();
    const sarif = JSON.parse(
      crdlint(["lint", "--against", "v0.1.0", "config/crd/bases", "-f", "sarif"], { cwd: dir }).stdout,
    );
    const uris = sarif.runs[0].results
      .flatMap((res) => res.locations.map((l) => l.physicalLocation.artifactLocation.uri))
      .sort();
    assert.deepEqual(uris, [
      "config/crd/bases/example.com_gadgets.yaml",
      "config/crd/bases/example.com_gizmos.yaml",
      "config/crd/bases/example.com_widgets.yaml",
    ]);
    const github = crdlint(["lint", "--against", "v0.1.0", "config/crd/bases", "-f", "github"], { cwd: dir }).stdout;
    const files = [...github.matchAll(/^::\w+ file=([^,]*),line=(\d+)/gm)].map((m) => `${m[1]}:${m[2]}`).sort();
    assert.deepEqual(files, [
      "config/crd/bases/example.com_gadgets.yaml:7",
      "config/crd/bases/example.com_gizmos.yaml:1",
      "config/crd/bases/example.com_widgets.yaml:16",
    ]);
    const junit = crdlint(["lint", "--against", "v0.1.0", "config/crd/bases", "-f", "junit"], { cwd: dir }).stdout;
    const classes = [...new Set([...junit.matchAll(/classname="([^"]*)"/g)].map((m) => m[1]))].sort();
    assert.deepEqual(classes, [
      "config/crd/bases/example.com_gadgets.yaml",
      "config/crd/bases/example.com_gizmos.yaml",
      "config/crd/bases/example.com_widgets.yaml",
    ]);
    const json = JSON.parse(
      crdlint(["lint", "--against", "v0.1.0", "config/crd/bases", "-f", "json"], { cwd: dir }).stdout,
    );
    assert.ok(
      json.diagnostics.every((d) => !d.file.includes(":")),
      "no ref in a JSON file field",
    );
    for (const out of [JSON.stringify(sarif), github]) assert.doesNotMatch(out, /%3A|uri":"v0\.1\.0|file=v0\.1\.0/);
  },
);

const G = "gateway.networking.k8s.io";
const channelCrd = (kind, versions, channel) => kubebuilderCrd({ group: G, kind, versions, channel });

/** Two release channels defining the same CRD names; after v1.0.0 GRPCRoute graduates to standard and experimental drops a field. */
function channels() {
  const dir = tmp({});
  git(dir, "init", "-q", "-b", "main");
  commit(
    dir,
    {
      [`config/crd/standard/${G}_gateways.yaml`]: channelCrd(
        "Gateway",
        [["v1", true, true, { gatewayClassName: "string" }]],
        "standard",
      ),
      [`config/crd/standard/${G}_httproutes.yaml`]: channelCrd("HTTPRoute", [["v1", true, true]], "standard"),
      [`config/crd/experimental/${G}_gateways.yaml`]: channelCrd(
        "Gateway",
        [["v1", true, true, { gatewayClassName: "string", infrastructure: "object" }]],
        "experimental",
      ),
      [`config/crd/experimental/${G}_httproutes.yaml`]: channelCrd("HTTPRoute", [["v1", true, true]], "experimental"),
      [`config/crd/experimental/${G}_grpcroutes.yaml`]: channelCrd(
        "GRPCRoute",
        [["v1alpha2", true, true]],
        "experimental",
      ),
    },
    "v1.0.0",
    "v1.0.0",
  );
  commit(
    dir,
    {
      [`config/crd/standard/${G}_grpcroutes.yaml`]: channelCrd("GRPCRoute", [["v1", true, true]], "standard"),
      [`config/crd/experimental/${G}_gateways.yaml`]: channelCrd(
        "Gateway",
        [["v1", true, true, { gatewayClassName: "string" }]],
        "experimental",
      ),
      [`config/crd/experimental/${G}_grpcroutes.yaml`]: channelCrd(
        "GRPCRoute",
        [
          ["v1alpha2", true, true],
          ["v1", true, false],
        ],
        "experimental",
      ),
    },
    "graduate GRPCRoute",
  );
  return dir;
}

const GRPCROUTE_ADDED = {
  file: `config/crd/standard/${G}_grpcroutes.yaml`,
  document: 0,
  object: `grpcroutes.${G}`,
  line: 10,
  column: 3,
  endLine: 10,
  endColumn: 45,
  rule: "revision-crd-added",
  category: "revision",
  severity: "info",
  apiserver: false,
  field: "metadata.name",
  type: null,
  message: `CRD grpcroutes.${G} is new: it is created, not updated`,
  effect: "none",
};
const CHANNEL_FINDINGS = [
  {
    file: `config/crd/experimental/${G}_gateways.yaml`,
    document: 0,
    object: `gateways.${G}`,
    line: 37,
    column: 13,
    endLine: 37,
    endColumn: 23,
    rule: "revision-field-removed",
    category: "revision",
    severity: "error",
    apiserver: false,
    field: "spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[infrastructure]",
    type: null,
    message: `field spec.infrastructure (v1) was removed: stored objects lose it on every read (pruned) and for good at their next write; clients that set it have it dropped (OLD: v1.0.0:config/crd/experimental/${G}_gateways.yaml:40)`,
    apiserverField: "spec.validation.openAPIV3Schema.properties[spec].properties[infrastructure]",
    effect: "data-lost",
    version: "v1",
  },
  {
    // Experimental serves GRPCRoute v1 next to v1alpha2: kubectl now prefers the GA version.
    file: `config/crd/experimental/${G}_grpcroutes.yaml`,
    document: 0,
    object: `grpcroutes.${G}`,
    line: 41,
    column: 5,
    endLine: 41,
    endColumn: 13,
    rule: "revision-version-priority-changed",
    category: "revision",
    severity: "warning",
    apiserver: false,
    field: "spec.versions[1].name",
    type: null,
    message:
      "the preferred version changes from v1alpha2 to v1: kubectl get, kubectl edit and discovery-based clients now read and write v1",
    effect: "clients-break",
    version: "v1",
  },
  GRPCROUTE_ADDED,
];

test(
  "two channels defining the same CRD names: each pairs with its own OLD directory, named apart or together",
  { skip },
  () => {
    const dir = channels();
    // The standard GRPCRoute is new, although experimental had one at v1.0.0 (and still has: that copy pairs with it).
    const apart = run(["lint", "--against", "v1.0.0", "config/crd/standard", "config/crd/experimental"], dir);
    assert.deepEqual(apart, { status: 1, diagnostics: CHANNEL_FINDINGS });
    assert.deepEqual(run(["diff", "--against", "v1.0.0", "config/crd"], dir), {
      status: 1,
      diagnostics: CHANNEL_FINDINGS,
    });
    // One channel alone: the other's directory is not looked at (it used to make "two CRDs named ... in OLD", exit 2).
    // The ref's other copy is named in the message, in case the file moved from there.
    const hint = ` (v1.0.0:config/crd/experimental/${G}_grpcroutes.yaml has a CRD of this name, outside the paths named: if it moved from there, name that path too to compare them)`;
    assert.deepEqual(run(["diff", "--against", "v1.0.0", "config/crd/standard"], dir), {
      status: 0,
      diagnostics: [{ ...GRPCROUTE_ADDED, message: GRPCROUTE_ADDED.message + hint }],
    });
  },
);

test(
  "copies of one CRD that cannot be told apart are a warning each, not compared, and not reported removed",
  { skip },
  () => {
    const dir = channels();
    // Both channel directories renamed: gateways.yaml is at neither OLD path, and OLD has two copies of it.
    git(dir, "mv", "config/crd/standard", "config/crd/stable");
    git(dir, "mv", "config/crd/experimental", "config/crd/beta");
    const r = run(["diff", "--against", "v1.0.0", "config/crd"], dir);
    assert.equal(r.status, 0);
    const dup = (channel, plural, endColumn) => ({
      file: `config/crd/${channel}/${G}_${plural}.yaml`,
      document: 0,
      object: `${plural}.${G}`,
      line: 10,
      column: 3,
      endLine: 10,
      endColumn,
      rule: "revision-crd-duplicate",
      category: "revision",
      severity: "warning",
      apiserver: false,
      field: "metadata.name",
      type: null,
      message: `CRD ${plural}.${G} is defined more than once within the paths compared, and OLD has it in v1.0.0:config/crd/experimental/${G}_${plural}.yaml, v1.0.0:config/crd/standard/${G}_${plural}.yaml, none at this path: this copy is not compared; name each channel's directory as a path of its own`,
    });
    assert.deepEqual(
      r.diagnostics.map((d) => [d.rule, d.file]),
      [
        ["revision-crd-duplicate", `config/crd/beta/${G}_gateways.yaml`],
        ["revision-version-priority-changed", `config/crd/beta/${G}_grpcroutes.yaml`],
        ["revision-crd-duplicate", `config/crd/beta/${G}_httproutes.yaml`],
        // The one experimental GRPCRoute pairs with the first copy by name; the stable one is new.
        ["revision-crd-added", `config/crd/stable/${G}_grpcroutes.yaml`],
        ["revision-crd-duplicate", `config/crd/stable/${G}_gateways.yaml`],
        ["revision-crd-duplicate", `config/crd/stable/${G}_httproutes.yaml`],
      ].sort((a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0)),
    );
    assert.deepEqual(
      r.diagnostics.find((d) => d.file === `config/crd/beta/${G}_gateways.yaml`),
      dup("beta", "gateways", 43),
    );
    assert.deepEqual(
      r.diagnostics.find((d) => d.file === `config/crd/stable/${G}_httproutes.yaml`),
      dup("stable", "httproutes", 45),
    );
  },
);

/** A chart's CRD kept under templates/, behind a values switch, as many charts did before moving it to crds/. */
const templated = (crd) =>
  `{{- if .Values.crds.install }}\n${crd.replace("  annotations:\n", "  annotations:\n    helm.sh/resource-policy: keep\n")}{{- end }}\n`;

test(
  "Helm chart: an OLD CRD under templates/ is skipped with an info (in NEW's file when it is still there), never exit 2",
  { skip },
  () => {
    const widgets = kubebuilderCrd({ kind: "Widget", versions: [["v1", true, true]] });
    const dir = tmp({});
    git(dir, "init", "-q", "-b", "main");
    commit(
      dir,
      {
        "Chart.yaml": "apiVersion: v2\nname: widgets\nversion: 1.0.0\n",
        "values.yaml": "crds:\n  install: true\n",
        "templates/deployment.yaml": "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {{ .Release.Name }}\n",
        "templates/crds/widgets.yaml": templated(widgets),
      },
      "chart 1.0.0",
      "1.0.0",
    );
    // 1.1.0 still templates it: the info is on NEW's file, beside lint's own yaml-go-template info.
    commit(
      dir,
      {
        "templates/crds/widgets.yaml": templated(
          kubebuilderCrd({ kind: "Widget", versions: [["v1", true, true, { size: "integer" }]] }),
        ),
      },
      "chart 1.1.0",
      "1.1.0",
    );
    const skipped = (file, line, message) => ({
      file,
      document: 0,
      object: null,
      line,
      column: 1,
      endLine: line,
      endColumn: 2,
      rule: "revision-old-skipped",
      category: "revision",
      severity: "info",
      apiserver: false,
      field: null,
      type: null,
      message,
    });
    const TEMPLATE =
      "is a Go/Helm template ({{ ... }}), not YAML (render it, e.g. `helm template . > old.yaml`, and give that as OLD): its CRDs are not compared, so NEW's CRDs it held are reported as added";
    const stillTemplated = run(["diff", "--against", "1.0.0", "templates"], dir);
    assert.deepEqual(stillTemplated, {
      status: 0,
      diagnostics: [skipped("templates/crds/widgets.yaml", 1, `OLD 1.0.0:templates/crds/widgets.yaml:1 ${TEMPLATE}`)],
    });
    // 2.0.0 moves it to crds/ (not templated): the old file is gone, so the info names the path it had.
    commit(dir, { "templates/crds/widgets.yaml": null, "crds/widgets.yaml": widgets }, "chart 2.0.0", "2.0.0");
    const moved = run(["lint", "--against", "1.1.0", "."], dir);
    assert.deepEqual(
      moved.diagnostics.map((d) => [d.rule, d.file, d.line]),
      [
        ["revision-crd-added", "crds/widgets.yaml", 7],
        ["revision-old-skipped", "templates/crds/widgets.yaml", 1],
        ["yaml-go-template", "templates/deployment.yaml", 4],
      ],
    );
    assert.equal(moved.status, 0);
    assert.deepEqual(
      moved.diagnostics[1],
      skipped("templates/crds/widgets.yaml", 1, `OLD 1.1.0:templates/crds/widgets.yaml:1 ${TEMPLATE}`),
    );
  },
);

test(
  "an OLD file that does not parse is skipped with an info in NEW's file; a named OLD file that does not parse is still exit 2",
  { skip },
  () => {
    const dir = tmp({});
    git(dir, "init", "-q", "-b", "main");
    const widgets = kubebuilderCrd({ kind: "Widget", versions: [["v1", true, true]] });
    commit(
      dir,
      { "crds/widgets.yaml": widgets.replace("  scope: Namespaced", "  scope: [Namespaced") },
      "broken",
      "v1",
    );
    commit(dir, { "crds/widgets.yaml": widgets }, "fixed");
    const r = run(["lint", "--against", "v1", "crds"], dir);
    assert.equal(r.status, 0);
    assert.deepEqual(
      r.diagnostics.map((d) => [d.rule, d.file, d.line, d.severity]),
      [
        ["revision-old-skipped", "crds/widgets.yaml", 1, "info"],
        ["revision-crd-added", "crds/widgets.yaml", 7, "info"],
      ],
    );
    assert.match(
      r.diagnostics[0].message,
      /^OLD v1:crds\/widgets\.yaml:\d+ does not parse \(.+\): its CRDs are not compared, so NEW's CRDs it held are reported as added$/,
    );
    const old = spawnSync("git", ["show", "v1:crds/widgets.yaml"], { cwd: dir, encoding: "utf8" }).stdout;
    const named = tmp({ "old.yaml": old, "new.yaml": widgets });
    const e = crdlint(["diff", "old.yaml", "new.yaml"], { cwd: named });
    assert.equal(e.status, 2);
    assert.match(e.stderr, /^crdlint: cannot read OLD old\.yaml:\d+:\d+: .*\n$/);
    const tpl = tmp({ "old.yaml": templated(widgets), "new.yaml": widgets });
    const t = crdlint(["diff", "old.yaml", "new.yaml"], { cwd: tpl });
    assert.equal(t.status, 2);
    assert.equal(
      t.stderr,
      "crdlint: cannot read OLD old.yaml:1:1: a Go/Helm template, not YAML; render it (helm template) and give the output as OLD\n",
    );
  },
);

test(
  "--stored-versions NAME=... per CRD, the list for every CRD, and --stored-versions-from the cluster's copies",
  { skip },
  () => {
    const dir = operator();
    const rules = (args) =>
      run(["diff", "--against", "v0.1.0", "config/crd/bases", ...args], dir).diagnostics.map((d) => [
        d.rule,
        d.object,
        d.severity,
      ]);
    const added = ["revision-crd-added", "gadgets.example.com", "info"];
    const removed = ["revision-crd-removed", "gizmos.example.com", "error"];
    assert.deepEqual(rules([]), [added, removed, ["revision-version-removed", "widgets.example.com", "warning"]]);
    // The cluster still stores v1alpha1 widgets: removing that version is the apiserver's rejection.
    const storedRejected = ["revision-stored-version-removed", "widgets.example.com", "error"];
    assert.deepEqual(rules(["--stored-versions", "widgets.example.com=v1alpha1,v1"]), [added, removed, storedRejected]);
    assert.deepEqual(rules(["--stored-versions", "v1alpha1,v1"]), [added, removed, storedRejected]);
    // A NAME= list wins over the list for every CRD.
    assert.deepEqual(rules(["--stored-versions", "v1alpha1,v1", "--stored-versions", "widgets.example.com=v1"]), [
      added,
      removed,
      ["revision-version-removed", "widgets.example.com", "warning"],
    ]);
    // kubectl get crd -o yaml: a List of the cluster's CRDs with their status.
    const live = `apiVersion: v1
kind: List
items:
- apiVersion: apiextensions.k8s.io/v1
  kind: CustomResourceDefinition
  metadata: {name: widgets.example.com}
  spec: {group: example.com, names: {plural: widgets, kind: Widget}, scope: Namespaced, versions: []}
  status:
    storedVersions: [v1alpha1, v1]
- apiVersion: apiextensions.k8s.io/v1
  kind: CustomResourceDefinition
  metadata: {name: certificates.cert-manager.io}
  status:
    storedVersions: [v1]
`;
    const liveDir = tmp({ "cluster.yaml": live, "empty.yaml": "apiVersion: v1\nkind: List\nitems: []\n" });
    const fromCluster = run(
      ["lint", "--against", "v0.1.0", "config/crd/bases", "--stored-versions-from", join(liveDir, "cluster.yaml")],
      dir,
    );
    assert.deepEqual(
      fromCluster.diagnostics.map((d) => [d.rule, d.object, d.severity]),
      [added, removed, storedRejected],
    );
    assert.equal(fromCluster.diagnostics[2].assumes, undefined, "the cluster's list is not an assumption");
    for (const [args, message] of [
      [
        ["--stored-versions", "widget.example.com=v1"],
        "crdlint: --stored-versions widget.example.com=...: OLD has no CRD named widget.example.com\n",
      ],
      [
        ["--stored-versions", "=v1"],
        'crdlint: --stored-versions: expected a comma-separated list of versions such as v1alpha1,v1, or NAME=v1alpha1,v1 for one CRD, got "=v1"\n',
      ],
      [
        ["--stored-versions-from", join(liveDir, "empty.yaml")],
        `crdlint: --stored-versions-from ${join(liveDir, "empty.yaml")}: no CustomResourceDefinition with status.storedVersions (give the CRDs as the cluster returns them: kubectl get crd NAME -o yaml)\n`,
      ],
    ]) {
      const e = crdlint(["diff", "--against", "v0.1.0", "config/crd/bases", ...args], { cwd: dir });
      assert.equal(e.status, 2, args.join(" "));
      assert.equal(e.stderr, message);
    }
  },
);

test(
  "a shallow clone without the tag or branch: one line that says how to fetch it, and the command it gives works",
  { skip },
  () => {
    const origin = operator();
    git(origin, "branch", "release-0.1", "v0.1.0");
    const clone = join(tmp({}), "c");
    git(join(clone, ".."), "clone", "-q", "--depth", "1", `file://${origin}`, "c");
    for (const [ref, command] of [
      ["v0.1.0", "git fetch --depth=50 origin tag v0.1.0"],
      ["origin/release-0.1", "git fetch --depth=50 origin release-0.1:refs/remotes/origin/release-0.1"],
    ]) {
      const e = crdlint(["lint", "--against", ref, "config/crd/bases"], { cwd: clone });
      assert.equal(e.status, 2);
      assert.equal(
        e.stderr,
        `crdlint: --against ${ref}: no such commit in this repository (a shallow clone); fetch it first: ${command} (this is a shallow clone; in GitHub Actions, actions/checkout with fetch-depth: 0 fetches the history)\n`,
      );
      git(clone, ...command.split(" ").slice(1));
      assert.deepEqual(run(["lint", "--against", ref, "config/crd/bases"], clone), {
        status: 1,
        diagnostics: OPERATOR_FINDINGS.map((d) => ({ ...d, message: d.message.replace("v0.1.0:", `${ref}:`) })),
      });
    }
  },
);

test(
  "a channel's copy removed while another channel keeps the CRD is a removal there, saying where NEW still has it",
  { skip },
  () => {
    const dir = channels();
    git(dir, "rm", "-q", `config/crd/experimental/${G}_httproutes.yaml`);
    const r = run(["diff", "--against", "v1.0.0", "config/crd/standard", "config/crd/experimental"], dir);
    assert.equal(r.status, 1);
    assert.deepEqual(
      r.diagnostics.filter((d) => d.rule === "revision-crd-removed"),
      [
        {
          file: `config/crd/experimental/${G}_httproutes.yaml`,
          document: 0,
          object: `httproutes.${G}`,
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 2,
          rule: "revision-crd-removed",
          category: "revision",
          severity: "error",
          apiserver: false,
          field: "metadata.name",
          type: null,
          message: `CRD httproutes.${G} is gone from config/crd/experimental/${G}_httproutes.yaml (NEW still defines it in config/crd/standard/${G}_httproutes.yaml): where this file was applied, deleting the CRD deletes every httproutes.${G} object in the cluster (OLD: v1.0.0:config/crd/experimental/${G}_httproutes.yaml:10)`,
          effect: "data-lost",
        },
      ],
    );
    // The rest is as before: the experimental Gateway's field, the GRPCRoute changes.
    assert.deepEqual(
      r.diagnostics.filter((d) => d.rule !== "revision-crd-removed"),
      CHANNEL_FINDINGS,
    );
  },
);

test(
  "Helm chart repository: --against with a glob that names directories (charts/*/crds, as the Action passes it unexpanded) pairs the charts' CRDs at the ref",
  { skip },
  () => {
    const dir = tmp({});
    git(dir, "init", "-q", "-b", "main");
    const chart = (name, kind, versions) => ({
      [`charts/${name}/Chart.yaml`]: `apiVersion: v2\nname: ${name}\nversion: 1.0.0\n`,
      [`charts/${name}/crds/${kind.toLowerCase()}s.yaml`]: kubebuilderCrd({ kind, versions }),
    });
    commit(
      dir,
      {
        ...chart("widgets", "Widget", [["v1", true, true, { size: "integer" }]]),
        "charts/widgets/crds/.hidden/x.yaml": "a: 1\n",
      },
      "charts",
      "v1",
    );
    commit(
      dir,
      { ...chart("widgets", "Widget", [["v1", true, true]]), ...chart("gadgets", "Gadget", [["v1", true, true]]) },
      "gadgets added, size removed",
    );
    const r = run(["lint", "--against", "v1", "charts/*/crds"], dir);
    assert.equal(r.status, 1);
    assert.deepEqual(
      r.diagnostics.map((d) => [d.file, d.rule]),
      [
        ["charts/gadgets/crds/gadgets.yaml", "revision-crd-added"],
        ["charts/widgets/crds/widgets.yaml", "revision-field-removed"],
      ],
    );
    // The same, the glob quoted for the shell or not.
    assert.deepEqual(run(["diff", "--against", "v1", "charts/*/crds"], dir).diagnostics, r.diagnostics);
  },
);
