/** Conversion None between served versions whose schemas differ: objects read through another version are pruned. */
import { sameIgnoringDescriptions, versionSchema } from "../../crd/update.js";
import { defineRevisionRule, conversionStrategy, storageName } from "./common.js";

export default defineRevisionRule({
  id: "revision-conversion-none-schema-mismatch",
  severity: "error",
  description:
    "Under conversion None, storage moves between versions whose schemas differ: fields the other version lacks are " +
    "pruned (B6).",
  messages: {
    storageMoved:
      "storage moves from {{from}} to {{to}} under conversion None, and their schemas differ: None only rewrites " +
      "apiVersion, so fields {{to}} does not declare are pruned when existing {{from}} objects are read or rewritten",
  },
  docs: {
    why:
      "Conversion None copies the object and changes apiVersion; the target version's schema then prunes every field " +
      "it does not declare (on read and at the next write). Moving storage between versions with different schemas " +
      "under None loses data. Schemas that differ only in descriptions are the same here.",
    fix: "Use a conversion webhook, or keep the schemas identical until storage has moved and every object is rewritten.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apiserver/customresource_handler.go (unstructuredSchemaCoercer.apply); " +
      "kubernetes/apiextensions-apiserver:pkg/apiserver/conversion/nop_converter.go",
    fail: "old:\n  versions:\n  - {name: v1beta1, served: true, storage: true, schema: {openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {size: {type: integer}}}}}}}\n  - {name: v1, served: true, storage: false, schema: {openAPIV3Schema: {type: object, properties: {spec: {type: object}}}}}\nnew:\n  versions:\n  - {name: v1beta1, served: true, storage: false, schema: {openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {size: {type: integer}}}}}}}\n  - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object, properties: {spec: {type: object}}}}}\n",
    pass: "old:\n  versions:\n  - {name: v1beta1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}\n  - {name: v1, served: true, storage: false, schema: {openAPIV3Schema: {type: object}}}\nnew:\n  versions:\n  - {name: v1beta1, served: true, storage: false, schema: {openAPIV3Schema: {type: object}}}\n  - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}\n",
  },
  checkRevision(ctx) {
    if (conversionStrategy(ctx.crd) !== "None") return;
    const from = storageName(ctx.old);
    const to = storageName(ctx.crd);
    if (!from || !to || from === to) return;
    // Descriptions do not prune: Istio 1.22 moved storage between versions whose schemas differ only in them.
    if (
      !ctx.crd.versions.some((v) => v.name === from) ||
      sameIgnoringDescriptions(versionSchema(ctx.crd, from), versionSchema(ctx.crd, to))
    )
      return;
    const target = ctx.crd.versions.find((v) => v.name === to)!;
    ctx.report({
      path: target.path.child("storage"),
      effect: "data-lost",
      messageId: "storageMoved",
      data: { from, to },
      version: to,
    });
  },
});
