/** A column jsonPath that does not resolve in the schema: the column is always empty. */
import { defineRule } from "../define-rule.js";
import { lookupSchemaPath, schemaGroups, stepsPrefix, versionsNote } from "../../crd/schema-lookup.js";
import { acceptedJsonPath, columnEntries, columnSteps } from "./columns.js";

export default defineRule({
  id: "lint-printer-column-not-in-schema",
  category: "printer-columns",
  severity: "warning",
  apiserver: false,
  type: null,
  description: "A printer column jsonPath does not resolve to a field of the schema.",
  preset: "recommended",
  presetWhy: "Broken output: the column is empty for every object, since pruning removes the field it reads.",
  phase: "crd",
  messages: {
    notInSchema:
      'jsonPath "{{jsonPath}}" does not resolve in the schema{{versions}}: {{reason}} at {{at}}; the column is ' +
      "always empty",
  },
  docs: {
    why:
      "The apiserver does not check column paths against the schema, and pruning removes every field the schema does " +
      "not declare, so a path to an undeclared field (often a typo, or a field of another version) prints an empty " +
      "cell for every object.",
    fix:
      "Point the jsonPath at a declared property, or declare it. Paths under `.metadata` follow ObjectMeta " +
      "(`.metadata.creationTimestamp`, `.metadata.labels.app`).",
    upstream: "kubernetes/apiextensions-apiserver:pkg/registry/customresource/tableconvertor/tableconvertor.go",
    fail: "openAPIV3Schema: {type: object, properties: {status: {type: object, properties: {phase: {type: string}}}}}\nadditionalPrinterColumns: [{name: Phase, type: string, jsonPath: .status.state}]\n",
    pass: "openAPIV3Schema: {type: object, properties: {status: {type: object, properties: {phase: {type: string}}}}}\nadditionalPrinterColumns: [{name: Phase, type: string, jsonPath: .status.phase}]\n",
  },
  check(ctx) {
    for (const c of columnEntries(ctx.crd)) {
      const p = acceptedJsonPath(c.col);
      if (p === null) continue;
      const steps = columnSteps(p);
      if (steps === null) continue;
      const groups = schemaGroups(ctx.crd, c.versions);
      const missing = groups
        .map((g) => ({ g, r: lookupSchemaPath(g.scope.root, steps) }))
        .filter((x) => x.r.kind === "missing");
      if (missing.length === 0) continue;
      const first = missing[0]!.r;
      if (first.kind !== "missing") continue;
      const note = versionsNote(
        missing.flatMap((m) => m.g.versions),
        groups.flatMap((g) => g.versions),
      );
      ctx.report({
        path: c.path.child("jsonPath"),
        messageId: "notInSchema",
        data: { jsonPath: p, versions: note, reason: first.reason, at: stepsPrefix(steps, first.resolved) },
      });
    }
  },
});
