/** webhook.clientConfig has both or neither of url and service. */
import { defineRule } from "../define-rule.js";
import { conversionOf, serviceOf, urlOf } from "./view.js";

export default defineRule({
  id: "conversion-webhook-url-xor-service",
  category: "conversion",
  severity: "error",
  apiserver: true,
  type: "Required value",
  description: "webhook.clientConfig has both or neither of url and service.",
  phase: "crd",
  messages: {
    exactlyOneOfUrlOr: "exactly one of url or service is required",
  },
  docs: {
    why: 'The webhook is reached either by URL or through an in-cluster Service, never both; `url: ""` counts as set.',
    fix: "Keep exactly one of `url` and `service`.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go " +
      "(validateCustomResourceConversion)",
    fail: 'spec:\n  conversion:\n    strategy: Webhook\n    webhook: {conversionReviewVersions: [v1], clientConfig: {url: "https://a", service: {name: s, namespace: n}}}\n',
    pass: 'webhook: {conversionReviewVersions: [v1], clientConfig: {url: "https://conv.example.com/convert"}}\n',
  },
  check(ctx) {
    const c = conversionOf(ctx.crd, ctx.memo);
    if (!c || c.strategy !== "Webhook" || !c.clientConfig) return;
    const hasUrl = urlOf(c.clientConfig) !== undefined;
    const hasService = serviceOf(c.clientConfig) !== undefined;
    if (hasUrl !== hasService) return;
    ctx.report({
      path: c.clientConfigPath,
      messageId: "exactlyOneOfUrlOr",
      detail: hasUrl ? "both url and service are set" : "neither url nor service is set",
    });
  },
});
