/** The cel-compile rules, in id order. */
import type { Rule } from "../define-rule.js";

export default [] satisfies Rule[] as Rule[];
