/** spec.preserveUnknownFields true → false: pruning starts, and unknown fields of existing objects vanish. */
import { DualPath } from "../../k8s/path.js";
import { defineRevisionRule } from "./common.js";

export default defineRevisionRule({
  id: "revision-preserve-unknown-fields-disabled",
  severity: "error",
  description:
    "spec.preserveUnknownFields went from true to false: fields the schema does not declare are pruned from existing " +
    "objects on read (B16).",
  messages: {
    disabled:
      "preserveUnknownFields becomes false: every field the schema does not declare is pruned from existing objects " +
      "when they are read, and lost at their next write",
  },
  docs: {
    why:
      "With preserveUnknownFields false the apiserver prunes unknown fields from every object it decodes, including " +
      "objects already in etcd. The apiserver also requires a structural schema then; setting it back to true is " +
      "refused.",
    fix:
      "Declare every field stored objects use (or x-kubernetes-preserve-unknown-fields: true on the subtrees that " +
      "hold free-form data) before turning pruning on.",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/apiserver/customresource_handler.go (unstructuredSchemaCoercer.apply); " +
      "kubernetes/apiextensions-apiserver:pkg/apis/apiextensions/validation/validation.go " +
      "(validatePreserveUnknownFields)",
    fail: "old:\n  spec: {preserveUnknownFields: true}\nnew: {}\n",
    pass: "old: {}\nnew: {}\n",
  },
  checkRevision(ctx) {
    if (ctx.old.spec.preserveUnknownFields !== true || ctx.crd.spec.preserveUnknownFields === true) return;
    const at =
      ctx.crd.spec.preserveUnknownFields !== undefined
        ? DualPath.root("spec", "preserveUnknownFields")
        : DualPath.root("spec");
    ctx.report({ path: at, effect: "data-lost", messageId: "disabled" });
  },
});
