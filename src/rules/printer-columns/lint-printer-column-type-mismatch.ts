/** A printer column type or format that disagrees with the schema at its jsonPath. */
import { defineRule } from "../define-rule.js";
import { lookupSchemaPath, schemaGroups, versionsNote } from "../../crd/schema-lookup.js";
import { acceptedJsonPath, COLUMN_FORMATS, COLUMN_TYPES, columnEntries, columnSteps, columnString } from "./columns.js";

/** Schema types whose values the table convertor turns into a cell of this column type (others give an empty cell). */
const COMPATIBLE: Record<string, readonly string[] | null> = {
  integer: ["integer"],
  number: ["integer", "number"],
  boolean: ["boolean"],
  date: ["string"],
  string: null, // printed through JSONPath: any value shows
};

/** Formats that mean something for a column type. */
const MEANINGFUL_FORMATS: Record<string, readonly string[]> = {
  integer: ["int32", "int64"],
  number: ["int32", "int64", "float", "double"],
  boolean: [],
  date: ["date", "date-time"],
  string: ["byte", "date", "date-time", "password"],
};

export default defineRule({
  id: "lint-printer-column-type-mismatch",
  category: "printer-columns",
  severity: "warning",
  apiserver: false,
  type: null,
  description: "A printer column's type or format disagrees with the schema type at its jsonPath.",
  preset: "recommended",
  presetWhy: "Broken output: a value of the wrong type prints as an empty or truncated cell.",
  phase: "crd",
  messages: {
    formatMismatch: "format {{format}} does not fit {{article}} {{type}} column (use {{formats}})",
    formatNotTaken: "format {{format}} does not fit {{article}} {{type}} column (boolean columns take no format)",
    typeTruncates:
      "column type {{type}} does not match the schema type {{schemaType}} at {{jsonPath}}{{versions}}: the cell " +
      "shows the value truncated to an integer",
    typeMismatch:
      "column type {{type}} does not match the schema type {{schemaType}} at {{jsonPath}}{{versions}}: the cell is " +
      "always empty",
  },
  docs: {
    why:
      "The table convertor turns the value into a cell of the column's type: an `integer` column over a string " +
      "field, a `boolean` column over a string, or a `date` column over a number produce an empty cell, an `integer` " +
      "column over a number truncates it, and a `number` column over an integer is fine (a `string` column prints " +
      "anything). A format that does not fit the column type (`int32` on a `string` column) misleads clients that " +
      "render by format.",
    fix: "Use the column type that matches the field (`string` prints any value), and a format that fits it, or none.",
    upstream: "kubernetes/apiextensions-apiserver:pkg/registry/customresource/tableconvertor/tableconvertor.go",
    fail: "openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {replicas: {type: string}}}}}\nadditionalPrinterColumns: [{name: Replicas, type: integer, jsonPath: .spec.replicas}]\n",
    pass: "openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {replicas: {type: integer}}}}}\nadditionalPrinterColumns: [{name: Replicas, type: integer, jsonPath: .spec.replicas}]\n",
  },
  check(ctx) {
    for (const c of columnEntries(ctx.crd)) {
      const colType = columnString(c.col, "type");
      if (!colType || !COLUMN_TYPES.includes(colType)) continue;
      const format = columnString(c.col, "format");
      if (format && COLUMN_FORMATS.includes(format) && !MEANINGFUL_FORMATS[colType]!.includes(format)) {
        ctx.report({
          path: c.path.child("format"),
          messageId: MEANINGFUL_FORMATS[colType]!.length ? "formatMismatch" : "formatNotTaken",
          data: {
            format,
            article: colType === "integer" ? "an" : "a",
            type: colType,
            formats: MEANINGFUL_FORMATS[colType]!.join(", "),
          },
        });
      }
      const compatible = COMPATIBLE[colType];
      if (!compatible) continue;
      const p = acceptedJsonPath(c.col);
      if (p === null) continue;
      const steps = columnSteps(p);
      if (steps === null) continue;
      const groups = schemaGroups(ctx.crd, c.versions);
      const bad: { versions: typeof c.versions; type: string }[] = [];
      for (const g of groups) {
        const r = lookupSchemaPath(g.scope.root, steps);
        if (r.kind !== "found") continue;
        const t = typeof r.schema.type === "string" ? r.schema.type : "";
        if (t !== "" && !compatible.includes(t)) bad.push({ versions: g.versions, type: t });
      }
      if (bad.length === 0) continue;
      ctx.report({
        path: c.path.child("type"),
        messageId: colType === "integer" && bad[0]!.type === "number" ? "typeTruncates" : "typeMismatch",
        data: {
          type: colType,
          schemaType: bad[0]!.type,
          jsonPath: p,
          versions: versionsNote(
            bad.flatMap((b) => b.versions),
            groups.flatMap((g) => g.versions),
          ),
        },
        suggestion:
          bad[0]!.type === "integer" || bad[0]!.type === "number" || bad[0]!.type === "boolean"
            ? `use type: ${bad[0]!.type}`
            : "use type: string",
      });
    }
  },
});
