/** conversion.strategy None → Webhook: every read of a non-storage version now depends on the webhook. */
import { DualPath } from "../../k8s/path.js";
import { defineRevisionRule, conversionStrategy } from "./common.js";

export default defineRevisionRule({
  id: "revision-conversion-webhook-added",
  severity: "info",
  description:
    "conversion.strategy went from None to Webhook: reads and writes in a version other than the stored one now call " +
    "the webhook (B7).",
  messages: {
    added:
      "conversion becomes Webhook: every request in a version other than an object's stored one now calls the " +
      "webhook, and fails while it is down (reads, updates and deletes alike)",
  },
  docs: {
    why:
      "With a conversion webhook, the apiserver cannot serve an object in another version than the stored one " +
      "without the webhook: deploy the webhook, with a valid caBundle, before the CRD that names it.",
    fix: "Deploy and test the webhook first; keep its Service and certificate in the same release as the CRD.",
    upstream:
      "kubernetes/website:content/en/docs/tasks/extend-kubernetes/custom-resources/custom-resource-definition-versioning.md " +
      "(Webhook conversion)",
    fail: "old: {}\nnew:\n  webhook: {conversionReviewVersions: [v1], clientConfig: {service: {name: conv, namespace: system}}}\n",
    pass: "old: {}\nnew: {}\n",
  },
  checkRevision(ctx) {
    if (conversionStrategy(ctx.old) === "Webhook" || conversionStrategy(ctx.crd) !== "Webhook") return;
    ctx.report({
      path: DualPath.root("spec", "conversion", "strategy"),
      effect: "behaviour-changed",
      messageId: "added",
    });
  },
});
