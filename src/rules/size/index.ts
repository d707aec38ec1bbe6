/** The size rules, in id order. */
import type { Rule } from "../define-rule.js";
import sizeFileTooLarge from "./size-file-too-large.js";

export default [sizeFileTooLarge] satisfies Rule[] as Rule[];
