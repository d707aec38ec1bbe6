/** A kustomize patch of a CRD (kubebuilder's config/crd/patches/): skipped with one info that says how to lint what kustomize builds. */
import { defineEngineRule } from "../define-rule.js";

export default defineEngineRule({
  id: "kustomize-patch",
  category: "yaml",
  severity: "info",
  apiserver: false,
  preset: "apiserver",
  presetWhy:
    "It says why a file that holds a CustomResourceDefinition was not linted (it is a patch, not a CRD), which every " +
    "preset must tell: a silent skip would read as a clean result.",
  type: null,
  description:
    "The file is a kustomize patch of a CRD (a partial CustomResourceDefinition), not a whole CRD: crdlint skips it; " +
    "lint what kustomize builds.",
  docs: {
    why:
      "kubebuilder scaffolds `config/crd/patches/webhook_in_<plural>.yaml` and `cainjection_in_<plural>.yaml`: a " +
      "`kind: CustomResourceDefinition` with only `metadata.name` and an annotation, or `spec.conversion`, which " +
      "kustomize merges into the whole CRD of `config/crd/bases/`. Linted as a CRD, such a patch has no group, " +
      "names, scope or versions: nine errors that no cluster will ever see. crdlint recognises a patch by its place, " +
      "under a directory with a kustomization (kustomization.yaml, kustomization.yml or Kustomization) that lists it " +
      "under `patches`, `patchesStrategicMerge` or `patchesJson6902`, or, since kubebuilder scaffolds those entries " +
      "commented out, by its shape: every CRD in it lacks all of `spec.group`, `spec.names` and `spec.versions`. It " +
      "skips the file and says so once. A CRD outside a kustomize directory is linted whatever it lacks.",
    fix:
      "Lint what kustomize builds: `kustomize build config/crd | crdlint lint -` (or " +
      "`kubectl kustomize config/crd`); the bases are linted as they are. Turn the info off with " +
      "`kustomize-patch: off` in .crdlint.yaml; the patch is skipped either way.",
    fail: "",
    pass: "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ok}\n",
  },
});
