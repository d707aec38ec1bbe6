/** selectableFields removed from a version: field-selector queries on them fail. */
import { isObject } from "../../crd/model.js";
import { defineRevisionRule } from "./common.js";

function paths(raw: Record<string, unknown>): string[] {
  const list = Array.isArray(raw.selectableFields) ? raw.selectableFields : [];
  return list
    .filter(isObject)
    .map((f) => (typeof f.jsonPath === "string" ? f.jsonPath : ""))
    .filter(Boolean);
}

export default defineRevisionRule({
  id: "revision-selectable-fields-changed",
  severity: "warning",
  description:
    "Selectable fields were removed from a version: list and watch requests with a field selector on them fail (B20).",
  messages: {
    removed:
      "selectable fields removed from {{version}}: {{fields}}; list and watch requests with --field-selector on them " +
      'now fail ("field label not supported")',
  },
  docs: {
    why:
      "Controllers and users filter lists and watches with field selectors on selectable fields; the apiserver " +
      "rejects a selector on a field that is no longer selectable.",
    fix: "Keep the selectable fields; add new ones next to them (at most 8 per version).",
    upstream:
      "kubernetes/apiextensions-apiserver:pkg/registry/customresource/strategy.go (GetAttrs, selectable fields)",
    fail: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {color: {type: string}}}}}\n  selectableFields: [{jsonPath: .spec.color}]\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {color: {type: string}}}}}\n",
    pass: "old:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {color: {type: string}}}}}\n  selectableFields: [{jsonPath: .spec.color}]\nnew:\n  openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {color: {type: string}}}}}\n  selectableFields: [{jsonPath: .spec.color}]\n",
  },
  checkRevision(ctx) {
    for (const p of ctx.versions) {
      if (!p.old || !p.new) continue;
      const after = new Set(paths(p.new.raw));
      const lost = paths(p.old.raw).filter((f) => !after.has(f));
      if (lost.length === 0) continue;
      const at =
        p.new.raw.selectableFields !== undefined ? p.new.path.child("selectableFields") : p.new.path.child("name");
      ctx.report({
        path: at,
        effect: "clients-break",
        messageId: "removed",
        data: { version: p.name, fields: lost.join(", ") },
        version: p.name,
      });
    }
  },
});
