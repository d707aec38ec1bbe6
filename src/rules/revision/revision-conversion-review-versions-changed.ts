/** conversion.webhook.conversionReviewVersions changed: the webhook must understand the version the apiserver now picks. */
import { DualPath } from "../../k8s/path.js";
import { isObject, type CrdView } from "../../crd/model.js";
import { defineRevisionRule, conversionStrategy } from "./common.js";

function reviewVersions(view: CrdView): string[] {
  const c = isObject(view.spec.conversion) ? view.spec.conversion : {};
  const w = isObject(c.webhook) ? c.webhook : {};
  return Array.isArray(w.conversionReviewVersions)
    ? w.conversionReviewVersions.filter((v): v is string => typeof v === "string")
    : [];
}

export default defineRevisionRule({
  id: "revision-conversion-review-versions-changed",
  severity: "info",
  description:
    "conversionReviewVersions changed: the apiserver sends the first version it supports from the list (B9).",
  messages: {
    changed:
      "conversionReviewVersions changes from [{{from}}] to [{{to}}]: the apiserver now sends ConversionReview " +
      "{{sent}}; the webhook must accept it",
  },
  docs: {
    why:
      "The apiserver sends the first ConversionReview version of the list it understands, in the list's order. A " +
      "webhook that only decodes the old one fails every conversion. A change that leaves the first known version in " +
      "place (a fallback appended, unknown entries added) changes nothing and is not reported. A list without v1 or " +
      "v1beta1 is rejected unless OLD's was too (conversion-review-versions-unrecognized).",
    fix: "Deploy a webhook that accepts both review versions before changing the list.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/conversion/webhook_converter.go",
    fail: "old:\n  webhook: {conversionReviewVersions: [v1beta1], clientConfig: {service: {name: conv, namespace: system}}}\nnew:\n  webhook: {conversionReviewVersions: [v1], clientConfig: {service: {name: conv, namespace: system}}}\n",
    pass: "old:\n  webhook: {conversionReviewVersions: [v1], clientConfig: {service: {name: conv, namespace: system}}}\nnew:\n  webhook: {conversionReviewVersions: [v1], clientConfig: {service: {name: conv, namespace: system}}}\n",
  },
  checkRevision(ctx) {
    if (conversionStrategy(ctx.old) !== "Webhook" || conversionStrategy(ctx.crd) !== "Webhook") return;
    const from = reviewVersions(ctx.old);
    const to = reviewVersions(ctx.crd);
    if (from.join(",") === to.join(",")) return;
    const firstKnown = (list: string[]) => list.find((v) => v === "v1" || v === "v1beta1");
    // The apiserver sends the first review version it knows: appending a fallback (Tekton v0.39: [v1beta1] to
    // [v1beta1, v1]) changes nothing the webhook receives.
    if (firstKnown(from) !== undefined && firstKnown(from) === firstKnown(to)) return;
    const sent = firstKnown(to) ?? "none (unrecognized)";
    ctx.report({
      path: DualPath.root("spec", "conversion", "webhook", "conversionReviewVersions"),
      effect: "behaviour-changed",
      messageId: "changed",
      data: { from: from.join(", "), to: to.join(", "), sent },
    });
  },
});
