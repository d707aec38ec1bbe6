/** A kustomization given to `crdlint validate` (kubebuilder's config/samples/kustomization.yaml): skipped with one info. */
import { defineEngineRule } from "../define-rule.js";

export default defineEngineRule({
  id: "kustomization-file",
  category: "yaml",
  severity: "info",
  apiserver: false,
  preset: "apiserver",
  presetWhy:
    "It says why a file given to validate was not validated (it is kustomize's configuration, not an object), which " +
    "every preset must tell: a silent skip would read as a clean result.",
  type: null,
  description:
    "The file is a kustomization (kustomize's configuration of its directory), not a Kubernetes object: " +
    "`crdlint validate` skips it; validate what kustomize builds.",
  docs: {
    why:
      "kubebuilder scaffolds `config/samples/kustomization.yaml` beside the samples, and a pre-commit hook or " +
      "`crdlint validate config/samples/` passes it with them. It lists resources for `kubectl apply -k`; it has no " +
      "`apiVersion` and `kind` of an object (or kustomize's own `kustomize.config.k8s.io` Kustomization, which no " +
      "cluster serves), so validating it as an object gives an error that no `kubectl apply -k` ever shows. crdlint " +
      "recognises it by the names kustomize reads (kustomization.yaml, kustomization.yml, Kustomization), skips it " +
      "and says so once. (`kubectl apply -f` on the directory would fail on it: `apply -k` is how such a directory " +
      "is applied.)",
    fix:
      "Validate what kustomize builds: `kustomize build config/samples | crdlint validate --crd config/crd -` (or " +
      "`kubectl kustomize`); the samples themselves are validated as they are. Turn the info off with " +
      "`kustomization-file: off` in .crdlint.yaml; the file is skipped either way.",
    fail: "",
    pass: "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ok}\n",
  },
});
