/** The conversion rules, in id order. */
import type { Rule } from "../define-rule.js";
import conversionReviewVersionsDuplicate from "./conversion-review-versions-duplicate.js";
import conversionReviewVersionsForbidden from "./conversion-review-versions-forbidden.js";
import conversionReviewVersionsInvalidName from "./conversion-review-versions-invalid-name.js";
import conversionReviewVersionsRequired from "./conversion-review-versions-required.js";
import conversionReviewVersionsUnrecognized from "./conversion-review-versions-unrecognized.js";
import conversionStrategyRequired from "./conversion-strategy-required.js";
import conversionStrategyUnsupported from "./conversion-strategy-unsupported.js";
import conversionWebhookConfigForbidden from "./conversion-webhook-config-forbidden.js";
import conversionWebhookConfigRequired from "./conversion-webhook-config-required.js";
import conversionWebhookRequiresStructural from "./conversion-webhook-requires-structural.js";
import conversionWebhookServiceInvalid from "./conversion-webhook-service-invalid.js";
import conversionWebhookUrlInvalid from "./conversion-webhook-url-invalid.js";
import conversionWebhookUrlXorService from "./conversion-webhook-url-xor-service.js";
import lintConversionCabundleUnparseable from "./lint-conversion-cabundle-unparseable.js";
import lintConversionNoneWithSchemaDrift from "./lint-conversion-none-with-schema-drift.js";
import lintConversionReviewVersionsOrder from "./lint-conversion-review-versions-order.js";
import lintConversionServiceNoCabundle from "./lint-conversion-service-no-cabundle.js";

export default [
  conversionReviewVersionsDuplicate,
  conversionReviewVersionsForbidden,
  conversionReviewVersionsInvalidName,
  conversionReviewVersionsRequired,
  conversionReviewVersionsUnrecognized,
  conversionStrategyRequired,
  conversionStrategyUnsupported,
  conversionWebhookConfigForbidden,
  conversionWebhookConfigRequired,
  conversionWebhookRequiresStructural,
  conversionWebhookServiceInvalid,
  conversionWebhookUrlInvalid,
  conversionWebhookUrlXorService,
  lintConversionCabundleUnparseable,
  lintConversionNoneWithSchemaDrift,
  lintConversionReviewVersionsOrder,
  lintConversionServiceNoCabundle,
] satisfies Rule[] as Rule[];
