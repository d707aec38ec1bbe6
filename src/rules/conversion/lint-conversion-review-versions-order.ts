/** v1 is not the first entry of conversionReviewVersions. */
import { defineRule } from "../define-rule.js";
import { conversionOf } from "./view.js";

export default defineRule({
  id: "lint-conversion-review-versions-order",
  category: "conversion",
  severity: "warning",
  apiserver: false,
  type: null,
  description: "v1 is not the first entry of conversionReviewVersions.",
  preset: "strict",
  presetWhy: "The webhook works: a v1beta1 ConversionReview is still sent and understood.",
  phase: "crd",
  messages: {
    v1NotFirst:
      "v1 is not the first conversionReviewVersions entry: the apiserver uses the first version it understands",
    noV1: "conversionReviewVersions does not include v1: the webhook receives the deprecated v1beta1 ConversionReview",
  },
  docs: {
    why:
      "The apiserver sends ConversionReview in the first version of the list it understands. Listing `v1beta1` first " +
      "(or only) keeps the webhook on the deprecated v1beta1 ConversionReview; v1 is the current one.",
    fix: "Put `v1` first: `conversionReviewVersions: [v1, v1beta1]` (and make sure the webhook answers v1).",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apiserver/conversion/webhook_converter.go (first recognized version is " +
      "used)",
    fail: 'webhook: {conversionReviewVersions: [v1beta1, v1], clientConfig: {url: "https://conv.example.com"}}\n',
    pass: 'webhook: {conversionReviewVersions: [v1], clientConfig: {url: "https://conv.example.com/convert"}}\n',
  },
  check(ctx) {
    const c = conversionOf(ctx.crd, ctx.memo);
    if (!c || c.strategy !== "Webhook" || !c.reviewVersions || c.reviewVersions.length === 0) return;
    const list = c.reviewVersions;
    if (list[0] === "v1" || !list.some((v) => v === "v1" || v === "v1beta1")) return;
    const hasV1 = list.includes("v1");
    ctx.report({
      path: c.reviewVersionsPath.index(0),
      messageId: hasV1 ? "v1NotFirst" : "noV1",
      suggestion: "list v1 first",
    });
  },
});
