/** An x-kubernetes-validations entry with an empty rule. */
import { defineRule } from "../define-rule.js";
import { ruleMessageProblem, validationEntries } from "../../crd/validation-entries.js";

export default defineRule({
  id: "cel-rule-required",
  category: "cel-compile",
  severity: "error",
  apiserver: true,
  type: "Required value",
  description: "An x-kubernetes-validations entry has no rule (or only whitespace).",
  phase: "walk",
  minMinor: 25,
  messages: {
    ruleIsNotSpecified: "rule is not specified",
  },
  docs: {
    why:
      "Each `x-kubernetes-validations` entry is a CEL expression in `rule`; an entry without one (or with only " +
      "whitespace) is rejected. The message checks of that entry are then skipped.",
    fix: "Write the CEL expression in `rule`, or remove the entry.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "openAPIV3Schema: {type: object, x-kubernetes-validations: [{rule: ' ', message: must hold}]}\n",
    pass: "openAPIV3Schema: {type: object, x-kubernetes-validations: [{rule: 'true', message: must hold}]}\n",
  },
  visitKeys: ["x-kubernetes-validations"],
  visitNode(node, ctx) {
    for (const e of validationEntries(node, ctx.memo)) {
      if (ruleMessageProblem(e) === "rule-required")
        ctx.report({ path: e.path.child("rule"), messageId: "ruleIsNotSpecified" });
    }
  },
});
