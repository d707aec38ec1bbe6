/** `crdlint cel`: CEL tools over a CRD's schema. `cel eval` evaluates one expression as a rule at a node would run. */
export { celEval, type CelEvalInput, type CelEvalOptions } from "./eval.js";
export type { CelEvalEstimate, CelEvalEvaluation, CelEvalResult } from "../../report/cel-eval.js";
