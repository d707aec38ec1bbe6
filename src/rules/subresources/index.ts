/** The subresources rules, in id order. */
import type { Rule } from "../define-rule.js";
import lintScaleLabelSelectorNotString from "./lint-scale-label-selector-not-string.js";
import lintScalePathNotInSchema from "./lint-scale-path-not-in-schema.js";
import lintScalePathUnsupportedSyntax from "./lint-scale-path-unsupported-syntax.js";
import lintScaleReplicasNotInteger from "./lint-scale-replicas-not-integer.js";
import lintStatusSubresourceWithoutStatusSchema from "./lint-status-subresource-without-status-schema.js";
import scaleLabelSelectorPathNotJsonPath from "./scale-label-selector-path-not-json-path.js";
import scaleLabelSelectorPathNotUnderSpecOrStatus from "./scale-label-selector-path-not-under-spec-or-status.js";
import scaleSpecReplicasPathNotJsonPath from "./scale-spec-replicas-path-not-json-path.js";
import scaleSpecReplicasPathNotUnderSpec from "./scale-spec-replicas-path-not-under-spec.js";
import scaleSpecReplicasPathRequired from "./scale-spec-replicas-path-required.js";
import scaleStatusReplicasPathNotJsonPath from "./scale-status-replicas-path-not-json-path.js";
import scaleStatusReplicasPathNotUnderStatus from "./scale-status-replicas-path-not-under-status.js";
import scaleStatusReplicasPathRequired from "./scale-status-replicas-path-required.js";
import statusRootFieldNotAllowed from "./status-root-field-not-allowed.js";
import statusRootTypeNotObject from "./status-root-type-not-object.js";

export default [
  lintScaleLabelSelectorNotString,
  lintScalePathNotInSchema,
  lintScalePathUnsupportedSyntax,
  lintScaleReplicasNotInteger,
  lintStatusSubresourceWithoutStatusSchema,
  scaleLabelSelectorPathNotJsonPath,
  scaleLabelSelectorPathNotUnderSpecOrStatus,
  scaleSpecReplicasPathNotJsonPath,
  scaleSpecReplicasPathNotUnderSpec,
  scaleSpecReplicasPathRequired,
  scaleStatusReplicasPathNotJsonPath,
  scaleStatusReplicasPathNotUnderStatus,
  scaleStatusReplicasPathRequired,
  statusRootFieldNotAllowed,
  statusRootTypeNotObject,
] satisfies Rule[] as Rule[];
