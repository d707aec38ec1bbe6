/**
 * CEL for CustomResourceDefinitions: the one module code outside src/cel imports (scripts/check-layers.mjs holds
 * every other module to it). Three layers below it, each importing only the ones under it:
 *   core/   generic CEL as cel-go has it: parser, checker (declarations, types), interpreter, cost estimator, ext;
 *   k8s/    the Kubernetes CEL libraries and the per-release environments (kubernetes/apiserver pkg/cel);
 *   schema/ CEL on structural schemas: rule types and cardinality from a schema, compile, the validator of custom
 *           resources, bound suggestions (apiextensions-apiserver pkg/apiserver/schema/cel).
 *
 * The runtime (interpreter, Kubernetes functions, validator) is not re-exported here but loaded on demand through
 * loadCelRuntime(), so that loading the compiler and the estimators never loads it.
 */
export type { CelType, CheckedAst, DeclType } from "./core/types.js";
export type { ReleaseCostChange } from "./core/cost/estimator.js";
export { estimateCost } from "./k8s/cost.js";
export { escapeCelName } from "./schema/decl.js";
export {
  createCelCompiler,
  createCompileShare,
  formatCompileErrors,
  outputTypeText,
  referencesVariable,
  type CelCompiler,
  type CompileError,
  type CompileInput,
  type CompileResult,
  type CompileShare,
} from "./schema/compile.js";
export {
  STATIC_ESTIMATED_COST_LIMIT,
  STATIC_ESTIMATED_CRD_COST_LIMIT,
  costFactorText,
  expressionCost,
  ruleCardinality,
  schemaCostVerdict,
  unboundedCardinality,
  type Cardinality,
  type CostFinding,
  type CostObservation,
} from "./schema/cardinality.js";
export { estimateWithReleaseChange, type ReleaseChangeNote } from "./schema/release-changes.js";
export { schemaLocations, suggestBounds, type SchemaLocation, type SuggestResult } from "./schema/suggest.js";
export type * as CelRuntime from "./schema/runtime.js";
export type { CelFieldError, ExpressionEvaluation } from "./schema/runtime.js";

/** The CEL runtime (src/cel/schema/runtime.ts), loaded on first use. */
export function loadCelRuntime(): Promise<typeof import("./schema/runtime.js")> {
  return import("./schema/runtime.js");
}
