/**
 * The Kubernetes authorizer library, with the selectors extension (kubernetes/apiserver pkg/cel/library/authz.go): its declarations, its functions at
 * runtime, and its costs, estimated and at runtime (which upstream keeps in library/cost.go).
 */
// Upstream: kubernetes/apiserver:pkg/cel/library/authz.go, pkg/cel/library/cost.go
import {
  AUTHORIZER_TYPE,
  BOOL,
  DECISION_TYPE,
  GROUP_CHECK_TYPE,
  PATH_CHECK_TYPE,
  RESOURCE_CHECK_TYPE,
  STRING,
} from "../core/typeutil.js";
import { m, type Lib } from "../core/checker/decls.js";
import { ST, ONE, rfixed, radd, rfac } from "../core/cost/range.js";
import type { KubernetesLibrary } from "./library.js";

// ---------------------------------------------------------------------------------------------------------------
// declarations

export const authzLib: Lib = {
  fns: [
    ["path", [m("authorizer_path", [AUTHORIZER_TYPE, STRING], PATH_CHECK_TYPE)]],
    ["group", [m("authorizer_group", [AUTHORIZER_TYPE, STRING], GROUP_CHECK_TYPE)]],
    ["serviceAccount", [m("authorizer_serviceaccount", [AUTHORIZER_TYPE, STRING, STRING], AUTHORIZER_TYPE)]],
    ["resource", [m("groupcheck_resource", [GROUP_CHECK_TYPE, STRING], RESOURCE_CHECK_TYPE)]],
    ["subresource", [m("resourcecheck_subresource", [RESOURCE_CHECK_TYPE, STRING], RESOURCE_CHECK_TYPE)]],
    ["namespace", [m("resourcecheck_namespace", [RESOURCE_CHECK_TYPE, STRING], RESOURCE_CHECK_TYPE)]],
    ["name", [m("resourcecheck_name", [RESOURCE_CHECK_TYPE, STRING], RESOURCE_CHECK_TYPE)]],
    [
      "check",
      [
        m("pathcheck_check", [PATH_CHECK_TYPE, STRING], DECISION_TYPE),
        m("resourcecheck_check", [RESOURCE_CHECK_TYPE, STRING], DECISION_TYPE),
      ],
    ],
    ["errored", [m("decision_errored", [DECISION_TYPE], BOOL)]],
    ["error", [m("decision_error", [DECISION_TYPE], STRING)]],
    ["allowed", [m("decision_allowed", [DECISION_TYPE], BOOL)]],
    ["reason", [m("decision_reason", [DECISION_TYPE], STRING)]],
  ],
};

export const authzSelectorsLib: Lib = {
  fns: [
    ["fieldSelector", [m("resourcecheck_fieldselector", [RESOURCE_CHECK_TYPE, STRING], RESOURCE_CHECK_TYPE)]],
    ["labelSelector", [m("resourcecheck_labelselector", [RESOURCE_CHECK_TYPE, STRING], RESOURCE_CHECK_TYPE)]],
  ],
};

// ---------------------------------------------------------------------------------------------------------------
// cost

/** Authorizer calls the estimator prices at 1 (the decision and the builders). */
const COST_ONE = new Set([
  "serviceAccount",
  "path",
  "group",
  "resource",
  "subresource",
  "namespace",
  "name",
  "allowed",
  "reason",
  "error",
  "errored",
]);

export const authzLibrary: KubernetesLibrary = {
  estimate(coster, fn, _ov, _target, args) {
    if (fn === "check") return { cost: rfixed(350000), size: null };
    if (COST_ONE.has(fn)) return { cost: ONE, size: null };
    if (fn === "fieldSelector" || fn === "labelSelector") {
      if (args.length === 1) {
        const s = coster.libSize(args[0]!);
        const parse = rfac(s, ST);
        const reqs = rfac(rfac(s, 0.5), 50);
        return { cost: radd(radd(rfixed(10), parse), reqs), size: null };
      }
    }
    return null;
  },
  estimateEquality: (name) => (name.startsWith("kubernetes.authorization.") ? { cost: ONE, size: null } : null),
  callCost(fn) {
    if (fn === "check") return 350000;
    return COST_ONE.has(fn) ? 1 : undefined;
  },
};
