/**
 * The CEL runtime: evaluation of checked CRD rules with the Kubernetes libraries and cel-go's runtime cost, and the
 * CEL validator of custom resources (createCelValidator: CelValidatorOptions in, CelFieldError out).
 */
export {
  createCelValidator,
  findOldItem,
  normalizeFieldPath,
  PER_CALL_LIMIT,
  RUNTIME_CEL_COST_BUDGET,
  type CelFieldError,
  type CelValidateResult,
  type CelValidator,
  type CelValidatorOptions,
} from "./validator.js";
export { createCelCompiler } from "./compile.js";
export {
  celValueJson,
  celValueText,
  createExpressionEvaluator,
  type ExpressionEvaluation,
  type ExpressionEvaluator,
} from "./evaluate.js";
export { Interpreter, type Activation, type EvalOutcome } from "../core/interpreter/interp.js";
export type { FunctionRegistry } from "../core/interpreter/functions.js";
export { createKubernetesFunctionRegistry as createFunctionRegistry } from "../k8s/runtime.js";
export {
  toVal,
  fromJson,
  CelErr,
  ListV,
  MapV,
  ObjectV,
  OptionalV,
  type Result,
  type Val,
} from "../core/interpreter/values.js";
