/** strategy Webhook without webhook.conversionReviewVersions. */
import { defineRule } from "../define-rule.js";
import { conversionOf } from "./view.js";

export default defineRule({
  id: "conversion-review-versions-required",
  category: "conversion",
  severity: "error",
  apiserver: true,
  type: "Required value",
  description: "strategy Webhook without webhook.conversionReviewVersions.",
  phase: "crd",
  messages: {
    message: "",
  },
  docs: {
    why:
      "The apiserver must know which ConversionReview versions the webhook understands; with strategy Webhook the " +
      "list (reported as spec.conversion.conversionReviewVersions) must not be empty.",
    fix: "Add `conversionReviewVersions: [v1]` (or `[v1, v1beta1]` for webhooks that still speak v1beta1).",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go " +
      "(validateConversionReviewVersions)",
    fail: 'webhook: {clientConfig: {url: "https://conv.example.com"}}\n',
    pass: 'webhook: {conversionReviewVersions: [v1], clientConfig: {url: "https://conv.example.com/convert"}}\n',
  },
  check(ctx) {
    const c = conversionOf(ctx.crd, ctx.memo);
    if (!c || c.strategy !== "Webhook" || c.reviewVersions === null || c.reviewVersions.length > 0) return;
    ctx.report({ path: c.reviewVersionsPath, messageId: "message", suggestion: "add conversionReviewVersions: [v1]" });
  },
});
