/**
 * A CRD the apiserver rejects at a release the project says it supports: a chart's `kubeVersion` (Chart.yaml) or
 * `kubernetesVersions` in .crdlint.yaml. Emitted by a run over several releases (src/engine/range.ts), which knows
 * the verdict at each of them.
 */
import { defineEngineRule } from "../define-rule.js";

export default defineEngineRule({
  id: "crd-rejected-in-claimed-range",
  category: "versions",
  severity: "error",
  apiserver: false,
  type: null,
  description:
    "The CRD is rejected at a Kubernetes release inside the range the project claims to support (a chart's kubeVersion in Chart.yaml, or kubernetesVersions in .crdlint.yaml).",
  preset: "apiserver",
  presetWhy:
    "It is the apiserver's rejection at a release the project promises: users on that release cannot install the CRD.",
  docs: {
    why: "A chart's `kubeVersion` (or `kubernetesVersions` in .crdlint.yaml) promises the CRDs install on every release it admits. A CEL function, a cost estimate or a validation that a newer release added breaks that promise on the older ones, and users learn it from a failed install (e.g. a CIDR function from 1.31 in a chart that claims 1.29). crdlint lints the CRD at every release of the claimed range (when no `-k` is given, the claim is the run's range) and reports each rejected release with its cause.",
    fix: "Fix the cause at the releases named, or raise the floor of the claim to the CRD's first accepting release (the run's summary names it, e.g. `kubeVersion: \">=1.30.0-0\"`).",
    fail: "",
    pass: "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ok}\n",
  },
});
