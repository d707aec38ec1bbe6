/** A conversionReviewVersions entry is not a DNS-1035 label. */
import { defineRule } from "../define-rule.js";
import { webhookReviewVersions } from "./view.js";
import { isDNS1035Label } from "../../k8s/validation.js";

export default defineRule({
  id: "conversion-review-versions-invalid-name",
  category: "conversion",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "A conversionReviewVersions entry is not a DNS-1035 label.",
  phase: "crd",
  docs: {
    why:
      "ConversionReview versions are API version names and must be DNS-1035 labels; each problem (length, format) is " +
      "a separate error.",
    fix: "Use version names such as `v1` and `v1beta1`.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go " +
      "(validateConversionReviewVersions)",
    fail: 'webhook: {conversionReviewVersions: [v1, V1beta1], clientConfig: {url: "https://conv.example.com"}}\n',
    pass: 'webhook: {conversionReviewVersions: [v1], clientConfig: {url: "https://conv.example.com/convert"}}\n',
  },
  check(ctx) {
    for (const { path, value, repeated } of webhookReviewVersions(ctx.crd, ctx.memo)) {
      if (repeated) continue;
      for (const m of isDNS1035Label(value)) ctx.report({ path, message: m, value });
    }
  },
});
