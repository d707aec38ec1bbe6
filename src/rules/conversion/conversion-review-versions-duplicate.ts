/** A conversionReviewVersions entry is repeated. */
import { defineRule } from "../define-rule.js";
import { webhookReviewVersions } from "./view.js";

export default defineRule({
  id: "conversion-review-versions-duplicate",
  category: "conversion",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "A conversionReviewVersions entry is repeated.",
  phase: "crd",
  messages: {
    duplicateVersion: "duplicate version",
  },
  docs: {
    why: "Each ConversionReview version may be listed once; a repeated entry is reported (and not checked further).",
    fix: "Remove the duplicate entry.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go " +
      "(validateConversionReviewVersions)",
    fail: 'webhook: {conversionReviewVersions: [v1, v1], clientConfig: {url: "https://conv.example.com"}}\n',
    pass: 'webhook: {conversionReviewVersions: [v1], clientConfig: {url: "https://conv.example.com/convert"}}\n',
  },
  check(ctx) {
    for (const { path, value, repeated } of webhookReviewVersions(ctx.crd, ctx.memo)) {
      if (repeated) ctx.report({ path, messageId: "duplicateVersion", value });
    }
  },
});
