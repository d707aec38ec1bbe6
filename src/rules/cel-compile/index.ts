/** The cel-compile rules, in id order: one import per rule, one entry per rule. */
import type { Rule } from "../define-rule.js";
import celCompileFailed from "./cel-compile-failed.js";
import celFieldPathBlank from "./cel-field-path-blank.js";
import celFieldPathInvalid from "./cel-field-path-invalid.js";
import celFieldPathNewline from "./cel-field-path-newline.js";
import celMessageBlank from "./cel-message-blank.js";
import celMessageExpressionBlank from "./cel-message-expression-blank.js";
import celMessageExpressionCompileFailed from "./cel-message-expression-compile-failed.js";
import celMessageExpressionNotString from "./cel-message-expression-not-string.js";
import celMessageNewline from "./cel-message-newline.js";
import celMultilineRuleNeedsMessage from "./cel-multiline-rule-needs-message.js";
import celOldSelfUncorrelatable from "./cel-old-self-uncorrelatable.js";
import celOptionalOldSelfUnused from "./cel-optional-old-self-unused.js";
import celReasonUnsupported from "./cel-reason-unsupported.js";
import celRuleNotBool from "./cel-rule-not-bool.js";
import celRuleRequired from "./cel-rule-required.js";
import celTypeInfoFailed from "./cel-type-info-failed.js";
import lintCelMessageAndMessageExpression from "./lint-cel-message-and-message-expression.js";
import lintCelOptionalOldSelfIgnored from "./lint-cel-optional-old-self-ignored.js";
import lintCelTransitionRuleOnCreate from "./lint-cel-transition-rule-on-create.js";
import lintCelValidationsDropped from "./lint-cel-validations-dropped.js";
export default [
  celCompileFailed,
  celFieldPathBlank,
  celFieldPathInvalid,
  celFieldPathNewline,
  celMessageBlank,
  celMessageExpressionBlank,
  celMessageExpressionCompileFailed,
  celMessageExpressionNotString,
  celMessageNewline,
  celMultilineRuleNeedsMessage,
  celOldSelfUncorrelatable,
  celOptionalOldSelfUnused,
  celReasonUnsupported,
  celRuleNotBool,
  celRuleRequired,
  celTypeInfoFailed,
  lintCelMessageAndMessageExpression,
  lintCelOptionalOldSelfIgnored,
  lintCelTransitionRuleOnCreate,
  lintCelValidationsDropped,
] satisfies Rule[] as Rule[];
