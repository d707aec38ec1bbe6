/** strategy Webhook without webhook.clientConfig. */
import { defineRule } from "../define-rule.js";
import { conversionOf } from "./view.js";

export default defineRule({
  id: "conversion-webhook-config-required",
  category: "conversion",
  severity: "error",
  apiserver: true,
  type: "Required value",
  description: "strategy Webhook without webhook.clientConfig.",
  phase: "crd",
  messages: {
    requiredWhenStrategyIsSet: "required when strategy is set to Webhook",
  },
  docs: {
    why:
      "With strategy Webhook the apiserver must know where to send ConversionReview requests: webhook.clientConfig " +
      "(reported as spec.conversion.webhookClientConfig) is required.",
    fix: "Add `webhook.clientConfig` with either `service: {name, namespace, path}` or `url: https://...`.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go " +
      "(validateCustomResourceConversion)",
    fail: "spec: {conversion: {strategy: Webhook, webhook: {conversionReviewVersions: [v1]}}}\n",
    pass: 'webhook: {conversionReviewVersions: [v1], clientConfig: {url: "https://conv.example.com/convert"}}\n',
  },
  check(ctx) {
    const c = conversionOf(ctx.crd, ctx.memo);
    if (!c || c.strategy !== "Webhook" || c.clientConfig) return;
    const cc = c.webhook?.clientConfig;
    if (cc !== undefined && cc !== null) return;
    ctx.report({ path: c.clientConfigPath, messageId: "requiredWhenStrategyIsSet" });
  },
});
