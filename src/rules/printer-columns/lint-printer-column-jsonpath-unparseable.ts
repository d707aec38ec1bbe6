/** A column jsonPath the apiserver accepts but cannot parse when serving tables: this column and all later ones vanish. */
import { defineRule } from "../define-rule.js";
import { parsePrinterColumnJsonPath } from "../../k8s/jsonpath.js";
import { acceptedJsonPath, columnEntries } from "./columns.js";

export default defineRule({
  id: "lint-printer-column-jsonpath-unparseable",
  category: "printer-columns",
  severity: "warning",
  apiserver: false,
  type: null,
  description:
    "A printer column jsonPath does not parse as a client-go JSONPath: the column and every later one are dropped " +
    "from kubectl get.",
  preset: "recommended",
  presetWhy: "Broken output: `kubectl get` silently drops this column and every column after it.",
  phase: "crd",
  messages: {
    dropsColumn:
      'jsonPath "{{jsonPath}}" does not parse as a JSONPath ({{error}}): kubectl get silently drops this column',
    dropsColumnAndNext:
      'jsonPath "{{jsonPath}}" does not parse as a JSONPath ({{error}}): kubectl get silently drops this column and ' +
      "the 1 column after it",
    dropsColumnAndLater:
      'jsonPath "{{jsonPath}}" does not parse as a JSONPath ({{error}}): kubectl get silently drops this column and ' +
      "the {{later}} columns after it",
  },
  docs: {
    why:
      "At create time the apiserver only checks that a column's jsonPath starts with a dot. When it serves tables it " +
      "parses `{<jsonPath>}` with the client-go JSONPath parser; on failure it logs `invalid printer specification` " +
      "and builds the table without this column and without every column after it, so `kubectl get` silently shows " +
      "fewer columns.",
    fix:
      "Fix the JSONPath syntax (close filters and brackets, quote string literals in filters: " +
      '`.status.conditions[?(@.type=="Ready")].status`).',
    upstream: "kubernetes/apiextensions-apiserver:pkg/registry/customresource/tableconvertor/tableconvertor.go",
    fail: 'openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {items: {type: array, x-kubernetes-list-type: atomic, items: {type: object, properties: {x: {type: string}}}}}}}}\nadditionalPrinterColumns: [{name: X, type: string, jsonPath: ".spec.items[?(@.x==]"}]\n',
    pass: 'openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {items: {type: array, x-kubernetes-list-type: atomic, items: {type: object, properties: {x: {type: string}}}}}}}}\nadditionalPrinterColumns: [{name: X, type: string, jsonPath: ".spec.items[?(@.x==\\"a\\")].x"}]\n',
  },
  check(ctx) {
    for (const c of columnEntries(ctx.crd)) {
      const p = acceptedJsonPath(c.col);
      if (p === null) continue;
      const r = parsePrinterColumnJsonPath(p);
      if (r.ok) continue;
      const later = c.siblings.length - c.index - 1;
      ctx.report({
        path: c.path.child("jsonPath"),
        messageId: later === 0 ? "dropsColumn" : later === 1 ? "dropsColumnAndNext" : "dropsColumnAndLater",
        data: { jsonPath: p, error: r.error, later },
      });
    }
  },
});
