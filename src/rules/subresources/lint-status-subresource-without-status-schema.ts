/** Status subresource enabled but the schema has no status property: status writes are pruned away. */
import { defineRule } from "../define-rule.js";
import { isObject } from "../../crd/model.js";

export default defineRule({
  id: "lint-status-subresource-without-status-schema",
  category: "subresources",
  severity: "warning",
  apiserver: false,
  type: null,
  description: "The status subresource is enabled but the schema declares no status property.",
  preset: "recommended",
  presetWhy: "Data loss: every status write through /status is pruned to nothing.",
  phase: "walk",
  messages: {
    noStatusSchema:
      "the status subresource is enabled but the schema declares no properties.status: every status write is pruned " +
      "to nothing",
    noStatusSchemaOnVersion:
      "the status subresource is enabled on version {{versions}} but the schema declares no properties.status: every " +
      "status write is pruned to nothing",
    noStatusSchemaOnVersions:
      "the status subresource is enabled on versions {{versions}} but the schema declares no properties.status: " +
      "every status write is pruned to nothing",
  },
  docs: {
    why:
      "With `subresources.status`, controllers write status through `/status`, and pruning keeps only what the " +
      "schema declares. Without `properties.status` (and without `x-kubernetes-preserve-unknown-fields: true` at the " +
      "root) every status write is pruned to nothing, silently.",
    fix:
      "Declare `status` under the root `properties` (with its fields, or `type: object` plus " +
      "`x-kubernetes-preserve-unknown-fields: true`).",
    upstream: "kubernetes/apiextensions-apiserver:pkg/registry/customresource/strategy.go",
    fail: "subresources: {status: {}}\nopenAPIV3Schema: {type: object, properties: {spec: {type: object, x-kubernetes-preserve-unknown-fields: true}}}\n",
    pass: "subresources: {status: {}}\nopenAPIV3Schema: {type: object, properties: {spec: {type: object, x-kubernetes-preserve-unknown-fields: true}, status: {type: object, x-kubernetes-preserve-unknown-fields: true}}}\n",
  },
  checkSchema(ctx) {
    const { scope } = ctx;
    if (!scope.statusEnabled) return;
    const root = scope.root;
    if (typeof root.type === "string" && root.type !== "object") return;
    if (root["x-kubernetes-preserve-unknown-fields"] === true) return;
    if (isObject(root.properties) && Object.prototype.hasOwnProperty.call(root.properties, "status")) return;
    const names = scope.versions
      .filter((v) => isObject(v.raw.subresources) && v.raw.subresources.status != null)
      .map((v) => v.name);
    ctx.report({
      path: scope.path,
      messageId:
        scope.versions.length <= 1
          ? "noStatusSchema"
          : names.length > 1
            ? "noStatusSchemaOnVersions"
            : "noStatusSchemaOnVersion",
      data: { versions: names.join(", ") },
      suggestion: "add a `status` property under the root `properties`",
    });
  },
});
