/** Categories were removed: `kubectl get <category>` no longer lists the resource (B15). */
import { defineRevisionRule, reportRemovedNames } from "./common.js";

export default defineRevisionRule({
  id: "revision-categories-removed",
  severity: "warning",
  description: "Categories were removed: `kubectl get <category>` no longer lists the resource (B15).",
  messages: {
    removed: "categories removed: {{names}}; `kubectl get {{first}}` no longer lists these objects",
  },
  docs: {
    why:
      "kubectl get <category> (kubectl get all, for instance) lists every resource of the category: removing one " +
      "hides these objects from it. A name that conflicts with another CRD of the group is not rejected: the " +
      "apiserver keeps serving the old accepted names (NamesAccepted=False).",
    fix: "Keep the old names; add new ones next to them.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/controller/status/naming_controller.go",
    fail: "old:\n  spec: {names: {categories: [all, example]}}\nnew:\n  spec: {names: {categories: [example]}}\n",
    pass: "old:\n  spec: {names: {categories: [example]}}\nnew:\n  spec: {names: {categories: [example, all]}}\n",
  },
  checkRevision(ctx) {
    reportRemovedNames(ctx, "categories");
  },
});
