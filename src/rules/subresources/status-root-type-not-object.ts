/** Status subresource enabled and the root schema's type is not object. */
import { defineRule } from "../define-rule.js";
import { STATUS_ROOT_TYPE_MESSAGE, statusRootOffence } from "./status-root.js";

export default defineRule({
  id: "status-root-type-not-object",
  category: "subresources",
  severity: "error",
  apiserver: true,
  type: "Invalid value",
  description: "With the status subresource enabled, the root schema's type must be object.",
  phase: "walk",
  // Upstream runs this check before, not inside, the OpenAPI walk: it does not gate the root's CEL rules.
  outsideWalk: true,
  messages: {
    notObject: STATUS_ROOT_TYPE_MESSAGE,
  },
  docs: {
    why:
      "With `subresources.status` the apiserver serves `/status` by splitting the object into its `status` property " +
      "and the rest, so the root schema must describe an object. It rejects any other root `type` (the structural " +
      "rule `structural-root-type-not-object` fires as well). Only the first offence at the root is reported: a " +
      "disallowed keyword earlier in the internal field order (`id`, `$schema`, `$ref`) hides this error.",
    fix: "Set `type: object` at the root of `openAPIV3Schema` and describe `spec` and `status` under `properties`.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go",
    fail: "subresources: {status: {}}\nopenAPIV3Schema: {type: array, items: {type: string}}\n",
    pass: "subresources: {status: {}}\nopenAPIV3Schema: {type: object, properties: {status: {type: object, x-kubernetes-preserve-unknown-fields: true}}}\n",
  },
  checkSchema(ctx) {
    const offence = statusRootOffence(ctx);
    if (offence?.kind !== "type") return;
    ctx.report({ path: ctx.scope.path.child("type"), messageId: "notObject", value: offence.type });
  },
});
