/** Status subresource enabled and the root schema uses a keyword that would be lost when status is extracted. */
import { defineRule } from "../define-rule.js";
import { htmlSafeJson, internalSchemaValue, statusRootAllowedFields, statusRootOffence } from "./status-root.js";
import { RenderedValue } from "../../k8s/validation.js";

export default defineRule({
  id: "status-root-field-not-allowed",
  category: "subresources",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description:
    "With the status subresource enabled, the root schema may only use keywords that survive extracting " +
    "properties.status.",
  phase: "walk",
  // Upstream runs this check before, not inside, the OpenAPI walk: it does not gate the root's CEL rules.
  outsideWalk: true,
  messages: {
    fieldsNotAllowed:
      "only [{{fields}}] fields are allowed at the root of the schema if the status subresource is enabled",
  },
  docs: {
    why:
      "With `subresources.status`, `/status` writes are validated against `properties.status` and the main resource " +
      "ignores status changes, so root-level constraints that span both halves (`anyOf`/`oneOf`/`allOf`/`not`, " +
      "`enum`, `default`, `nullable`, `additionalProperties`, min/maxProperties, list/map-type extensions, " +
      "embedded-resource, int-or-string and the unsupported keywords) could not be enforced. The apiserver rejects " +
      "them, reporting only the first offence in its internal field order (a non-object `type` counts as one, see " +
      "`status-root-type-not-object`); its value is the whole internal schema struct. `false`, empty and absent " +
      "values do not count, but an explicitly empty list or map (`enum: []`, `allOf: []`) and " +
      "`additionalProperties: false` do.",
    fix:
      "Move the constraint into `properties.spec` (or `properties.status`), or express it as an " +
      "`x-kubernetes-validations` rule at the root, which is allowed.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "subresources: {status: {}}\nopenAPIV3Schema:\n  type: object\n  properties: {spec: {type: object}, status: {type: object}}\n  anyOf: [{required: [spec]}, {required: [status]}]\n",
    pass: 'subresources: {status: {}}\nopenAPIV3Schema:\n  type: object\n  properties: {spec: {type: object}, status: {type: object}}\n  x-kubernetes-validations: [{rule: "has(self.spec) || has(self.status)"}]\n',
  },
  checkSchema(ctx) {
    const offence = statusRootOffence(ctx);
    if (offence?.kind !== "field") return;
    ctx.report({
      path: ctx.scope.path,
      messageId: "fieldsNotAllowed",
      data: { fields: statusRootAllowedFields(ctx.minor) },
      value: new RenderedValue(htmlSafeJson(JSON.stringify(internalSchemaValue(ctx.scope.root)))),
      detail: `disallowed at the root: ${offence.keyword}`,
    });
  },
});
