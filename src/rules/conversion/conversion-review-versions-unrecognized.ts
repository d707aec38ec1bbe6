/** conversionReviewVersions contains neither v1 nor v1beta1. */
import { defineRule } from "../define-rule.js";
import { conversionOf } from "./view.js";

export default defineRule({
  id: "conversion-review-versions-unrecognized",
  category: "conversion",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "conversionReviewVersions contains neither v1 nor v1beta1.",
  phase: "crd",
  messages: {
    mustIncludeAtLeastOne: "must include at least one of v1, v1beta1",
  },
  docs: {
    why:
      "The apiserver speaks ConversionReview v1 and v1beta1 only; on create at least one of them must be listed, or " +
      "no request could ever be sent.",
    fix: "Include `v1` (first) in conversionReviewVersions, and make the webhook answer ConversionReview v1.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go " +
      "(validateConversionReviewVersions, acceptedConversionReviewVersions)",
    fail: 'webhook: {conversionReviewVersions: [v2], clientConfig: {url: "https://conv.example.com"}}\n',
    pass: 'webhook: {conversionReviewVersions: [v1], clientConfig: {url: "https://conv.example.com/convert"}}\n',
  },
  check(ctx) {
    const c = conversionOf(ctx.crd, ctx.memo);
    if (!c || c.strategy !== "Webhook" || !c.reviewVersions || c.reviewVersions.length === 0) return;
    if (c.reviewVersions.some((v) => v === "v1" || v === "v1beta1")) return;
    // requireRecognizedConversionReviewVersion: an update may keep unrecognized versions when OLD had only those.
    if (ctx.update && !ctx.update.requireRecognizedConversionReviewVersion) return;
    ctx.report({ path: c.reviewVersionsPath, messageId: "mustIncludeAtLeastOne", value: c.reviewVersions });
  },
});
