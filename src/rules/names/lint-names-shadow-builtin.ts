/** The plural or a shortName equals a built-in resource name or short name. */
import { defineRule } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";
import { crdNames } from "../../k8s/objectmeta.js";

/** Built-in resources of a current Kubernetes release (plural → group), and kubectl's built-in short names. */
const BUILTIN_RESOURCES: Record<string, string> = {
  bindings: "core",
  componentstatuses: "core",
  configmaps: "core",
  endpoints: "core",
  events: "core",
  limitranges: "core",
  namespaces: "core",
  nodes: "core",
  persistentvolumeclaims: "core",
  persistentvolumes: "core",
  pods: "core",
  podtemplates: "core",
  replicationcontrollers: "core",
  resourcequotas: "core",
  secrets: "core",
  serviceaccounts: "core",
  services: "core",
  mutatingwebhookconfigurations: "admissionregistration.k8s.io",
  validatingwebhookconfigurations: "admissionregistration.k8s.io",
  validatingadmissionpolicies: "admissionregistration.k8s.io",
  validatingadmissionpolicybindings: "admissionregistration.k8s.io",
  mutatingadmissionpolicies: "admissionregistration.k8s.io",
  mutatingadmissionpolicybindings: "admissionregistration.k8s.io",
  customresourcedefinitions: "apiextensions.k8s.io",
  apiservices: "apiregistration.k8s.io",
  controllerrevisions: "apps",
  daemonsets: "apps",
  deployments: "apps",
  replicasets: "apps",
  statefulsets: "apps",
  selfsubjectreviews: "authentication.k8s.io",
  tokenreviews: "authentication.k8s.io",
  localsubjectaccessreviews: "authorization.k8s.io",
  selfsubjectaccessreviews: "authorization.k8s.io",
  selfsubjectrulesreviews: "authorization.k8s.io",
  subjectaccessreviews: "authorization.k8s.io",
  horizontalpodautoscalers: "autoscaling",
  cronjobs: "batch",
  jobs: "batch",
  certificatesigningrequests: "certificates.k8s.io",
  clustertrustbundles: "certificates.k8s.io",
  leases: "coordination.k8s.io",
  leasecandidates: "coordination.k8s.io",
  endpointslices: "discovery.k8s.io",
  flowschemas: "flowcontrol.apiserver.k8s.io",
  prioritylevelconfigurations: "flowcontrol.apiserver.k8s.io",
  ingressclasses: "networking.k8s.io",
  ingresses: "networking.k8s.io",
  networkpolicies: "networking.k8s.io",
  ipaddresses: "networking.k8s.io",
  servicecidrs: "networking.k8s.io",
  runtimeclasses: "node.k8s.io",
  poddisruptionbudgets: "policy",
  clusterrolebindings: "rbac.authorization.k8s.io",
  clusterroles: "rbac.authorization.k8s.io",
  rolebindings: "rbac.authorization.k8s.io",
  roles: "rbac.authorization.k8s.io",
  deviceclasses: "resource.k8s.io",
  resourceclaims: "resource.k8s.io",
  resourceclaimtemplates: "resource.k8s.io",
  resourceslices: "resource.k8s.io",
  priorityclasses: "scheduling.k8s.io",
  csidrivers: "storage.k8s.io",
  csinodes: "storage.k8s.io",
  csistoragecapacities: "storage.k8s.io",
  storageclasses: "storage.k8s.io",
  volumeattachments: "storage.k8s.io",
  volumeattributesclasses: "storage.k8s.io",
};

const BUILTIN_SHORT_NAMES: Record<string, string> = {
  cs: "componentstatuses",
  cm: "configmaps",
  ep: "endpoints",
  ev: "events",
  limits: "limitranges",
  ns: "namespaces",
  no: "nodes",
  pvc: "persistentvolumeclaims",
  pv: "persistentvolumes",
  po: "pods",
  rc: "replicationcontrollers",
  quota: "resourcequotas",
  sa: "serviceaccounts",
  svc: "services",
  crd: "customresourcedefinitions",
  crds: "customresourcedefinitions",
  ds: "daemonsets",
  deploy: "deployments",
  rs: "replicasets",
  sts: "statefulsets",
  hpa: "horizontalpodautoscalers",
  cj: "cronjobs",
  csr: "certificatesigningrequests",
  ing: "ingresses",
  netpol: "networkpolicies",
  pdb: "poddisruptionbudgets",
  pc: "priorityclasses",
  sc: "storageclasses",
  vac: "volumeattributesclasses",
};

function shadowed(name: string, group: string): string | null {
  const g = BUILTIN_RESOURCES[name];
  if (g !== undefined && g !== group) return `the built-in resource ${name}${g === "core" ? "" : "." + g}`;
  const s = BUILTIN_SHORT_NAMES[name];
  if (s !== undefined) return `kubectl's short name for ${s}`;
  return null;
}

export default defineRule({
  id: "lint-names-shadow-builtin",
  category: "names",
  severity: "warning",
  apiserver: false,
  type: null,
  description: "The plural or a short name collides with a built-in resource or short name.",
  preset: "strict",
  presetWhy:
    "Usually deliberate (Knative's services, OpenKruise's statefulsets), and the fully qualified name always works.",
  phase: "crd",
  messages: {
    pluralIsAlsoKubectlGet: 'plural "{{plural}}" is also {{what}}; kubectl get {{plural}} is ambiguous',
    shortNameIsAlsoKubectl: 'short name "{{value}}" is also {{what}}; kubectl get {{value}} is ambiguous',
  },
  docs: {
    why:
      "`kubectl get <name>` resolves a bare resource name across all groups, preferring built-in ones: a CRD whose " +
      "plural is `services` or whose short name is `po` is reachable only with the fully qualified name " +
      "(`services.serving.example.com`), and scripts typing the short name get the built-in resource instead.",
    fix:
      "Pick a plural and short names that no built-in resource uses, or document that users must type " +
      "`<plural>.<group>`.",
    upstream: "kubernetes/kubectl (RESTMapper shortcut and resource resolution)",
    fail: "spec: {names: {plural: widgets, kind: Widget, shortNames: [po]}}\n",
    pass: "spec: {names: {plural: widgets, kind: Widget, shortNames: [wd]}}\n",
  },
  check(ctx) {
    const { plural, shortNames } = crdNames(ctx.crd.spec);
    const group = ctx.crd.group;
    if (plural) {
      const what = shadowed(plural, group);
      if (what)
        ctx.report({
          path: DualPath.root("spec", "names", "plural"),
          messageId: "pluralIsAlsoKubectlGet",
          data: { plural, what },
        });
    }
    for (const { index, value } of shortNames ?? []) {
      const what = shadowed(value, group);
      if (what)
        ctx.report({
          path: DualPath.root("spec", "names", "shortNames").index(index),
          messageId: "shortNameIsAlsoKubectl",
          data: { value, what },
        });
    }
  },
});
