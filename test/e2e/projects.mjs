// Git repositories in the layouts real projects have, for the end-to-end tests of the README's recipes:
//   operator   a kubebuilder operator: config/crd/bases, the kustomize patches kubebuilder scaffolds
//              (webhook_in_*, cainjection_in_*), kustomization files, samples, RBAC; release tags v0.1.0 and
//              v0.2.0 with CRDs added between them, and a pull-request branch on top
//   channels   two release channels (config/crd/standard, config/crd/experimental) defining the same CRD names,
//              with CRDs added between the tags v1.0.0 and v1.1.0
//   charts     a Helm chart repository: charts/<name>/{Chart.yaml,values.yaml,crds/,templates/} with templates of
//              every form Helm allows, two tags
//   templated  a chart whose CRD sits in templates/ behind `{{- if .Values.crds.enabled }}`
// Real upstream CRDs (fluxcd/source-controller, gateway-api, traefik) are read byte for byte from the shared test
// corpus (../shared/corpus: licences and commits in its MANIFEST.md), never copied into this repository: a project
// that needs one is not built (its tests skip) when the corpus is absent. Everything else is written here, in the
// shapes kubebuilder and `helm create` scaffold.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { root } from "../helpers/cli.mjs";
import { caInjectionPatch, webhookPatch } from "../helpers/kubebuilder.mjs";

export const corpus = join(root, "..", "shared", "corpus", "crds");

/** The bytes of a corpus CRD file, or null when the corpus is absent. */
function real(project, file) {
  const p = join(corpus, project, file);
  return existsSync(p) ? readFileSync(p) : null;
}

export const gitEnv = {
  ...process.env,
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_AUTHOR_NAME: "crdlint test",
  GIT_AUTHOR_EMAIL: "test@example.com",
  GIT_COMMITTER_NAME: "crdlint test",
  GIT_COMMITTER_EMAIL: "test@example.com",
  GIT_AUTHOR_DATE: "2026-01-01T00:00:00Z",
  GIT_COMMITTER_DATE: "2026-01-01T00:00:00Z",
};

export function git(args, cwd) {
  const r = spawnSync("git", args, { cwd, env: gitEnv, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr}`);
  return r.stdout.trim();
}

/**
 * Writes `files` (path → string | Buffer | null to delete) into `dir` and commits them; `tag` tags the commit.
 */
function commit(dir, message, files, tag) {
  for (const [path, content] of Object.entries(files)) {
    const p = join(dir, path);
    if (content === null) rmSync(p, { force: true });
    else {
      mkdirSync(dirname(p), { recursive: true });
      writeFileSync(p, content);
    }
  }
  git(["add", "-A"], dir);
  git(["commit", "-q", "--allow-empty", "-m", message], dir);
  if (tag) git(["tag", tag], dir);
}

function init(dir) {
  mkdirSync(dir, { recursive: true });
  git(["init", "-q", "-b", "main"], dir);
}

// ---------------------------------------------------------------------------------------------------------------
// operator

/** A controller-gen-shaped CRD of our own: `versions` is [{name, storage, served, spec properties (YAML lines)}]. */
function widgetCrd(versions) {
  const v = versions
    .map(
      (x) => `  - name: ${x.name}
    schema:
      openAPIV3Schema:
        description: Widget is the Schema for the widgets API.
        properties:
          apiVersion:
            description: APIVersion defines the versioned schema of this representation of an object.
            type: string
          kind:
            description: Kind is a string value representing the REST resource this object represents.
            type: string
          metadata:
            type: object
          spec:
            description: WidgetSpec defines the desired state of Widget.
            properties:
${x.spec}
            type: object
          status:
            description: WidgetStatus defines the observed state of Widget.
            properties:
              ready:
                type: boolean
            type: object
        type: object
    served: ${x.served ?? true}
    storage: ${x.storage}
    subresources:
      status: {}
`,
    )
    .join("");
  return `---
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  annotations:
    controller-gen.kubebuilder.io/version: v0.16.4
  name: widgets.apps.example.com
spec:
  group: apps.example.com
  names:
    kind: Widget
    listKind: WidgetList
    plural: widgets
    singular: widget
  scope: Namespaced
  versions:
${v}`;
}

const widgetSpecV1alpha1 = `              color:
                description: Color of the widget.
                type: string
              size:
                description: Size of the widget.
                format: int32
                minimum: 1
                type: integer`;

const FLUX = ["buckets", "gitrepositories", "helmcharts", "helmrepositories", "ocirepositories", "externalartifacts"];

export function buildOperator(dir) {
  const flux = Object.fromEntries(
    FLUX.map((p) => [p, real("fluxcd__source-controller", `source.toolkit.fluxcd.io_${p}.yaml`)]),
  );
  if (Object.values(flux).some((b) => b === null)) return null;
  init(dir);
  const base = (names) =>
    Object.fromEntries(names.map((p) => [`config/crd/bases/source.toolkit.fluxcd.io_${p}.yaml`, flux[p]]));
  const kustomization = (names) => `# This kustomization.yaml is not intended to be run by itself,
# since it depends on service name and namespace that are out of this kustomize package.
# It should be run by config/default
resources:
${names.map((n) => `- ${n}`).join("\n")}
# +kubebuilder:scaffold:crdkustomizeresource

patches:
# [WEBHOOK] To enable webhook, uncomment all the sections with [WEBHOOK] prefix.
# patches here are for enabling the conversion webhook for each CRD
- path: patches/webhook_in_widgets.yaml
# +kubebuilder:scaffold:crdkustomizewebhookpatch

# [CERTMANAGER] To enable cert-manager, uncomment all the sections with [CERTMANAGER] prefix.
# patches here are for enabling the CA injection for each CRD
- path: patches/cainjection_in_widgets.yaml
# +kubebuilder:scaffold:crdkustomizecainjectionpatch

configurations:
- kustomizeconfig.yaml
`;
  const common = {
    PROJECT:
      'domain: example.com\nlayout:\n- go.kubebuilder.io/v4\nprojectName: widget-operator\nrepo: example.com/widget-operator\nversion: "3"\n',
    "config/crd/kustomizeconfig.yaml": `# This file is for teaching kustomize how to substitute name and namespace reference in CRD
nameReference:
- kind: Service
  version: v1
  fieldSpecs:
  - kind: CustomResourceDefinition
    version: v1
    group: apiextensions.k8s.io
    path: spec/conversion/webhook/clientConfig/service/name

namespace:
- kind: CustomResourceDefinition
  version: v1
  group: apiextensions.k8s.io
  path: spec/conversion/webhook/clientConfig/service/namespace
  create: false

varReference:
- path: metadata/annotations
`,
    "config/crd/patches/webhook_in_widgets.yaml": webhookPatch("widgets", "apps.example.com"),
    "config/crd/patches/cainjection_in_widgets.yaml": caInjectionPatch("widgets", "apps.example.com"),
    "config/crd/patches/webhook_in_gitrepositories.yaml": webhookPatch("gitrepositories", "source.toolkit.fluxcd.io"),
    "config/rbac/role.yaml":
      "---\napiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: manager-role\nrules:\n- apiGroups:\n  - apps.example.com\n  resources:\n  - widgets\n  verbs:\n  - get\n  - list\n  - watch\n",
    "config/default/kustomization.yaml":
      "namespace: widget-operator-system\nnamePrefix: widget-operator-\nresources:\n- ../crd\n- ../rbac\n",
    "config/samples/kustomization.yaml":
      "## Append samples of your project ##\nresources:\n- apps_v1alpha1_widget.yaml\n# +kubebuilder:scaffold:manifestskustomizesamples\n",
    "config/samples/apps_v1alpha1_widget.yaml":
      "apiVersion: apps.example.com/v1alpha1\nkind: Widget\nmetadata:\n  labels:\n    app.kubernetes.io/name: widget-operator\n  name: widget-sample\nspec:\n  color: blue\n  size: 3\n",
  };
  const v010 = ["buckets", "gitrepositories", "helmcharts", "helmrepositories"];
  commit(
    dir,
    "v0.1.0",
    {
      ...common,
      ...base(v010),
      "config/crd/bases/apps.example.com_widgets.yaml": widgetCrd([
        { name: "v1alpha1", storage: true, spec: widgetSpecV1alpha1 },
      ]),
      "config/crd/kustomization.yaml": kustomization([
        ...v010.map((p) => `bases/source.toolkit.fluxcd.io_${p}.yaml`),
        "bases/apps.example.com_widgets.yaml",
      ]),
    },
    "v0.1.0",
  );
  // v0.2.0: two CRDs added; widgets gains v1 (the storage version), v1alpha1 still served.
  commit(
    dir,
    "v0.2.0",
    {
      ...base(FLUX),
      "config/crd/bases/apps.example.com_widgets.yaml": widgetCrd([
        { name: "v1", storage: true, spec: widgetSpecV1alpha1 },
        { name: "v1alpha1", storage: false, spec: widgetSpecV1alpha1 },
      ]),
      "config/crd/kustomization.yaml": kustomization([
        ...FLUX.map((p) => `bases/source.toolkit.fluxcd.io_${p}.yaml`),
        "bases/apps.example.com_widgets.yaml",
      ]),
      "config/samples/apps_v1_widget.yaml":
        "apiVersion: apps.example.com/v1\nkind: Widget\nmetadata:\n  name: widget-sample-v1\nspec:\n  color: red\n  size: 1\n",
    },
    "v0.2.0",
  );
  return dir;
}

/**
 * The pull request on top of the operator's v0.2.0, with the real findings it must bring: v1alpha1 (stored since
 * v0.1.0) is removed from `versions` (the apiserver rejects the update while status.storedVersions lists it), and v1's
 * `spec.color` is removed (stored objects lose it when next written).
 */
export function operatorPullRequest(dir) {
  git(["checkout", "-q", "-b", "remove-v1alpha1"], dir);
  const specV1 = widgetSpecV1alpha1.split("\n").slice(3).join("\n");
  commit(dir, "Remove v1alpha1 and color", {
    "config/crd/bases/apps.example.com_widgets.yaml": widgetCrd([{ name: "v1", storage: true, spec: specV1 }]),
    "config/samples/apps_v1alpha1_widget.yaml": null,
    "config/samples/kustomization.yaml": "## Append samples of your project ##\nresources:\n- apps_v1_widget.yaml\n",
    "config/samples/apps_v1_widget.yaml":
      "apiVersion: apps.example.com/v1\nkind: Widget\nmetadata:\n  name: widget-sample-v1\nspec:\n  size: 1\n",
  });
}

// ---------------------------------------------------------------------------------------------------------------
// channels

const GATEWAY = [
  "backendtlspolicies",
  "gatewayclasses",
  "gateways",
  "grpcroutes",
  "httproutes",
  "listenersets",
  "referencegrants",
  "tcproutes",
  "tlsroutes",
  "udproutes",
];

export function buildChannels(dir) {
  const files = {};
  for (const channel of ["standard", "experimental"])
    for (const p of GATEWAY)
      files[`${channel}/${p}`] = real(
        "kubernetes-sigs__gateway-api",
        `${channel}__gateway.networking.k8s.io_${p}.yaml`,
      );
  if (Object.values(files).some((b) => b === null)) return null;
  init(dir);
  const at = (names) => {
    const out = {};
    for (const channel of ["standard", "experimental"]) {
      for (const p of names)
        out[`config/crd/${channel}/gateway.networking.k8s.io_${p}.yaml`] = files[`${channel}/${p}`];
      out[`config/crd/${channel}/kustomization.yaml`] =
        `apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n${names.map((p) => `- gateway.networking.k8s.io_${p}.yaml`).join("\n")}\n`;
    }
    return out;
  };
  const v100 = GATEWAY.filter((p) => !["listenersets", "backendtlspolicies"].includes(p));
  commit(
    dir,
    "v1.0.0",
    {
      "config/crd/kustomization.yaml":
        "apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n- standard\n",
      ...at(v100),
    },
    "v1.0.0",
  );
  // The next release is prepared on a branch: a pull request to main that adds CRDs to both channels.
  git(["checkout", "-q", "-b", "release-1.1"], dir);
  commit(dir, "v1.1.0", at(GATEWAY), "v1.1.0");
  git(["checkout", "-q", "main"], dir);
  return dir;
}

// ---------------------------------------------------------------------------------------------------------------
// charts

const TRAEFIK = [
  "ingressroutes",
  "ingressroutetcps",
  "ingressrouteudps",
  "middlewares",
  "middlewaretcps",
  "serverstransports",
  "serverstransporttcps",
  "tlsoptions",
  "tlsstores",
  "traefikservices",
];

/** The templates `helm create` writes, and the other forms Helm allows: actions with and without `-`, comments, includes. */
export const chartTemplates = {
  "templates/_helpers.tpl": `{{/*
Expand the name of the chart.
*/}}
{{- define "app.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
Common labels
*/}}
{{- define "app.labels" -}}
app.kubernetes.io/name: {{ include "app.name" . }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end }}

{{- define "app.serviceAccount" }}
apiVersion: v1
kind: ServiceAccount
metadata:
  name: {{ include "app.name" . }}
{{- end }}
`,
  "templates/deployment.yaml": `apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ include "app.name" . }}
  labels:
    {{- include "app.labels" . | nindent 4 }}
spec:
  {{- if not .Values.autoscaling.enabled }}
  replicas: {{ .Values.replicaCount }}
  {{- end }}
  selector:
    matchLabels:
      app.kubernetes.io/name: {{ include "app.name" . }}
  template:
    metadata:
      labels:
        app.kubernetes.io/name: {{ include "app.name" . }}
    spec:
      containers:
        - name: {{ .Chart.Name }}
          image: "{{ .Values.image.repository }}:{{ .Values.image.tag | default .Chart.AppVersion }}"
`,
  "templates/hpa.yaml": `{{ if .Values.autoscaling.enabled }}
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: {{ include "app.name" . }}
spec:
  minReplicas: {{ .Values.autoscaling.minReplicas }}
{{ end }}
`,
  "templates/service.yaml": `{{/* The service in front of the pods. */}}
apiVersion: v1
kind: Service
metadata:
  name: {{ include "app.name" . }}
spec:
  type: {{ .Values.service.type }}
  ports:
    - port: {{ .Values.service.port }}
`,
  "templates/serviceaccount.yaml": `{{ include "app.serviceAccount" . }}
`,
  "templates/configmap.yaml": `{{- with .Values.config }}
apiVersion: v1
kind: ConfigMap
metadata:
  name: config
data:
  {{- toYaml . | nindent 2 }}
{{- end }}
`,
  "templates/NOTES.txt":
    '1. Get the application URL by running these commands:\n  kubectl get svc {{ include "app.name" . }}\n',
  "templates/tests/test-connection.yaml": `apiVersion: v1
kind: Pod
metadata:
  name: "{{ include "app.name" . }}-test-connection"
  annotations:
    "helm.sh/hook": test
spec:
  containers:
    - name: wget
      image: busybox
      command: ['wget']
      args: ['{{ include "app.name" . }}:{{ .Values.service.port }}']
  restartPolicy: Never
`,
};

const values =
  'replicaCount: 1\nimage:\n  repository: traefik\n  tag: ""\nservice:\n  type: ClusterIP\n  port: 80\nautoscaling:\n  enabled: false\n  minReplicas: 1\nconfig: {}\ncrds:\n  enabled: true\n';

export function buildCharts(dir) {
  const crds = Object.fromEntries(TRAEFIK.map((p) => [p, real("traefik__traefik", `traefik.io_${p}.yaml`)]));
  if (Object.values(crds).some((b) => b === null)) return null;
  init(dir);
  const chart = (version, names) => ({
    "charts/traefik/Chart.yaml": `apiVersion: v2\nname: traefik\ndescription: A Traefik based Kubernetes ingress controller\ntype: application\nversion: ${version}\nappVersion: v3.5.0\nkubeVersion: ">=1.22.0-0"\n`,
    "charts/traefik/values.yaml": values,
    "charts/traefik/.helmignore": ".DS_Store\n.git/\n",
    ...Object.fromEntries(Object.entries(chartTemplates).map(([p, c]) => [`charts/traefik/${p}`, c])),
    ...Object.fromEntries(names.map((p) => [`charts/traefik/crds/traefik.io_${p}.yaml`, crds[p]])),
  });
  const v1 = TRAEFIK.filter((p) => !["serverstransporttcps", "middlewaretcps"].includes(p));
  commit(dir, "traefik-34.0.0", chart("34.0.0", v1), "v34.0.0");
  git(["checkout", "-q", "-b", "traefik-35"], dir);
  commit(dir, "traefik-35.0.0", chart("35.0.0", TRAEFIK), "v35.0.0");
  git(["checkout", "-q", "main"], dir);
  return dir;
}

// ---------------------------------------------------------------------------------------------------------------
// templated: a chart whose CRD sits in templates/

export function buildTemplated(dir) {
  init(dir);
  const crd =
    widgetCrd([{ name: "v1", storage: true, spec: widgetSpecV1alpha1 }])
      .replace("---\n", "{{- if .Values.crds.enabled }}\n")
      .replace(
        "    controller-gen.kubebuilder.io/version: v0.16.4\n",
        `    controller-gen.kubebuilder.io/version: v0.16.4\n    {{- if .Values.crds.keep }}\n    helm.sh/resource-policy: keep\n    {{- end }}\n  labels:\n    {{- include "app.labels" . | nindent 4 }}\n`,
      ) + "{{- end }}\n";
  commit(
    dir,
    "widget chart 1.0.0",
    {
      "charts/widget/Chart.yaml": 'apiVersion: v2\nname: widget\nversion: 1.0.0\nappVersion: "1.0"\n',
      "charts/widget/values.yaml": values.replace("crds:\n  enabled: true\n", "crds:\n  enabled: true\n  keep: true\n"),
      "charts/widget/templates/crds/widgets.yaml": crd,
      "charts/widget/templates/_helpers.tpl": chartTemplates["templates/_helpers.tpl"],
      "charts/widget/templates/deployment.yaml": chartTemplates["templates/deployment.yaml"],
    },
    "widget-1.0.0",
  );
  return dir;
}
