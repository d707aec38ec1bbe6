/** A property or items mentioned in a root value validation but missing from the structural part (rule 2). */
import { defineRule } from "../define-rule.js";
import { isObject } from "../../crd/model.js";
import { structuralVisit, deferReport, flushDeferred, observeNode } from "./common.js";

export default defineRule({
  id: "structural-value-validation-incomplete",
  category: "structural",
  severity: "error",
  apiserver: true,
  type: "Required value",
  description: "A value validation of the root mentions a property or items the structural part does not specify.",
  messages: {
    definedIn: "because it is defined in {{path}}",
  },
  docs: {
    why:
      "Every field a value validation (allOf/anyOf/oneOf/not) talks about must also be specified outside of it, " +
      "otherwise it would be pruned before being validated. The apiserver reports the missing structural " +
      "counterpart, `because it is defined in` the junctor path. It checks this for the value validations of the " +
      "schema root (and everything nested inside them); junctors on nested properties are not checked for " +
      "completeness.",
    fix:
      "Add the property (with its type) or the items schema to the structural part, at the path reported, and keep " +
      "only value validations inside the junctor.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apiserver/schema/complete.go",
    fail: "openAPIV3Schema:\n  type: object\n  properties:\n    spec: {type: object, properties: {foo: {type: string}}}\n  anyOf:\n  - properties: {spec: {properties: {bar: {minLength: 1}}}}\n",
    pass: "openAPIV3Schema:\n  type: object\n  properties:\n    spec: {type: object, properties: {foo: {type: string}, bar: {type: string}}}\n  anyOf:\n  - properties: {spec: {properties: {bar: {minLength: 1}}}}\n",
  },
  phase: "structural",
  visitNode: structuralVisit((node, ctx) => {
    if (!node.inJunctor || node.inUnsupported) return;
    const f = observeNode(node, ctx).valueValidation(node);
    if (f.missing)
      deferReport(ctx, { path: f.missing.path, messageId: "definedIn", data: { path: f.missing.definedIn } });
    // `properties: {foo: null}` is an empty value validation the walk does not visit.
    const props = node.schema.properties;
    if (!f.checked || !f.counterpart || !f.counterpartPath || !isObject(props)) return;
    const have = f.counterpart.properties;
    for (const k in props) {
      if (props[k] !== null || (isObject(have) && Object.hasOwn(have, k))) continue;
      deferReport(ctx, {
        path: f.counterpartPath.child("properties").key(k),
        messageId: "definedIn",
        data: { path: node.path.apiserver.child("properties").key(k).toString() },
      });
    }
  }),
  checkSchema: flushDeferred,
});
