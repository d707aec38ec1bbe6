/**
 * The Kubernetes libraries at runtime: their functions (each library's module has its own) and the apiserver's
 * CallCost over every library's, for cel-go's function registry.
 */
// Upstream: kubernetes/apiserver:pkg/cel/library/cost.go (CallCost)
import type { CelEnv } from "../core/env.js";
import {
  createFunctionRegistry,
  type FunctionLibrary,
  type FunctionRegistry,
  type Impl,
} from "../core/interpreter/functions.js";
import type { Result, Val } from "../core/interpreter/values.js";
import { formatValidate } from "./format.js";
import { KUBERNETES_LIBRARIES } from "./environment.js";

const K8S_FUNCTIONS: Readonly<Record<string, Impl>> = Object.assign(
  {},
  ...KUBERNETES_LIBRARIES.map((lib) => lib.functions ?? {}),
) as Record<string, Impl>;

/** kubernetes/apiserver pkg/cel/library/cost.go CostEstimator.CallCost (args include the receiver). */
function k8sCallCost(fn: string, id: string, args: Val[], result: Result): number | undefined {
  for (const lib of KUBERNETES_LIBRARIES) {
    const c = lib.callCost?.(fn, id, args, result);
    if (c !== undefined) return c;
  }
  return undefined;
}

/** The Kubernetes libraries at runtime on a server at 1.`minor`: their functions and their CallCost. */
export function kubernetesFunctions(minor: number): FunctionLibrary {
  // implementations whose behaviour depends on the server release
  const byRelease: Record<string, Impl> = { "format-validate": formatValidate(minor) };
  return { impl: (id) => byRelease[id] ?? K8S_FUNCTIONS[id], callCost: k8sCallCost };
}

/** The function registry of a CRD-rule environment: cel-go's functions and the Kubernetes libraries. */
export function createKubernetesFunctionRegistry(env: CelEnv): FunctionRegistry {
  return createFunctionRegistry(env, kubernetesFunctions(env.minor));
}
