/** webhook.clientConfig is set while the strategy is not Webhook. */
import { defineRule } from "../define-rule.js";
import { conversionOf } from "./view.js";

export default defineRule({
  id: "conversion-webhook-config-forbidden",
  category: "conversion",
  severity: "error",
  apiserver: true,
  type: "Forbidden",
  description: "webhook.clientConfig is set while the strategy is not Webhook.",
  phase: "crd",
  messages: {
    shouldNotBeSetWhen: "should not be set when strategy is not set to Webhook",
  },
  docs: {
    why:
      "A webhook client configuration is only meaningful with strategy Webhook; with None (or any other strategy) " +
      "the apiserver rejects it.",
    fix: "Remove `webhook` or set `strategy: Webhook`.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go " +
      "(validateCustomResourceConversion)",
    fail: 'spec: {conversion: {strategy: None, webhook: {clientConfig: {url: "https://conv.example.com"}}}}\n',
    pass: "spec: {conversion: {strategy: None}}\n",
  },
  check(ctx) {
    const c = conversionOf(ctx.crd, ctx.memo);
    if (!c || c.strategy === null || c.strategy === "Webhook") return;
    const cc = c.webhook?.clientConfig;
    if (cc === undefined || cc === null) return;
    ctx.report({ path: c.clientConfigPath, messageId: "shouldNotBeSetWhen" });
  },
});
