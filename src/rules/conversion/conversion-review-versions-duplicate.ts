/** A conversionReviewVersions entry is repeated. */
import { defineRule } from "../define-rule.js";
import { conversionOf } from "./view.js";

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
    fail: "webhook: {conversionReviewVersions: [v1, v1], clientConfig: {url: \"https://conv.example.com\"}}\n",
    pass: "webhook: {conversionReviewVersions: [v1], clientConfig: {url: \"https://conv.example.com/convert\"}}\n",
  },
  check(ctx) {
    const c = conversionOf(ctx.crd, ctx.memo);
    if (!c || c.strategy !== "Webhook" || !c.reviewVersions) return;
    const seen = new Set<string>();
    for (const { index, value } of entries(c.reviewVersions)) {
      if (seen.has(value)) ctx.report({ path: c.reviewVersionsPath.index(index), messageId: "duplicateVersion", value });
      seen.add(value);
    }
  },
});

/** The entries as validateConversionReviewVersions sees them (non-strings fail decoding and are skipped). */
function entries(list: unknown[]): { index: number; value: string }[] {
  const out: { index: number; value: string }[] = [];
  list.forEach((value, index) => {
    if (typeof value === "string") out.push({ index, value });
  });
  return out;
}
