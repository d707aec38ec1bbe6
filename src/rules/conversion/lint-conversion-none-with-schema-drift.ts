/** Strategy None while the served versions have different schemas. */
import { defineRule } from "../define-rule.js";
import { DualPath } from "../../k8s/path.js";
import { isObject, type JsonObject, type VersionView } from "../../crd/model.js";
import { sameIgnoringDescriptions } from "../../crd/update.js";
import { conversionOf } from "./view.js";

export default defineRule({
  id: "lint-conversion-none-with-schema-drift",
  category: "conversion",
  severity: "warning",
  apiserver: false,
  type: null,
  description: "Strategy None while the served versions have different schemas.",
  preset: "strict",
  presetWhy:
    "It cannot tell the common, deliberate case (strategy None while a newer version adds fields, as Gateway API and " +
    "ECK do) from an incompatible change, and on real CRDs it fires almost only on the former.",
  phase: "crd",
  messages: {
    schemasDiffer:
      "conversion strategy None but the schemas of served versions differ ({{first}} vs {{others}}): objects are " +
      "relabelled, not converted",
  },
  docs: {
    why:
      "With strategy None the apiserver converts by changing apiVersion only: an object written as one version is " +
      "read back as another with the same fields, and fields the target schema does not know are pruned. If the " +
      "served versions' schemas differ (beyond descriptions), data is silently lost or misread.",
    fix: "Either keep the schemas of all served versions identical, or add a conversion webhook (strategy Webhook).",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/conversion/nop_converter.go",
    fail: "versions:\n- {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {size: {type: integer}}}}}}}\n- {name: v1beta1, served: true, storage: false, schema: {openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {size: {type: string}}}}}}}\n",
    pass: "versions:\n- {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object, description: new}}}\n- {name: v1beta1, served: true, storage: false, schema: {openAPIV3Schema: {type: object, description: old}}}\n",
  },
  check(ctx) {
    if (ctx.crd.schemaHoisted) return;
    const c = conversionOf(ctx.crd, ctx.memo);
    if (c && c.strategy !== "None") return;
    const served = ctx.crd.versions.filter(
      (v) => v.raw.served === true && isObject(v.raw.schema) && isObject(v.raw.schema.openAPIV3Schema),
    );
    if (served.length < 2) return;
    const first = served[0]!;
    const schemaOf = (v: VersionView) => (v.raw.schema as JsonObject).openAPIV3Schema;
    const differing = served.slice(1).filter((v) => !sameIgnoringDescriptions(schemaOf(first), schemaOf(v)));
    if (differing.length === 0) return;
    const path = c ? c.strategyPath : DualPath.root("spec", "versions");
    ctx.report({
      path,
      messageId: "schemasDiffer",
      data: { first: first.name, others: differing.map((v) => v.name).join(", ") },
      suggestion: "use a conversion webhook, or keep the served schemas identical",
    });
  },
});
