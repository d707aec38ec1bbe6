/**
 * A bound was loosened or removed in scope of CEL rules, and a rule's estimated cost crossed a limit because of it
 * (B42). Loosening is safe for objects; what it breaks is the cost check, which applies again to a version whose
 * schema changed (A12) and to every schema total (A13). Loosenings that cross no limit are not reported.
 */
import { versionSchema } from "../../crd/update.js";
import { changeReport, schemaChanges, shown } from "./schema-changes.js";
import { costText, PER_RULE_LIMIT, PER_SCHEMA_LIMIT, related, schemaRuleCosts } from "./cel-costs.js";
import { defineRevisionRule } from "./common.js";

export default defineRevisionRule({
  id: "revision-bounds-loosened",
  severity: "error",
  type: "Forbidden",
  description:
    "A loosened or removed bound (maxItems, maxLength, maxProperties, ...) pushed a CEL rule's estimated cost over " +
    "the apiserver's limit (B42, A12, A13).",
  messages: {
    rule:
      "{{keyword}} of {{field}} ({{versions}}) {{how}}: a CEL rule on {{ruleField}} now costs {{cost}} (was " +
      "{{oldCost}}); the apiserver rejects the update: cost limits apply again once a version's schema changes",
    total:
      "{{keyword}} of {{field}} ({{versions}}) {{how}}: the version's CEL rules now cost {{cost}} together (was " +
      "{{oldCost}}); the apiserver rejects the update",
  },
  docs: {
    why:
      "Loosening a bound never fails an object, so it is no breaking change by itself. But the CEL cost estimate " +
      "multiplies by the bounds: raising or removing maxItems, maxLength or maxProperties raises the estimated cost " +
      "of every rule that iterates below it. The apiserver skips the per-rule limit only for versions whose schema " +
      "is unchanged, and never skips the per-schema total, so the update that loosens the bound is rejected when a " +
      "rule crosses a limit. Loosenings that cross no limit are not reported.",
    fix:
      "Keep a bound that holds the rule under the limit (crdlint cost shows each rule's drivers), or rewrite the " +
      "rule to iterate less.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go " +
      "(findVersionsWithUnchangedSchemas, suppressExpressionCostForUnchangedSchema, StaticEstimatedCRDCostLimit)",
    fail: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {names: {type: array, maxItems: 100, items: {type: string, maxLength: 64}, x-kubernetes-validations: [{rule: 'self.all(x, self.all(y, x == y || !x.startsWith(y)))'}]}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {names: {type: array, items: {type: string, maxLength: 64}, x-kubernetes-validations: [{rule: 'self.all(x, self.all(y, x == y || !x.startsWith(y)))'}]}}}}}\n",
    pass: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {names: {type: array, maxItems: 100, items: {type: string, maxLength: 64}, x-kubernetes-validations: [{rule: 'self.all(x, self.all(y, x == y || !x.startsWith(y)))'}]}}}}}\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {names: {type: array, maxItems: 200, items: {type: string, maxLength: 64}, x-kubernetes-validations: [{rule: 'self.all(x, self.all(y, x == y || !x.startsWith(y)))'}]}}}}}\n",
  },
  checkRevision(ctx) {
    for (const c of schemaChanges(ctx, "bounds-loosened")) {
      const newRoot = c.newChain[0];
      const oldRoot = versionSchema(ctx.old, c.versions[0]!);
      if (!newRoot || !oldRoot) continue;
      const next = schemaRuleCosts(ctx, newRoot);
      if (next.rules.length === 0) continue;
      const prev = schemaRuleCosts(ctx, oldRoot);
      const how =
        c.after === undefined
          ? `removed (was ${shown(c.before)})`
          : `raised from ${shown(c.before)} to ${shown(c.after)}`;
      let reported = false;
      for (const r of next.rules) {
        if (r.cost === undefined || r.cost <= PER_RULE_LIMIT || !related(c.field, r.field)) continue;
        const before = prev.rules.find((o) => o.field === r.field && o.rule === r.rule)?.cost;
        if (before === undefined || before > PER_RULE_LIMIT || before >= r.cost) continue;
        reported = true;
        const data = {
          keyword: c.keyword,
          how,
          ruleField: r.field === "" ? "the object root" : r.field,
          cost: costText(r.cost, PER_RULE_LIMIT),
          oldCost: before.toLocaleString("en-US"),
        };
        ctx.report(changeReport(c, "rejected", { messageId: "rule", data, detail: `rule: ${r.rule}` }));
      }
      // The schema total crosses its limit too whenever one rule does; reported alone when no rule did.
      if (!reported && next.total > PER_SCHEMA_LIMIT && prev.total <= PER_SCHEMA_LIMIT)
        ctx.report(
          changeReport(c, "rejected", {
            messageId: "total",
            data: {
              keyword: c.keyword,
              how,
              cost: costText(next.total, PER_SCHEMA_LIMIT),
              oldCost: prev.total.toLocaleString("en-US"),
            },
          }),
        );
    }
  },
});
