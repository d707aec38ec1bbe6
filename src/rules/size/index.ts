/** The size rules, in id order. */
import type { Rule } from "../define-rule.js";
import lintLastAppliedConfigurationTooLarge from "./lint-last-applied-configuration-too-large.js";
import sizeEtcdObjectTooLarge from "./size-etcd-object-too-large.js";
import sizeFileTooLarge from "./size-file-too-large.js";
import sizeRequestTooLarge from "./size-request-too-large.js";

export default [
  lintLastAppliedConfigurationTooLarge,
  sizeEtcdObjectTooLarge,
  sizeFileTooLarge,
  sizeRequestTooLarge,
] satisfies Rule[] as Rule[];
