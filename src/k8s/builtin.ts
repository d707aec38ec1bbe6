/** The API groups a Kubernetes apiserver serves itself: resources in them have no CRD, so `crdlint validate` skips them. */
// Upstream: kubernetes/kubernetes:pkg/controlplane/instance.go (the built-in REST storage providers), kube-aggregator (apiregistration)
const BUILTIN_GROUPS: ReadonlySet<string> = new Set([
  "",
  "admissionregistration.k8s.io",
  "apiextensions.k8s.io",
  "apiregistration.k8s.io",
  "apps",
  "authentication.k8s.io",
  "authorization.k8s.io",
  "autoscaling",
  "batch",
  "certificates.k8s.io",
  "coordination.k8s.io",
  "discovery.k8s.io",
  "events.k8s.io",
  "extensions",
  "flowcontrol.apiserver.k8s.io",
  "internal.apiserver.k8s.io",
  "networking.k8s.io",
  "node.k8s.io",
  "policy",
  "rbac.authorization.k8s.io",
  "resource.k8s.io",
  "scheduling.k8s.io",
  "storage.k8s.io",
  "storagemigration.k8s.io",
]);

/** True for a group the apiserver serves without a CRD (the core group is ""). */
export function isBuiltinGroup(group: string): boolean {
  return BUILTIN_GROUPS.has(group);
}

/** apiVersion → group and version (`v1` is the core group). */
export function splitApiVersion(apiVersion: string): { group: string; version: string } {
  const i = apiVersion.indexOf("/");
  return i < 0
    ? { group: "", version: apiVersion }
    : { group: apiVersion.slice(0, i), version: apiVersion.slice(i + 1) };
}
