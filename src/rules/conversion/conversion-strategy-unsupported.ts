/** spec.conversion.strategy is not None or Webhook. */
import { defineRule } from "../define-rule.js";
import { conversionOf } from "./view.js";

export default defineRule({
  id: "conversion-strategy-unsupported",
  category: "conversion",
  severity: "error",
  apiserver: true,
  type: "Unsupported value",
  description: "spec.conversion.strategy is not None or Webhook.",
  phase: "crd",
  messages: {
    supportedValuesNoneWebhook: 'supported values: "None", "Webhook"',
  },
  docs: {
    why: "The strategy is an enum compared case-sensitively: only `None` and `Webhook` exist.",
    fix: "Write `None` or `Webhook` exactly.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go (validateEnumStrings)",
    fail: "spec: {conversion: {strategy: webhook}}\n",
    pass: "spec: {conversion: {strategy: None}}\n",
  },
  check(ctx) {
    const c = conversionOf(ctx.crd, ctx.memo);
    if (!c || !c.strategy || c.strategy === "None" || c.strategy === "Webhook") return;
    const fixed = ["None", "Webhook"].find((s) => s.toLowerCase() === c.strategy!.toLowerCase());
    ctx.report({
      path: c.strategyPath,
      messageId: "supportedValuesNoneWebhook",
      value: c.strategy,
      suggestion: fixed ? `use ${fixed}` : undefined,
    });
  },
});
