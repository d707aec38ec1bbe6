/** The cel-cost rules, in id order. */
import type { Rule } from "../define-rule.js";
import celCostMessageExpressionExceedsBudget from "./cel-cost-message-expression-exceeds-budget.js";
import celCostRuleExceedsBudget from "./cel-cost-rule-exceeds-budget.js";
import celCostSchemaTotalExceedsBudget from "./cel-cost-schema-total-exceeds-budget.js";
import celCostTotalContributor from "./cel-cost-total-contributor.js";
import lintCelUnboundedInput from "./lint-cel-unbounded-input.js";

export default [
  celCostMessageExpressionExceedsBudget,
  celCostRuleExceedsBudget,
  celCostSchemaTotalExceedsBudget,
  celCostTotalContributor,
  lintCelUnboundedInput,
] satisfies Rule[] as Rule[];
