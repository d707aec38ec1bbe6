/** A service-based conversion webhook without caBundle. */
import { defineRule } from "../define-rule.js";
import { caInjected, conversionOf, serviceOf, urlOf } from "./view.js";

export default defineRule({
  id: "lint-conversion-service-no-cabundle",
  category: "conversion",
  severity: "warning",
  apiserver: false,
  type: null,
  description: "A service-based conversion webhook without caBundle.",
  preset: "strict",
  presetWhy:
    "Many operators inject the CA into the CRD at run time (Knative, Tekton), which the file cannot show; a caBundle " +
    "that is set but unusable is reported in the default set (lint-conversion-cabundle-unparseable).",
  phase: "crd",
  messages: {
    serviceBasedConversionWebhookWithout:
      "service-based conversion webhook without caBundle: TLS verification of the in-cluster service will fail " +
      "unless its certificate chains to the apiserver's trust store",
  },
  docs: {
    why:
      "In-cluster webhook services normally use certificates from a private CA. Without caBundle the apiserver " +
      "verifies the webhook against its own trust store, and conversion fails with " +
      "`x509: certificate signed by unknown authority` — every read of a non-storage version breaks. Not reported " +
      "when cert-manager or OpenShift injects the CA (annotation present).",
    fix:
      "Set caBundle to the base64 PEM of the webhook's CA, or add `cert-manager.io/inject-ca-from: " +
      "<namespace>/<certificate>` and let cert-manager fill it.",
    upstream:
      "kubernetes/apiserver:pkg/util/webhook/authentication.go; " +
      "kubernetes/apiextensions-apiserver:pkg/apiserver/conversion/webhook_converter.go",
    fail: "webhook: {conversionReviewVersions: [v1], clientConfig: {service: {name: conv, namespace: ns, path: /convert}}}\n",
    pass: "metadata: {annotations: {cert-manager.io/inject-ca-from: ns/conv-cert}}\nwebhook: {conversionReviewVersions: [v1], clientConfig: {service: {name: conv, namespace: ns, path: /convert}}}\n",
  },
  check(ctx) {
    const c = conversionOf(ctx.crd, ctx.memo);
    if (
      !c ||
      c.strategy !== "Webhook" ||
      !c.clientConfig ||
      !serviceOf(c.clientConfig) ||
      urlOf(c.clientConfig) !== undefined
    )
      return;
    const ca = c.clientConfig.caBundle;
    if (typeof ca === "string" && ca.length > 0) return;
    if (caInjected(ctx.crd)) return;
    ctx.report({
      path: c.clientConfigPath.child("service"),
      messageId: "serviceBasedConversionWebhookWithout",
      suggestion: "set caBundle, or annotate the CRD with cert-manager.io/inject-ca-from",
    });
  },
});
