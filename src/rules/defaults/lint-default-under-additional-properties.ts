/** A default inside an additionalProperties schema: the apiserver never validates it. */
import { defineRule } from "../define-rule.js";
import { aggregateString } from "../../k8s/go.js";
import { pruneValue } from "../../values/prune.js";
import { validateSchemaValue } from "../../values/value.js";
import { FieldPath } from "../../k8s/path.js";
import { defaultValue, isEmbeddedSchema, walkState } from "./analyze.js";

export default defineRule({
  id: "lint-default-under-additional-properties",
  category: "defaults",
  severity: "warning",
  apiserver: false,
  type: null,
  description: "A default inside additionalProperties is never validated by the apiserver, and this one is invalid.",
  preset: "recommended",
  presetWhy:
    "Failed applies: the invalid default, which the apiserver never checks, is applied to every map entry and the " +
    "objects then fail validation.",
  phase: "walk",
  messages: {
    invalidDefault:
      "default under additionalProperties is not validated by the apiserver, and it is invalid: {{problems}}",
  },
  docs: {
    why:
      "When a CRD is created the apiserver validates defaults reachable through `properties` and `items` only: " +
      "defaults inside an `additionalProperties` schema (map values) are accepted unchecked. They are still applied " +
      "to every map entry at runtime, so an invalid one makes objects fail validation (or silently loses pruned " +
      "fields). crdlint checks them the way the apiserver checks the others and reports the ones that would fail.",
    fix: "Make the default satisfy its schema, without fields the schema does not describe.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/defaulting/validation.go",
    fail: "openAPIV3Schema:\n  type: object\n  properties:\n    limits:\n      type: object\n      additionalProperties: {type: integer, minimum: 0, default: -1}\n",
    pass: "openAPIV3Schema:\n  type: object\n  properties:\n    limits:\n      type: object\n      additionalProperties: {type: integer, minimum: 0, default: 0}\n",
  },
  visitKeys: ["default"],
  visitNode(node, ctx) {
    if (!node.underAdditionalProperties || node.inJunctor || node.inUnsupported) return;
    const d = defaultValue(node);
    if (d === undefined || walkState(node, ctx.memo).reason !== null) return;
    const problems: string[] = [];
    if (pruneValue(d, node.schema, { isResourceRoot: isEmbeddedSchema(node.schema) }).changed)
      problems.push("it has fields pruning would drop");
    const errs = validateSchemaValue(node.schema, d, {
      rootPath: FieldPath.root("default"),
      minor: ctx.minor,
      mode: "default",
      cache: ctx.services.schemaValidators,
    });
    if (errs.length > 0) problems.push(aggregateString(errs));
    if (problems.length === 0) return;
    ctx.report({
      path: node.path.child("default"),
      messageId: "invalidDefault",
      data: { problems: problems.join("; ") },
    });
  },
});
