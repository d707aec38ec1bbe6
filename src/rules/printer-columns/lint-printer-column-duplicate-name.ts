/** Two printer columns with the same name (case-insensitive), or one named like the implicit Name column. */
import { defineRule } from "../define-rule.js";
import { columnEntries, columnString } from "./columns.js";

export default defineRule({
  id: "lint-printer-column-duplicate-name",
  category: "printer-columns",
  severity: "warning",
  apiserver: false,
  type: null,
  description: "Printer column names must be unique (case-insensitively), and differ from the implicit Name column.",
  preset: "strict",
  presetWhy: "Cosmetic: two identical headers in `kubectl get`; every value is still printed.",
  phase: "crd",
  messages: {
    sameName:
      'column "{{name}}" has the same name as column [{{first}}]; kubectl prints both under the header {{header}}',
    columnRepeatsTheImplicitFirst:
      'column "{{name}}" repeats the implicit first column Name that every table starts with',
  },
  docs: {
    why:
      "The apiserver accepts duplicate column names, but `kubectl get` upper-cases headers, so `Ready` and `READY` " +
      "print as two identical headers; every table also starts with an implicit `Name` column (metadata.name), so a " +
      "column called `Name` shows NAME twice.",
    fix: "Rename or remove the duplicate column; drop a column that repeats `.metadata.name`.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/registry/customresource/tableconvertor/tableconvertor.go",
    fail: "openAPIV3Schema: {type: object, properties: {status: {type: object, properties: {ready: {type: string}, phase: {type: string}}}}}\nadditionalPrinterColumns: [{name: Ready, type: string, jsonPath: .status.ready}, {name: READY, type: string, jsonPath: .status.phase}]\n",
    pass: "openAPIV3Schema: {type: object, properties: {status: {type: object, properties: {ready: {type: string}, phase: {type: string}}}}}\nadditionalPrinterColumns: [{name: Ready, type: string, jsonPath: .status.ready}, {name: Phase, type: string, jsonPath: .status.phase}]\n",
  },
  check(ctx) {
    let seen = new Map<string, number>();
    let lastSiblings: unknown = null;
    for (const c of columnEntries(ctx.crd)) {
      if (c.siblings !== lastSiblings) {
        seen = new Map();
        lastSiblings = c.siblings;
      }
      const name = columnString(c.col, "name");
      if (!name) continue;
      const key = name.toLowerCase();
      if (key === "name") {
        ctx.report({ path: c.path.child("name"), messageId: "columnRepeatsTheImplicitFirst", data: { name } });
        continue;
      }
      const first = seen.get(key);
      if (first !== undefined) {
        ctx.report({
          path: c.path.child("name"),
          messageId: "sameName",
          data: { name, first, header: name.toUpperCase() },
        });
        continue;
      }
      seen.set(key, c.index);
    }
  },
});
