/** A CEL rule's text, messageExpression or attributes changed, or it moved to another field (B41). */
import {
  changeReport,
  compileAtNew,
  failText,
  joinDetail,
  ratchets,
  schemaChanges,
  shownChange,
  shownOne,
} from "./schema-changes.js";
import { costText, PER_RULE_LIMIT, schemaRuleCosts } from "./cel-costs.js";
import { defineRevisionRule } from "./common.js";

export default defineRevisionRule({
  id: "revision-cel-rule-changed",
  severity: "error",
  description:
    "A CEL validation rule was edited (text, messageExpression, message, reason, fieldPath, optionalOldSelf) or " +
    "moved to another field (B41).",
  messages: {
    text:
      "CEL rule on {{field}} ({{versions}}) changed from {{change}}: {{fail}}; the new text gets only the previous " +
      "release's CEL libraries (A11){{compile}}",
    messageExpression:
      "messageExpression of the CEL rule {{rule}} on {{field}} ({{versions}}) changed: the new text is compiled with " +
      "the previous release's CEL libraries (A11); only the message of a failure changes{{compile}}",
    attributes:
      "{{attributes}} of the CEL rule {{rule}} on {{field}} ({{versions}}) changed ({{changes}}): only what a " +
      "failure reports changes",
    optionalOldSelf:
      "the transition rule {{rule}} on {{field}} ({{versions}}) now sets optionalOldSelf: it runs on creates too " +
      "(oldSelf absent); {{fail}}",
    moved:
      "CEL rule {{rule}} moved from {{from}} to {{field}} ({{versions}}): it now judges {{field}}, so {{fail}}; its " +
      "text stays pre-existing for the apiserver (A11){{compile}}",
    movedTransition:
      "transition rule {{rule}} moved from {{from}} to {{field}} ({{versions}}): it runs only on updates where " +
      "{{field}} had a value (it uses oldSelf), so creates pass; an update that changes {{field}} and breaks it " +
      "fails; its text stays pre-existing for the apiserver (A11){{compile}}",
    copiedTransition:
      "transition rule {{rule}} is new on {{field}} ({{versions}}), with a text OLD has elsewhere: it runs only on " +
      "updates where {{field}} had a value (it uses oldSelf), so creates pass; an update that changes {{field}} and " +
      "breaks it fails; its text stays pre-existing for the apiserver (A11){{compile}}",
    textTransition:
      "transition rule on {{field}} ({{versions}}) changed from {{change}}: it runs only on updates where {{field}} " +
      "had a value (it uses oldSelf), so creates pass; an update that changes {{field}} and breaks it fails; the new " +
      "text gets only the previous release's CEL libraries (A11){{compile}}",
    copied:
      "CEL rule {{rule}} is new on {{field}} ({{versions}}), with a text OLD has elsewhere: it now judges {{field}}, " +
      "so {{fail}}; its text stays pre-existing for the apiserver (A11){{compile}}",
  },
  docs: {
    why:
      "The apiserver matches rules by exact text (findPreexistingExpressions): a rule or messageExpression whose " +
      "text changed is compiled in the new-expressions environment, which only has the libraries of the previous " +
      "release, while a moved rule keeps its text and its pre-existing status. An edited or moved rule judges stored " +
      "objects anew at their next create and at updates that change the field (ratcheting lets unchanged values " +
      "pass); a transition rule (one that uses oldSelf, without optionalOldSelf) runs only on updates where the " +
      "field had a value, so it never fails a create. Changes of message, reason or fieldPath only change what a " +
      "failure reports.",
    fix:
      "Check that exported objects pass the new rule (--objects); keep the text unchanged where only the message " +
      "needs to change.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go " +
      "(findPreexistingExpressions); kubernetes/apiserver:pkg/cel/environment/base.go",
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
      // A rule that uses oldSelf runs only on updates with an old value (A35), unless optionalOldSelf lets it run on creates.
      const transition = (): boolean => {
        if (entry.optionalOldSelf) return false;
        const r = compileAtNew(ctx, c, entry.rule, "rule", false);
        return r ? r.usesOldSelf : /\boldSelf\b/.test(entry.rule);
      };
      const costDetail = (): { detail?: string } => {
        const cost = schemaRuleCosts(ctx, c.newChain[0]!).rules.find(
          (r) => r.field === c.field && r.rule === entry.rule,
        )?.cost;
        return cost !== undefined ? { detail: `estimated cost ${costText(cost, PER_RULE_LIMIT)}` } : {};
      };
      const fail = failText(ratchets(c));
      const rule = shownOne(entry.rule);
      switch (change) {
        case "text": {
          const t = transition();
          const change = shownChange(oldEntry!.rule, entry.rule);
          ctx.report(
            changeReport(c, "objects-fail", {
              messageId: t ? "textTransition" : "text",
              data: { change: change.text, fail, compile: compileOf(entry.rule, "rule") },
              path: path.child("rule"),
              ...joinDetail(costDetail().detail, change.detail),
            }),
          );
          break;
        }
        case "messageExpression":
          ctx.report(
            changeReport(c, "behaviour-changed", {
              messageId: "messageExpression",
              data: {
                rule: rule.text,
                compile: entry.messageExpression ? compileOf(entry.messageExpression, "messageExpression") : "",
              },
              path: path.child(entry.messageExpression ? "messageExpression" : "rule"),
            }),
          );
          break;
        case "attributes":
          if (attributes!.includes("optionalOldSelf") && entry.optionalOldSelf)
            ctx.report(
              changeReport(c, "objects-fail", {
                messageId: "optionalOldSelf",
                data: { rule: rule.text, fail },
                path: path.child("optionalOldSelf"),
                ...joinDetail(rule.detail),
              }),
            );
          else {
            const others = attributes!.filter((a) => a !== "optionalOldSelf");
            if (others.length) {
              // What changed, each value by the part that differs (`reason: FieldValueInvalid to FieldValueForbidden`).
              const shownChanges = others.map((a) => ({
                a,
                ...shownChange(oldEntry![a as "message"] || undefined, entry[a as "message"] || undefined),
              }));
              const changes = shownChanges.map((x) => `${x.a}: ${x.text}`).join("; ");
              ctx.report(
                changeReport(c, "behaviour-changed", {
                  messageId: "attributes",
                  data: { attributes: others.join(", "), rule: rule.text, changes },
                  path,
                  ...joinDetail(rule.detail, ...shownChanges.map((x) => x.detail)),
                }),
              );
            }
          }
          break;
        case "moved":
          ctx.report(
            changeReport(c, "objects-fail", {
              messageId: transition() ? (from ? "movedTransition" : "copiedTransition") : from ? "moved" : "copied",
              data: {
                rule: rule.text,
                from: from ? (from.field === "" ? "the object root" : from.field) : "",
                fail,
                compile: compileOf(entry.rule, "rule"),
              },
              path: path.child("rule"),
              ...joinDetail(costDetail().detail, rule.detail),
            }),
          );
          break;
        default:
          break;
      }
    }
  },
});
