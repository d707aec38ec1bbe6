/** A CEL rule's text, messageExpression or attributes changed, or it moved to another field (B41). */
import { defineRule } from "../define-rule.js";
import { changeReport, compileAtNew, failText, ratchets, schemaChanges } from "./schema-changes.js";
import { costText, PER_RULE_LIMIT, schemaRuleCosts } from "./cel-costs.js";
import { RECOMMENDED_REVISION } from "./common.js";

export default defineRule({
  id: "revision-cel-rule-changed",
  category: "revision",
  severity: "error",
  apiserver: false,
  ...RECOMMENDED_REVISION["error"],
  type: null,
  description: "A CEL validation rule was edited (text, messageExpression, message, reason, fieldPath, optionalOldSelf) or moved to another field (B41).",
  phase: "revision",
  messages: {
    text: "CEL rule on {{field}} ({{versions}}) changed from `{{before}}` to `{{after}}`: {{fail}}; the new text gets only the previous release's CEL libraries (A11){{compile}}",
    messageExpression: "messageExpression of the CEL rule `{{rule}}` on {{field}} ({{versions}}) changed: the new text is compiled with the previous release's CEL libraries (A11); only the message of a failure changes{{compile}}",
    attributes: "{{attributes}} of the CEL rule `{{rule}}` on {{field}} ({{versions}}) changed: only what a failure reports changes",
    optionalOldSelf: "the transition rule `{{rule}}` on {{field}} ({{versions}}) now sets optionalOldSelf: it runs on creates too (oldSelf absent); {{fail}}",
    moved: "CEL rule `{{rule}}` moved from {{from}} to {{field}} ({{versions}}): it now judges {{field}}, so {{fail}}; its text stays pre-existing for the apiserver (A11){{compile}}",
    copied: "CEL rule `{{rule}}` is new on {{field}} ({{versions}}), with a text OLD has elsewhere: it now judges {{field}}, so {{fail}}; its text stays pre-existing for the apiserver (A11){{compile}}",
  },
  docs: {
    why: "The apiserver matches rules by exact text (findPreexistingExpressions): a rule or messageExpression whose text changed is compiled in the new-expressions environment, which only has the libraries of the previous release, while a moved rule keeps its text and its pre-existing status. An edited or moved rule judges stored objects anew at their next create and at updates that change the field (ratcheting lets unchanged values pass). Changes of message, reason or fieldPath only change what a failure reports.",
    fix: "Check that exported objects pass the new rule (--objects); keep the text unchanged where only the message needs to change.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go (findPreexistingExpressions); kubernetes/apiserver:pkg/cel/environment/base.go",
    fail: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, x-kubernetes-validations: [{rule: 'self.min <= self.max'}], properties: {min: {type: integer}, max: {type: integer}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, x-kubernetes-validations: [{rule: 'self.min < self.max'}], properties: {min: {type: integer}, max: {type: integer}}}}}\n",
    pass: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, x-kubernetes-validations: [{rule: 'self.min <= self.max'}, {rule: 'self.min >= 0'}], properties: {min: {type: integer}, max: {type: integer}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, x-kubernetes-validations: [{rule: 'self.min >= 0'}, {rule: 'self.min <= self.max'}], properties: {min: {type: integer}, max: {type: integer}}}}}\n",
  },
  checkRevision(ctx) {
    for (const c of schemaChanges(ctx, "cel-rule-changed")) {
      const { change, entry, oldEntry, attributes, from } = c.cel!;
      const path = c.newPath!.child("x-kubernetes-validations").index(entry.index);
      const compileOf = (expression: string, kind: "rule" | "messageExpression"): string => {
        const r = compileAtNew(ctx, c, expression, kind, entry.optionalOldSelf);
        return r && !r.ok ? "; it does not compile against the new schema, so the apiserver rejects the update" : "";
      };
      const costDetail = (): { detail?: string } => {
        const cost = schemaRuleCosts(ctx, c.newChain[0]!).rules.find((r) => r.field === c.field && r.rule === entry.rule)?.cost;
        return cost !== undefined ? { detail: `estimated cost ${costText(cost, PER_RULE_LIMIT)}` } : {};
      };
      const fail = failText(ratchets(c));
      switch (change) {
        case "text":
          ctx.report(changeReport(c, "objects-fail", { messageId: "text", data: { before: oldEntry!.rule, after: entry.rule, fail, compile: compileOf(entry.rule, "rule") }, path: path.child("rule"), ...costDetail() }));
          break;
        case "messageExpression":
          ctx.report(
            changeReport(c, "behaviour-changed", { messageId: "messageExpression", data: { rule: entry.rule, compile: entry.messageExpression ? compileOf(entry.messageExpression, "messageExpression") : "" }, path: path.child(entry.messageExpression ? "messageExpression" : "rule") }),
          );
          break;
        case "attributes":
          if (attributes!.includes("optionalOldSelf") && entry.optionalOldSelf)
            ctx.report(changeReport(c, "objects-fail", { messageId: "optionalOldSelf", data: { rule: entry.rule, fail }, path: path.child("optionalOldSelf") }));
          else {
            const others = attributes!.filter((a) => a !== "optionalOldSelf");
            if (others.length) ctx.report(changeReport(c, "behaviour-changed", { messageId: "attributes", data: { attributes: others.join(", "), rule: entry.rule }, path }));
          }
          break;
        case "moved":
          ctx.report(
            changeReport(c, "objects-fail", { messageId: from ? "moved" : "copied", data: { rule: entry.rule, from: from ? (from.field === "" ? "the object root" : from.field) : "", fail, compile: compileOf(entry.rule, "rule") }, path: path.child("rule"), ...costDetail() }),
          );
          break;
        default:
          break;
      }
    }
  },
});
