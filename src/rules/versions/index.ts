/** The versions rules, in id order. */
import type { Rule } from "../define-rule.js";
import crdV1beta1Deprecated from "./crd-v1beta1-deprecated.js";
import crdV1beta1Removed from "./crd-v1beta1-removed.js";

export default [crdV1beta1Deprecated, crdV1beta1Removed] satisfies Rule[] as Rule[];
