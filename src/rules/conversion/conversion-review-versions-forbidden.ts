/** webhook.conversionReviewVersions is set while the strategy is not Webhook. */
import { defineRule } from "../define-rule.js";
import { conversionOf } from "./view.js";

export default defineRule({
  id: "conversion-review-versions-forbidden",
  category: "conversion",
  severity: "error",
  apiserver: true,
  type: "Forbidden",
  description: "webhook.conversionReviewVersions is set while the strategy is not Webhook.",
  phase: "crd",
  messages: {
    shouldNotBeSetWhen: "should not be set when strategy is not set to Webhook",
  },
  docs: {
    why:
      "conversionReviewVersions only applies to webhook conversion; with None (or any other strategy) a non-empty " +
      "list is rejected.",
    fix: "Remove `webhook` or set `strategy: Webhook`.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go " +
      "(validateCustomResourceConversion)",
    fail: "spec: {conversion: {strategy: None, webhook: {conversionReviewVersions: [v1]}}}\n",
    pass: "spec: {conversion: {strategy: None}}\n",
  },
  check(ctx) {
    const c = conversionOf(ctx.crd, ctx.memo);
    if (!c || c.strategy === null || c.strategy === "Webhook" || !c.reviewVersions || c.reviewVersions.length === 0)
      return;
    ctx.report({ path: c.reviewVersionsPath, messageId: "shouldNotBeSetWhen" });
  },
});
