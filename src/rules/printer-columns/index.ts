/** The printer-columns rules, in id order. */
import type { Rule } from "../define-rule.js";
import lintPrinterColumnDuplicateName from "./lint-printer-column-duplicate-name.js";
import lintPrinterColumnJsonpathUnparseable from "./lint-printer-column-jsonpath-unparseable.js";
import lintPrinterColumnNegativePriority from "./lint-printer-column-negative-priority.js";
import lintPrinterColumnNotInSchema from "./lint-printer-column-not-in-schema.js";
import lintPrinterColumnTypeMismatch from "./lint-printer-column-type-mismatch.js";
import printerColumnFormatInvalid from "./printer-column-format-invalid.js";
import printerColumnJsonpathInvalid from "./printer-column-jsonpath-invalid.js";
import printerColumnJsonpathRequired from "./printer-column-jsonpath-required.js";
import printerColumnNameRequired from "./printer-column-name-required.js";
import printerColumnTypeInvalid from "./printer-column-type-invalid.js";
import printerColumnTypeRequired from "./printer-column-type-required.js";

export default [
  lintPrinterColumnDuplicateName,
  lintPrinterColumnJsonpathUnparseable,
  lintPrinterColumnNegativePriority,
  lintPrinterColumnNotInSchema,
  lintPrinterColumnTypeMismatch,
  printerColumnFormatInvalid,
  printerColumnJsonpathInvalid,
  printerColumnJsonpathRequired,
  printerColumnNameRequired,
  printerColumnTypeInvalid,
  printerColumnTypeRequired,
] satisfies Rule[] as Rule[];
