/** spec.conversion is present without a strategy. */
import { defineRule } from "../define-rule.js";
import { conversionOf } from "./view.js";

export default defineRule({
  id: "conversion-strategy-required",
  category: "conversion",
  severity: "error",
  apiserver: true,
  type: "Required value",
  description: "spec.conversion is present without a strategy.",
  phase: "crd",
  messages: {
    message: "",
  },
  docs: {
    why:
      "spec.conversion defaults to `{strategy: None}` only when it is absent; an explicit `conversion: {}` (or " +
      '`strategy: ""`) is not defaulted and the strategy is required.',
    fix: "Set `strategy: None` (or `Webhook` with a webhook), or remove spec.conversion altogether.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go " +
      "(validateCustomResourceConversion, validateEnumStrings); " +
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/v1/defaults.go",
    fail: "spec: {conversion: {}}\n",
    pass: "spec: {conversion: {strategy: None}}\n",
  },
  check(ctx) {
    const c = conversionOf(ctx.crd, ctx.memo);
    if (!c || c.strategy !== "") return;
    ctx.report({
      path: c.strategyPath,
      messageId: "message",
      suggestion: "set strategy: None, or remove spec.conversion",
    });
  },
});
