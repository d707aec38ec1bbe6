/** A version name that is not vN, vNalphaM or vNbetaM. */
import { defineRule } from "../define-rule.js";
import { isKubeLikeVersion } from "../../k8s/version.js";
import { isDNS1035Label } from "../../k8s/validation.js";

export default defineRule({
  id: "lint-version-not-kube-like",
  category: "versions",
  severity: "warning",
  apiserver: false,
  type: null,
  description: "A version name is not Kubernetes-style (v<N>, v<N>alpha<M>, v<N>beta<M>).",
  preset: "strict",
  presetWhy: "Convention: the version works; only its place in discovery's order is affected.",
  phase: "crd",
  messages: {
    versionIsNotKubernetesStyle:
      'version "{{name}}" is not Kubernetes-style (v<N>[alpha|beta<M>]); it sorts after every such version in ' +
      "discovery",
  },
  docs: {
    why:
      "Discovery orders versions by Kubernetes version priority: kube-like names sort by stability and number, every " +
      "other name sorts after all of them, alphabetically. A version called `stable` or `v1-0` is therefore never " +
      "the preferred version while any kube-like version is served, and tools cannot tell its stability.",
    fix: "Rename the version to `v1`, `v2beta1`, `v1alpha2`, ...",
    upstream: "kubernetes/apimachinery:pkg/version/helpers.go (CompareKubeAwareVersionStrings)",
    fail: "versions:\n- {name: stable, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}\n",
    pass: "openAPIV3Schema: {type: object}\n",
  },
  check(ctx) {
    for (const v of ctx.crd.versions) {
      if (v.name === "" || isDNS1035Label(v.name).length > 0 || isKubeLikeVersion(v.name)) continue;
      ctx.report({
        path: v.path.child("name"),
        messageId: "versionIsNotKubernetesStyle",
        data: { name: v.name },
      });
    }
  },
});
