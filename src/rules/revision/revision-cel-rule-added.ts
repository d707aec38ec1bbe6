/** A CEL rule (x-kubernetes-validations) was added to an existing field (B40). */
import {
  changeReport,
  compileAtNew,
  failText,
  joinDetail,
  ratchets,
  schemaChanges,
  shownOne,
} from "./schema-changes.js";
import { formatCompileErrors } from "../../cel/index.js";
import { costText, PER_RULE_LIMIT, schemaRuleCosts } from "./cel-costs.js";
import { defineRevisionRule } from "./common.js";

export default defineRevisionRule({
  id: "revision-cel-rule-added",
  severity: "error",
  description: "A CEL validation rule was added to a field that existed before (B40).",
  messages: {
    added: "new CEL rule {{rule}} on {{field}} ({{versions}}): {{fail}}{{compile}}",
    transition:
      "new transition rule {{rule}} on {{field}} ({{versions}}): it runs only on updates {{when}}, so creates pass; " +
      "an update that changes {{field}} and breaks it fails{{compile}}",
  },
  docs: {
    why:
      "A new rule judges existing objects at their next create (a re-apply, a restore) and at any update that " +
      "changes the field; ratcheting lets an unchanged value pass an update. A transition rule (one that uses " +
      "oldSelf) runs only on updates that have an old value, unless optionalOldSelf is set. The rule is compiled in " +
      "the new-expressions environment (the libraries of the previous release, A11) and costed against the new " +
      "schema; the diagnostic's detail gives its estimated cost.",
    fix:
      "Check that exported objects pass the rule (--objects), or write it as a transition rule that only judges " +
      "changed values.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/cel/validation.go; " +
      "kubernetes/apiextensions-apiserver:pkg/apiserver/validation/ratcheting.go",
    fail: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {min: {type: integer}, max: {type: integer}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, x-kubernetes-validations: [{rule: 'self.min <= self.max'}], properties: {min: {type: integer}, max: {type: integer}}}}}\n",
    pass: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {min: {type: integer}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {min: {type: integer}, limits: {type: object, x-kubernetes-validations: [{rule: 'self.min <= self.max'}], properties: {min: {type: integer}, max: {type: integer}}}}}}}\n",
  },
  checkRevision(ctx) {
    for (const c of schemaChanges(ctx, "cel-rule-added")) {
      const entry = c.cel!.entry;
      const compiled = compileAtNew(ctx, c, entry.rule, "rule", entry.optionalOldSelf);
      const compile =
        compiled && !compiled.ok
          ? "; it does not compile against the new schema, so the apiserver rejects the update"
          : "";
      const cost = compiled?.ok
        ? schemaRuleCosts(ctx, c.newChain[0]!).rules.find((r) => r.field === c.field && r.rule === entry.rule)?.cost
        : undefined;
      const detail =
        compiled && !compiled.ok
          ? formatCompileErrors(compiled.errors)
          : cost !== undefined
            ? `estimated cost ${costText(cost, PER_RULE_LIMIT)}`
            : undefined;
      const path = c.newPath!.child("x-kubernetes-validations").index(entry.index).child("rule");
      const transition = compiled ? compiled.usesOldSelf : /\boldSelf\b/.test(entry.rule);
      const rule = shownOne(entry.rule);
      const details = joinDetail(detail, rule.detail);
      if (transition) {
        const when = entry.optionalOldSelf
          ? "and creates (optionalOldSelf: oldSelf is then absent)"
          : "that have an old value";
        ctx.report(
          changeReport(c, "objects-fail", {
            messageId: entry.optionalOldSelf ? "added" : "transition",
            data: { rule: rule.text, when, fail: failText(ratchets(c)), compile },
            path,
            ratcheted: true,
            ...details,
          }),
        );
      } else
        ctx.report(
          changeReport(c, "objects-fail", {
            messageId: "added",
            data: { rule: rule.text, fail: failText(ratchets(c)), compile },
            path,
            ...details,
          }),
        );
    }
  },
});
