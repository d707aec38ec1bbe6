/** The cel-compile rules, in id order: one import per rule, one entry per rule. */
import type { Rule } from "../define-rule.js";
import celFieldPathBlank from "./cel-field-path-blank.js";
import celFieldPathInvalid from "./cel-field-path-invalid.js";
import celFieldPathNewline from "./cel-field-path-newline.js";
import celMessageBlank from "./cel-message-blank.js";
import celMessageExpressionBlank from "./cel-message-expression-blank.js";
import celMessageNewline from "./cel-message-newline.js";
import celMultilineRuleNeedsMessage from "./cel-multiline-rule-needs-message.js";
import celReasonUnsupported from "./cel-reason-unsupported.js";
import celRuleRequired from "./cel-rule-required.js";
import lintCelMessageAndMessageExpression from "./lint-cel-message-and-message-expression.js";
import lintCelOptionalOldSelfIgnored from "./lint-cel-optional-old-self-ignored.js";
import lintCelTransitionRuleOnCreate from "./lint-cel-transition-rule-on-create.js";

export default [
  celFieldPathBlank,
  celFieldPathInvalid,
  celFieldPathNewline,
  celMessageBlank,
  celMessageExpressionBlank,
  celMessageNewline,
  celMultilineRuleNeedsMessage,
  celReasonUnsupported,
  celRuleRequired,
  lintCelMessageAndMessageExpression,
  lintCelOptionalOldSelfIgnored,
  lintCelTransitionRuleOnCreate,
] satisfies Rule[] as Rule[];
