/** additionalPrinterColumns changed in a version: `kubectl get` prints other columns. */
import { isObject } from "../../crd/model.js";
import { sameIgnoringDescriptions } from "../../crd/update.js";
import { defineRevisionRule } from "./common.js";

function columns(raw: Record<string, unknown>): Map<string, unknown> {
  const list = Array.isArray(raw.additionalPrinterColumns) ? raw.additionalPrinterColumns : [];
  return new Map(list.filter(isObject).map((c) => [typeof c.name === "string" ? c.name : "", c]));
}

export default defineRevisionRule({
  id: "revision-printer-columns-changed",
  severity: "info",
  description:
    "additionalPrinterColumns changed in a version: `kubectl get` output changes, and scripts that parse it may " +
    "break (B19).",
  messages: {
    changed: "the kubectl get columns of {{version}} change ({{what}})",
  },
  docs: {
    why:
      "Printer columns are what `kubectl get` shows; scripts that parse its output (awk, custom-columns of the same " +
      "names) see the change.",
    fix: "Nothing to fix; mention the change in the release notes.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/registry/customresource/tableconvertor/tableconvertor.go",
    fail: "old:\n  additionalPrinterColumns: [{name: Ready, type: string, jsonPath: .status.ready}]\nnew: {}\n",
    pass: "old:\n  additionalPrinterColumns: [{name: Ready, type: string, jsonPath: .status.ready}]\nnew:\n  additionalPrinterColumns: [{name: Ready, type: string, jsonPath: .status.ready}]\n",
  },
  checkRevision(ctx) {
    for (const p of ctx.versions) {
      // A column's description is not in `kubectl get` output (Istio 1.5 to 1.4 only rewrapped Age's).
      if (
        !p.old ||
        !p.new ||
        sameIgnoringDescriptions(p.old.raw.additionalPrinterColumns ?? [], p.new.raw.additionalPrinterColumns ?? [])
      )
        continue;
      const before = columns(p.old.raw);
      const after = columns(p.new.raw);
      const removed = [...before.keys()].filter((n) => !after.has(n));
      const added = [...after.keys()].filter((n) => !before.has(n));
      const changed = [...after.keys()].filter(
        (n) => before.has(n) && !sameIgnoringDescriptions(before.get(n), after.get(n)),
      );
      const what =
        [
          removed.length ? `removed ${removed.join(", ")}` : "",
          added.length ? `added ${added.join(", ")}` : "",
          changed.length ? `changed ${changed.join(", ")}` : "",
        ]
          .filter(Boolean)
          .join("; ") || "reordered";
      const at =
        p.new.raw.additionalPrinterColumns !== undefined
          ? p.new.path.child("additionalPrinterColumns")
          : p.new.path.child("name");
      ctx.report({
        path: at,
        effect: "behaviour-changed",
        messageId: "changed",
        data: { version: p.name, what },
        version: p.name,
      });
    }
  },
});
