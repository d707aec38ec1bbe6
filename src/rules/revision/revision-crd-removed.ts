/** A CRD of OLD that NEW does not have: applying NEW (with pruning) deletes the CRD and every object of it. */
import { defineRevisionEngineRule } from "./common.js";

export default defineRevisionEngineRule({
  id: "revision-crd-removed",
  severity: "error",
  description:
    "A CRD of OLD is gone from NEW: deleting a CRD deletes all its objects (reported by the revision engine, in OLD; " +
    "for OLD at a git ref, at line 1 of the file it was in).",
  docs: {
    why:
      "Deleting a CustomResourceDefinition deletes every custom resource of it, in every namespace. A GitOps tool " +
      "that prunes what the manifests no longer contain, or a Helm upgrade that drops the template, does exactly " +
      "that. A CRD renamed by a group or plural change shows up as one removed and one added CRD.",
    fix:
      "Keep the CRD in the manifests; if the removal is intended, configure the rule off for it (diff.ignore with a " +
      "reason) and delete the objects deliberately.",
    upstream:
      "kubernetes/website:content/en/docs/tasks/extend-kubernetes/custom-resources/custom-resource-definitions.md " +
      "(Delete a CustomResourceDefinition)",
    fail: "old: {}\nnew: null\n",
    pass: "old: {}\nnew: {}\n",
  },
});
