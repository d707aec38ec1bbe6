/** conversion.strategy Webhook → None: objects read through another version are pruned where the schemas differ. */
import { DualPath } from "../../k8s/path.js";
import { sameIgnoringDescriptions, versionSchema } from "../../crd/update.js";
import { defineRevisionRule, conversionStrategy } from "./common.js";

export default defineRevisionRule({
  id: "revision-conversion-webhook-removed",
  severity: "error",
  description:
    "conversion.strategy went from Webhook to None: objects read in another version only get a new apiVersion, and " +
    "are pruned where the schemas differ (B8).",
  messages: {
    removedDiffering:
      "conversion becomes None while served versions {{versions}} have different schemas: an object read in another " +
      "version than the stored one only gets a new apiVersion, and fields that version lacks are pruned",
    removed:
      "conversion becomes None: versions are now converted by rewriting apiVersion only (the served schemas are " +
      "identical but for descriptions, so nothing is pruned)",
  },
  docs: {
    why:
      "None rewrites apiVersion and nothing else; the webhook did the field mapping. Where the versions' schemas " +
      "differ, reads through the other version lose fields, and writes through it store the loss.",
    fix: "Keep the webhook while served versions differ, or make their schemas identical first.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apiserver/conversion/nop_converter.go; " +
      "kubernetes/apiextensions-apiserver:pkg/apiserver/customresource_handler.go (unstructuredSchemaCoercer.apply)",
    fail: "old:\n  webhook: {conversionReviewVersions: [v1], clientConfig: {service: {name: conv, namespace: system}}}\n  versions:\n  - {name: v1beta1, served: true, storage: false, schema: {openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {size: {type: integer}}}}}}}\n  - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object, properties: {spec: {type: object}}}}}\nnew:\n  versions:\n  - {name: v1beta1, served: true, storage: false, schema: {openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {size: {type: integer}}}}}}}\n  - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object, properties: {spec: {type: object}}}}}\n",
    pass: "old:\n  webhook: {conversionReviewVersions: [v1], clientConfig: {service: {name: conv, namespace: system}}}\nnew:\n  webhook: {conversionReviewVersions: [v1], clientConfig: {service: {name: conv, namespace: system}}}\n",
  },
  checkRevision(ctx) {
    if (conversionStrategy(ctx.old) !== "Webhook" || conversionStrategy(ctx.crd) === "Webhook") return;
    const served = ctx.crd.versions.filter((v) => v.raw.served === true).map((v) => v.name);
    const differing =
      served.length > 1 &&
      served.some((v) => !sameIgnoringDescriptions(versionSchema(ctx.crd, served[0]!), versionSchema(ctx.crd, v)));
    const at = ctx.crd.spec.conversion !== undefined ? DualPath.root("spec", "conversion") : DualPath.root("spec");
    ctx.report({
      path: at,
      effect: differing ? "data-lost" : "behaviour-changed",
      messageId: differing ? "removedDiffering" : "removed",
      data: { versions: served.join(", ") },
    });
  },
});
