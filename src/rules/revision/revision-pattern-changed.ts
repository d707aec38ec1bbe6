/** pattern added or changed (B30); removing a pattern loosens and is not reported. */
import { defineRule } from "../define-rule.js";
import { changeReport, failText, ratchets, schemaChanges, shown } from "./schema-changes.js";
import { RECOMMENDED_REVISION } from "./common.js";

export default defineRule({
  id: "revision-pattern-changed",
  category: "revision",
  severity: "error",
  apiserver: false,
  ...RECOMMENDED_REVISION["error"],
  type: null,
  description: "A pattern was added to a field or changed (B30).",
  phase: "revision",
  messages: { changed: "pattern of {{field}} ({{versions}}) {{how}}: {{fail}}" },
  docs: {
    why: "Stored strings that do not match the new pattern fail their next create and any update that changes them; ratcheting lets an unchanged value pass an update. crdlint does not decide whether one regular expression accepts everything another does, so every change is reported; removing a pattern loosens and is not.",
    fix: "Make sure the new pattern accepts every value stored objects hold (test it against exported objects with --objects), or check it on new values only with a CEL transition rule.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/validation/ratcheting.go",
    fail: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {name: {type: string}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {name: {type: string, pattern: '^[a-z]+$'}}}}}\n",
    pass: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {name: {type: string, pattern: '^[a-z]+$'}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {name: {type: string}}}}}\n",
  },
  checkRevision(ctx) {
    for (const c of schemaChanges(ctx, "pattern-changed")) {
      const how = c.before === undefined || c.before === "" ? `set to ${shown(c.after)}` : `changed from ${shown(c.before)} to ${shown(c.after)}`;
      ctx.report(changeReport(c, "objects-fail", { messageId: "changed", data: { how, fail: failText(ratchets(c)) } }));
    }
  },
});
