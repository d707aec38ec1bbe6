/** The highest-priority served version changed: kubectl and discovery switch their default version. */
import { sortByVersionPriority } from "../../k8s/version.js";
import type { CrdView } from "../../crd/model.js";
import { defineRevisionRule } from "./common.js";

function preferred(view: CrdView): string | null {
  return sortByVersionPriority(view.versions.filter((v) => v.raw.served === true).map((v) => v.name))[0] ?? null;
}

export default defineRevisionRule({
  id: "revision-version-priority-changed",
  severity: "warning",
  description:
    "The preferred (highest-priority served) version changed: `kubectl get` and discovery now use another version " +
    "(B10).",
  messages: {
    changed:
      "the preferred version changes from {{from}} to {{to}}: kubectl get, kubectl edit and discovery-based clients " +
      "now read and write {{to}}",
  },
  docs: {
    why:
      "Discovery orders versions by Kubernetes version priority (v2 > v1 > v1beta2 > v1alpha1 > others); kubectl and " +
      "most generic clients use the first served one. Adding a higher version, or serving one, changes what they see.",
    fix:
      "Make sure the new preferred version round-trips every field of the old one (conversion), and tell users which " +
      "version their scripts get.",
    upstream:
      "kubernetes/website:content/en/docs/tasks/extend-kubernetes/custom-resources/custom-resource-definition-versioning.md " +
      "(Version priority)",
    fail: "old: {}\nnew:\n  versions:\n  - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}\n  - {name: v2, served: true, storage: false, schema: {openAPIV3Schema: {type: object}}}\n",
    pass: "old: {}\nnew:\n  versions:\n  - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}\n  - {name: v1alpha1, served: true, storage: false, schema: {openAPIV3Schema: {type: object}}}\n",
  },
  checkRevision(ctx) {
    const from = preferred(ctx.old);
    const to = preferred(ctx.crd);
    if (!from || !to || from === to) return;
    // The old preferred version removed or unserved: the rules for those report what breaks.
    if (!ctx.crd.versions.some((v) => v.name === from && v.raw.served === true)) return;
    const v = ctx.crd.versions.find((x) => x.name === to)!;
    ctx.report({
      path: v.path.child("name"),
      effect: "clients-break",
      messageId: "changed",
      data: { from, to },
      version: to,
    });
  },
});
