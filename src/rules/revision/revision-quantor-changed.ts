/** allOf / anyOf / oneOf / not added or changed (B39): matched by content; ratcheted only at the object that holds it. */
import { defineRule } from "../define-rule.js";
import { changeReport, fieldName, ownerFailText, schemaChanges } from "./schema-changes.js";
import { RECOMMENDED_REVISION } from "./common.js";

export default defineRule({
  id: "revision-quantor-changed",
  category: "revision",
  severity: "error",
  apiserver: false,
  ...RECOMMENDED_REVISION["error"],
  type: null,
  description: "An allOf, anyOf, oneOf or not value validation was added or changed (B39; subschemas matched by content, so a reordering is no change).",
  phase: "revision",
  messages: {
    changed: "{{keyword}} of {{field}} ({{versions}}) changed ({{detail}}): {{fail}}",
    loosened: "{{keyword}} of {{field}} ({{versions}}) lost {{removed}} subschema(s): validation is looser, no stored object fails",
  },
  docs: {
    why: "Stored objects that break the new combination fail their next create, and any update that changes anything in the object that holds the quantor: the docs say quantors are not ratcheted, and the apiserver's code ratchets their errors only at that object as a whole. crdlint matches subschemas by content, so reordering them is no change (crdify compares them by index and reports reorderings). Removing allOf subschemas or a not only loosens.",
    fix: "Express the new constraint as a CEL rule (ratcheted on unchanged values), or add it in a new version.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/validation/ratcheting.go (ratchetingValueValidator.Validate)",
    fail: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {a: {type: string}, b: {type: string}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, oneOf: [{required: [a]}, {required: [b]}], properties: {a: {type: string}, b: {type: string}}}}}\n",
    pass: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, oneOf: [{required: [a]}, {required: [b]}], properties: {a: {type: string}, b: {type: string}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, oneOf: [{required: [b]}, {required: [a]}], properties: {a: {type: string}, b: {type: string}}}}}\n",
  },
  checkRevision(ctx) {
    for (const c of schemaChanges(ctx, "quantor-changed")) {
      const q = c.quantor!;
      if ((c.keyword === "allOf" || c.keyword === "not") && q.added === 0) {
        ctx.report(changeReport(c, "behaviour-changed", { messageId: "loosened", data: { keyword: c.keyword, removed: q.removed } }));
        continue;
      }
      const parts = [q.added ? `${q.added} subschema(s) added` : "", q.removed ? `${q.removed} removed` : ""].filter(Boolean);
      const detail = c.keyword === "not" ? (q.removed && q.added ? "its subschema changed" : q.added ? "added" : "removed") : parts.join(", ");
      ctx.report(changeReport(c, "objects-fail", { messageId: "changed", data: { keyword: c.keyword, detail, fail: ownerFailText(fieldName(c)) }, ratcheted: false }));
    }
  },
});
