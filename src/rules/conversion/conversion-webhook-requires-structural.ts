/** A non-None conversion strategy with spec.preserveUnknownFields: true. */
import { defineRule } from "../define-rule.js";
import { conversionOf } from "./view.js";

export default defineRule({
  id: "conversion-webhook-requires-structural",
  category: "conversion",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "A non-None conversion strategy with spec.preserveUnknownFields: true.",
  phase: "crd",
  messages: {
    mustBeNoneIfSpec: "must be None if spec.preserveUnknownFields is true",
  },
  docs: {
    why:
      "Webhook conversion requires pruning (structural schemas); with spec.preserveUnknownFields: true (which v1 " +
      "rejects anyway) the strategy must be None.",
    fix: "Remove spec.preserveUnknownFields (it must be false in v1).",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go " +
      "(validateCustomResourceDefinitionSpec)",
    fail: 'spec:\n  preserveUnknownFields: true\n  conversion:\n    strategy: Webhook\n    webhook: {conversionReviewVersions: [v1], clientConfig: {url: "https://conv.example.com"}}\n',
    pass: 'webhook: {conversionReviewVersions: [v1], clientConfig: {url: "https://conv.example.com/convert"}}\n',
  },
  check(ctx) {
    const c = conversionOf(ctx.crd, ctx.memo);
    if (!c || c.strategy === null || c.strategy === "None" || ctx.crd.spec.preserveUnknownFields !== true) return;
    ctx.report({ path: c.strategyPath, messageId: "mustBeNoneIfSpec", value: c.strategy });
  },
});
