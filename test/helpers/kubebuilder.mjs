// The kustomize patches kubebuilder scaffolds beside a CRD (config/crd/patches/), in its words: partial CRDs that
// kustomize merges into the whole one. For the tests of repository layouts and histories.

/** kubebuilder's config/crd/patches/webhook_in_<plural>.yaml: a partial CRD that kustomize merges in. */
export function webhookPatch(plural, group = "example.com") {
  return `# The following patch enables a conversion webhook for the CRD
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: ${plural}.${group}
spec:
  conversion:
    strategy: Webhook
    webhook:
      clientConfig:
        service:
          namespace: system
          name: webhook-service
          path: /convert
      conversionReviewVersions:
      - v1
`;
}

/** kubebuilder's config/crd/patches/cainjection_in_<plural>.yaml: only an annotation. */
export function caInjectionPatch(plural, group = "example.com") {
  return `# The following patch adds a directive for certmanager to inject CA into the CRD
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  annotations:
    cert-manager.io/inject-ca-from: CERTIFICATE_NAMESPACE/CERTIFICATE_NAME
  name: ${plural}.${group}
`;
}
