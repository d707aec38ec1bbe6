/** The rule registry: every rule crdlint has, by category, as one explicit list (no directory scanning). */
import type { Rule } from "./define-rule.js";
import yaml from "./yaml/index.js";
import size from "./size/index.js";
import decoding from "./decoding/index.js";
import names from "./names/index.js";
import versions from "./versions/index.js";
import conversion from "./conversion/index.js";
import subresources from "./subresources/index.js";
import printerColumns from "./printer-columns/index.js";
import selectableFields from "./selectable-fields/index.js";
import structural from "./structural/index.js";
import forbiddenField from "./forbidden-field/index.js";
import schemaValues from "./schema-values/index.js";
import defaults from "./defaults/index.js";
import listTypes from "./list-types/index.js";
import celCompile from "./cel-compile/index.js";
import celCost from "./cel-cost/index.js";
import resource from "./resource/index.js";
import revision from "./revision/index.js";

export const allRules: readonly Rule[] = [
  ...yaml,
  ...size,
  ...decoding,
  ...names,
  ...versions,
  ...conversion,
  ...subresources,
  ...printerColumns,
  ...selectableFields,
  ...structural,
  ...forbiddenField,
  ...schemaValues,
  ...defaults,
  ...listTypes,
  ...celCompile,
  ...celCost,
  ...resource,
  ...revision,
];

export type { Rule } from "./define-rule.js";
